import {
  callPath,
  type CharacterProfile,
  lorebookCalls,
  type LorebookCreate,
  type LorebookDetail,
  type LorebookEntry,
  type LorebookEntryInput,
  type LorebookExportFormat,
  type LorebookImport,
  type LorebookImportResult,
  type LorebookSummary,
  type LorebookUpdate,
} from '@fable/contracts';
import { api } from '@fable/shared';
import { charactersApi } from '@fable/shared/characters';

const L = lorebookCalls;
const LIST = { type: 'Lorebook', id: 'MINE' } as const;
const one = (lorebookId: string) => ({ type: 'Lorebook' as const, id: lorebookId });

type LorebookRefs = NonNullable<CharacterProfile['lorebooks']>;

/** Changes a chatbot's cached profile's lorebooks while the call runs; puts them back if it fails. */
async function showAtOnce(
  dispatch: (action: unknown) => unknown,
  queryFulfilled: Promise<unknown>,
  characterId: string,
  change: (refs: LorebookRefs) => LorebookRefs,
) {
  const patch = dispatch(
    charactersApi.util.updateQueryData('characters_profile', characterId, (draft) => {
      draft.lorebooks = change(draft.lorebooks ?? []);
    }),
  ) as { undo: () => void };
  try {
    await queryFulfilled;
  } catch {
    patch.undo();
  }
}

/**
 * The lorebook calls (document 2 §7 "Lorebook calls"; contracts lorebookCalls). A change to a lorebook invalidates it
 * and My Lorebooks; attaching one to a chatbot invalidates that chatbot (its profile lists its lorebooks).
 */
export const lorebookApi = api.injectEndpoints({
  endpoints: (build) => ({
    lorebook_mine: build.query<LorebookSummary[], void>({
      query: () => ({ url: L.myLorebooks.path, method: L.myLorebooks.method }),
      transformResponse: (response: { lorebooks: LorebookSummary[] }) => response.lorebooks,
      providesTags: (result) => [LIST, ...(result ?? []).map((l) => one(l.id))],
    }),
    lorebook_get: build.query<LorebookDetail, string>({
      query: (lorebookId) => ({ url: callPath(L.lorebook.path, { lorebookId }), method: L.lorebook.method }),
      providesTags: (_r, _e, lorebookId) => [one(lorebookId)],
    }),
    lorebook_create: build.mutation<LorebookDetail, LorebookCreate>({
      query: (body) => ({ url: L.createLorebook.path, method: L.createLorebook.method, body }),
      invalidatesTags: [LIST],
    }),
    /** An imported book made a lorebook: the form's fields and the book, its entries under the API's rules for imports. */
    lorebook_import: build.mutation<LorebookImportResult, LorebookImport>({
      query: (body) => ({ url: L.importLorebook.path, method: L.importLorebook.method, body }),
      invalidatesTags: [LIST],
    }),
    /** Only the changed fields. */
    lorebook_update: build.mutation<LorebookDetail, { lorebookId: string; changes: Partial<LorebookUpdate> }>({
      query: ({ lorebookId, changes }) => ({ url: callPath(L.updateLorebook.path, { lorebookId }), method: L.updateLorebook.method, body: changes }),
      invalidatesTags: (_r, error, { lorebookId }) => (error ? [] : [one(lorebookId), LIST, 'Character']),
    }),
    lorebook_delete: build.mutation<{ ok: true }, string>({
      query: (lorebookId) => ({ url: callPath(L.deleteLorebook.path, { lorebookId }), method: L.deleteLorebook.method }),
      invalidatesTags: (_r, error, lorebookId) => (error ? [] : [one(lorebookId), LIST, 'Character']),
    }),
    lorebook_createEntry: build.mutation<LorebookEntry, { lorebookId: string; entry: LorebookEntryInput }>({
      query: ({ lorebookId, entry }) => ({ url: callPath(L.createLorebookEntry.path, { lorebookId }), method: L.createLorebookEntry.method, body: entry }),
      invalidatesTags: (_r, error, { lorebookId }) => (error ? [] : [one(lorebookId)]),
    }),
    lorebook_updateEntry: build.mutation<LorebookEntry, { lorebookId: string; entryId: string; entry: Partial<LorebookEntryInput> }>({
      query: ({ lorebookId, entryId, entry }) => ({
        url: callPath(L.updateLorebookEntry.path, { lorebookId, entryId }),
        method: L.updateLorebookEntry.method,
        body: entry,
      }),
      invalidatesTags: (_r, error, { lorebookId }) => (error ? [] : [one(lorebookId)]),
    }),
    lorebook_deleteEntry: build.mutation<{ ok: true }, { lorebookId: string; entryId: string }>({
      query: ({ lorebookId, entryId }) => ({ url: callPath(L.deleteLorebookEntry.path, { lorebookId, entryId }), method: L.deleteLorebookEntry.method }),
      invalidatesTags: (_r, error, { lorebookId }) => (error ? [] : [one(lorebookId)]),
    }),
    /** The chatbot's cached profile lists the lorebook at once (its name given for that), and not if the API refuses. */
    lorebook_attach: build.mutation<{ ok: true }, { characterId: string; lorebookId: string; name: string }>({
      query: ({ characterId, lorebookId }) => ({ url: callPath(L.attachLorebook.path, { characterId, lorebookId }), method: L.attachLorebook.method }),
      onQueryStarted: ({ characterId, lorebookId, name }, { dispatch, queryFulfilled }) =>
        showAtOnce(dispatch, queryFulfilled, characterId, (refs) => (refs.some((r) => r.id === lorebookId) ? refs : [...refs, { id: lorebookId, name }])),
      invalidatesTags: (_r, _e, { characterId }) => [{ type: 'Character', id: characterId }],
    }),
    lorebook_detach: build.mutation<{ ok: true }, { characterId: string; lorebookId: string }>({
      query: (params) => ({ url: callPath(L.detachLorebook.path, params), method: L.detachLorebook.method }),
      onQueryStarted: ({ characterId, lorebookId }, { dispatch, queryFulfilled }) =>
        showAtOnce(dispatch, queryFulfilled, characterId, (refs) => refs.filter((r) => r.id !== lorebookId)),
      invalidatesTags: (_r, _e, { characterId }) => [{ type: 'Character', id: characterId }],
    }),
    /**
     * The lorebook as a file (lorebook_v3, or SillyTavern World Info): an object URL of it (revoke once used) and the
     * file name the API gave it.
     */
    lorebook_export: build.mutation<{ url: string; filename: string }, { lorebookId: string; format: LorebookExportFormat }>({
      query: ({ lorebookId, format }) => ({
        url: callPath(L.exportLorebook.path, { lorebookId }),
        params: { format },
        method: L.exportLorebook.method,
        responseHandler: async (response) => {
          if (!response.ok) return response.json();
          const disposition = response.headers.get('content-disposition') ?? '';
          const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'lorebook.json';
          return { url: URL.createObjectURL(await response.blob()), filename };
        },
      }),
    }),
  }),
});

export const {
  useLorebook_mineQuery,
  useLorebook_getQuery,
  useLorebook_createMutation,
  useLorebook_importMutation,
  useLorebook_updateMutation,
  useLorebook_deleteMutation,
  useLorebook_createEntryMutation,
  useLorebook_updateEntryMutation,
  useLorebook_deleteEntryMutation,
  useLorebook_attachMutation,
  useLorebook_detachMutation,
  useLorebook_exportMutation,
} = lorebookApi;
