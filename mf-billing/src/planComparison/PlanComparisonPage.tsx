import styled from '@emotion/styled';
import { Link, useNavigate, useParams } from '@fable/shared';
import { TIER_RANK, type Tier } from '@fable/contracts';
import { NotFoundPage, selectUser, useAppDispatch, useAppSelector } from '@fable/shared';
import { frequencyChosen } from '../billingSlice';
import { FrequencyTabs } from '../plans/FrequencyTabs';
import {
  DEFAULT_FREQUENCY,
  TIER_NAME,
  comparisonRows,
  featureLabel,
  formatPrice,
  isBillingFrequency,
  priceOf,
  tiersFor,
  type BillingFrequency,
} from '../plans/plans';
import { ButtonLink } from '@fable/shared';
import { CheckIcon, DashIcon } from '../ui/icons';

/** Texts of the page; the spec names the page, not its words, so these are ours. */
export const PLAN_COMPARISON_TEXTS = {
  title: 'Compare Plans',
  intro: "Free has no premium features; each higher tier includes the lower tiers' features.",
  feature: 'Feature',
  included: 'Included',
  notIncluded: 'Not included',
  perMonth: '/ month',
  perYear: '/ year',
  yourPlan: 'Your plan',
  startFree: 'Start Chatting',
  choose: 'Choose',
  crypto: 'Pay with crypto',
  back: 'Back to Subscribe',
} as const;

const Page = styled.div`
  max-width: 1040px;
  margin: 0 auto;
  padding: 24px 0 48px;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 20px;
  color: ${({ theme }) => theme.colors.text};
`;

const Intro = styled.header`
  text-align: center;
  h1 {
    margin: 0 0 8px;
    font-size: clamp(1.6rem, 4vw, 2.2rem);
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

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
  a {
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
    a {
      padding: 6px 10px;
      font-size: 0.78rem;
    }
  }
`;

const Mark = styled.span<{ included: boolean }>`
  display: inline-flex;
  color: ${({ theme, included }) => (included ? theme.colors.success : theme.colors.textMuted)};
`;

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

const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

function PlanColumnHead({ tier, frequency, current }: { tier: Tier; frequency: BillingFrequency; current: boolean }) {
  const price = priceOf(tier, frequency) ?? 0;
  const name = TIER_NAME[tier];
  return (
    <PlanHead>
      <span className="name">{name}</span>
      <span className="price">{formatPrice(price)}</span>
      <span className="period">{frequency === 'annual' ? PLAN_COMPARISON_TEXTS.perYear : PLAN_COMPARISON_TEXTS.perMonth}</span>
      {current ? <span className="yours">{PLAN_COMPARISON_TEXTS.yourPlan}</span> : null}
      {tier === 'free' ? (
        <ButtonLink to="/" variant="secondary">
          {PLAN_COMPARISON_TEXTS.startFree}
        </ButtonLink>
      ) : (
        <ButtonLink to="/subscribe" variant="primary" aria-label={`${PLAN_COMPARISON_TEXTS.choose} ${name}`}>
          {PLAN_COMPARISON_TEXTS.choose}
        </ButtonLink>
      )}
    </PlanHead>
  );
}

/**
 * /plan-comparison and /plan-comparison/:frequency (document 2 §2): the tiers side by side, with the
 * Pay Annually / Pay Monthly switch. Monthly by default; the minimal tier is hidden in the monthly view.
 */
export function PlanComparisonPage() {
  const { frequency: param } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);

  if (param !== undefined && !isBillingFrequency(param)) return <NotFoundPage />;
  const frequency: BillingFrequency = param ?? DEFAULT_FREQUENCY;
  const tiers: Tier[] = ['free', ...tiersFor(frequency)];
  const rows = comparisonRows();

  const choose = (next: BillingFrequency) => {
    dispatch(frequencyChosen(next));
    if (next !== frequency) navigate(`/plan-comparison/${next}`, { replace: true });
  };

  return (
    <Page>
      <Intro>
        <h1>{PLAN_COMPARISON_TEXTS.title}</h1>
        <p>{PLAN_COMPARISON_TEXTS.intro}</p>
      </Intro>
      <FrequencyTabs value={frequency} onChange={choose} />
      <TableScroll tabIndex={0} role="region" aria-label={PLAN_COMPARISON_TEXTS.title}>
        <Table data-frequency={frequency} plans={tiers.length}>
          <caption>
            {PLAN_COMPARISON_TEXTS.title}, {frequency === 'annual' ? 'billed annually' : 'billed monthly'}
          </caption>
          <thead>
            <tr>
              <th scope="col">{PLAN_COMPARISON_TEXTS.feature}</th>
              {tiers.map((tier) => (
                <th key={tier} scope="col" data-tier={tier}>
                  <PlanColumnHead tier={tier} frequency={frequency} current={user?.tier === tier} />
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
                        <VisuallyHidden>{included ? PLAN_COMPARISON_TEXTS.included : PLAN_COMPARISON_TEXTS.notIncluded}</VisuallyHidden>
                      </Mark>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
      <Links aria-label="More ways to subscribe">
        <Link to="/subscribe">{PLAN_COMPARISON_TEXTS.back}</Link>
        <Link to="/subscribe-crypto">{PLAN_COMPARISON_TEXTS.crypto}</Link>
      </Links>
    </Page>
  );
}
