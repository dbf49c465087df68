-- Billing (document 2 §3 "Purchase options", "Plan", "Subscription (portal)", §4 "Subscription status", §9): plans and
-- purchase options per application, coupons, tax rates, billing customers (card on file), subscriptions, orders with
-- idempotency keys, the append-only billing ledger, the payment webhook events and the billing jobs queue.
-- Amounts are integers in minor units (cents). Times are written by the API from its clock, never defaulted here.

-- Plans per application. plan_id contains '1y' for annual plans (document 2 §3 "Plan"); sort orders the cards.
create table billing_plans (
  application_id text not null references app_settings (application_id),
  plan_id text not null,
  name text not null,
  role text not null check (role in ('paid_minimal', 'paid_basic', 'paid_premium')),
  period text not null check (period in ('monthly', 'annual')),
  price_minor integer not null check (price_minor >= 0),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  features jsonb not null default '[]' check (jsonb_typeof(features) = 'array'),
  sort integer not null default 0,
  active boolean not null default true,
  primary key (application_id, plan_id),
  check ((period = 'annual') = (position('1y' in plan_id) > 0))
);

-- What the subscribe page sells per application (GET subscriptions/purchase_options).
create table billing_purchase_options (
  application_id text primary key references app_settings (application_id),
  default_plan_id text not null,
  payment_methods jsonb not null check (jsonb_typeof(payment_methods) = 'array' and jsonb_array_length(payment_methods) > 0),
  annual_tagline text,
  foreign key (application_id, default_plan_id) references billing_plans (application_id, plan_id)
);

-- Seeds: document 2 §9's prices (the crypto page's, the only prices the spec maps to tiers): Get a Taste $50 a year
-- (no monthly price: "In the monthly view the minimal tier is hidden"), True Supporter $15 a month / $149.99 a year,
-- I'm All In $24.99 a month / $249.99 a year. Features: document 2 §1. The same plans for every application of 001.
insert into billing_plans (application_id, plan_id, name, role, period, price_minor, features, sort)
select a.application_id, p.plan_id, p.name, p.role, p.period, p.price_minor, p.features::jsonb, p.sort
from app_settings a
cross join (values
  ('minimal_1y', 'Get a Taste', 'paid_minimal', 'annual', 5000,
    '["skip the waiting line", "memory manager"]', 1),
  ('basic_1m', 'True Supporter', 'paid_basic', 'monthly', 1500,
    '["4K context", "semantic memory 2.0", "longer responses", "conversation images", "access to 45B models"]', 2),
  ('basic_1y', 'True Supporter', 'paid_basic', 'annual', 14999,
    '["4K context", "semantic memory 2.0", "longer responses", "conversation images", "access to 45B models"]', 2),
  ('premium_1m', 'I''m All In', 'paid_premium', 'monthly', 2499,
    '["a priority generation queue", "a 70b model (beta)", "an 8K context model (beta)", "conversation images on private bots"]', 3),
  ('premium_1y', 'I''m All In', 'paid_premium', 'annual', 24999,
    '["a priority generation queue", "a 70b model (beta)", "an 8K context model (beta)", "conversation images on private bots"]', 3)
) as p (plan_id, name, role, period, price_minor, features, sort)
where a.application_id in ('fable', 'tales', 'storynest');

insert into billing_purchase_options (application_id, default_plan_id, payment_methods, annual_tagline)
values
  ('fable', 'premium_1y', '["card", "volt", "coinpayments", "payssion"]', '2 months free / 16% Off'),
  ('tales', 'premium_1y', '["card"]', '2 months free / 16% Off'),
  ('storynest', 'premium_1y', '["card"]', '2 months free / 16% Off');

-- Coupons (promo codes) and offers (the checkout's o_id). Codes are matched case-insensitively; percent_off or
-- amount_off (minor units, in the plan's currency), never both. duration: once (the first charge), forever, or
-- `duration_months` charges. plan_ids null: every plan. max_redemptions null: unlimited (counted on paid orders).
create table billing_coupons (
  application_id text not null references app_settings (application_id),
  code text not null check (code = upper(code) and length(code) between 1 and 64),
  kind text not null default 'coupon' check (kind in ('coupon', 'offer')),
  percent_off numeric(5, 2) check (percent_off > 0 and percent_off <= 100),
  amount_off_minor integer check (amount_off_minor > 0),
  currency text check (currency ~ '^[A-Z]{3}$'),
  duration text not null check (duration in ('once', 'forever', 'months')),
  duration_months integer check (duration_months > 0),
  valid_from timestamptz,
  valid_until timestamptz,
  max_redemptions integer check (max_redemptions > 0),
  plan_ids text[],
  created_at timestamptz not null,
  primary key (application_id, code),
  check ((percent_off is null) <> (amount_off_minor is null)),
  check ((amount_off_minor is null) = (currency is null)),
  check ((duration = 'months') = (duration_months is not null))
);

-- Tax rates by country and state ('' = the whole country; a state's own rate wins). A STAND-IN FOR A TAX SERVICE:
-- a few illustrative rates, not tax advice; a real deployment asks a tax service at calculation time.
create table billing_tax_rates (
  country text not null check (country ~ '^[A-Z]{2}$'),
  state text not null default '',
  rate_bps integer not null check (rate_bps >= 0 and rate_bps <= 10000),
  name text not null,
  primary key (country, state)
);

insert into billing_tax_rates (country, state, rate_bps, name) values
  ('US', 'CA', 725, 'California sales tax'),
  ('US', 'NY', 400, 'New York sales tax'),
  ('US', 'TX', 625, 'Texas sales tax'),
  ('US', 'WA', 650, 'Washington sales tax'),
  ('CA', '', 500, 'GST'),
  ('CA', 'ON', 1300, 'HST'),
  ('CA', 'QC', 1498, 'GST + QST'),
  ('AU', '', 1000, 'GST'),
  ('GB', '', 2000, 'VAT'),
  ('DE', '', 1900, 'VAT'),
  ('FR', '', 2000, 'VAT'),
  ('IN', '', 1800, 'GST'),
  ('BR', '', 0, 'none'),
  ('MX', '', 1600, 'IVA'),
  ('NG', '', 750, 'VAT');

-- A member's billing details and card on file per application (the checkout's on_file; the provider's customer).
create table billing_customers (
  user_id uuid not null references users (id),
  application_id text not null,
  provider text not null,
  provider_customer_id text,
  email text,
  first_name text,
  last_name text,
  country text,
  state text,
  postal_code text,
  -- the card on file: {last_4, type, exp} or null (deleted)
  card jsonb,
  updated_at timestamptz not null,
  primary key (user_id, application_id)
);

-- Subscriptions (document 2 §3 "Subscription (portal)", §4). current_period_end is recur_at. One live (not expired)
-- subscription per member and application: two tabs subscribing at once cannot both make one. revision counts
-- every change (optimistic writes and the ledger).
create table subscriptions (
  id uuid primary key,
  user_id uuid not null references users (id),
  application_id text not null,
  plan_id text not null,
  next_plan_id text,
  status text not null default 'active' check (status in ('active', 'cancelled', 'grace', 'expired')),
  current_period_start timestamptz not null,
  current_period_end timestamptz not null,
  cancel_at_period_end boolean not null default false,
  provider text not null,
  provider_customer_id text,
  provider_subscription_id text,
  -- {last_4, type, exp} of the card that pays, or null
  payment_method jsonb,
  coupon_code text,
  -- charges left with the coupon's discount (null: forever or none)
  coupon_charges_left integer,
  revision integer not null default 1,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  foreign key (application_id, plan_id) references billing_plans (application_id, plan_id),
  foreign key (application_id, next_plan_id) references billing_plans (application_id, plan_id),
  check (current_period_end > current_period_start)
);

create unique index subscriptions_one_live_per_member on subscriptions (user_id, application_id) where status <> 'expired';
create index subscriptions_period_end_idx on subscriptions (current_period_end) where status <> 'expired';

-- Orders and charges: one row per charge attempt of a member (first purchase, renewal, upgrade, pay amount due).
-- idempotency_key is unique per member: a replayed request finds its order; request_hash tells a replay (same
-- parameters) from a misuse (other parameters).
create table billing_orders (
  id uuid primary key,
  user_id uuid not null references users (id),
  application_id text not null,
  subscription_id uuid references subscriptions (id),
  plan_id text not null,
  kind text not null check (kind in ('purchase', 'renewal', 'upgrade', 'rebill')),
  status text not null check (status in ('pending', 'requires_action', 'succeeded', 'failed', 'refunded')),
  subtotal_minor integer not null check (subtotal_minor >= 0),
  discount_minor integer not null default 0 check (discount_minor >= 0),
  tax_minor integer not null default 0 check (tax_minor >= 0),
  total_minor integer not null check (total_minor >= 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  coupon_code text,
  idempotency_key text not null,
  request_hash text not null,
  provider text not null,
  provider_charge_id text,
  failure_message text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (user_id, idempotency_key)
);

create index billing_orders_subscription_idx on billing_orders (subscription_id, created_at);
create index billing_orders_coupon_idx on billing_orders (application_id, coupon_code) where coupon_code is not null and status = 'succeeded';

-- Every billing state change: who (actor kind and id), what (action, subject), from -> to, amount, when.
-- Append-only: the triggers below refuse UPDATE, DELETE and TRUNCATE. No foreign keys: the record outlives its rows.
create table billing_ledger (
  id bigint generated always as identity primary key,
  application_id text not null,
  user_id uuid,
  subscription_id uuid,
  order_id uuid,
  actor text not null check (actor in ('member', 'system', 'provider', 'admin')),
  actor_id text,
  action text not null check (length(action) between 1 and 64),
  from_state text,
  to_state text,
  amount_minor integer,
  currency text check (currency ~ '^[A-Z]{3}$'),
  details jsonb not null default '{}' check (jsonb_typeof(details) = 'object'),
  created_at timestamptz not null
);

create index billing_ledger_subscription_idx on billing_ledger (subscription_id, id);
create index billing_ledger_user_idx on billing_ledger (user_id, id);

create function billing_ledger_append_only() returns trigger
language plpgsql
as $$
begin
  raise exception 'billing_ledger is append-only: % refused', tg_op
    using errcode = 'insufficient_privilege';
end
$$;

create trigger billing_ledger_no_update before update or delete on billing_ledger
  for each row execute function billing_ledger_append_only();
create trigger billing_ledger_no_truncate before truncate on billing_ledger
  for each statement execute function billing_ledger_append_only();

-- Payment provider webhook events: deduplicated by (provider, event_id), applied in the order of the provider's
-- event time (event_created_at) so a late event never overwrites a newer state; applied_at is null until applied.
create table payment_webhook_events (
  provider text not null,
  event_id text not null,
  event_created_at timestamptz not null,
  type text not null,
  payload jsonb not null,
  received_at timestamptz not null,
  applied_at timestamptz,
  primary key (provider, event_id)
);

create index payment_webhook_events_pending_idx on payment_webhook_events (event_created_at) where applied_at is null;

-- Billing jobs (renewals, expiries, ...): claimed with FOR UPDATE SKIP LOCKED by any API process; a claim holds the
-- job until locked_until, after which another process may take it again (a crashed worker). dedupe_key: a job
-- queued twice for the same thing (one renewal per subscription period) is queued once.
create table billing_jobs (
  id bigint generated always as identity primary key,
  kind text not null check (length(kind) between 1 and 64),
  payload jsonb not null default '{}' check (jsonb_typeof(payload) = 'object'),
  run_at timestamptz not null,
  attempts integer not null default 0,
  max_attempts integer not null default 8 check (max_attempts > 0),
  locked_until timestamptz,
  locked_by text,
  last_error text,
  dedupe_key text unique,
  completed_at timestamptz,
  failed_at timestamptz,
  created_at timestamptz not null
);

create index billing_jobs_due_idx on billing_jobs (run_at, id) where completed_at is null and failed_at is null;
