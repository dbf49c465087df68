import { useRef, useState } from 'react';
import {
  Button,
  CardGrid,
  ConfirmationModal,
  EmptyState,
  Spinner,
  selectAuthStatus,
  selectUser,
  signInRequested,
  useAppDispatch,
  useAppSelector,
  useLocation,
} from '@fable/shared';
import { removeDraft, type ChatbotDraft } from '../chatbotForm/drafts';
import { CREATOR_CARD_MIN_PX } from '../myChatbots/cardParts';
import { MyChatbotsFrame } from '../myChatbots/MyChatbotsFrame';
import { DraftCard, draftName } from './DraftCard';
import { DRAFTS_TEXTS as T } from './draftsTexts';
import { useDrafts } from './useDrafts';

function DraftsList({ userId }: { userId: string }) {
  const drafts = useDrafts(userId);
  const [target, setTarget] = useState<ChatbotDraft | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <MyChatbotsFrame heading={T.heading} headingRef={headingRef} current="drafts" drafts={drafts.length}>
      {drafts.length === 0 ? (
        <EmptyState title={T.emptyTitle} description={T.emptyText} action={{ label: T.createChatbot, to: '/chatbot/create' }} />
      ) : (
        <CardGrid minColumnPx={CREATOR_CARD_MIN_PX} aria-label={T.listLabel}>
          {drafts.map((draft) => (
            <li key={draft.id}>
              <DraftCard draft={draft} onDelete={setTarget} />
            </li>
          ))}
        </CardGrid>
      )}
      <ConfirmationModal
        open={target !== null}
        title={T.deleteTitle}
        message={target ? T.deleteMessage(draftName(target)) : undefined}
        confirmLabel={T.deleteConfirm}
        destructive
        onConfirm={() => {
          if (target) removeDraft(userId, target.id);
        }}
        // The card is gone: focus goes to the heading rather than to the page's start.
        fallbackFocusRef={headingRef}
        onClose={() => setTarget(null)}
      />
    </MyChatbotsFrame>
  );
}

/**
 * /my-chatbots/drafts and /chatbot/drafts: the member's chatbot drafts, kept on this device (document 1 §3 "Draft"),
 * newest first, each with Continue (the create form with the draft, or the editor of a chatbot that needs fixes) and
 * Delete (after a confirmation). The route asks guests to sign in; should one get here anyway, so does the page.
 */
export function DraftsPage() {
  const status = useAppSelector(selectAuthStatus);
  const userId = useAppSelector(selectUser)?.id ?? null;
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  if (status === 'loading') return <Spinner label={T.loading} center />;
  if (status !== 'authenticated' || !userId) {
    return (
      <EmptyState title={T.signInTitle} headingLevel={1}>
        <Button onClick={() => dispatch(signInRequested({ returnTo: pathname }))}>{T.signIn}</Button>
      </EmptyState>
    );
  }
  return <DraftsList key={userId} userId={userId} />;
}
