import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Spinner } from '../ui/Spinner';

/**
 * A remote's page loaded on first use, so that a route's first load carries only what it shows (the account flows
 * and the discovery pages beyond home carry more code, some of it the contracts' zod schemas). A spinner while it
 * loads, or nothing when `quiet` (a modal over another page).
 *
 * React.lazy keeps a rejected import for good: when the chunk fails to load (a network blip, a deploy in between),
 * the page's next mount (the fallback's Retry remounts it) builds a fresh lazy component, which imports again.
 */
export function lazyPage(load: () => Promise<ComponentType>, { quiet = false }: { quiet?: boolean } = {}): ComponentType {
  const fresh = (): LazyExoticComponent<ComponentType> =>
    lazy(() =>
      load().then(
        (Page) => ({ default: Page }),
        (error: unknown) => {
          current = fresh();
          throw error;
        },
      ),
    );
  let current = fresh();
  function LazyPage() {
    const Lazy = current;
    return (
      <Suspense fallback={quiet ? null : <Spinner label="Loading page" center />}>
        <Lazy />
      </Suspense>
    );
  }
  return LazyPage;
}
