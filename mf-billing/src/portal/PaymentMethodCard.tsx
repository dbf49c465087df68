import styled from '@emotion/styled';
import type { PortalSubscription } from '@fable/contracts';
import { CardBrandIcon, cardBrandName } from './CardBrandIcon';
import { Note, PortalCard } from './portalLayout';
import { PORTAL_TEXTS as T } from './portalTexts';

const CardLine = styled.p`
  display: flex;
  align-items: center;
  gap: 10px;
  font-size: 1rem;
  font-weight: 600;
  svg {
    flex: none;
  }
`;

/** The payment method: the card's brand icon and last four digits, or the note that the card was deleted. */
export function PaymentMethodCard({ sub }: { sub: PortalSubscription }) {
  const card = sub.credit_card;
  return (
    <PortalCard aria-labelledby="portal-payment-method" data-testid="portal-payment-method">
      <h2 id="portal-payment-method">{T.paymentMethod}</h2>
      {sub.is_card_deleted ? (
        <Note tone="warning">{T.cardDeleted}</Note>
      ) : card ? (
        <CardLine>
          <CardBrandIcon type={card.type} />
          <span>
            {cardBrandName(card.type)} {T.cardEnding(card.last_4)}
          </span>
        </CardLine>
      ) : (
        <p className="muted">{T.noCard}</p>
      )}
    </PortalCard>
  );
}
