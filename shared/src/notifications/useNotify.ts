import { useMemo } from 'react';
import { useAppDispatch } from '../store/hooks';
import { createNotifier, type Notifier } from './notifier';

/** The notify() API bound to the store of the surrounding Provider; stable across renders. */
export function useNotify(): Notifier {
  const dispatch = useAppDispatch();
  return useMemo(() => createNotifier(dispatch), [dispatch]);
}
