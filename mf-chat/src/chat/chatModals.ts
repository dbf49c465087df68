import { useCallback, useMemo, useReducer } from 'react';

/**
 * The chat screen's modals (document 1 §2 "Chat screen", §4, §8), one open at a time: each with its kind and what it
 * opens with. A kind or a prop that does not exist fails the build (no string keys).
 */
export type ChatModal =
  /** "Error" with Close: a failed favourite or partial clone (a failed turn shows there too, from the page's failure). */
  | { kind: 'error'; message: string }
  /** Report a reply. */
  | { kind: 'report'; messageId: string }
  | { kind: 'clone' }
  | { kind: 'title' }
  | { kind: 'block' }
  | { kind: 'unblock' }
  | { kind: 'rate' }
  | { kind: 'models' }
  | { kind: 'settings' }
  | { kind: 'memories' }
  | { kind: 'changePersona' }
  /** The persona for a new conversation, asked before its first message is sent. */
  | { kind: 'persona' }
  /** Conversation images (images/): their settings, a chatbot's image training, the upgrade prompts. */
  | { kind: 'imageSettings' }
  | { kind: 'imageTraining' }
  | { kind: 'imageUpgrade'; tier: 'premium' | 'top' }
  /** Voices (voice/): Voice Selection and the upgrade prompt. */
  | { kind: 'voice' }
  | { kind: 'voiceUpgrade' }
  /** Translation (translation/): Translate with its progress, and the upgrade prompt. */
  | { kind: 'translate' }
  | { kind: 'translateUpgrade' };

export type ChatModalKind = ChatModal['kind'];
export type ChatModalOf<K extends ChatModalKind> = Extract<ChatModal, { kind: K }>;

/** The modals other parts of mf-chat own, loaded when first opened and kept mounted after (lazyModals.tsx). */
export const LAZY_CHAT_MODALS = ['models', 'settings', 'memories', 'changePersona', 'persona', 'imageSettings', 'imageTraining', 'voice'] as const satisfies readonly ChatModalKind[];
export type LazyChatModalKind = (typeof LAZY_CHAT_MODALS)[number];

export interface ChatModalsState {
  modal: ChatModal | null;
  /** The lazy modals opened at least once on this page. */
  opened: readonly LazyChatModalKind[];
}

export type ChatModalsAction = { type: 'open'; modal: ChatModal } | { type: 'close'; kind: ChatModalKind };

export const NO_CHAT_MODAL: ChatModalsState = { modal: null, opened: [] };

const isLazy = (kind: ChatModalKind): kind is LazyChatModalKind => (LAZY_CHAT_MODALS as readonly ChatModalKind[]).includes(kind);

/** Opening one modal replaces the open one; closing a kind closes it only if it is the one open. */
export function chatModalsReducer(state: ChatModalsState, action: ChatModalsAction): ChatModalsState {
  if (action.type === 'close') return state.modal?.kind === action.kind ? { ...state, modal: null } : state;
  const { kind } = action.modal;
  const opened = isLazy(kind) && !state.opened.includes(kind) ? [...state.opened, kind] : state.opened;
  return { modal: action.modal, opened };
}

export interface ChatModals {
  modal: ChatModal | null;
  /** The open modal when it is of this kind (with its props), else null. */
  openOf: <K extends ChatModalKind>(kind: K) => ChatModalOf<K> | null;
  wasOpened: (kind: LazyChatModalKind) => boolean;
  open: (modal: ChatModal) => void;
  close: (kind: ChatModalKind) => void;
}

export function useChatModals(): ChatModals {
  const [state, dispatch] = useReducer(chatModalsReducer, NO_CHAT_MODAL);
  const open = useCallback((modal: ChatModal) => dispatch({ type: 'open', modal }), []);
  const close = useCallback((kind: ChatModalKind) => dispatch({ type: 'close', kind }), []);
  return useMemo(
    () => ({
      modal: state.modal,
      openOf: <K extends ChatModalKind>(kind: K) => (state.modal?.kind === kind ? (state.modal as ChatModalOf<K>) : null),
      wasOpened: (kind: LazyChatModalKind) => state.opened.includes(kind),
      open,
      close,
    }),
    [state, open, close],
  );
}
