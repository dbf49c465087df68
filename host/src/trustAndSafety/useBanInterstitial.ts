import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { routes } from '@fable/contracts';
import { selectUser, useAppSelector } from '@fable/shared';
import { banOf, isBanned } from './banKind';

const SEEN_KEY = 'fable.banScreenSeen';
/** Pages a banned member may read without meeting the ban screen first: the ones it links to. */
const OPEN_PAGES = new Set([routes.guidelines(), routes.terms(), routes.compliance2257(), '/privacy', '/refund']);

const seenFor = (userId: string) => {
  try {
    return window.sessionStorage.getItem(SEEN_KEY) === userId;
  } catch {
    return false;
  }
};

/**
 * A member on hold or terminated meets the ban screen before any page, once per session: "Continue to site" lets them
 * read the public site (document 1 §2 "Ban screen"); member pages keep showing it (the route guard).
 */
export function useBanInterstitial(): { show: boolean; onContinue: () => void } {
  const user = useAppSelector(selectUser);
  const { pathname } = useLocation();
  const [seen, setSeen] = useState<string | null>(null);
  const onContinue = useCallback(() => {
    if (!user) return;
    try {
      window.sessionStorage.setItem(SEEN_KEY, user.id);
    } catch {
      // Private mode: remembered for this page only.
    }
    setSeen(user.id);
  }, [user]);
  const show = !!user && isBanned(banOf(user.restrictions)?.kind) && seen !== user.id && !seenFor(user.id) && !OPEN_PAGES.has(pathname);
  return { show, onContinue };
}
