import styled from '@emotion/styled';
import { TIER_RANK, type Tier, routes } from '@fable/contracts';
import { Button, ButtonLink, VisuallyHidden } from '@fable/shared';
import { TIER_NAME, comparisonRows, planFor, featureLabel, formatPrice, priceOf, tiersFor, type BillingFrequency, type PlansByPeriod } from '../plans/plans';
import { CheckIcon, DashIcon } from '../ui/icons';

/** Texts of the table; the spec names the table, not its words, so these are ours. */
export const COMPARISON_TABLE_TEXTS = {
  title: 'Compare Plans',
  feature: 'Feature',
  included: 'Included',
  notIncluded: 'Not included',
  perMonth: '/ month',
  perYear: '/ year',
  yourPlan: 'Your plan',
  startFree: 'Start Chatting',
  choose: 'Choose',
} as const;
const T = COMPARISON_TABLE_TEXTS;

const TableScroll = styled.div`
  /* Positioned, so that visually hidden texts inside stay within the scroll area. */
  position: relative;
  width: 100%;
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
  }
`;

/** Wide enough for every plan column; narrower screens scroll the plans sideways. */
const Table = styled.table<{ plans: number }>`
  width: 100%;
  min-width: ${({ plans }) => 140 + plans * 120}px;
  table-layout: fixed;
  border-collapse: separate;
  border-spacing: 0;
  caption {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  th,
  td {
    padding: 12px 14px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: center;
    vertical-align: middle;
  }
  tbody tr:last-of-type th,
  tbody tr:last-of-type td {
    border-bottom: 0;
  }
  tbody th {
    text-align: left;
    font-weight: 500;
  }
  /* The feature column stays in view while the plans scroll on narrow screens. */
  th:first-of-type {
    position: sticky;
    left: 0;
    z-index: 1;
    background: ${({ theme }) => theme.colors.surface};
    width: 34%;
    min-width: 140px;
  }
  thead th {
    vertical-align: bottom;
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  thead th:first-of-type {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    text-align: left;
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    font-size: 0.85rem;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    min-width: ${({ plans }) => 116 + plans * 80}px;
    th,
    td {
      padding: 10px 6px;
      font-size: 0.88rem;
    }
    th:first-of-type {
      width: 116px;
      min-width: 116px;
      padding-left: 10px;
    }
  }
`;

const PlanHead = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 4px;
  .name {
    font-size: 1.05rem;
    font-weight: 700;
  }
  .price {
    font-size: 1.5rem;
    font-weight: 800;
    line-height: 1.1;
  }
  .period {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.8rem;
    font-weight: 500;
  }
  .yours {
    font-size: 0.75rem;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.success};
  }
  a,
  button {
    margin-top: 8px;
    padding: 8px 14px;
    font-size: 0.85rem;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    .name {
      font-size: 0.85rem;
    }
    .price {
      font-size: 1.05rem;
    }
    .period {
      font-size: 0.72rem;
    }
    a,
    button {
      padding: 6px 10px;
      font-size: 0.78rem;
    }
  }
`;

const Mark = styled.span<{ included: boolean }>`
  display: inline-flex;
  color: ${({ theme, included }) => (included ? theme.colors.success : theme.colors.textMuted)};
`;

interface PlanColumnHeadProps {
  tier: Tier;
  price: number;
  currency: string;
  frequency: BillingFrequency;
  current: boolean;
  /** What Choose does: buy the plan (checkout, sign-up for a guest); without it Choose leads to /subscribe. */
  onChoose?: () => void;
}

function PlanColumnHead({ tier, price, currency, frequency, current, onChoose }: PlanColumnHeadProps) {
  const name = TIER_NAME[tier];
  return (
    <PlanHead>
      <span className="name">{name}</span>
      <span className="price">{formatPrice(price, currency)}</span>
      <span className="period">{frequency === 'annual' ? T.perYear : T.perMonth}</span>
      {current ? <span className="yours">{T.yourPlan}</span> : null}
      {tier === 'free' ? (
        <ButtonLink to={routes.home()} variant="secondary">
          {T.startFree}
        </ButtonLink>
      ) : onChoose ? (
        <Button size="sm" onClick={onChoose} disabled={current} aria-label={`${T.choose} ${name}`}>
          {T.choose}
        </Button>
      ) : (
        <ButtonLink to="/subscribe" variant="primary" aria-label={`${T.choose} ${name}`}>
          {T.choose}
        </ButtonLink>
      )}
    </PlanHead>
  );
}


/**
 * The tiers side by side (document 2 §2 "compare table", "/plan-comparison"): free and the tiers the purchase options
 * sell for the frequency, their prices, and one row per feature (each higher tier includes the lower tiers').
 */
export function ComparisonTable({
  plans,
  frequency,
  currentTier,
  onChoose,
}: {
  plans: PlansByPeriod;
  frequency: BillingFrequency;
  currentTier: Tier | null;
  /** Buys a plan by its id (see PlanColumnHeadProps.onChoose). */
  onChoose?: (planId: string) => void;
}) {
  const tiers: Tier[] = ['free', ...tiersFor(plans, frequency)];
  const currency = plans[frequency][0]?.currency;
  const rows = comparisonRows();
  return (
    <TableScroll tabIndex={0} role="region" aria-label={T.title}>
      <Table data-frequency={frequency} plans={tiers.length}>
        <caption>
          {T.title}, {frequency === 'annual' ? 'billed annually' : 'billed monthly'}
        </caption>
        <thead>
          <tr>
            <th scope="col">{T.feature}</th>
            {tiers.map((tier) => (
              <th key={tier} scope="col" data-tier={tier}>
                <PlanColumnHead
                  tier={tier}
                  price={priceOf(plans, tier, frequency) ?? 0}
                  currency={currency ?? 'USD'}
                  frequency={frequency}
                  current={currentTier === tier}
                  onChoose={onChoose && tier !== 'free' ? () => onChoose(planFor(plans, tier, frequency)!.plan_id) : undefined}
                />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.feature}>
              <th scope="row">{featureLabel(row.feature)}</th>
              {tiers.map((tier) => {
                const included = TIER_RANK[tier] >= TIER_RANK[row.from];
                return (
                  <td key={tier}>
                    <Mark included={included}>
                      {included ? <CheckIcon /> : <DashIcon />}
                      <VisuallyHidden>{included ? T.included : T.notIncluded}</VisuallyHidden>
                    </Mark>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
