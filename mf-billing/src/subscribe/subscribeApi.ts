import { usersCalls, type ProfileSubscription, type SessionUser as ApiUser } from '@fable/contracts';
import { api } from '@fable/shared';

const C = usersCalls;

/**
 * The signed-in member's profile (GET /v2/users, usersCalls.me), for the subscription on it (document 2 §3
 * "role, status, platform"): the session of @fable/shared carries the tier and roles, not the subscription.
 */
export const subscribeApi = api.injectEndpoints({
  endpoints: (build) => ({
    billing_profile: build.query<ApiUser, void>({
      query: () => ({ url: C.me.path, method: C.me.method }),
      providesTags: ['User'],
    }),
  }),
});

export const { useBilling_profileQuery } = subscribeApi;

/** A subscription that still gives access: any but expired (cancelled keeps it to the end of the cycle, §4). */
export function isLive(subscription: ProfileSubscription | null | undefined): subscription is ProfileSubscription {
  return subscription != null && subscription.status !== 'expired';
}

/** Bought in the mobile app (in-app purchase): management on the web is disabled (document 2 §6). */
export function isInApp(subscription: ProfileSubscription | null | undefined): boolean {
  return subscription?.platform === 'revenuecat';
}
