-- Billing, second layer (issue 15; document 2 §2 sale banner, §4 supporter link states, §7, §9): the promotions of
-- the subscribe page as configuration (with the offers the checkout's o_id prices), and the supporter-platform
-- (SubscribeStar) links: which tier of the platform is which plan, the linked accounts and the link attempts.
-- The checkout-abandon event has no table: it is a billing_ledger entry (action checkout.abandoned).

-- Offers behind the promotions (billing_coupons kind 'offer'; calculatePrice prices them).
-- Birthday sale (document 2 §2, §9): Feb 13 to Feb 15 2025 (UTC, end exclusive Feb 16), $0.99 for the first month
-- only (duration once) of I'm All In monthly ($24.99 - $24.00). The spec names no plan; we chose the top monthly tier.
-- Black Friday (§9): the crypto page's annual prices $36, $110, $180 (list $60, $180, $300: up to 40 % off), as
-- amounts off our annual plans for the first year; one offer per plan because an offer has one amount.
insert into billing_coupons (application_id, code, kind, amount_off_minor, currency, duration, valid_from, valid_until, plan_ids, created_at)
select a.application_id, o.code, 'offer', o.amount_off_minor, 'USD', 'once', o.valid_from::timestamptz, o.valid_until::timestamptz, o.plan_ids::text[], now()
from app_settings a
cross join (values
  ('BIRTHDAY2025', 2400, '2025-02-13T00:00:00Z', '2025-02-16T00:00:00Z', '{premium_1m}'),
  ('BLACKFRIDAY2025_MINIMAL', 1400, '2025-11-28T00:00:00Z', '2025-12-02T00:00:00Z', '{minimal_1y}'),
  ('BLACKFRIDAY2025_BASIC', 3999, '2025-11-28T00:00:00Z', '2025-12-02T00:00:00Z', '{basic_1y}'),
  ('BLACKFRIDAY2025_PREMIUM', 6999, '2025-11-28T00:00:00Z', '2025-12-02T00:00:00Z', '{premium_1y}'),
  ('BLACKFRIDAY2026_MINIMAL', 1400, '2026-11-27T00:00:00Z', '2026-12-01T00:00:00Z', '{minimal_1y}'),
  ('BLACKFRIDAY2026_BASIC', 3999, '2026-11-27T00:00:00Z', '2026-12-01T00:00:00Z', '{basic_1y}'),
  ('BLACKFRIDAY2026_PREMIUM', 6999, '2026-11-27T00:00:00Z', '2026-12-01T00:00:00Z', '{premium_1y}')
) as o (code, amount_off_minor, valid_from, valid_until, plan_ids)
where a.application_id in ('fable', 'tales', 'storynest');

-- Promotions per application (GET subscriptions/promotions). shown_from: from when the promotion is announced as
-- upcoming (the banner's countdown); it is answered from shown_from until ends_at (exclusive).
create table billing_promotions (
  application_id text not null references app_settings (application_id),
  id text not null check (id ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
  kind text not null check (kind in ('birthday', 'black_friday', 'valentine')),
  title text not null check (length(title) between 1 and 200),
  shown_from timestamptz not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- the sale price of plan_id (minor units), e.g. the birthday's 99
  price_minor integer check (price_minor >= 0),
  plan_id text,
  -- the offer (billing_coupons kind offer) the checkout takes as o_id
  offer_code text,
  -- "up to" this percentage off (Black Friday)
  percent_off numeric(5, 2) check (percent_off > 0 and percent_off <= 100),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  primary key (application_id, id),
  check (ends_at > starts_at and shown_from <= starts_at),
  foreign key (application_id, plan_id) references billing_plans (application_id, plan_id),
  foreign key (application_id, offer_code) references billing_coupons (application_id, code)
);

create index billing_promotions_window_idx on billing_promotions (application_id, ends_at);

insert into billing_promotions (application_id, id, kind, title, shown_from, starts_at, ends_at, price_minor, plan_id, offer_code, percent_off)
select a.application_id, p.id, p.kind, p.title, p.shown_from::timestamptz, p.starts_at::timestamptz, p.ends_at::timestamptz,
       p.price_minor, p.plan_id, p.offer_code, p.percent_off
from app_settings a
cross join (values
  ('birthday-2025', 'birthday', 'Birthday sale: I''m All In for $0.99 for your first month',
    '2025-02-06T00:00:00Z', '2025-02-13T00:00:00Z', '2025-02-16T00:00:00Z', 99, 'premium_1m', 'BIRTHDAY2025', null::numeric),
  ('valentine-2025', 'valentine', 'Valentine''s and Birthday: your first month for $0.99',
    '2025-02-06T00:00:00Z', '2025-02-13T00:00:00Z', '2025-02-16T00:00:00Z', 99, 'premium_1m', 'BIRTHDAY2025', null),
  ('black-friday-2025-minimal', 'black_friday', 'Black Friday: up to 40% off',
    '2025-11-21T00:00:00Z', '2025-11-28T00:00:00Z', '2025-12-02T00:00:00Z', 3600, 'minimal_1y', 'BLACKFRIDAY2025_MINIMAL', 40),
  ('black-friday-2025-basic', 'black_friday', 'Black Friday: up to 40% off',
    '2025-11-21T00:00:00Z', '2025-11-28T00:00:00Z', '2025-12-02T00:00:00Z', 11000, 'basic_1y', 'BLACKFRIDAY2025_BASIC', 38.89),
  ('black-friday-2025-premium', 'black_friday', 'Black Friday: up to 40% off',
    '2025-11-21T00:00:00Z', '2025-11-28T00:00:00Z', '2025-12-02T00:00:00Z', 18000, 'premium_1y', 'BLACKFRIDAY2025_PREMIUM', 40),
  ('black-friday-2026-minimal', 'black_friday', 'Black Friday: up to 40% off',
    '2026-11-20T00:00:00Z', '2026-11-27T00:00:00Z', '2026-12-01T00:00:00Z', 3600, 'minimal_1y', 'BLACKFRIDAY2026_MINIMAL', 40),
  ('black-friday-2026-basic', 'black_friday', 'Black Friday: up to 40% off',
    '2026-11-20T00:00:00Z', '2026-11-27T00:00:00Z', '2026-12-01T00:00:00Z', 11000, 'basic_1y', 'BLACKFRIDAY2026_BASIC', 38.89),
  ('black-friday-2026-premium', 'black_friday', 'Black Friday: up to 40% off',
    '2026-11-20T00:00:00Z', '2026-11-27T00:00:00Z', '2026-12-01T00:00:00Z', 18000, 'premium_1y', 'BLACKFRIDAY2026_PREMIUM', 40)
) as p (id, kind, title, shown_from, starts_at, ends_at, price_minor, plan_id, offer_code, percent_off)
where a.application_id in ('fable', 'tales', 'storynest');

-- Which tier of a supporter platform is which plan (configuration; the sandbox's tiers seeded).
create table billing_supporter_tiers (
  application_id text not null references app_settings (application_id),
  platform text not null check (platform in ('subscribestar')),
  tier_id text not null check (length(tier_id) between 1 and 128),
  plan_id text not null,
  primary key (application_id, platform, tier_id),
  foreign key (application_id, plan_id) references billing_plans (application_id, plan_id)
);

insert into billing_supporter_tiers (application_id, platform, tier_id, plan_id)
select a.application_id, 'subscribestar', t.tier_id, t.plan_id
from app_settings a
cross join (values ('sandbox_tier_basic', 'basic_1m'), ('sandbox_tier_premium', 'premium_1m')) as t (tier_id, plan_id)
where a.application_id in ('fable', 'tales', 'storynest');

-- A member's linked supporter-platform account: one platform account per member and application, and one member per
-- platform account and application.
create table billing_supporter_links (
  application_id text not null,
  platform text not null check (platform in ('subscribestar')),
  external_user_id text not null check (length(external_user_id) between 1 and 128),
  user_id uuid not null references users (id),
  tier_id text,
  plan_id text,
  subscription_id uuid references subscriptions (id),
  linked_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (application_id, platform, external_user_id),
  unique (user_id, application_id, platform)
);

-- Link attempts: made by GET link/subscribestar/authorize (id = the OAuth state and the transient link id), finished
-- by GET link/subscribestar/oauth. code_hash (sha-256 of the authorization code) is unique: a replayed code is refused.
create table billing_supporter_link_attempts (
  id text primary key check (length(id) between 16 and 128),
  user_id uuid not null references users (id),
  application_id text not null,
  platform text not null check (platform in ('subscribestar')),
  redirect_url text not null,
  status text not null check (status in ('linking', 'success', 'invalid_pledge', 'error')),
  message text,
  tier text,
  code_hash text unique,
  created_at timestamptz not null,
  finished_at timestamptz
);

create index billing_supporter_link_attempts_user_idx on billing_supporter_link_attempts (user_id, created_at);
