import type { billingFlowCalls, SupporterLinkResult } from '@fable/contracts';
import { api, type CallOf } from '@fable/shared';

type Flows = typeof billingFlowCalls;

/**
 * The SubscribeStar linking calls (document 2 §7), copied as method and path and checked against the contracts at
 * compile time (docs/adr/0001; supporterLinkApi.test.ts compares the values): the provider's authorize URL for the
 * Connect button (ours), GET link/subscribestar/oauth with the code the provider sent back, and GET
 * link/subscribestar/{transientId}. The two one-shot calls are mutations: nothing caches a code, and a code is sent once.
 */
export const SUPPORTER_LINK_CALLS: {
  authorize: CallOf<Flows['supporterAuthorize']>;
  link: CallOf<Flows['supporterLink']>;
  transientLink: CallOf<Flows['supporterTransientLink']>;
} = {
  authorize: { method: 'GET', path: '/link/subscribestar/authorize' },
  link: { method: 'GET', path: '/link/subscribestar/oauth' },
  transientLink: { method: 'GET', path: '/link/subscribestar/:transientId' },
};
const C = SUPPORTER_LINK_CALLS;

export const supporterLinkApi = api.injectEndpoints({
  endpoints: (build) => ({
    billing_supporterAuthorize: build.mutation<{ url: string }, { redirect_url: string }>({
      query: (params) => ({ url: C.authorize.path, method: C.authorize.method, params }),
    }),
    billing_supporterLink: build.mutation<SupporterLinkResult, { subscribestar_code: string; redirect_url: string; state?: string }>({
      query: (params) => ({ url: C.link.path, method: C.link.method, params }),
      // A linked pledge changes the member's tier: the profile is read again.
      invalidatesTags: (result) => (result?.status === 'success' ? ['User'] : []),
    }),
    billing_supporterTransientLink: build.query<SupporterLinkResult, string>({
      query: (transientId) => ({ url: C.transientLink.path.replace(':transientId', encodeURIComponent(transientId)), method: C.transientLink.method }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useBilling_supporterAuthorizeMutation, useBilling_supporterLinkMutation, useBilling_supporterTransientLinkQuery } = supporterLinkApi;
