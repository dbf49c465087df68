import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
// Through @fable/shared: the one react-router the host's router runs on (this kit is bundled by each app that uses it).
import { useBlocker } from '@fable/shared';

interface Place {
  pathname: string;
  search: string;
}

/**
 * Blocks leaving while `dirty` (document 1 §2: "With unsaved profile changes, navigating shows an unsaved-changes
 * warning"): in-app navigation to another page through the router's blocker (`blocked` is then true: show
 * <UnsavedChangesDialog>, then `proceed()` or `reset()`), reloads and closing the tab through beforeunload (the
 * browser asks its own question). `allowLeaving()` lets every later navigation through (the account was removed).
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const allowed = useRef(false);
  const shouldBlock = useCallback(
    ({ currentLocation, nextLocation }: { currentLocation: Place; nextLocation: Place }) =>
      dirty && !allowed.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      event.returnValue = ''; // older browsers ask only when returnValue is set
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // A dialog's actions may finish after awaits: they act on the blocker as it is then, not as it was.
  const latest = useRef(blocker);
  useLayoutEffect(() => {
    latest.current = blocker;
  });
  const proceed = useCallback(() => {
    if (latest.current.state === 'blocked') latest.current.proceed();
  }, []);
  const reset = useCallback(() => {
    if (latest.current.state === 'blocked') latest.current.reset();
  }, []);
  const allowLeaving = useCallback(() => {
    allowed.current = true;
  }, []);
  return { blocked: blocker.state === 'blocked', proceed, reset, allowLeaving };
}
