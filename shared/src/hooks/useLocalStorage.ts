import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import {
  parseStored,
  readLocalStorage,
  readLocalStorageRaw,
  removeLocalStorage,
  subscribeLocalStorage,
  writeLocalStorage,
} from './localStorageValue';

export type SetStoredValue<T> = (value: T | ((previous: T) => T)) => void;

/**
 * A JSON value kept in localStorage under `key` (the NSFW toggle, side-nav state, dismissed banners:
 * document 1 §2, §3), with `initialValue` while nothing (or nothing readable) is stored. Safe when storage
 * throws. Every component using the same key, in this tab or another, sees the same value.
 * Returns [value, setValue, remove].
 */
export function useLocalStorage<T>(key: string, initialValue: T): [T, SetStoredValue<T>, () => void] {
  // The first initial value is the one used (callers may pass a new literal on every render).
  const [initial] = useState(initialValue);
  const subscribe = useCallback((onChange: () => void) => subscribeLocalStorage(key, onChange), [key]);
  const raw = useSyncExternalStore(
    subscribe,
    () => readLocalStorageRaw(key),
    () => null,
  );
  const value = useMemo(() => parseStored(raw, initial), [raw, initial]);

  const setValue = useCallback<SetStoredValue<T>>(
    (next) => {
      const resolved = typeof next === 'function' ? (next as (previous: T) => T)(readLocalStorage(key, initial)) : next;
      writeLocalStorage(key, resolved);
    },
    [key, initial],
  );
  const remove = useCallback(() => removeLocalStorage(key), [key]);
  return [value, setValue, remove];
}
