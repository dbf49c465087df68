import styled from '@emotion/styled';
import { useRef, useState } from 'react';
import { Button, Spinner } from '@fable/shared';
import { CardFields, cardFieldsAvailable, type CardFieldsHandle, type CardFieldsState } from '../checkout/CardFields';
import { useCheckout_paymentConfigQuery } from '../checkout/checkoutApi';
import { CHECKOUT_TEXTS } from '../checkout/checkoutTexts';
import { ActionDialog } from './ActionDialog';
import { ActionError } from './portalLayout';
import { PORTAL_TEXTS as T } from './portalTexts';
import type { PortalActionOutcome } from './usePortalAction';

const D = T.changeCardDialog;

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
  /** Sends change_card with the card fields' token; the dialog closes on success and shows the server's message otherwise. */
  onSave: (cardToken: string) => Promise<PortalActionOutcome>;
}

/** The change-card dialog: the payments provider's hosted card fields, then change_card with their token. */
export function ChangeCardDialog(props: ChangeCardDialogProps) {
  return props.open ? <OpenChangeCardDialog {...props} /> : null;
}

function OpenChangeCardDialog({ onClose, onSave }: ChangeCardDialogProps) {
  const config = useCheckout_paymentConfigQuery();
  const fields = useRef<CardFieldsHandle>(null);
  const [card, setCard] = useState<CardFieldsState>({ ready: false, complete: false, brand: null, error: null });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const available = cardFieldsAvailable(config.data);

  const save = async () => {
    if (!fields.current) return;
    setPending(true);
    setError(null);
    try {
      const token = await fields.current.tokenize();
      const outcome = await onSave(token.paymentMethod);
      if (outcome.ok) {
        onClose();
        return;
      }
      setError(outcome.message);
    } catch (thrown) {
      setError(thrown instanceof Error && thrown.message ? thrown.message : CHECKOUT_TEXTS.invalidCard);
    }
    setPending(false);
  };

  return (
    <ActionDialog
      title={D.title}
      pending={pending}
      onClose={onClose}
      cancelLabel={D.cancel}
      confirmLabel={D.save}
      onConfirm={() => void save()}
      confirmDisabled={!available || !card.ready || !card.complete}
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
        {available ? <CardFields ref={fields} config={config.data!} onChange={setCard} /> : null}
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
