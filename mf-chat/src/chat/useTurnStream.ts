import { useCallback, useRef, useState } from 'react';
import { CHAT_LIMITS, type ChatMessage, type ChatRequest } from '@fable/contracts';
import { renewAccessToken, selectSession, useAppDispatch, useNavigate } from '@fable/shared';
import { ChatStreamError, chatFailureOf, isAbortError } from './chatErrors';
import { chatHeaders, streamChat, type ChatStreamEvent } from './chatStream';
import type { ConversationCore } from './conversationCore';
import { lastBotReply, type StreamKind } from './conversationState';
import { isSavedMessage, localMessage } from './greeting';
import { AUTO_SPEAKER } from './group/groupMembers';

export type TypingIndicator = 'bot' | 'autopilot' | null;

export interface TurnStreamOptions {
  characterId: string;
  isGuest: boolean;
  /** Autopilot writes into the input. */
  setInput: (text: string) => void;
}

/**
 * A turn over the chat stream: its tokens into the view, Stop keeping the part shown, a refused turn's failure, and
 * the URL of a conversation the first reply created (/chat/:id/:conversationId, replaced, document 1 §2).
 */
export function useTurnStream(core: ConversationCore, { characterId, isGuest, setInput }: TurnStreamOptions) {
  const { dispatch, stateRef, conversationIdRef, setConversationId, abortRef, setFailure } = core;
  const navigate = useNavigate();
  const dispatchApp = useAppDispatch();
  const [typing, setTyping] = useState<TypingIndicator>(null);
  const streamTextRef = useRef('');
  const lastRequestRef = useRef<{ kind: StreamKind; request: ChatRequest } | null>(null);

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
    [characterId, isGuest, navigate, dispatchApp, setInput, abortRef, conversationIdRef, stateRef, setConversationId, setFailure, dispatch],
  );

  const stop = useCallback(() => abortRef.current?.abort(), [abortRef]);

  /** Rate-limit breach, members: send the refused turn again. */
  const resubmit = useCallback(() => {
    const last = lastRequestRef.current;
    if (!last) return;
    void run(last.kind, last.request);
  }, [run]);

  return { run, typing, stop, resubmit };
}

export type RunTurn = ReturnType<typeof useTurnStream>['run'];

function lastUserLocalId(messages: readonly ChatMessage[]): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === 'user') return isSavedMessage(m) ? null : m.id;
  }
  return null;
}
