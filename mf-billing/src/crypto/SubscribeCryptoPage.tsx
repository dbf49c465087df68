import styled from '@emotion/styled';
import { ButtonLink, selectBrand, useAppSelector } from '@fable/shared';
import { useBilling_getPlansQuery } from '../billingApi';
import { DiscountTag } from '../plans/DiscountTag';
import { FeatureList } from '../plans/FeatureList';
import { LoadState, NoPlans } from '../plans/LoadState';
import { PAID_TIERS, TIER_NAME, blackFridayText, cryptoPlans, formatPrice, type CryptoPlan } from '../plans/plans';
import { blackFridayPercentOff, blackFridaySale } from '../sale/promotions';
import { usePromotionsQuery } from '@fable/shared/promotions';
import { useNow } from '../sale/useNow';
import { PageColumn, PageIntro } from '../ui/PageLayout';

/**
 * Texts of the crypto page. The spec says what the page states (fixed prices, a hosted crypto payment
 * link per frequency, manual account linking that may take a few hours, a way back to the subscribe
 * page) but not its words: these are ours.
 */
export const SUBSCRIBE_CRYPTO_TEXTS = {
  title: 'Subscribe with Crypto',
  intro: 'Pay for a plan with cryptocurrency on a hosted payment page. Prices are fixed.',
  linkingTitle: 'Manual account linking',
  linking: (brand: string) =>
    `Crypto payments are not linked to your account automatically. After paying, send your payment confirmation and the email address of your ${brand} account to`,
  linkingSupport: 'our support team',
  linkingDelay: 'Linking is done by hand and may take a few hours.',
  payAnnually: 'Pay Annually',
  payMonthly: 'Pay Monthly',
  perYear: '/ year',
  perMonth: '/ month',
  annualOnly: 'Available annually only.',
  includesLower: (lower: string) => `Everything in ${lower}, plus:`,
  listPrice: 'Regular price',
  back: 'Back to Subscribe',
} as const;

/** Used while no deployment is loaded (a remote running alone). */
const FALLBACK_BRAND_NAME = 'Fable';

const Notice = styled.section`
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-left-width: 4px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  padding: 14px 16px;
  h2 {
    margin: 0 0 6px;
    font-size: 1rem;
    color: ${({ theme }) => theme.colors.warning};
  }
  p {
    margin: 0;
    line-height: 1.5;
  }
  a {
    color: ${({ theme }) => theme.colors.primaryText};
    font-weight: 600;
  }
`;

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: 16px;
`;

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 20px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  .description {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Offer = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding-top: 12px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  .price {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 6px;
  }
  .amount {
    font-size: 1.6rem;
    font-weight: 800;
  }
  .period,
  .note {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
  .note {
    margin: 0;
  }
  s {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Back = styled.div`
  display: flex;
  justify-content: center;
`;

function CryptoPlanCard({ plan, lower }: { plan: CryptoPlan; lower: string | null }) {
  const { annual, monthly } = plan;
  return (
    <Card data-plan={plan.id}>
      <h2>{plan.title}</h2>
      <p className="description">{plan.description}</p>
      <FeatureList
        label={`${plan.title} features`}
        includes={lower ? SUBSCRIBE_CRYPTO_TEXTS.includesLower(lower) : null}
        features={plan.features}
        gap={6}
      />
      <Offer>
        <div className="price">
          {annual.discountedPrice !== undefined ? (
            <>
              <s aria-label={`${SUBSCRIBE_CRYPTO_TEXTS.listPrice} ${formatPrice(annual.price, annual.currency)}`}>{formatPrice(annual.price, annual.currency)}</s>
              <span className="amount">{formatPrice(annual.discountedPrice, annual.currency)}</span>
            </>
          ) : (
            <span className="amount">{formatPrice(annual.price, annual.currency)}</span>
          )}
          <span className="period">{SUBSCRIBE_CRYPTO_TEXTS.perYear}</span>
        </div>
        <DiscountTag>{annual.discountText}</DiscountTag>
        <ButtonLink variant="primary" to={annual.paymentLink} aria-label={`${SUBSCRIBE_CRYPTO_TEXTS.payAnnually}: ${plan.title}`}>
          {SUBSCRIBE_CRYPTO_TEXTS.payAnnually}
        </ButtonLink>
      </Offer>
      <Offer>
        {monthly ? (
          <>
            <div className="price">
              <span className="amount">{formatPrice(monthly.price, monthly.currency)}</span>
              <span className="period">{SUBSCRIBE_CRYPTO_TEXTS.perMonth}</span>
            </div>
            <ButtonLink variant="secondary" to={monthly.paymentLink} aria-label={`${SUBSCRIBE_CRYPTO_TEXTS.payMonthly}: ${plan.title}`}>
              {SUBSCRIBE_CRYPTO_TEXTS.payMonthly}
            </ButtonLink>
          </>
        ) : (
          <p className="note">{SUBSCRIBE_CRYPTO_TEXTS.annualOnly}</p>
        )}
      </Offer>
    </Card>
  );
}

/**
 * /subscribe-crypto (document 2 §2): the paid tiers with their fixed prices (the purchase options', the same as the
 * subscribe page's) and a payment link for each of monthly and annual (the checkout with that plan, where the
 * hosted crypto page is chosen), the manual-linking notice and a way back to /subscribe. During a Black Friday
 * promotion the annual prices are lowered by its percent_off, the plan's price shown as the list price.
 */
export function SubscribeCryptoPage() {
  const brand = useAppSelector(selectBrand);
  const brandName = brand?.name ?? FALLBACK_BRAND_NAME;
  const options = useBilling_getPlansQuery();
  const promotions = usePromotionsQuery();
  const now = useNow(60_000);
  const percentOff = blackFridayPercentOff(promotions.data, now);
  const plans = options.data
    ? cryptoPlans(options.data.plans, {
        saleOf: (plan) => blackFridaySale(promotions.data, now, plan),
        saleText: percentOff !== null ? blackFridayText(percentOff) : '',
        annualTagline: options.data.annualTagline ?? undefined,
      })
    : null;
  return (
    <PageColumn width={1040} gap={24}>
      <PageIntro title={SUBSCRIBE_CRYPTO_TEXTS.title} intro={SUBSCRIBE_CRYPTO_TEXTS.intro} />
      <Notice aria-labelledby="crypto-linking">
        <h2 id="crypto-linking">{SUBSCRIBE_CRYPTO_TEXTS.linkingTitle}</h2>
        <p>
          {SUBSCRIBE_CRYPTO_TEXTS.linking(brandName)}{' '}
          {brand ? <a href={brand.links.support}>{SUBSCRIBE_CRYPTO_TEXTS.linkingSupport}</a> : SUBSCRIBE_CRYPTO_TEXTS.linkingSupport}.{' '}
          {SUBSCRIBE_CRYPTO_TEXTS.linkingDelay}
        </p>
      </Notice>
      {!plans ? (
        <LoadState error={options.isError} onRetry={() => void options.refetch()} />
      ) : plans.length === 0 ? (
        <NoPlans />
      ) : (
        <Grid>
          {plans.map((plan) => {
            const index = PAID_TIERS.indexOf(plan.tier);
            const lowerTier = index > 0 ? PAID_TIERS[index - 1] : undefined;
            return <CryptoPlanCard key={plan.id} plan={plan} lower={lowerTier ? TIER_NAME[lowerTier] : null} />;
          })}
        </Grid>
      )}
      <Back>
        <ButtonLink to="/subscribe" variant="secondary">
          {SUBSCRIBE_CRYPTO_TEXTS.back}
        </ButtonLink>
      </Back>
    </PageColumn>
  );
}
