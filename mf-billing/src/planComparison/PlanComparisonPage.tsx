import styled from '@emotion/styled';
import { Link, NotFoundPage, selectUser, useAppDispatch, useAppSelector, useNavigate, useParams } from '@fable/shared';
import { useBilling_getPlansQuery } from '../billingApi';
import { frequencyChosen } from '../billingSlice';
import { FrequencyTabs } from '../plans/FrequencyTabs';
import { LoadState, NoPlans } from '../plans/LoadState';
import { DEFAULT_FREQUENCY, isBillingFrequency, type BillingFrequency } from '../plans/plans';
import { DeviceSwitchModal } from '../subscribe/DeviceSwitchModal';
import { useChoosePlan } from '../subscribe/useChoosePlan';
import { PageColumn, PageIntro } from '../ui/PageLayout';
import { ComparisonTable } from './ComparisonTable';

/** Texts of the page; the spec names the page, not its words, so these are ours. */
export const PLAN_COMPARISON_TEXTS = {
  title: 'Compare Plans',
  intro: "Free has no premium features; each higher tier includes the lower tiers' features.",
  crypto: 'Pay with crypto',
  back: 'Back to Subscribe',
} as const;

const Links = styled.nav`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 12px 24px;
  a {
    color: ${({ theme }) => theme.colors.primaryText};
    font-weight: 600;
  }
`;

/**
 * /plan-comparison and /plan-comparison/:frequency (document 2 §2): the tiers side by side, with the
 * Pay Annually / Pay Monthly switch, prices from the purchase options. Monthly by default; the minimal tier is
 * hidden in the monthly view (it has no monthly plan). Choose buys the plan as on /subscribe: the checkout, the
 * sign-up dialog for a guest, the device-switch modal for an in-app subscriber.
 */
export function PlanComparisonPage() {
  const { frequency: param } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const unknownFrequency = param !== undefined && !isBillingFrequency(param);
  const options = useBilling_getPlansQuery(undefined, { skip: unknownFrequency });
  const { choose, deviceSwitch } = useChoosePlan();

  if (unknownFrequency) return <NotFoundPage />;
  const frequency: BillingFrequency = param ?? DEFAULT_FREQUENCY;

  const chooseFrequency = (next: BillingFrequency) => {
    dispatch(frequencyChosen(next));
    if (next !== frequency) navigate(`/plan-comparison/${next}`, { replace: true });
  };

  const plans = options.data?.plans;
  return (
    <PageColumn width={1040} gap={20} centered>
      <PageIntro title={PLAN_COMPARISON_TEXTS.title} intro={PLAN_COMPARISON_TEXTS.intro} wideIntro />
      <FrequencyTabs value={frequency} onChange={chooseFrequency} tagline={options.data?.annualTagline} />
      {!plans ? (
        <LoadState error={options.isError} onRetry={() => void options.refetch()} />
      ) : plans[frequency].length === 0 ? (
        <NoPlans />
      ) : (
        <ComparisonTable plans={plans} frequency={frequency} currentTier={user?.tier ?? null} onChoose={(planId) => choose(planId)} />
      )}
      <Links aria-label="More ways to subscribe">
        <Link to="/subscribe">{PLAN_COMPARISON_TEXTS.back}</Link>
        <Link to="/subscribe-crypto">{PLAN_COMPARISON_TEXTS.crypto}</Link>
      </Links>
      <DeviceSwitchModal open={deviceSwitch.open} onClose={deviceSwitch.close} />
    </PageColumn>
  );
}
