import { CHECKOUT_LIMITS, type PaymentMethod } from '@fable/contracts';
import { EmptyState, selectAuthStatus, signInRequested, Spinner, useAppDispatch, useAppSelector, useLocation, useSearchParams } from '@fable/shared';
import { useBilling_getPlansQuery } from '../billingApi';
import { TIER_NAME } from '../plans/plans';
import { PageFrame } from '../ui/PageLayout';
import { CheckoutForm, type CheckoutPlan } from './CheckoutForm';
import { CHECKOUT_TEXTS as T } from './checkoutTexts';
import { useCheckout_countriesQuery, useCheckout_paymentConfigQuery } from './checkoutApi';

/** How wide the checkout is at most (form and order summary), in pixels. */
const CHECKOUT_WIDTH = 1080;

/**
 * /checkout (document 2 §2): query plan_id (default: the purchase options' default_plan_id), o_id (offer) and coupon
 * (preset; hides Apply Coupon). Needs a signed-in member (the route asks the host to sign in; a guest who still
 * reaches the page is offered to).
 */
export function CheckoutPage() {
  const [query] = useSearchParams();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectAuthStatus);
  const signedIn = status === 'authenticated';
  const options = useBilling_getPlansQuery();
  const countries = useCheckout_countriesQuery();
  const config = useCheckout_paymentConfigQuery(undefined, { skip: !signedIn });

  if (status === 'loading') return <Spinner center label={T.title} />;
  if (!signedIn) {
    return (
      <PageFrame width={CHECKOUT_WIDTH}>
        <EmptyState
          title={T.signInTitle}
          action={{ label: T.signIn, onClick: () => dispatch(signInRequested({ returnTo: location.pathname + location.search })) }}
        />
      </PageFrame>
    );
  }
  if (options.isLoading || countries.isLoading || config.isLoading) {
    return (
      <PageFrame width={CHECKOUT_WIDTH}>
        <h1>{T.title}</h1>
        <Spinner center label={T.priceLoading} />
      </PageFrame>
    );
  }
  if (options.isError || countries.isError || !options.data || !countries.data) {
    return (
      <PageFrame width={CHECKOUT_WIDTH}>
        <h1>{T.title}</h1>
        <EmptyState
          title={T.loadError}
          action={{
            label: T.retry,
            onClick: () => {
              void options.refetch();
              void countries.refetch();
            },
          }}
        />
      </PageFrame>
    );
  }

  const planId = query.get('plan_id')?.trim() || options.data.defaultPlanId;
  const all = [...options.data.plans.monthly, ...options.data.plans.annual];
  const found = all.find((p) => p.plan_id === planId);
  if (!found) {
    return (
      <PageFrame width={CHECKOUT_WIDTH}>
        <h1>{T.title}</h1>
        <EmptyState title={T.planMissing} />
      </PageFrame>
    );
  }
  const plan: CheckoutPlan = {
    plan_id: found.plan_id,
    name: found.name ?? TIER_NAME[found.tier as keyof typeof TIER_NAME] ?? found.plan_id,
    price: found.price,
    currency: found.currency || CHECKOUT_LIMITS.defaultCurrency,
    annual: found.plan_id.includes(CHECKOUT_LIMITS.annualPlanIdMarker),
  };
  return (
    <PageFrame width={CHECKOUT_WIDTH}>
      <h1>{T.title}</h1>
      <CheckoutForm
        key={plan.plan_id}
        plan={plan}
        offerId={query.get('o_id')?.trim() || null}
        presetCoupon={query.get('coupon')?.trim() || null}
        paymentMethods={options.data.paymentMethods as PaymentMethod[]}
        countries={countries.data}
        paymentConfig={config.data ?? null}
      />
    </PageFrame>
  );
}
