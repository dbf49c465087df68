import {
  adminUserCalls,
  callPath,
  type AdminUserDetail,
  type AdminUsers,
  type LiftRestrictionBody,
  type RestrictBody,
} from '@fable/contracts';
import { api } from '@fable/shared';

/** The admin users pages' calls (contracts' adminUserCalls): find, read, restrict, lift. */
export const adminUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    account_adminUsers: build.query<AdminUsers, { q: string; page: number }>({
      query: ({ q, page }) => ({ url: adminUserCalls.list.path, params: { q, page } }),
      providesTags: ['User'],
    }),
    account_adminUser: build.query<AdminUserDetail, string>({
      query: (userId) => callPath(adminUserCalls.get.path, { userId }),
      providesTags: ['User'],
    }),
    account_restrictUser: build.mutation<AdminUserDetail, { userId: string; body: RestrictBody }>({
      query: ({ userId, body }) => ({ url: callPath(adminUserCalls.restrict.path, { userId }), method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    account_liftRestriction: build.mutation<AdminUserDetail, { userId: string; restrictionId: string; body: LiftRestrictionBody }>({
      query: ({ userId, restrictionId, body }) => ({ url: callPath(adminUserCalls.lift.path, { userId, restrictionId }), method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useAccount_adminUsersQuery, useAccount_adminUserQuery, useAccount_restrictUserMutation, useAccount_liftRestrictionMutation } = adminUsersApi;
