import { selectPermissions, selectSession, useAppSelector } from '@fable/shared';
import { CHAT_LANGUAGES, DEFAULT_CHAT_LANGUAGE, translateAction, type CharacterProfile, type ChatLanguage, type TranslateAction, type TranslatedFields } from '@fable/contracts';
import { useChat_viewerSettingsQuery } from '../../settings/settingsApi';
import { useChat_translateMutation, useChat_translationQuery } from './translationApi';

export interface ChatTranslation {
  /** The member's chat language. */
  language: ChatLanguage;
  /** What Translate does (document 1 §6); 'hidden' shows no button. */
  action: TranslateAction;
  /** The chatbot's fields in the chat language, once translated. */
  fields: TranslatedFields | null;
  status: 'none' | 'translating' | 'done' | 'failed';
  progress: number;
  /** Starts (or restarts a failed) translation. */
  start: () => Promise<void>;
  starting: boolean;
  startError: unknown;
}

const isChatLanguage = (value: string | null | undefined): value is ChatLanguage => (CHAT_LANGUAGES as readonly string[]).includes(value ?? '');

/** The chat screen's translation of its chatbot into the member's chat language: state, progress and the rule. */
export function useChatTranslation(o: { characterId: string; profile: CharacterProfile | undefined; member: boolean }): ChatTranslation {
  const permissions = useAppSelector(selectPermissions);
  const session = useAppSelector(selectSession);
  const viewer = useChat_viewerSettingsQuery(undefined, { skip: !o.member });
  const chosen = viewer.data?.chatLanguage;
  const language: ChatLanguage = o.member && isChatLanguage(chosen) ? chosen : DEFAULT_CHAT_LANGUAGE;
  const applies = o.member && language !== DEFAULT_CHAT_LANGUAGE && Boolean(o.profile) && o.profile?.language !== language;
  const args = { characterId: o.characterId, language };
  const current = useChat_translationQuery(args, { skip: !applies });
  const translation = current.isError ? null : current.data;
  const status = translation?.status ?? 'none';
  // While it runs, its progress is read every second.
  useChat_translationQuery(args, { skip: !applies || status !== 'translating', pollingInterval: 1000 });
  const [translate, started] = useChat_translateMutation();
  const fields = status === 'done' ? (translation?.fields ?? null) : null;
  const action = o.profile
    ? translateAction({
        permissions: o.member ? permissions : null,
        partnerMode: session.partnerMode,
        chatLanguage: language,
        // Translated (and current): nothing to offer; one made from an older version is offered again.
        character: { visibility: o.profile.visibility, language: o.profile.language, translated_languages: fields ? [language] : [] },
      })
    : 'hidden';
  return {
    language,
    action,
    fields,
    status,
    progress: translation?.progress ?? 0,
    start: async () => {
      await translate(args)
        .unwrap()
        .catch(() => undefined);
    },
    starting: started.isLoading,
    startError: started.error,
  };
}
