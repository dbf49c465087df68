import styled from '@emotion/styled';
import type { Promotion } from '@fable/contracts';
import { Button, Modal } from '@fable/shared';
import { formatPrice } from '../plans/plans';
import { Countdown } from './Countdown';
import { SALE_TEXTS as T } from './saleTexts';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  text-align: center;
  .price {
    font-size: 2.6rem;
    font-weight: 800;
    line-height: 1;
    color: ${({ theme }) => theme.colors.primaryText};
  }
  p {
    margin: 0;
  }
  .fine {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
`;

/**
 * The Valentine / Birthday $0.99 modal (document 1 §2, document 2 §2 and §9): the promotion's price for the first
 * month, one month only, and a countdown to the promotion's end. The price and dates are the promotion's.
 */
export function PromoModal({ promotion, open, onClose, onClaim }: { promotion: Promotion; open: boolean; onClose: () => void; onClaim: () => void }) {
  const price = promotion.price ?? 0;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={promotion.title}
      size="sm"
      aria-describedby="promo-offer"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {T.notNow}
          </Button>
          <Button onClick={onClaim}>{T.claim(price, promotion.currency)}</Button>
        </>
      }
    >
      <Body>
        <span className="price">{formatPrice(price, promotion.currency)}</span>
        <p id="promo-offer">{T.oneMonth(price, promotion.currency)}</p>
        <Countdown endsAt={promotion.ends_at} />
        <p className="fine">{T.oneMonthOnly}</p>
      </Body>
    </Modal>
  );
}
