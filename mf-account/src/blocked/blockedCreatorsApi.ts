import { api } from '@fable/shared';
import { callPath, discoveryCalls, type BlockedCreator } from '@fable/contracts';

/**
 * The Blocked Creators page's calls (document 1 §7 "GET users/blocked-creators", unblock): on the paths of
 * contracts/src/api/discovery.ts. Unblocking refreshes the user (settings.blockedUsers) and every listing.
 */
export const blockedCreatorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    account_blockedCreators: build.query<BlockedCreator[], void>({
      query: () => ({ url: discoveryCalls.blockedCreators.path, method: discoveryCalls.blockedCreators.method }),
      transformResponse: (answer: { blocked: BlockedCreator[] }) => answer.blocked,
      providesTags: ['User'],
    }),
    account_unblockCreator: build.mutation<BlockedCreator[], string>({
      query: (creatorUserId) => ({
        url: callPath(discoveryCalls.unblockCreator.path, { creatorUserId }),
        method: discoveryCalls.unblockCreator.method,
      }),
      transformResponse: (answer: { blocked: BlockedCreator[] }) => answer.blocked,
      invalidatesTags: ['User', 'Character'],
    }),
  }),
});

export const { useAccount_blockedCreatorsQuery, useAccount_unblockCreatorMutation } = blockedCreatorsApi;
