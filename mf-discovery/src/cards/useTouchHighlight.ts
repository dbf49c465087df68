import { CARD_HIGHLIGHT } from '@fable/contracts';
import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether a card's centre is within the highlight band (document 1 §2 "Cards"): no further from the screen's centre
 * than 70% of half the viewport height.
 */
export function isInHighlightBand(
  rect: { top: number; height: number },
  viewportHeight: number,
  ratio: number = CARD_HIGHLIGHT.halfViewportRatio,
): boolean {
  const cardCentre = rect.top + rect.height / 2;
  const screenCentre = viewportHeight / 2;
  return Math.abs(cardCentre - screenCentre) <= ratio * (viewportHeight / 2);
}

/** A touch screen without hover (phones, tablets). */
export function isTouchDevice(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia('(hover: none) and (pointer: coarse)').matches;
}

export interface TouchHighlightOptions {
  /** Defaults to whether this is a touch device (checked once per card). */
  enabled?: boolean;
  delayMs?: number;
}

/**
 * On touch devices a card is highlighted (shown as a pointer would show it on hover) after 1.5 s without scrolling
 * when its centre is in the highlight band; scrolling takes the highlight away and starts the wait again.
 */
export function useTouchHighlight(ref: RefObject<HTMLElement | null>, options: TouchHighlightOptions = {}): boolean {
  const [touch] = useState(isTouchDevice);
  const enabled = options.enabled ?? touch;
  const delayMs = options.delayMs ?? CARD_HIGHLIGHT.delayMs;
  const [highlighted, setHighlighted] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const element = ref.current;
        if (element) setHighlighted(isInHighlightBand(element.getBoundingClientRect(), window.innerHeight));
      }, delayMs);
    };
    const onScroll = () => {
      setHighlighted(false);
      arm();
    };
    arm();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [enabled, delayMs, ref]);

  return enabled && highlighted;
}
