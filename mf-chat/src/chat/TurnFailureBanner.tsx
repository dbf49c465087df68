import { Button } from '@fable/shared';
import type { ChatFailure } from './chatErrors';
import { FailureBanner } from './ChatNotices';
import { CHAT_TEXTS } from './chatTexts';

export interface TurnFailureBannerProps {
  /** A failed turn other than a generic one (that one shows in the error modal). */
  failure: ChatFailure;
  isGuest: boolean;
  askSignIn: () => void;
  /** Members: send the refused turn again (rate limit). */
  resubmit: () => void;
  onUnblock: () => void;
}

/** Why the last turn failed (document 1 §8), above the input, with what to do about it. */
export function TurnFailureBanner({ failure, isGuest, askSignIn, resubmit, onUnblock }: TurnFailureBannerProps) {
  return (
    <FailureBanner
      message={failure.message}
      tone={failure.kind === 'busy' || failure.kind === 'rateLimited' || failure.kind === 'conversationBusy' ? 'warning' : 'error'}
      action={
        failure.kind === 'rateLimited' ? (
          isGuest ? (
            <Button size="sm" onClick={askSignIn}>
              {CHAT_TEXTS.signUp}
            </Button>
          ) : (
            <Button size="sm" onClick={resubmit}>
              {CHAT_TEXTS.resubmit}
            </Button>
          )
        ) : failure.kind === 'creatorBlocked' ? (
          <Button size="sm" variant="secondary" onClick={onUnblock}>
            {CHAT_TEXTS.unblockCreator}
          </Button>
        ) : undefined
      }
    />
  );
}
