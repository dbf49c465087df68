import { api, type CallOf } from '@fable/shared';
import type { AdEvent, adCalls, ChatAd, eventCalls } from '@fable/contracts';

/**
 * The ads calls (contracts/src/api/ads.ts; views and clicks go to POST event, contracts/src/api/analytics.ts), typed
 * against the contract (chatAdsApi.test.ts compares the values).
 */
export const AD_CALLS: { forChat: CallOf<(typeof adCalls)['forChat']>; event: CallOf<(typeof eventCalls)['event']> } = {
  forChat: { method: 'GET', path: '/ads/chat' },
  event: { method: 'POST', path: '/event' },
};

export interface ChatAdArgs {
  conversationId: string;
  /** Which ad of the conversation (adSlotOf its length): a new one every ADS_EVERY_MESSAGES messages. */
  slot: number;
  /** The minimum the slot was counted with (keys the cache only: the API knows its own). */
  minimum: number;
}

/** The chat's ads endpoints: injected by the ads chunk only, which members without display_ads never load. */
export const chatAdsApi = api.injectEndpoints({
  endpoints: (build) => ({
    chat_ad: build.query<{ ad: ChatAd | null; min_messages: number }, ChatAdArgs>({
      query: ({ conversationId, slot }) => ({
        url: AD_CALLS.forChat.path,
        method: AD_CALLS.forChat.method,
        params: { conversation_id: conversationId, slot },
      }),
    }),
    chat_adEvent: build.mutation<{ counted: boolean }, AdEvent>({
      query: (body) => ({ url: AD_CALLS.event.path, method: AD_CALLS.event.method, body }),
    }),
  }),
});

export const { useChat_adQuery, useChat_adEventMutation } = chatAdsApi;
