import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** How close to the bottom (px) still counts as "reading the newest message". */
export const STICK_THRESHOLD_PX = 160;

/** The element that scrolls `el`: the nearest ancestor that scrolls, else the document. */
export function scrollParentOf(el: HTMLElement): HTMLElement {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const { overflowY } = getComputedStyle(p);
    if ((overflowY === 'auto' || overflowY === 'scroll') && p.scrollHeight > p.clientHeight) return p;
  }
  return (document.scrollingElement as HTMLElement | null) ?? document.documentElement;
}

const nearBottom = (c: HTMLElement) => c.scrollHeight - c.scrollTop - c.clientHeight <= STICK_THRESHOLD_PX;

/**
 * Keeps a chat at its newest message: scrolls to the bottom when the conversation is first shown, and again when
 * `contentKey` changes (a message or streamed text arrives) if the reader was at the bottom just before. Someone
 * reading older messages is left where they are; Load Previous Messages prepends without a jump (the browser's
 * scroll anchoring).
 */
export function useStickToBottom(ref: RefObject<HTMLElement | null>, ready: boolean, contentKey: string): void {
  const atBottom = useRef(true);
  const shown = useRef(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || !ready) return;
    const container = scrollParentOf(el);
    const target: HTMLElement | Window = container === document.scrollingElement ? window : container;
    const onScroll = () => {
      atBottom.current = nearBottom(container);
    };
    target.addEventListener('scroll', onScroll, { passive: true });
    return () => target.removeEventListener('scroll', onScroll);
  }, [ref, ready]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !ready) return;
    if (shown.current && !atBottom.current) return;
    shown.current = true;
    const container = scrollParentOf(el);
    container.scrollTop = container.scrollHeight;
    atBottom.current = true;
  }, [ref, ready, contentKey]);
}
