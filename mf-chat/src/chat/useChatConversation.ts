import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { CHAT_LIMITS, type ChatMessage, type ChatRequest, type Conversation } from '@fable/contracts';
import { renewAccessToken, selectSession, useAppDispatch, useNavigate } from '@fable/shared';
import { ChatStreamError, chatFailureOf, isAbortError, type ChatFailure } from './chatErrors';
import { useLazyChat_screenMessagesQuery, olderPageCursor } from './chatScreenApi';
import { chatHeaders, streamChat, type ChatStreamEvent } from './chatStream';
import { chatViewReducer, initialChatView, lastBotReply, pagedAlternateId, type StreamKind } from './conversationState';
import { GREETING_ID, NEW_CONVERSATION, greetingMessage, isSavedMessage, localMessage } from './greeting';
import { AUTO_SPEAKER } from './group/groupMembers';
import { historyOf, readGuestChat, writeGuestChat } from './guestHistory';

export type TypingIndicator = 'bot' | 'autopilot' | null;

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
 * One conversation of the chat screen: loading its pages, and its turns over the chat stream (send, regenerate,
 * continue, autopilot, stop). After the first reply of a new conversation the URL becomes /chat/:id/:conversationId
 * (replaced, document 1 §2).
 */
export function useChatConversation({ characterId, routeConversationId, greeting, isGuest, ready, inferenceModel, inferenceSettings, personaId, setInput }: ChatConversationOptions) {
  const navigate = useNavigate();
  const dispatchApp = useAppDispatch();
  const [state, dispatch] = useReducer(chatViewReducer, initialChatView);
  const [typing, setTyping] = useState<TypingIndicator>(null);
  const [failure, setFailure] = useState<ChatFailure | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [fetchMessages] = useLazyChat_screenMessagesQuery();
  const [conversation, setConversation] = useState<Conversation | null>(null);

  const isNew = !routeConversationId || routeConversationId === NEW_CONVERSATION;
  /** The conversation on the server (null until the first reply of a new one; always null for guests). */
  const conversationIdRef = useRef<string | null>(isNew ? null : routeConversationId);
  const [conversationId, setConversationId] = useState<string | null>(isNew ? null : routeConversationId);
  const abortRef = useRef<AbortController | null>(null);
  const streamTextRef = useRef('');
  const lastRequestRef = useRef<{ kind: StreamKind; request: ChatRequest } | null>(null);
  // The view as last rendered, for callbacks that run later (stream events, key presses).
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });

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
    if (isNew) {
      conversationIdRef.current = null;
      setConversationId(null);
      dispatch({ type: 'reset', messages: greeting ? [greetingMessage(greeting)] : [], hasMore: false });
      return;
    }
    setLoading(true);
    try {
      const page = await fetchMessages({ conversationId: routeConversationId }).unwrap();
      conversationIdRef.current = routeConversationId;
      setConversationId(routeConversationId);
      setConversation(page.conversation);
      dispatch({ type: 'reset', messages: page.messages, hasMore: page.has_more });
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (status === 403 || status === 404) setFailure(chatFailureOf({ status }));
      else setLoadFailed(true);
    } finally {
      setLoading(false);
    }
  }, [ready, isGuest, isNew, characterId, routeConversationId, greeting, fetchMessages]);

  // Load on open and when the route names another conversation (not when it is the one this page just created).
  useEffect(() => {
    if (!ready) return;
    if (!isNew && !isGuest && routeConversationId === conversationIdRef.current && stateRef.current.messages.length > 0) return;
    abortRef.current?.abort();
    setFailure(null);
    void load();
  }, [ready, isNew, isGuest, routeConversationId, load]);

  // Guests keep their chat for the tab's session.
  useEffect(() => {
    if (isGuest && ready && state.messages.length > 0) writeGuestChat(characterId, state.messages);
  }, [isGuest, ready, characterId, state.messages]);

  // Leaving the page stops the turn in progress.
  useEffect(() => () => abortRef.current?.abort(), []);

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
  }, [fetchMessages]);

  const run = useCallback(
    async (kind: StreamKind, request: ChatRequest) => {
      if (abortRef.current) return;
      const controller = new AbortController();
      abortRef.current = controller;
      lastRequestRef.current = { kind, request };
      streamTextRef.current = '';
      setFailure(null);
      dispatch({ type: 'streamStarted', kind });
      const typingTimer = setTimeout(() => setTyping(kind === 'autopilot' ? 'autopilot' : 'bot'), CHAT_LIMITS.typingIndicatorDelayMs);
      const startedNew = conversationIdRef.current === null && !isGuest;
      let created: string | null = null;
      let finished = false;
      let answered = false;
      /** A group chat's member who writes the reply, as the stream's start names it. */
      let speaker: string | null = null;
      const onEvent = (event: ChatStreamEvent) => {
        answered = true;
        if (event.type === 'start') {
          if (event.conversation_id && startedNew) created = event.conversation_id;
          if (event.character_id) {
            speaker = event.character_id;
            dispatch({ type: 'speakerKnown', characterId: event.character_id });
          }
          const localUser = request.message !== undefined ? lastUserLocalId(stateRef.current.messages) : null;
          if (event.user_message && localUser) dispatch({ type: 'userMessageSaved', localId: localUser, message: event.user_message });
        } else if (event.type === 'token') {
          streamTextRef.current += event.text;
          dispatch({ type: 'token', text: event.text });
          if (kind === 'autopilot') setInput(streamTextRef.current);
        } else if (event.type === 'done') {
          finished = true;
          if (event.conversation_id && startedNew) created = event.conversation_id;
          if (kind === 'autopilot') setInput(event.message.content);
          dispatch({ type: 'replyDone', message: event.message });
        }
      };
      // The session as it is now (a refresh may have replaced the access token since this page last rendered).
      const currentSession = () => dispatchApp((_dispatch, getState) => selectSession(getState()));
      const stream = () => streamChat(request, { headers: chatHeaders(currentSession()), signal: controller.signal, onEvent });
      try {
        try {
          await stream();
        } catch (error) {
          // The access token expired before the turn started: refresh it (the one refresh every call shares) and send once more.
          const expired = error instanceof ChatStreamError && error.status === 401 && !answered && !controller.signal.aborted;
          if (!expired || !(await dispatchApp(renewAccessToken()))) throw error;
          if (controller.signal.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
          await stream();
        }
        if (!finished) dispatch({ type: 'streamEnded' });
      } catch (error) {
        if (isAbortError(error) || controller.signal.aborted) {
          // Stopped: the server saves what was written; the page keeps the part it showed.
          const partial = streamTextRef.current;
          if (!finished && kind !== 'autopilot' && partial) keepPartial(kind, partial);
          else if (!finished) dispatch({ type: 'streamEnded' });
        } else {
          dispatch({ type: 'streamEnded' });
          const { status, code, message } = error as { status?: number | null; code?: string | null; message?: string };
          const failed = chatFailureOf({ status: status ?? null, code: code ?? null, message: message ?? null });
          // Refused before anything was saved (another turn is writing in this conversation): the message goes
          // back into the input, nothing typed is lost.
          const localUser = failed.kind === 'conversationBusy' && !answered && request.message !== undefined ? lastUserLocalId(stateRef.current.messages) : null;
          if (localUser) {
            dispatch({ type: 'messagesRemovedFrom', id: localUser });
            setInput(request.message!);
          }
          setFailure(failed);
        }
      } finally {
        clearTimeout(typingTimer);
        setTyping(null);
        if (abortRef.current === controller) abortRef.current = null;
        if (created) {
          conversationIdRef.current = created;
          setConversationId(created);
          navigate(`/chat/${encodeURIComponent(characterId)}/${encodeURIComponent(created)}`, { replace: true });
        }
      }

      function keepPartial(k: StreamKind, partial: string) {
        const previous = lastBotReply(stateRef.current.messages);
        if (k === 'continue' && previous) {
          dispatch({ type: 'replyDone', message: { ...previous, content: previous.content + partial } });
        } else {
          // A group chat's member: the one the stream's start named; from an older server, the one asked for, or the
          // one whose reply is regenerated.
          const asked = request.sub_character_id && request.sub_character_id !== AUTO_SPEAKER ? request.sub_character_id : null;
          const writer = speaker ?? asked ?? (k === 'regenerate' ? (previous?.character_id ?? null) : null);
          dispatch({ type: 'replyDone', message: { ...localMessage('assistant', partial, previous?.id ?? null), ...(writer ? { character_id: writer } : {}) } });
        }
      }
    },
    [characterId, isGuest, navigate, dispatchApp, setInput],
  );

  const baseRequest = useCallback((): ChatRequest => {
    const id = conversationIdRef.current;
    return {
      character_id: characterId,
      ...(id ? { conversation_id: id } : {}),
      ...(inferenceModel ? { inference_model: inferenceModel } : {}),
      ...(inferenceSettings ? { inference_settings: inferenceSettings } : {}),
      ...(!id && personaId ? { user_persona_id: personaId } : {}),
    };
  }, [characterId, inferenceModel, inferenceSettings, personaId]);

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
    [baseRequest, isGuest, guestHistory, run],
  );

  /** A group chat's member speaks without a message of the user's (the strip; Next sends AUTO: the server picks). */
  const speak = useCallback(
    (subCharacterId: string) => {
      if (abortRef.current) return;
      const current = stateRef.current;
      const altId = pagedAlternateId(current);
      void run('reply', { ...baseRequest(), sub_character_id: subCharacterId, ...(altId ? { alt_message_id: altId } : {}), ...guestHistory(current.messages) });
    },
    [baseRequest, guestHistory, run],
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
  }, [baseRequest, run, guestHistory]);

  const continueReply = useCallback(() => {
    const current = stateRef.current;
    const altId = pagedAlternateId(current);
    void run('continue', { ...baseRequest(), continue_chat: true, ...(altId ? { alt_message_id: altId } : {}), ...guestHistory(current.messages) });
  }, [baseRequest, run, guestHistory]);

  const autopilot = useCallback(() => {
    const current = stateRef.current;
    setInput('');
    void run('autopilot', { ...baseRequest(), autopilot: true, ...guestHistory(current.messages) });
  }, [baseRequest, run, setInput, guestHistory]);

  const stop = useCallback(() => abortRef.current?.abort(), []);

  /** Rate-limit breach, members: send the refused turn again. */
  const resubmit = useCallback(() => {
    const last = lastRequestRef.current;
    if (!last) return;
    void run(last.kind, last.request);
  }, [run]);

  return {
    state,
    dispatch,
    conversationId,
    conversation,
    setConversation,
    typing,
    failure,
    setFailure,
    loading,
    loadFailed,
    retryLoad: load,
    loadOlder,
    loadingOlder,
    streaming: state.stream !== null,
    send,
    speak,
    regenerate,
    continueReply,
    autopilot,
    stop,
    resubmit,
  };
}

function lastUserLocalId(messages: readonly ChatMessage[]): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === 'user') return isSavedMessage(m) ? null : m.id;
  }
  return null;
}
