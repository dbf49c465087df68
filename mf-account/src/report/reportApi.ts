import { callPath, discoveryCalls, reportCalls, type ReportCharacterBody, type ReportReceipt } from '@fable/contracts';
import { api } from '@fable/shared';

/**
 * The Report Issues page's calls (document 2 §7 "Report character", contracts' reportCalls): the report, and the
 * reported chatbot's name (its profile) to show beside the id.
 */
export const reportApi = api.injectEndpoints({
  endpoints: (build) => ({
    account_reportCharacter: build.mutation<ReportReceipt, ReportCharacterBody>({
      query: (body) => ({ url: reportCalls.reportCharacter.path, method: reportCalls.reportCharacter.method, body }),
    }),
    account_reportedChatbotName: build.query<string, string>({
      query: (characterId) => ({ url: callPath(discoveryCalls.profile.path, { characterId }), method: discoveryCalls.profile.method }),
      transformResponse: (profile: { name: string }) => profile.name,
    }),
  }),
});

export const { useAccount_reportCharacterMutation, useAccount_reportedChatbotNameQuery } = reportApi;
