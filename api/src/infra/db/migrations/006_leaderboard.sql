-- The creator leaderboard (document 2 §2 "Creator Leaderboard", §3 "Leaderboard entry", §4, §9): the daily activity
-- it is computed from, the monthly computations and their ranked entries, the prizes of an approved month, and the
-- tier grants that carry a prize (a free month of a tier) to the winner's account. See
-- api/src/modules/leaderboard/README.md for the scoring.

-- What happened to a character on a day (UTC): messages sent to it, favourites it gained (net: an unfavourite
-- written the same day subtracts). The chat module and favourites add to it through recordCharacterActivity.
create table character_daily_activity (
  character_id text not null references characters (id) on delete cascade,
  day date not null,
  messages integer not null default 0 check (messages >= 0),
  favorites integer not null default 0,
  primary key (character_id, day)
);
-- A month's activity, read by the leaderboard computation. Rows arrive day after day, so a BRIN index finds a month
-- for little upkeep on every write (the seed's rows come in random day order; its catalogue is scanned instead).
create index character_daily_activity_by_day on character_daily_activity using brin (day);

-- One row per computed month (yyyy-mm): pending (visible to admins only) until approved, then published.
-- A published month is final: it cannot be computed again.
create table leaderboard_months (
  month text primary key check (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  status text not null check (status in ('pending', 'published')),
  computed_at timestamptz not null,
  -- 'scheduler' or the admin's user id.
  computed_by text not null,
  approved_at timestamptz,
  approved_by text,
  check ((status = 'published') = (approved_at is not null))
);

-- The ranked entries of a month, per category; replaced as a whole when a pending month is computed again.
create table leaderboard_entries (
  id text primary key default gen_random_uuid()::text,
  month text not null references leaderboard_months (month) on delete cascade,
  type text not null check (type in ('New Bots', 'All Bots')),
  rank integer not null check (rank >= 1),
  -- The creator (creators.user_id; characters.creator_user_id). Movement compares ranks by this id.
  creator_user_id text not null,
  creator_username text not null,
  number_of_characters integer not null check (number_of_characters >= 0),
  score bigint not null check (score >= 0),
  -- Places gained since the previous month (previous rank − rank); null when not ranked then.
  movement integer,
  avatar_url text,
  unique (month, type, rank),
  unique (month, type, creator_user_id)
);

-- A free month of a tier for a user, from starts_at to ends_at. While one is active the user's effective tier is at
-- least that tier (users module). source says why: 'leaderboard:<yyyy-mm>:<type>' for leaderboard prizes.
create table tier_grants (
  id text primary key default gen_random_uuid()::text,
  user_id uuid not null references users (id) on delete cascade,
  tier text not null check (tier in ('minimal', 'basic', 'premium')),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  source text not null,
  created_at timestamptz not null,
  check (ends_at > starts_at),
  -- Approving twice grants nothing new.
  unique (user_id, source)
);
create index tier_grants_by_user_ends on tier_grants (user_id, ends_at);
-- A user never receives leaderboard prizes from both categories of one month.
create unique index tier_grants_one_leaderboard_prize_per_month on tier_grants (user_id, split_part(source, ':', 2))
  where source like 'leaderboard:%';

-- Every prize place of an approved month and what became of it: granted (tier_grants row), no_account (the creator
-- has no user account, e.g. a seeded creator) or other_category (the creator's better prize is in the other
-- category; the place is not handed down).
create table leaderboard_prizes (
  month text not null references leaderboard_months (month) on delete cascade,
  type text not null check (type in ('New Bots', 'All Bots')),
  rank integer not null check (rank >= 1),
  creator_user_id text not null,
  creator_username text not null,
  tier text not null check (tier in ('minimal', 'basic', 'premium')),
  months integer not null check (months >= 1),
  outcome text not null check (outcome in ('granted', 'no_account', 'other_category')),
  grant_id text references tier_grants (id) on delete set null,
  created_at timestamptz not null,
  primary key (month, type, rank)
);
