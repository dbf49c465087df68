-- A member's notifications (issue 28): what happened to them, kept once per event (dedupe_key: a retried event or a
-- job run twice never notifies twice), newest first, read or not.
create table notifications (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  kind text not null check (kind in ('account_restricted', 'account_restriction_lifted', 'chatbot_moderated', 'report_outcome', 'appeal_outcome', 'leaderboard_prize', 'subscription')),
  title text not null,
  body text not null,
  link text,
  dedupe_key text not null,
  created_at timestamptz not null,
  read_at timestamptz
);
create unique index notifications_once on notifications (user_id, dedupe_key);
create index notifications_by_user on notifications (user_id, created_at desc, id desc);
create index notifications_unread on notifications (user_id) where read_at is null;

-- Browsers' Web Push subscriptions (RFC 8030, keys of RFC 8291), one row per endpoint.
create table push_subscriptions (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null
);
create index push_subscriptions_by_user on push_subscriptions (user_id);

-- Each notification pushed to each subscription at most once: a retried job skips the ones already delivered.
create table push_deliveries (
  notification_id uuid not null references notifications (id) on delete cascade,
  subscription_id uuid not null references push_subscriptions (id) on delete cascade,
  delivered_at timestamptz not null,
  primary key (notification_id, subscription_id)
);
