import { WEB_MANAGED_SUBSCRIPTION_PLATFORMS, type SubscriptionPlatform } from '@fable/contracts';
import type { Queryable } from '../../../infra/db/database';
import { isManagedHere, loadSubscription, type SubscriptionRow } from '../lifecycle/subscriptionStore';
import { portalErrors } from './portalErrors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PortalMember {
  userId: string;
  applicationId: string;
}

/**
 * The subscription a portal action names, checked to be the caller's: another member's, another application's or an
 * unknown id answer 404 subscription_not_found alike (nothing tells them apart); a member whose subscription is the
 * mobile app's or a supporter platform's (the profile's platform, or the subscription's provider) gets 409
 * managed_elsewhere instead. The order id must be one of the
 * subscription's orders (the portal's order_id; the subscription's own id when it has none), else 404.
 */
export async function findPortalTarget(db: Queryable, member: PortalMember, subscriptionId: string, orderId: string): Promise<SubscriptionRow> {
  const sub = UUID.test(subscriptionId) ? await loadSubscription(db, subscriptionId) : null;
  if (!sub || sub.user_id !== member.userId || sub.application_id !== member.applicationId) {
    const { rows } = await db.query<{ platform: SubscriptionPlatform | null }>(`select subscription->>'platform' as platform from users where id = $1`, [member.userId]);
    const platform = rows[0]?.platform;
    if (platform && !WEB_MANAGED_SUBSCRIPTION_PLATFORMS.includes(platform)) throw portalErrors.managedElsewhere(platform);
    throw portalErrors.subscriptionNotFound();
  }
  if (!isManagedHere(sub)) throw portalErrors.managedElsewhere(sub.provider);
  if (orderId !== sub.id) {
    const { rows } = UUID.test(orderId)
      ? await db.query('select 1 from billing_orders where id = $1 and subscription_id = $2 and user_id = $3', [orderId, sub.id, member.userId])
      : { rows: [] };
    if (rows.length === 0) throw portalErrors.orderNotFound();
  }
  return sub;
}
