import { useEffect, useRef, type RefObject } from 'react';
import { BANNER_VIEWED_VISIBILITY } from '@fable/contracts';

/**
 * Calls `onSeen` once, the first time half of the element is on screen (document 1 §2: "Banners count as viewed at 50%
 * visibility"; the chat's ads count the same way). `key` names what is shown: a new one is watched afresh. Without
 * IntersectionObserver nothing is counted: a view nobody can vouch for is not a view.
 */
export function useSeenOnce(ref: RefObject<Element | null>, onSeen: () => void, key: string): void {
  const latest = useRef(onSeen);
  useEffect(() => {
    latest.current = onSeen;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting && e.intersectionRatio >= BANNER_VIEWED_VISIBILITY)) return;
        observer.disconnect();
        latest.current();
      },
      { threshold: BANNER_VIEWED_VISIBILITY },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, key]);
}
