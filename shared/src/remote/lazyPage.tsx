import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '../ui/Spinner';

/**
 * A remote's page loaded on first use, so that a route's first load carries only what it shows (the account flows
 * and the discovery pages beyond home carry more code, some of it the contracts' zod schemas). A spinner while it
 * loads, or nothing when `quiet` (a modal over another page).
 */
export function lazyPage(load: () => Promise<ComponentType>, { quiet = false }: { quiet?: boolean } = {}): ComponentType {
  const Lazy = lazy(() => load().then((Page) => ({ default: Page })));
  function LazyPage() {
    return (
      <Suspense fallback={quiet ? null : <Spinner label="Loading page" center />}>
        <Lazy />
      </Suspense>
    );
  }
  return LazyPage;
}
