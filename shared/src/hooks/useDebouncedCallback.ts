import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';

export interface DebouncedFunction<A extends unknown[]> {
  (...args: A): void;
  /** Drops the pending call. */
  cancel(): void;
  /** Runs the pending call now (nothing when none is pending). */
  flush(): void;
  isPending(): boolean;
}

export interface DebouncedCallbackOptions {
  /** Run a pending call when the component unmounts instead of dropping it (saves that must not be lost). */
  flushOnUnmount?: boolean;
}

/**
 * A stable function that calls the latest `callback` with the latest arguments once calls have stopped
 * for `delayMs` (the tag-selection save waits 2000 ms: document 1 §7, §9). A pending call is dropped on
 * unmount unless `flushOnUnmount` is set.
 */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delayMs: number,
  options: DebouncedCallbackOptions = {},
): DebouncedFunction<A> {
  const callbackRef = useRef(callback);
  const delayRef = useRef(delayMs);
  const flushOnUnmountRef = useRef(options.flushOnUnmount ?? false);
  useLayoutEffect(() => {
    callbackRef.current = callback;
    delayRef.current = delayMs;
    flushOnUnmountRef.current = options.flushOnUnmount ?? false;
  });

  const debounced = useMemo(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pendingArgs: A | undefined;
    const run = () => {
      const args = pendingArgs;
      timer = undefined;
      pendingArgs = undefined;
      if (args) callbackRef.current(...args);
    };
    const fn = ((...args: A) => {
      pendingArgs = args;
      clearTimeout(timer);
      timer = setTimeout(run, delayRef.current);
    }) as DebouncedFunction<A>;
    fn.cancel = () => {
      clearTimeout(timer);
      timer = undefined;
      pendingArgs = undefined;
    };
    fn.flush = () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      run();
    };
    fn.isPending = () => timer !== undefined;
    return fn;
  }, []);

  useEffect(
    () => () => {
      if (flushOnUnmountRef.current) debounced.flush();
      else debounced.cancel();
    },
    [debounced],
  );

  return debounced;
}
