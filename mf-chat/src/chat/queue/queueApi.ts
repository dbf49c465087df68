import { api, type CallOf } from '@fable/shared';
import type { queueCalls, WaitingQueue } from '@fable/contracts';

/** The waiting queue's calls (contracts/src/api/queue.ts), typed against the contract (queueApi.test.ts compares them). */
export const QUEUE_CALLS: { status: CallOf<(typeof queueCalls)['status']>; leave: CallOf<(typeof queueCalls)['leave']> } = {
  status: { method: 'GET', path: '/queue' },
  leave: { method: 'POST', path: '/queue/leave' },
};

export interface QueueStatusArgs {
  characterId: string;
  bypass: string | null;
  refresh: boolean;
  /** Each call is a fresh answer (the line moves): never one from the cache. */
  attempt: number;
}

export const queueApi = api.injectEndpoints({
  endpoints: (build) => ({
    chat_queueStatus: build.query<WaitingQueue, QueueStatusArgs>({
      query: ({ characterId, bypass, refresh }) => ({
        url: QUEUE_CALLS.status.path,
        method: QUEUE_CALLS.status.method,
        params: { character_id: characterId, ...(bypass ? { bypass } : {}), ...(refresh ? { refresh: '1' } : {}) },
      }),
      keepUnusedDataFor: 0,
    }),
    chat_queueLeave: build.mutation<{ left: boolean }, void>({
      query: () => ({ url: QUEUE_CALLS.leave.path, method: QUEUE_CALLS.leave.method }),
    }),
  }),
});
