import type { RefObject } from 'react';
import type { PaymentConfig } from '@fable/contracts';
import { Button } from '@fable/shared';
import { CardFields, cardFieldsAvailable, type CardFieldsHandle, type CardFieldsState } from './CardFields';
import { DetailsSummary, Notes, Section } from './checkoutLayout';
import { CHECKOUT_TEXTS as T } from './checkoutTexts';
import type { SavedCard } from './useSavedDetails';

interface CardStepProps {
  /** The card on file standing for the card fields, if any. */
  savedCard: SavedCard | null;
  /** Whether the member chose another card than the one on file (Use saved card is then offered). */
  changingSavedCard: boolean;
  onChangingSavedCard: (changing: boolean) => void;
  paymentConfig: PaymentConfig | null;
  cardFields: RefObject<CardFieldsHandle | null>;
  onCardChange: (state: CardFieldsState) => void;
  brandName: string;
}

/** The card: the saved card with Change, the hosted card fields, or a note that they are unavailable; the statement descriptor. */
export function CardStep({ savedCard, changingSavedCard, onChangingSavedCard, paymentConfig, cardFields, onCardChange, brandName }: CardStepProps) {
  return (
    <Section aria-labelledby="card-title">
      <h2 id="card-title">{T.card}</h2>
      {savedCard ? (
        <DetailsSummary aria-label={T.savedCard}>
          <div>
            <strong>{T.savedCard}</strong>
            <span>
              {savedCard.type.toUpperCase()} •••• {savedCard.last_4} · {savedCard.exp}
            </span>
          </div>
          <Button variant="secondary" size="sm" onClick={() => onChangingSavedCard(true)} aria-label={`${T.change} ${T.savedCard.toLowerCase()}`}>
            {T.change}
          </Button>
        </DetailsSummary>
      ) : cardFieldsAvailable(paymentConfig) ? (
        <CardFields ref={cardFields} config={paymentConfig} onChange={onCardChange} />
      ) : (
        <Notes role="note">{T.cardUnavailable}</Notes>
      )}
      {changingSavedCard && (
        <Button variant="ghost" size="sm" onClick={() => onChangingSavedCard(false)}>
          {T.useSavedCard}
        </Button>
      )}
      <Notes>{T.statementDescriptor(brandName)}</Notes>
    </Section>
  );
}
