import { useEffect, useMemo, useState } from 'react';
import { DRAFTS_CHANGED, listDrafts, type ChatbotDraft } from '../chatbotForm/drafts';

/**
 * The member's chatbot drafts (kept on the device, newest first), read again when this tab changes them
 * (DRAFTS_CHANGED) or another tab does (the storage event). Empty without a user.
 */
export function useDrafts(userId: string | null): ChatbotDraft[] {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const changed = () => setVersion((v) => v + 1);
    window.addEventListener(DRAFTS_CHANGED, changed);
    window.addEventListener('storage', changed);
    return () => {
      window.removeEventListener(DRAFTS_CHANGED, changed);
      window.removeEventListener('storage', changed);
    };
  }, []);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- version: read again after a change
  return useMemo(() => (userId ? listDrafts(userId) : []), [userId, version]);
}

/** How many drafts the member has (the Drafts link's count). */
export function useDraftCount(userId: string | null): number {
  return useDrafts(userId).length;
}
