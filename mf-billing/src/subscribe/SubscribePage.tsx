import styled from '@emotion/styled';
import { Button, Link, selectBrand, selectUser, useAppDispatch, useAppSelector, useNavigate } from '@fable/shared';
import { useBilling_getPlansQuery, type PurchaseOptions } from '../billingApi';
import { frequencyChosen, selectBillingFrequency } from '../billingSlice';
import { ComparisonTable } from '../planComparison/ComparisonTable';
import { FrequencyTabs } from '../plans/FrequencyTabs';
import { LoadState, NoPlans } from '../plans/LoadState';
import { PAID_TIERS, TIER_FEATURES, TIER_NAME, blackFridayText, planFor, tiersFor, type BillingFrequency, type PaidTier } from '../plans/plans';
import { PromoModal } from '../sale/PromoModal';
import { blackFridaySale } from '../sale/promotions';
import { SaleBanner } from '../sale/SaleBanner';
import { usePromotions } from '../sale/usePromoOffer';
import { PageColumn, PageIntro } from '../ui/PageLayout';
import { DeviceSwitchModal } from './DeviceSwitchModal';
import { FaqAccordion } from './FaqAccordion';
import { PlanCard } from './PlanCard';
import { isLive } from './subscribeApi';
import { SUBSCRIBE_FAQ, SUBSCRIBE_TEXTS as T } from './subscribeTexts';
import { SupporterLinks } from './SupporterLinks';
import { useChoosePlan } from './useChoosePlan';

const Page = styled(PageColumn)`
  h2.section {
    margin: 0;
    font-size: 1.3rem;
    align-self: flex-start;
  }
`;

const Active = styled.section`
  width: 100%;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 14px 18px;
  border: 1px solid ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.successSoft};
  p {
    margin: 0;
    font-weight: 600;
  }
`;

const Cards = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  width: 100%;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(250px, 1fr));
  gap: 20px 16px;
`;

/** The compare table on wider screens; a Compare Plans link on mobile (document 2 §2). */
const Compare = styled.section`
  width: 100%;
  display: flex;
  flex-direction: column;
  gap: 12px;
  @media ${({ theme }) => theme.breakpoints.mobile} {
    display: none;
  }
`;

const MobileCompare = styled.div`
  display: none;
  @media ${({ theme }) => theme.breakpoints.mobile} {
    display: block;
  }
  a {
    color: ${({ theme }) => theme.colors.primaryText};
    font-weight: 700;
  }
`;

const Ways = styled.section`
  width: 100%;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: 16px;
  & > div {
    padding: 16px 18px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.lg};
    background: ${({ theme }) => theme.colors.surface};
    display: flex;
    flex-direction: column;
    gap: 8px;
  }
  h3 {
    margin: 0;
    font-size: 1rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  a {
    color: ${({ theme }) => theme.colors.primaryText};
    font-weight: 600;
  }
`;

/** The tier the purchase options recommend (their default plan's), highlighted on its card. */
function recommendedTier(options: PurchaseOptions): PaidTier | null {
  const plan = [...options.plans.annual, ...options.plans.monthly].find((p) => p.plan_id === options.defaultPlanId);
  return plan && plan.tier !== 'free' ? plan.tier : null;
}

/**
 * The subscribe page (document 2 §2 "Subscribe page"): Pay Annually / Pay Monthly, three plan cards (the minimal
 * tier has no monthly plan and is hidden in the monthly view), prices from the purchase options, the compare table
 * (a Compare Plans link on mobile), the crypto page, the supporter platforms (main brand only), support, the FAQ.
 * A member with a live subscription sees 'You already have an active subscription' with Manage Subscription; a
 * guest who picks a plan gets the sign-up dialog; an in-app subscriber the device-switch modal. During a sale the
 * banner shows, and a running $0.99 promotion opens its modal with a countdown.
 */
export function SubscribePage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const brand = useAppSelector(selectBrand);
  const frequency = useAppSelector(selectBillingFrequency);
  const options = useBilling_getPlansQuery();
  const { choose, signedIn, profile, inApp, deviceSwitch } = useChoosePlan();
  const { promotions, now, sale, percentOff, offer, offerOpen, closeOffer } = usePromotions();

  const subscription = signedIn ? profile.data?.subscription : null;
  const live = isLive(subscription);
  const currentTier = signedIn ? (user?.tier ?? null) : null;
  const setFrequency = (next: BillingFrequency) => dispatch(frequencyChosen(next));
  const manage = () => (inApp ? deviceSwitch.show() : navigate('/portal'));

  const data = options.data;
  /** Buys a plan by id, with the offer of its running sale (the compare table's Choose). */
  const chooseById = (planId: string) => {
    const plan = data ? [...data.plans.monthly, ...data.plans.annual].find((p) => p.plan_id === planId) : undefined;
    choose(planId, plan ? blackFridaySale(promotions.data, now, plan)?.offerId : null);
  };
  const tiers = data ? tiersFor(data.plans, frequency) : [];
  const recommended = data ? recommendedTier(data) : null;

  return (
    <Page width={1080} gap={24} top={16} centered>
      {sale ? <SaleBanner promotion={sale} percentOff={percentOff} /> : null}
      <PageIntro title={T.title} intro={T.intro} large />
      {live ? (
        <Active aria-label={T.activeSubscription}>
          <p>{T.activeSubscription}</p>
          <Button onClick={manage}>{T.manageSubscription}</Button>
        </Active>
      ) : null}
      <FrequencyTabs value={frequency} onChange={setFrequency} tagline={data?.annualTagline} />
      {!data ? (
        <LoadState error={options.isError} onRetry={() => void options.refetch()} />
      ) : tiers.length === 0 ? (
        <NoPlans />
      ) : (
        <Cards aria-label={frequency === 'annual' ? 'Annual plans' : 'Monthly plans'}>
          {tiers.map((tier) => {
            const plan = planFor(data.plans, tier, frequency)!;
            const sale = blackFridaySale(promotions.data, now, plan);
            // Each tier includes the lower ones (§1): a lower tier not sold this way lends its features to the card.
            const below = PAID_TIERS.slice(0, PAID_TIERS.indexOf(tier));
            const shownBelow = below.filter((t) => tiers.includes(t));
            const lower = shownBelow.at(-1) ?? null;
            const inherited = below.filter((t) => !tiers.includes(t) && (lower === null || PAID_TIERS.indexOf(t) > PAID_TIERS.indexOf(lower))).flatMap((t) => TIER_FEATURES[t]);
            return (
              <PlanCard
                key={plan.plan_id}
                plan={{ ...plan, tier }}
                frequency={frequency}
                tagline={sale && percentOff !== null ? blackFridayText(percentOff) : data.annualTagline}
                lower={lower ? TIER_NAME[lower] : null}
                inherited={inherited}
                highlighted={tier === recommended}
                current={live && currentTier === tier}
                sale={sale}
                onChoose={(chosen, offerId) => choose(chosen.plan_id, offerId)}
              />
            );
          })}
        </Cards>
      )}
      <MobileCompare>
        <Link to={`/plan-comparison/${frequency}`}>{T.comparePlans}</Link>
      </MobileCompare>
      {data && tiers.length > 0 ? (
        <Compare aria-labelledby="compare-plans">
          <h2 className="section" id="compare-plans">
            {T.comparePlans}
          </h2>
          <ComparisonTable plans={data.plans} frequency={frequency} currentTier={currentTier} onChoose={chooseById} />
        </Compare>
      ) : null}
      <Ways aria-label={T.otherWays}>
        <div>
          <h3>{T.crypto}</h3>
          <p>{T.cryptoHint}</p>
          <Link to="/subscribe-crypto">{T.cryptoLink}</Link>
        </div>
        <SupporterLinks />
        {brand ? (
          <div>
            <h3>{T.supportTitle}</h3>
            <a href={brand.links.support}>{T.support}</a>
          </div>
        ) : null}
      </Ways>
      <h2 className="section">{T.faqTitle}</h2>
      <FaqAccordion items={SUBSCRIBE_FAQ} />
      <DeviceSwitchModal open={deviceSwitch.open} onClose={deviceSwitch.close} />
      {offer ? <PromoModal promotion={offer} open={offerOpen} onClose={closeOffer} onClaim={() => {
            closeOffer();
            choose(offer.plan_id!, offer.offer_id);
          }} /> : null}
    </Page>
  );
}
