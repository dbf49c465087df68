// The sandbox SubscribeStar's test accounts: a shopper picks one on the authorize page. Tier ids are the ones the
// API's billing_supporter_tiers maps to plans (migration 017).

export interface SandboxPledge {
  id: string;
  active: boolean;
  tier_id: string;
  /** Cents a month. */
  price: number;
  currency: string;
  created_at: string;
}

export interface SandboxSubscribeStarAccount {
  /** What the authorize page shows and tests pick (`account` of the decision form). */
  login: string;
  id: string;
  name: string;
  email: string;
  pledge: SandboxPledge | null;
  /** The token exchange of this account's codes fails (500 server_error), like a provider outage. */
  failsTokenExchange?: boolean;
  /**
   * Each approval with this login is another SubscribeStar account (its own id, same pledge): a SubscribeStar account
   * links to one member only, so a test that links a new member again in one sandbox's life (a repeated e2e) picks it.
   */
  newEachTime?: boolean;
}

export const SUBSCRIBESTAR_TEST_ACCOUNTS: readonly SandboxSubscribeStarAccount[] = [
  {
    login: 'pledge_premium',
    id: '100001',
    name: 'Premium Supporter',
    email: 'premium.supporter@subscribestar.test',
    pledge: { id: '700001', active: true, tier_id: 'sandbox_tier_premium', price: 2499, currency: 'USD', created_at: '2026-01-05T10:00:00Z' },
  },
  {
    login: 'pledge_basic',
    id: '100002',
    name: 'Basic Supporter',
    email: 'basic.supporter@subscribestar.test',
    pledge: { id: '700002', active: true, tier_id: 'sandbox_tier_basic', price: 1500, currency: 'USD', created_at: '2026-02-11T10:00:00Z' },
  },
  { login: 'no_pledge', id: '100003', name: 'Just Following', email: 'no.pledge@subscribestar.test', pledge: null },
  {
    login: 'lapsed_pledge',
    id: '100004',
    name: 'Lapsed Supporter',
    email: 'lapsed@subscribestar.test',
    pledge: { id: '700004', active: false, tier_id: 'sandbox_tier_premium', price: 2499, currency: 'USD', created_at: '2025-03-01T10:00:00Z' },
  },
  { login: 'exchange_fails', id: '100005', name: 'Unlucky Supporter', email: 'unlucky@subscribestar.test', pledge: null, failsTokenExchange: true },
  {
    login: 'new_premium_supporter',
    id: '200000',
    name: 'New Supporter',
    email: 'new.supporter@subscribestar.test',
    pledge: { id: '800000', active: true, tier_id: 'sandbox_tier_premium', price: 2499, currency: 'USD', created_at: '2026-01-05T10:00:00Z' },
    newEachTime: true,
  },
];

let newAccounts = 0;

/** The account a login picks; a `newEachTime` one answers a new account (id, email and pledge id) at each call. */
export function accountByLogin(login: string): SandboxSubscribeStarAccount | null {
  const account = SUBSCRIBESTAR_TEST_ACCOUNTS.find((a) => a.login === login);
  if (!account?.newEachTime || !account.pledge) return account ?? null;
  newAccounts += 1;
  const n = String(newAccounts);
  return {
    ...account,
    id: String(Number(account.id) + newAccounts),
    email: account.email.replace('@', `.${n}@`),
    pledge: { ...account.pledge, id: String(Number(account.pledge.id) + newAccounts) },
  };
}
