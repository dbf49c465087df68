import { useEffect, useLayoutEffect, useState } from 'react';

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
  // One debouncer for the component's life; it calls whatever callback and delay the last render gave it.
  const [debouncer] = useState(() => new Debouncer<A>(callback, delayMs));
  useLayoutEffect(() => {
    debouncer.follow({ callback, delayMs, flushOnUnmount: options.flushOnUnmount ?? false });
  });
  const debounced = debouncer.fn;

  useEffect(
    () => () => {
      if (debouncer.latest.flushOnUnmount) debounced.flush();
      else debounced.cancel();
    },
    [debouncer, debounced],
  );

  return debounced;
}

/** Holds the pending call and the latest callback and delay. */
class Debouncer<A extends unknown[]> {
  latest: { callback: (...args: A) => void; delayMs: number; flushOnUnmount: boolean };
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pendingArgs: A | undefined;
  readonly fn: DebouncedFunction<A>;

  constructor(callback: (...args: A) => void, delayMs: number) {
    this.latest = { callback, delayMs, flushOnUnmount: false };
    const fn = ((...args: A) => {
      this.pendingArgs = args;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.run(), this.latest.delayMs);
    }) as DebouncedFunction<A>;
    fn.cancel = () => {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.pendingArgs = undefined;
    };
    fn.flush = () => {
      if (this.timer === undefined) return;
      clearTimeout(this.timer);
      this.run();
    };
    fn.isPending = () => this.timer !== undefined;
    this.fn = fn;
  }

  /** Takes the callback, delay and unmount choice of the latest render. */
  follow(latest: Debouncer<A>['latest']) {
    this.latest = latest;
  }

  private run() {
    const args = this.pendingArgs;
    this.timer = undefined;
    this.pendingArgs = undefined;
    if (args) this.latest.callback(...args);
  }
}
