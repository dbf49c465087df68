import { selectAuthStatus, useAppSelector, useLocalStorage } from '@fable/shared';
import { useChat_personasQuery } from './personasApi';

/** The persona picker's "Don't show this again" flag, kept on the device (document 1 §3 "Settings stored locally"). */
export const PERSONA_PICKER_DONT_SHOW_KEY = 'fable.chat.personaPickerDontShow';

export function usePersonaPickerDontShow() {
  return useLocalStorage<boolean>(PERSONA_PICKER_DONT_SHOW_KEY, false);
}

/**
 * Whether the persona picker must show before a new conversation starts (document 1 §2): for members with more than
 * one persona who did not tick "Don't show this again". `loading` is true while the personas load (members only):
 * wait for it before starting the conversation.
 */
export function useShouldPickPersona(): { shouldPick: boolean; loading: boolean } {
  const member = useAppSelector(selectAuthStatus) === 'authenticated';
  const [dontShow] = usePersonaPickerDontShow();
  const personas = useChat_personasQuery(undefined, { skip: !member || dontShow });
  if (!member || dontShow) return { shouldPick: false, loading: false };
  return { shouldPick: (personas.data?.length ?? 0) > 1, loading: personas.isLoading };
}
