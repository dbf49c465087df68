import { api, type CallOf } from '@fable/shared';
import type { ChatLanguage, Translation, translationCalls } from '@fable/contracts';

/** The translation calls (contracts/src/api/translations.ts), checked at compile time only (docs/adr/0001). */
type Calls = typeof translationCalls;
export const TRANSLATION_CALLS: { translate: CallOf<Calls['translate']>; translation: CallOf<Calls['translation']> } = {
  translate: { method: 'POST', path: '/characters/:characterId/translations' },
  translation: { method: 'GET', path: '/characters/:characterId/translations/:language' },
};

interface TranslationArgs {
  characterId: string;
  language: ChatLanguage;
}

const pathOf = ({ characterId, language }: TranslationArgs) =>
  TRANSLATION_CALLS.translation.path.replace(':characterId', encodeURIComponent(characterId)).replace(':language', language);

export const translationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The translation into a language; none yet answers 404 translation_not_found. */
    chat_translation: build.query<Translation, TranslationArgs>({ query: pathOf }),
    chat_translate: build.mutation<Translation, TranslationArgs>({
      query: ({ characterId, language }) => ({
        url: TRANSLATION_CALLS.translate.path.replace(':characterId', encodeURIComponent(characterId)),
        method: TRANSLATION_CALLS.translate.method,
        body: { language },
      }),
      // What it answers is the translation's state: the query shows it (and polls while it runs).
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(translationApi.util.upsertQueryData('chat_translation', args, data));
        } catch {
          // the modal shows the error
        }
      },
    }),
  }),
});

export const { useChat_translationQuery, useChat_translateMutation } = translationApi;
