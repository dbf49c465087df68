import type { NotificationKind } from '@fable/contracts';
import type { LedgerEntry } from './ledger';

/**
 * What a member is told of their subscription's events (issue 28: the notifications are fed by subscription events and
 * leaderboard prizes): the billing ledger's member-facing actions, each with its notice. Others (orders, card changes,
 * internal retries) tell nothing.
 */
const NOTICES: Record<string, { title: string; body: string }> = {
  'subscription.created': { title: 'Your subscription is active', body: 'Thank you for your support: your perks are on.' },
  'subscription.renewed': { title: 'Your subscription was renewed', body: 'Your perks continue for another period.' },
  'subscription.renewal_failed': { title: 'We could not renew your subscription', body: 'Update your payment method in the portal to keep your perks.' },
  'subscription.rebilled': { title: 'Your payment went through', body: 'Your subscription is active again.' },
  'subscription.cancelled': { title: 'Your subscription is cancelled', body: 'You keep your perks until the end of the period you paid for.' },
  'subscription.uncancelled': { title: 'Your subscription continues', body: 'It will renew at the end of the period.' },
  'subscription.plan_changed': { title: 'Your plan has changed', body: 'Your new plan’s perks are on.' },
  'subscription.plan_scheduled': { title: 'Your plan change is scheduled', body: 'It takes effect at the next billing cycle.' },
  'subscription.expired': { title: 'Your subscription has ended', body: 'You can subscribe again any time.' },
};

export function subscriptionNotice(entry: LedgerEntry): { kind: NotificationKind; title: string; body: string; link: string } | null {
  const source = typeof entry.details?.source === 'string' ? entry.details.source : '';
  if (entry.action === 'subscription.free_months' || (entry.action === 'subscription.created' && entry.details?.complimentary)) {
    if (source.startsWith('leaderboard:')) {
      const months = Number(entry.details?.months ?? 0);
      return { kind: 'leaderboard_prize', title: 'You won a leaderboard prize', body: `${months} free ${months === 1 ? 'month' : 'months'} of your prize tier, on us. Thank you for creating!`, link: '/creators/leaderboard' };
    }
    if (entry.action === 'subscription.free_months') return { kind: 'subscription', title: 'You got free months', body: 'They are added to your subscription.', link: '/portal' };
  }
  const notice = NOTICES[entry.action];
  return notice ? { kind: 'subscription', ...notice, link: '/portal' } : null;
}
