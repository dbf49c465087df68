import { lazy, Suspense } from 'react';
import { Spinner } from '@fable/shared';

const BanScreen = lazy(() => import('../memberShell').then((m) => ({ default: m.BanScreen })));

/** The ban screen, loaded when a restricted member meets it (rare: it stays off the shell's first load). */
export function LazyBanScreen({ onContinue }: { onContinue?: () => void }) {
  return (
    <Suspense fallback={<Spinner label="Loading" center />}>
      <BanScreen onContinue={onContinue} />
    </Suspense>
  );
}
