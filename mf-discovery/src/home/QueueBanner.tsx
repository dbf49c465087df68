import { lazy, Suspense } from 'react';
import { selectAuthStatus, selectHiddenByPartner, selectPermissions, useAppSelector } from '@fable/shared';
import { useDiscovery_queueOutlookQuery } from '../discoveryApi';

// The banners' looks and texts are fetched only when one shows: the home route's first load stays within its budget.
const QueueBannerView = lazy(() => import('./QueueBannerView'));
const UpgradeAdBannerView = lazy(() => import('./UpgradeAdBannerView'));

/**
 * The home listing's waiting-queue/ads banner (document 1 §2): while people wait to chat, guests and free members see
 * the wait they would meet and the way to skip it, asked again every minute. Never for skip-the-line members (Get a
 * Taste and every tier above, I'm All In included) or in partner mode. When nobody waits, members with display_ads
 * (free members only, §6) see the upgrade ad banner instead; not where partner mode hides banners.
 */
export function QueueBanner() {
  const concerned = useAppSelector(
    (s) => !selectHiddenByPartner(s, 'waiting_queue') && selectAuthStatus(s) !== 'loading' && !selectPermissions(s).includes('skip_waiting_room'),
  );
  const ads = useAppSelector((s) => selectPermissions(s).includes('display_ads') && !selectHiddenByPartner(s, 'banners'));
  const { data, isLoading } = useDiscovery_queueOutlookQuery(undefined, { skip: !concerned, pollingInterval: 60_000 });
  const waiting = concerned && data?.applies && data.waiting > 0;
  return waiting || (ads && !isLoading) ? (
    <Suspense fallback={null}>{waiting ? <QueueBannerView outlook={data} /> : <UpgradeAdBannerView />}</Suspense>
  ) : null;
}
