import { subscriptionNotice } from './subscriptionNotices';

const entry = (action: string, details: Record<string, unknown> = {}) => ({ application_id: 'fable', user_id: 'u', actor: 'system' as const, action, details });

it('tells a member of their subscription’s events, and of nothing else', () => {
  expect(subscriptionNotice(entry('subscription.cancelled'))).toMatchObject({ kind: 'subscription', title: 'Your subscription is cancelled', link: '/portal' });
  expect(subscriptionNotice(entry('subscription.renewal_failed'))?.body).toMatch(/Update your payment method/);
  for (const quiet of ['order.succeeded', 'member.tier_changed', 'subscription.card_changed', 'subscription.rebill_failed']) expect(subscriptionNotice(entry(quiet))).toBeNull();
});

it('tells a leaderboard winner of the prize, not of a subscription', () => {
  const details = { source: 'leaderboard:2026-10:All Bots', tier: 'premium', months: 2, complimentary: true };
  expect(subscriptionNotice(entry('subscription.created', details))).toMatchObject({ kind: 'leaderboard_prize', body: expect.stringMatching(/^2 free months/) });
  expect(subscriptionNotice(entry('subscription.free_months', details))).toMatchObject({ kind: 'leaderboard_prize' });
  expect(subscriptionNotice(entry('subscription.free_months', { source: 'support:goodwill', months: 1 }))).toMatchObject({ kind: 'subscription', title: 'You got free months' });
});
