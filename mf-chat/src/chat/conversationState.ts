import type { ChatMessage } from '@fable/contracts';

/**
 * The messages on screen and the turn in progress, as a reducer (pure, tested on its own). Messages are oldest
 * first. The last bot reply may carry alternates (oldest first): the pager shows [...alternates, reply].
 */
export type StreamKind = 'reply' | 'regenerate' | 'continue' | 'autopilot';

export interface ChatViewState {
  messages: ChatMessage[];
  hasMore: boolean;
  /** The pager's position on the last bot reply (null: the newest). */
  altIndex: number | null;
  /** The turn in progress; `speakerId`: a group chat's member who writes it, once the stream's start names it. */
  stream: { kind: StreamKind; text: string; speakerId: string | null } | null;
}

export const initialChatView: ChatViewState = { messages: [], hasMore: false, altIndex: null, stream: null };

export type ChatViewAction =
  | { type: 'reset'; messages: ChatMessage[]; hasMore: boolean }
  | { type: 'olderLoaded'; messages: ChatMessage[]; hasMore: boolean }
  | { type: 'userMessageAdded'; message: ChatMessage }
  | { type: 'userMessageSaved'; localId: string; message: ChatMessage }
  | { type: 'streamStarted'; kind: StreamKind }
  | { type: 'speakerKnown'; characterId: string }
  | { type: 'token'; text: string }
  | { type: 'replyDone'; message: ChatMessage }
  | { type: 'streamEnded' }
  | { type: 'messageEdited'; id: string; content: string }
  | { type: 'messagesRemovedFrom'; id: string }
  | { type: 'paged'; delta: number }
  | { type: 'pagedTo'; index: number }
  | { type: 'rated'; id: string; rating: ChatMessage['rating'] }
  /** A conversation image: added as the bot's next message, or drawn again in place of an image message. */
  | { type: 'imageAdded'; message: ChatMessage }
  | { type: 'imageRedrawn'; message: ChatMessage };

export interface AlternateOption {
  id: string;
  content: string;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value));
}

/** The last message if it is a bot reply. */
export function lastBotReply(messages: readonly ChatMessage[]): ChatMessage | null {
  const last = messages[messages.length - 1];
  return last && last.role === 'assistant' ? last : null;
}

/** The pager's options on the last reply, oldest first, the reply itself last. */
export function alternateOptions(message: ChatMessage): AlternateOption[] {
  return [...(message.alternates ?? []).map(({ id, content }) => ({ id, content })), { id: message.id, content: message.content }];
}

/** The index the pager shows (clamped), or null when there is nothing to page. */
export function shownAlternateIndex(state: ChatViewState): number | null {
  const reply = lastBotReply(state.messages);
  if (!reply || !reply.alternates?.length) return null;
  const count = reply.alternates.length + 1;
  return clamp(state.altIndex ?? count - 1, 0, count - 1);
}

/** The alternate the user paged to, when it is not the newest reply (sent as alt_message_id when continuing). */
export function pagedAlternateId(state: ChatViewState): string | null {
  const reply = lastBotReply(state.messages);
  const index = shownAlternateIndex(state);
  if (!reply || index === null) return null;
  const options = alternateOptions(reply);
  return index === options.length - 1 ? null : (options[index]?.id ?? null);
}

/** The ids that go with removing `fromId` and everything after it (their alternates too). */
export function idsFrom(messages: readonly ChatMessage[], fromId: string): string[] {
  const start = messages.findIndex((m) => m.id === fromId);
  if (start === -1) return [];
  return messages.slice(start).flatMap((m) => [m.id, ...(m.alternates ?? []).map((a) => a.id)]);
}

function replaceLastReply(messages: ChatMessage[], message: ChatMessage, previous: ChatMessage | null, regenerate: boolean): ChatMessage[] {
  if (!previous) return [...messages, message];
  const alternates = message.alternates ?? (regenerate ? [...(previous.alternates ?? []), { id: previous.id, content: previous.content, createdAt: previous.createdAt }] : previous.alternates);
  return [...messages.slice(0, -1), { ...message, alternates }];
}

export function chatViewReducer(state: ChatViewState, action: ChatViewAction): ChatViewState {
  switch (action.type) {
    case 'reset':
      return { ...initialChatView, messages: action.messages, hasMore: action.hasMore };
    case 'olderLoaded': {
      const known = new Set(state.messages.map((m) => m.id));
      return { ...state, messages: [...action.messages.filter((m) => !known.has(m.id)), ...state.messages], hasMore: action.hasMore };
    }
    case 'userMessageAdded':
      return { ...state, messages: [...state.messages, action.message], altIndex: null };
    case 'userMessageSaved':
      return { ...state, messages: state.messages.map((m) => (m.id === action.localId ? action.message : m)) };
    case 'streamStarted':
      return { ...state, stream: { kind: action.kind, text: '', speakerId: null } };
    case 'speakerKnown':
      return state.stream ? { ...state, stream: { ...state.stream, speakerId: action.characterId } } : state;
    case 'token':
      return state.stream ? { ...state, stream: { ...state.stream, text: state.stream.text + action.text } } : state;
    case 'replyDone': {
      const kind = state.stream?.kind ?? 'reply';
      if (kind === 'autopilot') return { ...state, stream: null };
      const previous = kind === 'reply' ? null : lastBotReply(state.messages);
      return { ...state, messages: replaceLastReply(state.messages, action.message, previous, kind === 'regenerate'), stream: null, altIndex: null };
    }
    case 'streamEnded':
      return { ...state, stream: null };
    case 'messageEdited':
      return { ...state, messages: state.messages.map((m) => (m.id === action.id ? { ...m, content: action.content } : m)) };
    case 'messagesRemovedFrom': {
      const start = state.messages.findIndex((m) => m.id === action.id);
      return start === -1 ? state : { ...state, messages: state.messages.slice(0, start), altIndex: null };
    }
    case 'paged':
    case 'pagedTo': {
      const reply = lastBotReply(state.messages);
      if (!reply || !reply.alternates?.length) return state;
      const max = reply.alternates.length;
      const current = clamp(state.altIndex ?? max, 0, max);
      const next = action.type === 'paged' ? current + action.delta : action.index;
      return { ...state, altIndex: clamp(next, 0, max) };
    }
    case 'rated':
      return { ...state, messages: state.messages.map((m) => (m.id === action.id ? { ...m, rating: action.rating } : m)) };
    case 'imageAdded':
      return state.messages.some((m) => m.id === action.message.id) ? state : { ...state, messages: [...state.messages, action.message], altIndex: null };
    case 'imageRedrawn':
      return { ...state, messages: state.messages.map((m) => (m.id === action.message.id ? { ...m, ...action.message } : m)) };
    default:
      return state;
  }
}
