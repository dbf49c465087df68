-- Banners (issue 28; document 1 §2, §3 "Banner"): what admins schedule, targeted by application, tier, signed-in
-- state and screen; and what people did with them, once per viewer and day (views at 50 % visibility, closes, clicks).
create table banners (
  id uuid primary key,
  name text not null,
  placement text not null check (placement in ('top', 'inline', 'popup')),
  content jsonb not null,
  starts_at timestamptz not null,
  ends_at timestamptz,
  applications text[] not null default '{}',
  tiers text[] not null default '{}',
  signed_in text not null check (signed_in in ('everyone', 'guests', 'members')),
  screens text[] not null default '{}',
  created_by uuid references users (id) on delete set null,
  -- the order they were made in (several in one instant keep it)
  seq bigint generated always as identity,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check (ends_at is null or ends_at > starts_at)
);
create index banners_running on banners (starts_at, ends_at);

create table banner_events (
  banner_id uuid not null references banners (id) on delete cascade,
  kind text not null check (kind in ('view', 'close', 'cta')),
  -- a member's id or a guest's id: distinct viewers, never who they are beyond that
  viewer text not null,
  day date not null,
  screen text not null,
  created_at timestamptz not null,
  primary key (banner_id, kind, viewer, day)
);

-- Ads in chat (document 1 §6 display_ads, §7 POST event ads_megabrain_view/click): each ad seen or clicked once.
create table ad_events (
  event_name text not null check (event_name in ('ads_megabrain_view', 'ads_megabrain_click')),
  user_id uuid not null references users (id) on delete cascade,
  conversation_id text not null references conversations (id) on delete cascade,
  character_id text not null,
  ad_id text not null,
  code text not null,
  message_id text not null,
  content text not null,
  created_at timestamptz not null,
  primary key (event_name, user_id, conversation_id, message_id, ad_id)
);
