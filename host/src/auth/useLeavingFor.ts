import { useEffect, useState } from 'react';

/**
 * The social provider the page is leaving for (its id), or null: set when its button is clicked, cleared when the
 * page's visibility changes (the browser leaves for the provider, or comes back), so that its button loads until then
 * (document 1 §4).
 */
export function useLeavingFor() {
  const [leavingFor, setLeavingFor] = useState<string | null>(null);

  useEffect(() => {
    if (!leavingFor) return;
    const done = () => setLeavingFor(null);
    document.addEventListener('visibilitychange', done);
    window.addEventListener('pageshow', done);
    return () => {
      document.removeEventListener('visibilitychange', done);
      window.removeEventListener('pageshow', done);
    };
  }, [leavingFor]);

  return [leavingFor, setLeavingFor] as const;
}
