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

const isDocument = (c: HTMLElement) => c === document.scrollingElement || c === document.documentElement || c === document.body;

/** Whether the end of `el` is in view (or nearly) in its scrolling `container`. */
function endInView(el: HTMLElement, container: HTMLElement): boolean {
  const viewBottom = isDocument(container) ? window.innerHeight : container.getBoundingClientRect().bottom;
  return el.getBoundingClientRect().bottom - viewBottom <= STICK_THRESHOLD_PX;
}

/**
 * Keeps a chat at its newest message: brings the end of `ref` (the chat, its input last) into view when the
 * conversation is first shown, and again when `contentKey` changes (a message or streamed text arrives) if the
 * reader was there just before. Someone reading older messages is left where they are; Load Previous Messages
 * prepends without a jump (the browser's scroll anchoring). What follows the chat on the page (the site's footer)
 * stays out of view.
 */
export function useStickToBottom(ref: RefObject<HTMLElement | null>, ready: boolean, contentKey: string): void {
  const atEnd = useRef(true);
  const shown = useRef(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || !ready) return;
    const container = scrollParentOf(el);
    const target: HTMLElement | Window = isDocument(container) ? window : container;
    const onScroll = () => {
      atEnd.current = endInView(el, container);
    };
    target.addEventListener('scroll', onScroll, { passive: true });
    return () => target.removeEventListener('scroll', onScroll);
  }, [ref, ready]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !ready) return;
    if (shown.current && !atEnd.current) return;
    shown.current = true;
    el.scrollIntoView?.({ block: 'end' });
    atEnd.current = true;
  }, [ref, ready, contentKey]);
}
