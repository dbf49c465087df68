import { bannerCalls, callPath, type AdminBanner, type BannerDraft, type BannerUpdate } from '@fable/contracts';
import { api } from '@fable/shared';

const BANNERS_TAG = 'AdminBanner';

/** The admin banners page's calls (contracts' bannerCalls): list, create, update, end. Each change reloads the list. */
export const adminBannersApi = api.enhanceEndpoints({ addTagTypes: [BANNERS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    account_adminBanners: build.query<{ items: AdminBanner[] }, void>({
      query: () => ({ url: bannerCalls.adminList.path, method: bannerCalls.adminList.method }),
      providesTags: [BANNERS_TAG],
    }),
    account_createBanner: build.mutation<AdminBanner, BannerDraft>({
      query: (body) => ({ url: bannerCalls.adminCreate.path, method: bannerCalls.adminCreate.method, body }),
      invalidatesTags: [BANNERS_TAG],
    }),
    account_updateBanner: build.mutation<AdminBanner, { bannerId: string; body: BannerUpdate }>({
      query: ({ bannerId, body }) => ({ url: callPath(bannerCalls.adminUpdate.path, { bannerId }), method: bannerCalls.adminUpdate.method, body }),
      invalidatesTags: [BANNERS_TAG],
    }),
    account_endBanner: build.mutation<AdminBanner, string>({
      query: (bannerId) => ({ url: callPath(bannerCalls.adminEnd.path, { bannerId }), method: bannerCalls.adminEnd.method }),
      invalidatesTags: [BANNERS_TAG],
    }),
  }),
});

export const { useAccount_adminBannersQuery, useAccount_createBannerMutation, useAccount_updateBannerMutation, useAccount_endBannerMutation } = adminBannersApi;
