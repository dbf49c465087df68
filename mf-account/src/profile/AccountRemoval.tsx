import styled from '@emotion/styled';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { ACCOUNT_REMOVAL_COUNTDOWN, type SessionUser as ApiUser, routes } from '@fable/contracts';
import { Button, ButtonLink, ConfirmationModal, Modal } from '@fable/shared';
import { PROFILE_TEXTS as T } from './profileTexts';

const ErrorText = styled.p`
  margin: 12px 0 0;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.errorSoft};
  color: ${({ theme }) => theme.colors.error};
  font-size: 0.9rem;
`;

const Effects = styled.ul`
  margin: 8px 0 0;
  padding-left: 20px;
  line-height: 1.55;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Whether deleting the account also cancels a subscription (document 2 "Account removal"). */
export const hasActiveSubscription = (user: ApiUser) => user.subscription?.status === 'active' && user.tier !== 'free';

/**
 * The removal dialog (document 2 "Account removal (related to subscriptions)"): after the user confirms, the confirm
 * button is disabled and shows the remaining seconds (ACCOUNT_REMOVAL_COUNTDOWN: a constant plus 1); the account is
 * removed at 0; Cancel stops it. A failed call shows its message in red under the text (document 1 §8 "Confirmation
 * modal"). The countdown starts on an explicit confirm, not on opening: leaving the dialog open never removes an
 * account.
 */
export function AccountRemovalDialog(props: { open: boolean; onClose: () => void; onRemove: () => Promise<void> }) {
  // Its state lives only while it is open: every opening starts with no countdown and no error.
  return props.open ? <OpenAccountRemovalDialog {...props} /> : null;
}

function OpenAccountRemovalDialog({ open, onClose, onRemove }: { open: boolean; onClose: () => void; onRemove: () => Promise<void> }) {
  const [seconds, setSeconds] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const remove = useEffectEvent(() => {
    setSeconds(null);
    setRemoving(true);
    onRemove().catch((thrown: unknown) => {
      setRemoving(false);
      setError(thrown instanceof Error && thrown.message ? thrown.message : T.generic);
    });
  });

  // One tick a second; the tick that reaches 0 removes the account.
  useEffect(() => {
    if (seconds === null) return;
    const timer = setTimeout(() => (seconds > 1 ? setSeconds(seconds - 1) : remove()), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const counting = seconds !== null;
  const cancel = () => {
    if (removing) return;
    if (counting) setSeconds(null);
    else onClose();
  };

  return (
    <Modal
      open={open}
      onClose={() => {
        if (!removing) {
          setSeconds(null);
          onClose();
        }
      }}
      title={T.removalConfirmTitle}
      size="sm"
      initialFocusRef={cancelRef}
      data-testid="account-removal"
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={cancel} disabled={removing}>
            {T.cancel}
          </Button>
          <Button
            variant="danger"
            disabled={counting}
            loading={removing}
            aria-live="polite"
            onClick={() => {
              setError(null);
              setSeconds(ACCOUNT_REMOVAL_COUNTDOWN.seconds);
            }}
          >
            {seconds !== null ? T.removalCountdown(seconds) : T.removeAccount}
          </Button>
        </>
      }
    >
      <p style={{ margin: 0 }}>{T.removalConfirmMessage}</p>
      <Effects>
        {T.removalEffects.map((effect) => (
          <li key={effect}>{effect}</li>
        ))}
      </Effects>
      <p style={{ margin: '12px 0 0', fontSize: '0.9rem' }}>{T.removalCountdownHint}</p>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
    </Modal>
  );
}

/**
 * A user with an active subscription first sees that deletion also cancels it, with Manage Subscription and Proceed
 * (document 2 "Account removal").
 */
export function SubscriptionWarningDialog({ open, onClose, onProceed }: { open: boolean; onClose: () => void; onProceed: () => void }) {
  return (
    <ConfirmationModal
      open={open}
      title={T.subscriptionWarningTitle}
      message={T.subscriptionWarning}
      confirmLabel={T.proceed}
      destructive
      onConfirm={onProceed}
      onClose={onClose}
    >
      <ButtonLink to={routes.manageSubscription()} variant="secondary" style={{ marginTop: 8 }}>
        {T.manageSubscription}
      </ButtonLink>
    </ConfirmationModal>
  );
}
