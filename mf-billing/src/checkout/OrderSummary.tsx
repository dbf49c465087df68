import styled from '@emotion/styled';
import type { PriceCalculation } from '@fable/contracts';
import { formatPrice } from '../plans/plans';
import { CHECKOUT_TEXTS as T } from './checkoutTexts';

interface OrderSummaryProps {
  planName: string;
  annual: boolean;
  /** The plan's list price, shown until the calculation answers. */
  listPrice: number | null;
  currency: string;
  price: PriceCalculation | null;
  loading: boolean;
  /** The calculation's failure, shown under the summary (document 2 §8). */
  error: string | null;
}

export const SummaryBox = styled.section`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  padding: 20px;
  h2 {
    margin: 0 0 4px;
    font-size: 1.15rem;
  }
  dl {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 8px 0;
    margin: 16px 0 0;
  }
  dt {
    padding-right: 16px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .total {
    font-weight: 700;
    color: ${({ theme }) => theme.colors.text};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    padding-top: 8px;
  }
`;

const Muted = styled.p`
  margin: 12px 0 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const ErrorLine = styled.p`
  margin: 12px 0 0;
  color: ${({ theme }) => theme.colors.error};
  font-weight: 600;
`;

/**
 * The order summary (document 2 §3, §9): the plan's line items, subtotal, the discount shown negative, the tax only
 * when above 0, the total; two decimals. Until the calculation answers, the plan's list price.
 */
export function OrderSummary({ planName, annual, listPrice, currency, price, loading, error }: OrderSummaryProps) {
  const money = (amount: number) => formatPrice(amount, price?.currency ?? currency);
  return (
    <SummaryBox aria-labelledby="order-summary-title" aria-busy={loading}>
      <h2 id="order-summary-title">{T.orderSummary}</h2>
      <Muted style={{ marginTop: 0 }}>{annual ? T.perYear : T.perMonth}</Muted>
      <dl>
        {(price?.line_items ?? [{ name: planName, total: listPrice ?? 0 }]).map((item) => (
          <div key={item.name} style={{ display: 'contents' }}>
            <dt>{item.name}</dt>
            <dd>{money(item.total)}</dd>
          </div>
        ))}
        {price && (
          <>
            <dt>{T.subtotal}</dt>
            <dd>{money(price.subtotal)}</dd>
            {price.discounts > 0 && (
              <>
                <dt>{T.discount}</dt>
                <dd>-{money(price.discounts)}</dd>
              </>
            )}
            {price.tax > 0 && (
              <>
                <dt>{T.tax}</dt>
                <dd>{money(price.tax)}</dd>
              </>
            )}
          </>
        )}
        <dt className="total">{T.total}</dt>
        <dd className="total" data-testid="order-total">
          {price ? money(price.total) : listPrice !== null ? money(listPrice) : '—'}
        </dd>
      </dl>
      {loading && <Muted role="status">{T.priceLoading}</Muted>}
      {!price && !loading && !error && <Muted>{T.priceHint}</Muted>}
      {error && <ErrorLine role="alert">{error}</ErrorLine>}
    </SummaryBox>
  );
}
