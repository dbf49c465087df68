-- Analytics events (document 1 §7 "Analytics events: social media click, switch nsfw, login, sign up, card actions"),
-- sent to POST /event by guests and members and kept here. Exactly one of user_id and guest_id says who.
create table analytics_events (
  id bigint generated always as identity primary key,
  event_name text not null check (event_name in ('social_media_click', 'switch_nsfw', 'login', 'sign_up', 'card_action')),
  application_id text not null,
  user_id uuid references users (id) on delete cascade,
  guest_id text,
  -- card actions: the chatbot (no reference: the record outlives a deleted chatbot).
  character_id text,
  -- The event's own fields (network, enabled, method, action), as validated by the contracts' schema.
  properties jsonb not null default '{}'::jsonb,
  created_at timestamptz not null,
  check ((user_id is null) <> (guest_id is null))
);
-- A member's sign-up is logged once.
create unique index analytics_events_one_sign_up on analytics_events (user_id) where event_name = 'sign_up';
create index analytics_events_by_name_time on analytics_events (event_name, created_at);
create index analytics_events_by_user on analytics_events (user_id) where user_id is not null;

-- The cart addition of a public chat (document 1 §4 "Three user messages in a public chat trigger a cart-addition
-- interaction with amount 3"): when it was recorded; once per conversation.
alter table conversations add column cart_added_at timestamptz;
