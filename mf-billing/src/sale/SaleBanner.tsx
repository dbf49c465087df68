import styled from '@emotion/styled';
import type { Promotion } from '@fable/contracts';
import { Link, useLocalStorage } from '@fable/shared';
import { SALE_TEXTS as T } from './saleTexts';

/** Where the dismissed sale banners are remembered: the ids of their promotions. */
export const DISMISSED_SALES_KEY = 'fable.billing.dismissedSales';

const Bar = styled.aside`
  width: 100%;
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px 14px 12px 18px;
  border-radius: ${({ theme }) => theme.radius.lg};
  /* The primary fill, which onPrimary text reads on (4.5:1); the accent only as a stripe. */
  background: ${({ theme }) => theme.colors.primary};
  border-left: 6px solid ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.onPrimary};
  .text {
    flex: 1;
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    align-items: baseline;
  }
  strong {
    font-size: 1.05rem;
  }
  a {
    color: inherit;
    font-weight: 700;
    text-decoration: underline;
    white-space: nowrap;
  }
  a:focus-visible,
  button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.onPrimary};
    outline-offset: 2px;
  }
  button {
    flex: none;
    width: 32px;
    height: 32px;
    border: 0;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: transparent;
    color: inherit;
    font-size: 1.3rem;
    line-height: 1;
    cursor: pointer;
  }
  button:hover {
    background: rgba(0, 0, 0, 0.15);
  }
`;

/**
 * What the banner says of a promotion: Black Friday's "up to" percentage (the highest of the running Black Friday
 * promotions, one per plan), the birthday's one-month price.
 */
export function saleLine(promotion: Promotion, percentOff: number | null): string | null {
  if (promotion.kind === 'black_friday') return percentOff !== null ? T.blackFriday(percentOff) : null;
  if (promotion.price != null) return T.oneMonth(promotion.price, promotion.currency);
  return null;
}

/**
 * The sale banner of the subscribe page (document 2 §2: shown during a Black Friday or a birthday sale), with a link
 * to /sale. Dismissible; the dismissal is remembered in localStorage, per promotion, so a later sale shows again.
 */
export function SaleBanner({ promotion, percentOff = null, linkToSale = true }: { promotion: Promotion; percentOff?: number | null; linkToSale?: boolean }) {
  const [dismissed, setDismissed] = useLocalStorage<string[]>(DISMISSED_SALES_KEY, []);
  if (dismissed.includes(promotion.id)) return null;
  const line = saleLine(promotion, percentOff);
  // A title that already says it ("Black Friday: up to 40% off") is not repeated.
  const repeats = line !== null && percentOff !== null && promotion.title.includes(`${percentOff}%`);
  return (
    <Bar aria-label={promotion.title}>
      <span className="text">
        <strong>{promotion.title}</strong>
        {line && !repeats ? <span>{line}</span> : null}
        {linkToSale ? <Link to="/sale">{T.seeSale}</Link> : null}
      </span>
      <button type="button" aria-label={T.dismiss} onClick={() => setDismissed((ids) => [...ids.filter((id) => id !== promotion.id), promotion.id])}>
        ×
      </button>
    </Bar>
  );
}
