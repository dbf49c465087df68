import { api, type CallOf } from '@fable/shared';
import type {
  billingCalls,
  billingFlowCalls,
  CardSubscribeRequest,
  CheckoutOrder,
  Country,
  CountryState,
  HostedCheckoutRequest,
  PaymentConfig,
  PaymentMethod,
  PriceCalculation,
  PriceCalculationRequest,
  ProviderPaymentRequest,
  ProviderPaymentResult,
  PurchaseResult,
} from '@fable/contracts';

/**
 * The checkout's calls (contracts/src/api/billing.ts and billingFlows.ts), copied as method and path and checked
 * against the contracts at compile time (the contracts' call objects stay out of the bundle, docs/adr/0001).
 */
type Billing = typeof billingCalls;
type Flows = typeof billingFlowCalls;
export const CHECKOUT_CALLS: {
  calculatePrice: CallOf<Billing['calculatePrice']>;
  countries: CallOf<Billing['countries']>;
  countryStates: CallOf<Billing['countryStates']>;
  paymentConfig: CallOf<Flows['paymentConfig']>;
  subscribe: CallOf<Flows['subscribe']>;
  confirmOrder: CallOf<Flows['confirmOrder']>;
  order: CallOf<Flows['order']>;
  providerPayment: CallOf<Flows['providerPayment']>;
  hostedCheckout: CallOf<Flows['hostedCheckout']>;
  abandonCheckout: CallOf<Flows['abandonCheckout']>;
} = {
  calculatePrice: { method: 'POST', path: '/checkout/calculate' },
  countries: { method: 'GET', path: '/checkout/countries' },
  countryStates: { method: 'GET', path: '/checkout/countries/:iso2/states' },
  paymentConfig: { method: 'GET', path: '/checkout/payment_config' },
  subscribe: { method: 'POST', path: '/checkout/subscribe' },
  confirmOrder: { method: 'POST', path: '/checkout/orders/:order_id/confirm' },
  order: { method: 'GET', path: '/checkout/orders/:order_id' },
  providerPayment: { method: 'POST', path: '/checkout/:payment' },
  hostedCheckout: { method: 'POST', path: '/checkout/hosted_checkout' },
  abandonCheckout: { method: 'POST', path: '/checkout/abandon' },
};

const C = CHECKOUT_CALLS;
const at = (path: string, params: Record<string, string>) => path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

export type AbandonRequest = { plan_id: string; payment_method: PaymentMethod; order_id?: string | null };

/** The checkout's endpoints, added to the page's one RTK Query api (names prefixed `checkout_`). */
export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkout_countries: build.query<Country[], void>({
      query: () => C.countries.path,
      transformResponse: (raw: { countries: Country[] }) => raw.countries,
      keepUnusedDataFor: 3600,
    }),
    checkout_countryStates: build.query<CountryState[], string>({
      query: (iso2) => at(C.countryStates.path, { iso2 }),
      transformResponse: (raw: { states: CountryState[] }) => raw.states,
      keepUnusedDataFor: 3600,
    }),
    checkout_calculatePrice: build.query<PriceCalculation, PriceCalculationRequest>({
      query: (body) => ({ url: C.calculatePrice.path, method: C.calculatePrice.method, body }),
      keepUnusedDataFor: 0,
    }),
    checkout_paymentConfig: build.query<PaymentConfig, void>({ query: () => C.paymentConfig.path }),
    checkout_subscribe: build.mutation<PurchaseResult, CardSubscribeRequest>({
      query: (body) => ({ url: C.subscribe.path, method: C.subscribe.method, body }),
    }),
    checkout_confirmOrder: build.mutation<PurchaseResult, string>({
      query: (orderId) => ({ url: at(C.confirmOrder.path, { order_id: orderId }), method: C.confirmOrder.method }),
    }),
    checkout_order: build.query<CheckoutOrder, string>({
      query: (orderId) => at(C.order.path, { order_id: orderId }),
      keepUnusedDataFor: 0,
    }),
    checkout_providerPayment: build.mutation<ProviderPaymentResult, { payment: string; body: ProviderPaymentRequest }>({
      query: ({ payment, body }) => ({ url: at(C.providerPayment.path, { payment }), method: C.providerPayment.method, body }),
    }),
    checkout_hostedCheckout: build.mutation<ProviderPaymentResult, HostedCheckoutRequest>({
      query: (body) => ({ url: C.hostedCheckout.path, method: C.hostedCheckout.method, body }),
    }),
  }),
});

export const {
  useCheckout_countriesQuery,
  useCheckout_countryStatesQuery,
  useCheckout_calculatePriceQuery,
  useCheckout_paymentConfigQuery,
  useCheckout_subscribeMutation,
  useCheckout_confirmOrderMutation,
  useCheckout_orderQuery,
  useCheckout_providerPaymentMutation,
  useCheckout_hostedCheckoutMutation,
} = checkoutApi;
