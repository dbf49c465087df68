import { useEffect, type Dispatch } from 'react';
import { shownAlternateIndex, type ChatViewAction, type ChatViewState } from './conversationState';
import type { PickMode } from './MessageList';

export interface AlternatesPagerOptions {
  state: ChatViewState;
  dispatch: Dispatch<ChatViewAction>;
  streaming: boolean;
  mode: PickMode;
}

/** The last reply's alternates: the one shown (null: no pager), paged with ArrowLeft / ArrowRight (not while typing in a field). */
export function useAlternatesPager({ state, dispatch, streaming, mode }: AlternatesPagerOptions): number | null {
  const pagerIndex = shownAlternateIndex(state);

  // Alternates pager: ArrowLeft / ArrowRight (not while typing in a field).
  useEffect(() => {
    if (pagerIndex === null || streaming || mode) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.closest('input, textarea, select, [contenteditable="true"], [role="menu"]') || event.altKey || event.ctrlKey || event.metaKey)) return;
      if (event.key === 'ArrowLeft') dispatch({ type: 'paged', delta: -1 });
      else if (event.key === 'ArrowRight') dispatch({ type: 'paged', delta: 1 });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [pagerIndex, streaming, mode, dispatch]);

  return pagerIndex;
}
