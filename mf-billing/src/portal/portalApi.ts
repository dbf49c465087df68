import {
  PortalActionResultSchema,
  PortalSubscriptionSchema,
  type billingFlowCalls,
  type PortalActionRequest,
  type PortalActionResult,
  type PortalSubscription,
} from '@fable/contracts';
import { api, type CallOf } from '@fable/shared';

type Flows = typeof billingFlowCalls;

/**
 * The portal's calls, copied as method and path and checked against the contracts at compile time (the contracts'
 * call objects stay out of the bundle, docs/adr/0001; portalApi.test.ts compares the values).
 */
export const PORTAL_CALLS: {
  portalSubscriptions: CallOf<Flows['portalSubscriptions']>;
  portalAction: CallOf<Flows['portalAction']>;
} = {
  portalSubscriptions: { method: 'GET', path: '/subscriptions/sticky' },
  portalAction: { method: 'PUT', path: '/subscriptions/sticky' },
};
const C = PORTAL_CALLS;

const PORTAL_TAG = 'PortalSubscription';

/**
 * The subscriber portal's calls (document 2 §7): GET subscriptions/sticky (the first item of the result is the
 * portal's subscription; none = null), the update on subscriptions/sticky (cancel, uncancel, change_plan, change_card,
 * charge_rebill). A successful action reloads the subscription and the user (the subscribe page's billing_profile,
 * whose subscription summary says on which platform the member subscribed).
 */
export const portalApi = api.enhanceEndpoints({ addTagTypes: [PORTAL_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    billing_portalSubscription: build.query<PortalSubscription | null, void>({
      query: () => ({ url: C.portalSubscriptions.path, method: C.portalSubscriptions.method }),
      transformResponse: (raw: unknown) => {
        const list = Array.isArray(raw) ? raw : [];
        return list.length > 0 ? PortalSubscriptionSchema.parse(list[0]) : null;
      },
      providesTags: [PORTAL_TAG],
    }),
    billing_portalAction: build.mutation<PortalActionResult, PortalActionRequest>({
      query: (body) => ({ url: C.portalAction.path, method: C.portalAction.method, body }),
      transformResponse: (raw: unknown) => PortalActionResultSchema.parse(raw),
    }),
  }),
});

/** Reloads the portal's subscription and the user (after an action that changed them). */
export const portalReloaded = () => portalApi.util.invalidateTags([PORTAL_TAG, 'User']);

export const { useBilling_portalSubscriptionQuery, useBilling_portalActionMutation } = portalApi;
