import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '@fable/shared';

/**
 * A page loaded on first use. The account flows carry the contracts' zod schemas: loaded apart, they stay out of
 * the legal and app pages' first load.
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
