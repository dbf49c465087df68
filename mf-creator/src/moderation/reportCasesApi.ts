import {
  callPath,
  reportCaseCalls,
  type Appeal,
  type AppealBody,
  type AppealDecisionBody,
  type Appeals,
  type CaseDecisionBody,
  type ReportCases,
} from '@fable/contracts';
import { api } from '@fable/shared';

const C = reportCaseCalls;

/** The console's report cases and appeals (admins), and the creator's appeal (contracts' reportCaseCalls). */
export const reportCasesApi = api.injectEndpoints({
  endpoints: (build) => ({
    creator_reportCases: build.query<ReportCases, number>({
      query: (page) => ({ url: C.list.path, params: { page } }),
      providesTags: ['Character'],
    }),
    creator_decideCase: build.mutation<unknown, { characterId: string; body: CaseDecisionBody }>({
      query: ({ characterId, body }) => ({ url: callPath(C.decide.path, { characterId }), method: 'POST', body }),
      invalidatesTags: ['Character'],
    }),
    creator_muteReporter: build.mutation<{ user_id: string; muted: boolean }, { userId: string; muted: boolean }>({
      query: ({ userId, muted }) => ({ url: callPath(C.muteReporter.path, { userId }), method: 'POST', body: { muted } }),
      invalidatesTags: ['Character'],
    }),
    creator_appeals: build.query<Appeals, number>({
      query: (page) => ({ url: C.appeals.path, params: { page } }),
      providesTags: ['Character'],
    }),
    creator_decideAppeal: build.mutation<Appeal, { appealId: string; body: AppealDecisionBody }>({
      query: ({ appealId, body }) => ({ url: callPath(C.decideAppeal.path, { appealId }), method: 'POST', body }),
      invalidatesTags: ['Character'],
    }),
    creator_appeal: build.mutation<Appeal, { characterId: string; body: AppealBody }>({
      query: ({ characterId, body }) => ({ url: callPath(C.appeal.path, { characterId }), method: 'POST', body }),
      invalidatesTags: ['Character'],
    }),
  }),
});

export const {
  useCreator_reportCasesQuery,
  useCreator_decideCaseMutation,
  useCreator_muteReporterMutation,
  useCreator_appealsQuery,
  useCreator_decideAppealMutation,
  useCreator_appealMutation,
} = reportCasesApi;
