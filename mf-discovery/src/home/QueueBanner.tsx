import { lazy, Suspense } from 'react';
import { selectAuthStatus, selectHiddenByPartner, selectPermissions, useAppSelector } from '@fable/shared';
import { useDiscovery_queueOutlookQuery } from '../discoveryApi';

// The banner's look and texts are fetched only while people wait: the home route's first load stays within its budget.
const QueueBannerView = lazy(() => import('./QueueBannerView'));

/**
 * The home listing's waiting-queue banner (document 1 §2): while people wait to chat, guests and free members see
 * the wait they would meet and the way to skip it, asked again every minute. Never for skip-the-line members (Get a
 * Taste and every tier above, I'm All In included) or in partner mode.
 */
export function QueueBanner() {
  const concerned = useAppSelector(
    (s) => !selectHiddenByPartner(s, 'waiting_queue') && selectAuthStatus(s) !== 'loading' && !selectPermissions(s).includes('skip_waiting_room'),
  );
  const { data } = useDiscovery_queueOutlookQuery(undefined, { skip: !concerned, pollingInterval: 60_000 });
  return concerned && data?.applies && data.waiting > 0 ? (
    <Suspense fallback={null}>
      <QueueBannerView outlook={data} />
    </Suspense>
  ) : null;
}
