import styled from '@emotion/styled';
import type { Promotion } from '@fable/contracts';
import { Button, ButtonLink, Spinner, useAppSelector } from '@fable/shared';
import { runningPromotions, selectValentineOffered, usePromotionsQuery } from '@fable/shared/promotions';
import { useBilling_getPlansQuery } from '../billingApi';
import { LoadState } from '../plans/LoadState';
import { TIER_NAME, formatPrice, planFor, tiersFor } from '../plans/plans';
import { DeviceSwitchModal } from '../subscribe/DeviceSwitchModal';
import { useChoosePlan } from '../subscribe/useChoosePlan';
import { PageColumn } from '../ui/PageLayout';
import { Countdown } from './Countdown';
import { blackFridayPercentOff, blackFridaySale } from './promotions';
import { SALE_TEXTS as T } from './saleTexts';
import { useNow } from './useNow';

const Page = styled(PageColumn)`
  h1 {
    margin: 0;
    font-size: clamp(1.6rem, 4vw, 2.3rem);
    text-align: center;
  }
`;

const Offer = styled.section`
  width: 100%;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 14px;
  padding: 28px 20px;
  text-align: center;
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0;
    font-size: 1.4rem;
  }
  p {
    margin: 0;
  }
  .price {
    font-size: 3rem;
    font-weight: 800;
    line-height: 1;
    color: ${({ theme }) => theme.colors.primaryText};
  }
  .fine {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
    max-width: 520px;
  }
`;

const Plans = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  width: 100%;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 14px;
  li {
    display: flex;
    flex-direction: column;
    gap: 8px;
    padding: 18px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  h3 {
    margin: 0;
  }
  s {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .amount {
    font-size: 1.6rem;
    font-weight: 800;
  }
  .period {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Empty = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  text-align: center;
  p {
    margin: 0;
  }
`;

/** The annual plans at their Black Friday prices (each plan's running Black Friday promotion, with its offer). */
function BlackFridayPlans({ promotions, now, onChoose }: { promotions: readonly Promotion[]; now: number; onChoose: (planId: string, offerId: string | null) => void }) {
  const options = useBilling_getPlansQuery();
  if (!options.data) return <LoadState error={options.isError} onRetry={() => void options.refetch()} />;
  const plans = options.data.plans;
  const onSale = tiersFor(plans, 'annual').flatMap((tier) => {
    const plan = planFor(plans, tier, 'annual')!;
    const sale = blackFridaySale(promotions, now, plan);
    return sale ? [{ plan, sale, name: plan.name ?? TIER_NAME[tier] }] : [];
  });
  return (
    <Plans aria-label={T.blackFridayPlans}>
      {onSale.map(({ plan, sale, name }) => (
        <li key={plan.plan_id} data-plan={plan.plan_id}>
          <h3>{name}</h3>
          <span>
            <s aria-label={`${T.listPrice} ${formatPrice(plan.price, plan.currency)}`}>{formatPrice(plan.price, plan.currency)}</s>{' '}
            <span className="amount">{formatPrice(sale.price, plan.currency)}</span> <span className="period">{T.perYear}</span>
          </span>
          <Button onClick={() => onChoose(plan.plan_id, sale.offerId)}>{T.choose(name)}</Button>
        </li>
      ))}
    </Plans>
  );
}

interface OfferProps {
  promotion: Promotion;
  /** Every promotion of the page (a Black Friday section prices each plan from its own promotion). */
  promotions: readonly Promotion[];
  now: number;
  /** Its own heading when several run at once (otherwise the page's heading is its title). */
  titled: boolean;
  onChoose: (planId: string, offerId?: string | null) => void;
}

/** The plan a $0.99 promotion applies to, by name and period, from the purchase options. */
function OfferPlan({ planId }: { planId: string }) {
  const options = useBilling_getPlansQuery();
  const plans = options.data?.plans;
  const plan = plans ? [...plans.monthly, ...plans.annual].find((p) => p.plan_id === planId) : undefined;
  if (!plan) return null;
  return <p>{T.onPlan(plan.name ?? TIER_NAME[plan.tier], plan.period)}</p>;
}

function PromotionOffer({ promotion, promotions, now, titled, onChoose }: OfferProps) {
  const heading = titled ? <h2 id={`promo-${promotion.id}`}>{promotion.title}</h2> : null;
  const label = titled ? { 'aria-labelledby': `promo-${promotion.id}` } : { 'aria-label': promotion.title };
  if (promotion.kind === 'black_friday') {
    return (
      <Offer {...label}>
        {heading}
        {blackFridayPercentOff(promotions, now) !== null ? <p>{T.blackFriday(blackFridayPercentOff(promotions, now)!)}</p> : null}
        <Countdown endsAt={promotion.ends_at} />
        <BlackFridayPlans promotions={promotions} now={now} onChoose={onChoose} />
      </Offer>
    );
  }
  if (promotion.price == null || !promotion.plan_id) return null;
  const planId = promotion.plan_id;
  return (
    <Offer {...label}>
      {heading}
      <span className="price">{formatPrice(promotion.price, promotion.currency)}</span>
      <p>{T.oneMonth(promotion.price, promotion.currency)}</p>
      <OfferPlan planId={planId} />
      <Countdown endsAt={promotion.ends_at} />
      <Button size="lg" onClick={() => onChoose(planId, promotion.offer_id)}>
        {T.claim(promotion.price, promotion.currency)}
      </Button>
      <p className="fine">{T.oneMonthOnly}</p>
    </Offer>
  );
}

/**
 * One section per offer: the Black Friday promotions (one per plan) make one section; $0.99 promotions of the same
 * plan, price and offer (a Valentine's and a birthday one running together) make one.
 */
function sections(running: Promotion[]): Promotion[] {
  const seen = new Set<string>();
  return running.filter((p) => {
    const key = p.kind === 'black_friday' ? 'black_friday' : `${p.plan_id}:${p.price}:${p.offer_id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const dateOf = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(iso));

/**
 * /sale (document 2 §2, §9): the promotions running now, from GET subscriptions/promotions: a birthday or Valentine
 * offer (its price for one month, a countdown to its end, the checkout of its plan with its offer), Black Friday
 * (the annual plans at its percentage off). None running: says so, with the next one when it is known. The Valentine
 * promo only where it is offered (selectValentineOffered: its flag, a signed-in member not on premium).
 */
export function SalePage() {
  const promotions = usePromotionsQuery();
  const now = useNow(1000);
  const { choose, deviceSwitch } = useChoosePlan();
  const valentine = useAppSelector(selectValentineOffered);
  const offered = (promotions.data ?? []).filter((p) => valentine || p.kind !== 'valentine');
  const running = sections(runningPromotions(offered, now));
  const next = offered.filter((p) => Date.parse(p.starts_at) > now).sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at))[0];

  let body;
  if (!promotions.data) {
    body = promotions.isError ? <LoadState error onRetry={() => void promotions.refetch()} /> : <Spinner label="Loading the sale" />;
  } else if (running.length === 0) {
    body = (
      <Empty>
        <p>{T.noSale}</p>
        {next ? <p>{T.nextSale(next.title, dateOf(next.starts_at))}</p> : null}
        <ButtonLink to="/subscribe" variant="primary">
          {T.seePlans}
        </ButtonLink>
      </Empty>
    );
  } else {
    body = running.map((promotion) => (
      <PromotionOffer key={promotion.id} promotion={promotion} promotions={promotions.data ?? []} now={now} titled={running.length > 1} onChoose={choose} />
    ));
  }

  return (
    <Page width={960} gap={24} centered>
      <h1>{running[0]?.title ?? T.pageTitle}</h1>
      {body}
      <DeviceSwitchModal open={deviceSwitch.open} onClose={deviceSwitch.close} />
    </Page>
  );
}
