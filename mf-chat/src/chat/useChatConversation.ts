import { useEffect } from 'react';
import type { ChatRequest } from '@fable/contracts';
import { useConversationCore } from './conversationCore';
import { useConversationHistory } from './useConversationHistory';
import { useConversationTurns } from './useConversationTurns';
import { useTurnStream } from './useTurnStream';

export type { TypingIndicator } from './useTurnStream';

export interface ChatConversationOptions {
  characterId: string;
  /** The route's conversation id: undefined or "new" for a fresh conversation. */
  routeConversationId: string | undefined;
  greeting: string | null;
  isGuest: boolean;
  /** Wait until the character is known (its greeting, whether chatting is allowed). */
  ready: boolean;
  inferenceModel?: string | null;
  inferenceSettings?: ChatRequest['inference_settings'];
  personaId?: string | null;
  /** Autopilot writes into the input. */
  setInput: (text: string) => void;
}

/**
 * One conversation of the chat screen: loading its pages (useConversationHistory), and its turns over the chat stream
 * (useConversationTurns: send, regenerate, continue, autopilot; useTurnStream: the stream itself, stop, resubmit). After
 * the first reply of a new conversation the URL becomes /chat/:id/:conversationId (replaced, document 1 §2).
 */
export function useChatConversation(options: ChatConversationOptions) {
  const { characterId, routeConversationId, greeting, isGuest, ready, setInput } = options;
  const core = useConversationCore(routeConversationId);
  const history = useConversationHistory(core, { characterId, routeConversationId, greeting, isGuest, ready });
  const { abortRef } = core;
  // Leaving the page stops the turn in progress.
  useEffect(() => () => abortRef.current?.abort(), [abortRef]);
  const { run, typing, stop, resubmit } = useTurnStream(core, { characterId, isGuest, setInput });
  const turns = useConversationTurns(core, run, options);

  return {
    state: core.state,
    dispatch: core.dispatch,
    conversationId: core.conversationId,
    conversation: history.conversation,
    setConversation: history.setConversation,
    typing,
    failure: core.failure,
    setFailure: core.setFailure,
    loading: history.loading,
    loadFailed: history.loadFailed,
    retryLoad: history.retryLoad,
    loadOlder: history.loadOlder,
    loadingOlder: history.loadingOlder,
    streaming: core.state.stream !== null,
    ...turns,
    stop,
    resubmit,
  };
}
