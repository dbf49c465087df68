import { useCallback, useEffect, useState } from 'react';
import type { Conversation } from '@fable/contracts';
import { chatFailureOf } from './chatErrors';
import { useLazyChat_screenMessagesQuery, olderPageCursor } from './chatScreenApi';
import { greetingMessage, isSavedMessage } from './greeting';
import { readGuestChat, writeGuestChat } from './guestHistory';
import { savedConversationOf, type ConversationCore } from './conversationCore';

export interface ConversationHistoryOptions {
  characterId: string;
  routeConversationId: string | undefined;
  greeting: string | null;
  isGuest: boolean;
  ready: boolean;
}

/**
 * The conversation's messages as loaded: the greeting of a new one, a guest's kept chat, a saved conversation's
 * latest page and its older pages on request.
 */
export function useConversationHistory(core: ConversationCore, { characterId, routeConversationId, greeting, isGuest, ready }: ConversationHistoryOptions) {
  const { state, dispatch, stateRef, conversationIdRef, setConversationId, abortRef, setFailure } = core;
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [fetchMessages] = useLazyChat_screenMessagesQuery();
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const savedId = savedConversationOf(routeConversationId);
  const isNew = savedId === null;

  const load = useCallback(async () => {
    if (!ready) return;
    setLoadFailed(false);
    if (isGuest) {
      conversationIdRef.current = null;
      setConversationId(null);
      const kept = readGuestChat(characterId);
      dispatch({ type: 'reset', messages: kept && kept.length > 0 ? kept : greeting ? [greetingMessage(greeting)] : [], hasMore: false });
      return;
    }
    setConversation(null);
    if (savedId === null) {
      conversationIdRef.current = null;
      setConversationId(null);
      dispatch({ type: 'reset', messages: greeting ? [greetingMessage(greeting)] : [], hasMore: false });
      return;
    }
    setLoading(true);
    try {
      const page = await fetchMessages({ conversationId: savedId }).unwrap();
      conversationIdRef.current = savedId;
      setConversationId(savedId);
      setConversation(page.conversation);
      dispatch({ type: 'reset', messages: page.messages, hasMore: page.has_more });
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (status === 403 || status === 404) setFailure(chatFailureOf({ status }));
      else setLoadFailed(true);
    } finally {
      setLoading(false);
    }
  }, [ready, isGuest, savedId, characterId, greeting, fetchMessages, conversationIdRef, setConversationId, dispatch, setFailure]);

  // Load on open and when the route names another conversation (not when it is the one this page just created).
  useEffect(() => {
    if (!ready) return;
    if (!isNew && !isGuest && routeConversationId === conversationIdRef.current && stateRef.current.messages.length > 0) return;
    abortRef.current?.abort();
    setFailure(null);
    void load();
  }, [ready, isNew, isGuest, routeConversationId, load, conversationIdRef, stateRef, abortRef, setFailure]);

  // Guests keep their chat for the tab's session.
  useEffect(() => {
    if (isGuest && ready && state.messages.length > 0) writeGuestChat(characterId, state.messages);
  }, [isGuest, ready, characterId, state.messages]);

  const loadOlder = useCallback(async () => {
    const id = conversationIdRef.current;
    const cursor = olderPageCursor(stateRef.current.messages.filter(isSavedMessage));
    if (!id || !cursor) return;
    setLoadingOlder(true);
    try {
      const page = await fetchMessages({ conversationId: id, lastId: cursor }).unwrap();
      dispatch({ type: 'olderLoaded', messages: page.messages, hasMore: page.has_more });
    } catch {
      setLoadFailed(true);
    } finally {
      setLoadingOlder(false);
    }
  }, [fetchMessages, conversationIdRef, stateRef, dispatch]);

  return { conversation, setConversation, loading, loadFailed, retryLoad: load, loadOlder, loadingOlder };
}
