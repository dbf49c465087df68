import { useCallback } from 'react';
import type { ChatMessage, ChatRequest } from '@fable/contracts';
import type { ConversationCore } from './conversationCore';
import { lastBotReply, pagedAlternateId } from './conversationState';
import { GREETING_ID, isSavedMessage, localMessage } from './greeting';
import { historyOf } from './guestHistory';
import type { RunTurn } from './useTurnStream';

export interface ConversationTurnsOptions {
  characterId: string;
  isGuest: boolean;
  inferenceModel?: string | null;
  inferenceSettings?: ChatRequest['inference_settings'];
  personaId?: string | null;
  /** Autopilot writes into the input. */
  setInput: (text: string) => void;
}

/** The turns a user starts (send, a group member speaking, regenerate, continue, autopilot): each one's request to the chat stream. */
export function useConversationTurns(core: ConversationCore, run: RunTurn, { characterId, isGuest, inferenceModel, inferenceSettings, personaId, setInput }: ConversationTurnsOptions) {
  const { dispatch, stateRef, conversationIdRef, abortRef } = core;

  const baseRequest = useCallback((): ChatRequest => {
    const id = conversationIdRef.current;
    return {
      character_id: characterId,
      ...(id ? { conversation_id: id } : {}),
      ...(inferenceModel ? { inference_model: inferenceModel } : {}),
      ...(inferenceSettings ? { inference_settings: inferenceSettings } : {}),
      ...(!id && personaId ? { user_persona_id: personaId } : {}),
    };
  }, [characterId, inferenceModel, inferenceSettings, personaId, conversationIdRef]);

  const guestHistory = useCallback((messages: readonly ChatMessage[]) => (isGuest ? { history: historyOf(messages) } : {}), [isGuest]);

  /** The user's message; in a group chat `subCharacterId` names the member who answers (AUTO or none: the server picks). */
  const send = useCallback(
    (text: string, subCharacterId?: string) => {
      const content = text.trim();
      if (!content || abortRef.current) return;
      const current = stateRef.current;
      // prev_id only when the last message on screen is the server's (after a Stop the kept part has no id yet:
      // the server then continues from the conversation's latest message, the saved partial).
      const last = current.messages[current.messages.length - 1];
      const prevId = last && isSavedMessage(last) ? last.id : null;
      const altId = pagedAlternateId(current);
      const request: ChatRequest = {
        ...baseRequest(),
        message: content,
        ...(!isGuest && prevId ? { prev_id: prevId } : {}),
        ...(altId ? { alt_message_id: altId } : {}),
        ...(subCharacterId ? { sub_character_id: subCharacterId } : {}),
        ...guestHistory(current.messages),
      };
      dispatch({ type: 'userMessageAdded', message: localMessage('user', content, prevId) });
      void run('reply', request);
    },
    [baseRequest, isGuest, guestHistory, run, abortRef, stateRef, dispatch],
  );

  /** A group chat's member speaks without a message of the user's (the strip; Next sends AUTO: the server picks). */
  const speak = useCallback(
    (subCharacterId: string) => {
      if (abortRef.current) return;
      const current = stateRef.current;
      const altId = pagedAlternateId(current);
      void run('reply', { ...baseRequest(), sub_character_id: subCharacterId, ...(altId ? { alt_message_id: altId } : {}), ...guestHistory(current.messages) });
    },
    [baseRequest, guestHistory, run, abortRef, stateRef],
  );

  const regenerate = useCallback(() => {
    const current = stateRef.current;
    const last = current.messages[current.messages.length - 1];
    // A user message left without a reply (the engine failed): answer it.
    if (last?.role === 'user') {
      void run('regenerate', { ...baseRequest(), regenerate: true, ...guestHistory(current.messages) });
      return;
    }
    const reply = lastBotReply(current.messages);
    if (!reply || reply.id === GREETING_ID) return;
    void run('regenerate', { ...baseRequest(), regenerate: true, ...guestHistory(current.messages.slice(0, -1)) });
  }, [baseRequest, run, guestHistory, stateRef]);

  const continueReply = useCallback(() => {
    const current = stateRef.current;
    const altId = pagedAlternateId(current);
    void run('continue', { ...baseRequest(), continue_chat: true, ...(altId ? { alt_message_id: altId } : {}), ...guestHistory(current.messages) });
  }, [baseRequest, run, guestHistory, stateRef]);

  const autopilot = useCallback(() => {
    const current = stateRef.current;
    setInput('');
    void run('autopilot', { ...baseRequest(), autopilot: true, ...guestHistory(current.messages) });
  }, [baseRequest, run, setInput, guestHistory, stateRef]);

  return { send, speak, regenerate, continueReply, autopilot };
}
