import { useLayoutEffect, useReducer, useRef, useState, type Dispatch, type RefObject } from 'react';
import { chatViewReducer, initialChatView, type ChatViewAction, type ChatViewState } from './conversationState';
import type { ChatFailure } from './chatErrors';
import { NEW_CONVERSATION } from './greeting';

/** What the parts of one conversation (its history, its turns) share: the view, the conversation's id, the turn running, the failure. */
export interface ConversationCore {
  state: ChatViewState;
  dispatch: Dispatch<ChatViewAction>;
  /** The view as last rendered, for callbacks that run later (stream events, key presses). */
  stateRef: RefObject<ChatViewState>;
  /** The conversation on the server (null until the first reply of a new one; always null for guests). */
  conversationIdRef: RefObject<string | null>;
  conversationId: string | null;
  setConversationId: (id: string | null) => void;
  /** The turn running (null when none). */
  abortRef: RefObject<AbortController | null>;
  failure: ChatFailure | null;
  setFailure: (failure: ChatFailure | null) => void;
}

/** The saved conversation a route names: none for undefined or "new". */
export function savedConversationOf(routeConversationId: string | undefined): string | null {
  return !routeConversationId || routeConversationId === NEW_CONVERSATION ? null : routeConversationId;
}

export function useConversationCore(routeConversationId: string | undefined): ConversationCore {
  const [state, dispatch] = useReducer(chatViewReducer, initialChatView);
  const [failure, setFailure] = useState<ChatFailure | null>(null);
  const routeSavedId = savedConversationOf(routeConversationId);
  const conversationIdRef = useRef<string | null>(routeSavedId);
  const [conversationId, setConversationId] = useState<string | null>(routeSavedId);
  const abortRef = useRef<AbortController | null>(null);
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  return { state, dispatch, stateRef, conversationIdRef, conversationId, setConversationId, abortRef, failure, setFailure };
}
