import { useEffect, useState } from 'react';

/** The current time (ms), renewed every `everyMs`: promotions start and end while a page is open. */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
