import { useEffect, useState } from 'react';

/**
 * The value, once it has stopped changing for `delayMs` (search inputs use 300 ms, the username check
 * 500 ms: document 1 §9). The first render returns the value as is.
 */
export function useDebounce<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
