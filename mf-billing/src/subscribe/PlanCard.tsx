import styled from '@emotion/styled';
import { Button } from '@fable/shared';
import { TIER_FEATURES, TIER_NAME, featureLabel, formatPrice, withContext, type BillingFrequency, type PaidTier } from '../plans/plans';
import type { PurchasePlan } from '../billingApi';
import { DiscountTag } from '../plans/DiscountTag';
import { FeatureList } from '../plans/FeatureList';
import type { PlanSale } from '../sale/promotions';
import { SUBSCRIBE_TEXTS as T } from './subscribeTexts';

const notHighlighted = { shouldForwardProp: (prop: string) => prop !== 'highlighted' };

const Card = styled('li', notHighlighted)<{ highlighted: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 14px;
  padding: 22px 20px 20px;
  border: ${({ highlighted }) => (highlighted ? 2 : 1)}px solid ${({ theme, highlighted }) => (highlighted ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  h2 {
    margin: 0;
    font-size: 1.3rem;
  }
`;

const Ribbon = styled.span`
  position: absolute;
  top: -12px;
  left: 50%;
  transform: translateX(-50%);
  padding: 2px 12px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 0.75rem;
  font-weight: 700;
  white-space: nowrap;
`;

const Price = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 6px;
  .amount {
    font-size: 2rem;
    font-weight: 800;
    line-height: 1.1;
  }
  .period,
  s {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export interface PlanCardProps {
  plan: PurchasePlan & { tier: PaidTier };
  frequency: BillingFrequency;
  /** The annual discount text (the purchase options' annual_tagline), shown on annual plans. */
  tagline: string | null;
  /** The next lower tier's name ("Everything in …, plus:"), null for the lowest tier. */
  lower: string | null;
  /** Features of lower tiers not shown for this frequency, listed on this card (Get a Taste's in the monthly view). */
  inherited?: readonly string[];
  highlighted: boolean;
  current: boolean;
  /** A running sale's price of the plan (Black Friday), shown against its price. */
  sale?: PlanSale | null;
  onChoose: (plan: PurchasePlan, offerId: string | null) => void;
}

/**
 * A plan card (document 2 §2 "three plan cards"): marketing name, price with two decimals per month or year, the
 * annual tagline, the tier's features (§1; the plan's own when the purchase options list them) and its button.
 */
export function PlanCard({ plan, frequency, tagline, lower, inherited = [], highlighted, current, sale = null, onChoose }: PlanCardProps) {
  const name = plan.name ?? TIER_NAME[plan.tier];
  const features = [...inherited, ...(plan.features.length > 0 ? withContext(plan.tier, plan.features) : TIER_FEATURES[plan.tier])];
  return (
    <Card highlighted={highlighted} data-plan={plan.plan_id} aria-labelledby={`plan-${plan.plan_id}`}>
      {highlighted ? <Ribbon>{T.recommended}</Ribbon> : null}
      <h2 id={`plan-${plan.plan_id}`}>{name}</h2>
      <Price>
        {sale ? (
          <s aria-label={`${T.listPrice} ${formatPrice(plan.price, plan.currency)}`}>{formatPrice(plan.price, plan.currency)}</s>
        ) : null}
        <span className="amount">{formatPrice(sale ? sale.price : plan.price, plan.currency)}</span>
        <span className="period">{frequency === 'annual' ? T.perYear : T.perMonth}</span>
      </Price>
      {frequency === 'annual' && tagline ? <DiscountTag>{tagline}</DiscountTag> : null}
      <FeatureList
        label={`${name} features`}
        includes={lower ? T.includesLower(lower) : null}
        features={features.map((feature) => ({ title: featureLabel(feature) }))}
      />
      <Button variant={highlighted ? 'primary' : 'secondary'} fullWidth disabled={current} onClick={() => onChoose(plan, sale?.offerId ?? null)}>
        {current ? T.yourPlan : T.choose(name)}
      </Button>
    </Card>
  );
}
