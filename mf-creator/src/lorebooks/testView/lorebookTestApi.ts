import { callPath, lorebookCalls, type LorebookTestBody, type LorebookTestResult } from '@fable/contracts';
import { api } from '@fable/shared';

const call = lorebookCalls.testLorebook;

/** POST /lorebooks/:id/test (contracts lorebookCalls.testLorebook): the lore engine run on sample messages. Changes nothing. */
export const lorebookTestApi = api.injectEndpoints({
  endpoints: (build) => ({
    lorebook_test: build.mutation<LorebookTestResult, { lorebookId: string; body: LorebookTestBody }>({
      query: ({ lorebookId, body }) => ({ url: callPath(call.path, { lorebookId }), method: call.method, body }),
    }),
  }),
});

export const { useLorebook_testMutation } = lorebookTestApi;
