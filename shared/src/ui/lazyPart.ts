import { useSyncExternalStore } from 'react';

/** A part of the kit whose code loads when a page first needs it (the Dropdown's menu, the Modal's dialog). */
export interface LazyPart<M> {
  /** Loads it once for the page; a failed load is tried again by the next call. */
  load(): Promise<M>;
  /** The module once loaded, else null; a component that asks re-renders when it arrives. */
  useLoaded(): M | null;
  /** Tests: back to a page where it has not loaded. */
  forget(): void;
}

/**
 * A part loaded on demand (`import()` of its module), shared by every component of the page that shows it: the first
 * that needs it starts the load, and each waits for the same module.
 */
export function lazyPart<M>(importModule: () => Promise<M>): LazyPart<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const waiting = new Set<() => void>();
  const subscribe = (notify: () => void) => {
    waiting.add(notify);
    return () => {
      waiting.delete(notify);
    };
  };
  const current = () => loaded;
  return {
    load() {
      loading ??= importModule().then(
        (module) => {
          loaded = module;
          waiting.forEach((notify) => notify());
          return module;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    useLoaded: () => useSyncExternalStore(subscribe, current, current),
    forget() {
      loaded = null;
      loading = null;
    },
  };
}
