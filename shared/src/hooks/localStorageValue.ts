/**
 * JSON values in localStorage that never throw: storage can be missing, blocked (privacy modes, sandboxed
 * frames), full, or hold something that is not JSON. When a write fails the value is kept in memory for
 * the rest of the page's life, so the app behaves the same, it just forgets on reload.
 */

const CHANGE_EVENT = 'fable:local-storage';

/** Values whose write failed (null: removed), read before storage. */
const fallback = new Map<string, string | null>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored text of a key, or null. */
export function readLocalStorageRaw(key: string): string | null {
  if (fallback.has(key)) return fallback.get(key) ?? null;
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores text as it is (null removes); kept in memory for the page when storage refuses it. */
export function writeLocalStorageRaw(key: string, raw: string | null): void {
  try {
    const s = storage();
    if (!s) throw new Error('localStorage is not available');
    if (raw === null) s.removeItem(key);
    else s.setItem(key, raw);
    fallback.delete(key);
  } catch {
    fallback.set(key, raw);
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent<string>(CHANGE_EVENT, { detail: key }));
}

/** Parses stored text; `fallbackValue` when there is none or it is not JSON. */
export function parseStored<T>(raw: string | null, fallbackValue: T): T {
  if (raw === null) return fallbackValue;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallbackValue;
  }
}

export function readLocalStorage<T>(key: string, fallbackValue: T): T {
  return parseStored(readLocalStorageRaw(key), fallbackValue);
}

/** Stores the value as JSON (`undefined` removes the key). A value JSON cannot hold is not stored. */
export function writeLocalStorage<T>(key: string, value: T): void {
  let raw: string | undefined;
  try {
    raw = JSON.stringify(value);
  } catch {
    return;
  }
  writeLocalStorageRaw(key, raw ?? null);
}

export function removeLocalStorage(key: string): void {
  writeLocalStorageRaw(key, null);
}

/** Calls `onChange` when the key changes in this page (through these functions) or in another tab. */
export function subscribeLocalStorage(key: string, onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onLocal = (event: Event) => {
    if ((event as CustomEvent<string>).detail === key) onChange();
  };
  const onOtherTab = (event: StorageEvent) => {
    if (event.key === key || event.key === null) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onLocal);
  window.addEventListener('storage', onOtherTab);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onLocal);
    window.removeEventListener('storage', onOtherTab);
  };
}
