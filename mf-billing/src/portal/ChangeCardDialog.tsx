import styled from '@emotion/styled';
import { useRef, useState } from 'react';
import { Button, Spinner } from '@fable/shared';
import { CardFields, cardFieldsAvailable, type CardFieldsHandle, type CardFieldsState } from '../checkout/CardFields';
import { useCheckout_paymentConfigQuery } from '../checkout/checkoutApi';
import { CHECKOUT_TEXTS } from '../checkout/checkoutTexts';
import { ThreeDSecureFrame, type ThreeDsOutcome } from '../checkout/ThreeDSecureModal';
import { ActionDialog } from './ActionDialog';
import { ActionError } from './portalLayout';
import { PORTAL_TEXTS as T } from './portalTexts';
import type { PortalActionOutcome } from './usePortalAction';

const D = T.changeCardDialog;
const FIELDS_NOT_READY: CardFieldsState = { ready: false, complete: false, brand: null, error: null };

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  p {
    margin: 0;
  }
  .muted {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.92rem;
  }
`;

export interface ChangeCardDialogProps {
  open: boolean;
  onClose: () => void;
  /**
   * Sends change_card with the card fields' token; the dialog closes on success, frames the bank's challenge when it
   * asks for one (and sends the same token again after it), and shows the server's message otherwise.
   */
  onSave: (cardToken: string) => Promise<PortalActionOutcome>;
}

/**
 * The change-card dialog: the payments provider's hosted card fields, then change_card with their token; a card
 * whose bank asks for 3-D Secure is confirmed in the dialog (the card is set up for renewals without the member).
 */
export function ChangeCardDialog(props: ChangeCardDialogProps) {
  return props.open ? <OpenChangeCardDialog {...props} /> : null;
}

function OpenChangeCardDialog({ onClose, onSave }: ChangeCardDialogProps) {
  const config = useCheckout_paymentConfigQuery();
  const fields = useRef<CardFieldsHandle>(null);
  const [card, setCard] = useState<CardFieldsState>(FIELDS_NOT_READY);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ url: string; token: string } | null>(null);
  const available = cardFieldsAvailable(config.data);

  const send = async (token: string) => {
    const outcome = await onSave(token);
    if (outcome.ok) return onClose();
    if (outcome.threeDsUrl) {
      setChallenge({ url: outcome.threeDsUrl, token });
      // the card fields make way for the challenge; they come back empty if it fails
      setCard(FIELDS_NOT_READY);
    } else setError(outcome.message);
    setPending(false);
  };

  const save = async () => {
    if (!fields.current) return;
    setPending(true);
    setError(null);
    try {
      const token = await fields.current.tokenize();
      await send(token.paymentMethod);
    } catch (thrown) {
      setError(thrown instanceof Error && thrown.message ? thrown.message : CHECKOUT_TEXTS.invalidCard);
      setPending(false);
    }
  };

  /** The challenge's end: authenticated, the same token again saves the card; refused, the bank's words (a new card). */
  const onChallenge = (outcome: ThreeDsOutcome) => {
    const token = challenge?.token;
    setChallenge(null);
    if (outcome.status === 'failure' || !token) return setError(outcome.status === 'failure' ? outcome.error_message : CHECKOUT_TEXTS.unexpected);
    setPending(true);
    void send(token);
  };

  return (
    <ActionDialog
      title={D.title}
      pending={pending}
      onClose={onClose}
      cancelLabel={D.cancel}
      confirmLabel={D.save}
      onConfirm={() => void save()}
      confirmDisabled={!available || !card.ready || !card.complete || challenge !== null}
    >
      <Body>
        <p className="muted">{D.intro}</p>
        {config.isLoading ? <Spinner label={CHECKOUT_TEXTS.cardLoading} /> : null}
        {config.isError ? (
          <p role="alert">
            {D.loadError}{' '}
            <Button variant="ghost" size="sm" onClick={() => void config.refetch()}>
              {T.retry}
            </Button>
          </p>
        ) : null}
        {config.data && !available ? <p className="muted">{CHECKOUT_TEXTS.cardUnavailable}</p> : null}
        {challenge && config.data?.frame_origin ? (
          <>
            <p role="status">{D.challenge}</p>
            <ThreeDSecureFrame url={challenge.url} origin={config.data.frame_origin} onOutcome={onChallenge} />
          </>
        ) : available ? (
          <CardFields ref={fields} config={config.data!} onChange={setCard} />
        ) : null}
        {card.error ? <p className="muted">{card.error}</p> : null}
        {error ? (
          <ActionError role="alert" data-testid="change-card-error">
            {error}
          </ActionError>
        ) : null}
      </Body>
    </ActionDialog>
  );
}
