import { useMemo, useState } from 'react';
import { selectAuthStatus, selectUser, useAppSelector } from '@fable/shared';
import { useCharacters_profileQuery } from '@fable/shared/characters';
import { useInferenceSettings } from '../settings/inferenceSettings';
import { useChatModals } from './chatModals';
import { lastBotReply } from './conversationState';
import { useGroupChat } from './group/useGroupChat';
import { useConversationImages } from './images/useConversationImages';
import { useVoice } from './voice/useVoice';
import { useChatTranslation } from './translation/useChatTranslation';
import { useAlternatesPager } from './useAlternatesPager';
import { useChatConversation } from './useChatConversation';
import { usePickMode } from './usePickMode';
import { useSignInPrompt } from './useSignInPrompt';
import { useUserTurn } from './useUserTurn';
import { useWaitingQueue } from './queue/useWaitingQueue';

/**
 * The chat screen's state (ChatPage.tsx draws it): the character, its conversation, the input, a group chat's parts,
 * picking messages, the modals, and the user's turns. (The screen's element, which follows the newest message, is
 * ChatScreen's: a ref cannot travel in this model.)
 */
export function useChatScreen(characterId: string, routeConversationId: string | undefined) {
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectUser);
  const member = status === 'authenticated';
  const isGuest = !member;

  const character = useCharacters_profileQuery(characterId, { skip: !characterId });
  const profile = character.data;
  const { settings } = useInferenceSettings();

  const [input, setInput] = useState('');
  const [personaId, setPersonaId] = useState<string | null>(null);
  // A title saved on this page: a conversation started here has no loaded record to keep it in.
  const [savedTitle, setSavedTitle] = useState<{ conversationId: string; label: string } | null>(null);
  const modals = useChatModals();
  const queue = useWaitingQueue(characterId);

  const inferenceSettings = useMemo(
    () => ({ max_new_tokens: settings.max_new_tokens, temperature: settings.temperature, top_p: settings.top_p, top_k: settings.top_k }),
    [settings.max_new_tokens, settings.temperature, settings.top_p, settings.top_k],
  );
  const translation = useChatTranslation({ characterId, profile, member });
  // The chatbot as the member reads it: in their chat language once translated (name, title, greeting).
  const shownProfile = useMemo(() => {
    const fields = translation.fields;
    if (!profile || !fields) return profile;
    return { ...profile, name: fields.name || profile.name, title: fields.title || profile.title, greeting: fields.greeting || profile.greeting };
  }, [profile, translation.fields]);
  const chat = useChatConversation({
    characterId,
    routeConversationId,
    greeting: shownProfile?.greeting ?? null,
    isGuest,
    ready: Boolean(profile) && !profile?.viewer.creator_blocked,
    inferenceModel: settings.model ?? null,
    inferenceSettings,
    personaId,
    setInput,
  });
  const { state, failure, streaming } = chat;
  // While waiting (no bypass, more than one message) regenerate, continue, rate, Start New Chat and Remove Messages hide (document 1 §4).
  const queueWaiting = queue.applies && queue.status === 'waiting' && !queue.bypass;
  const queueLocked = queueWaiting && state.messages.length > 1;
  const pick = usePickMode({ characterId, member, chat, modals });

  const nsfwLocked = isGuest && Boolean(profile?.is_nsfw);
  const askSignIn = useSignInPrompt(nsfwLocked);
  const pagerIndex = useAlternatesPager({ state, dispatch: chat.dispatch, streaming, mode: pick.mode });

  const groupChat = useGroupChat({
    characterId,
    profile,
    member,
    tier: user?.tier ?? null,
    streaming,
    streamSpeakerId: state.stream?.speakerId ?? null,
    lastMessage: state.messages.at(-1),
    failed: failure !== null,
    input,
    speak: chat.speak,
    stop: chat.stop,
    askSignIn,
  });
  const images = useConversationImages({
    characterId,
    profile,
    member,
    conversationId: chat.conversationId,
    dispatch: chat.dispatch,
    openModal: modals.open,
    askSignIn,
  });
  const voice = useVoice({
    member,
    tier: user?.tier ?? null,
    conversationId: chat.conversationId,
    conversationVoiceId: chat.conversation?.voice_id ?? null,
    openModal: modals.open,
    askSignIn,
  });
  const turn = useUserTurn({ chat, groupChat, member, nsfwLocked, askSignIn, personaId, setInput, openModal: modals.open });

  return {
    characterId,
    character,
    user,
    member,
    isGuest,
    nsfwLocked,
    askSignIn,
    input,
    setInput,
    personaId,
    setPersonaId,
    savedTitle,
    setSavedTitle,
    modals,
    chat,
    rateLimited: failure?.kind === 'rateLimited',
    queue,
    queueWaiting,
    queueLocked,
    lastReply: lastBotReply(state.messages),
    pagerIndex,
    pick,
    groupChat,
    turn,
    images,
    voice,
    translation,
    shownProfile,
  };
}

export type ChatScreenModel = ReturnType<typeof useChatScreen>;
