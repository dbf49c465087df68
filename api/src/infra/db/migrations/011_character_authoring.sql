-- Chatbot authoring and moderation (modules/authoring, modules/moderation; document 1 §3 "Character", §4
-- "Moderation", §5; contracts' characterCalls and moderationCalls).

-- What authoring keeps beside a chatbot, one row per chatbot written through the authoring calls (catalog chatbots
-- have none until their first save). Beside, not in `characters`: the search module's functions take the characters
-- row type (migration 004), so that table cannot gain columns.
create table character_authoring (
  character_id text primary key references characters (id) on delete cascade,
  -- What a card import keeps that the form does not map: an opaque JSON object returned as stored (at most 256 KB,
  -- checked by the API: contracts' CARD_EXTRAS_MAX_BYTES).
  card_extras jsonb not null default '{}' check (jsonb_typeof(card_extras) = 'object'),
  -- Bumped by every authoring write (creator's save, moderator's decision): a save that read revision n writes only
  -- while it is still n, so two concurrent saves cannot lose one another's fields. Counters (messages, ratings,
  -- favourites) change without it.
  revision bigint not null default 0 check (revision >= 0),
  -- When the moderation status last changed: the moderators' queue lists the longest waiting first.
  moderation_updated_at timestamptz
);

-- The moderators' queue: an application's chatbots in a waiting status.
create index characters_moderation_queue_idx on characters (application_id, moderation_status)
  where moderation_status in ('pending', 'rereview_required', 'manual_review_required');

-- Every moderation decision on a chatbot: who (actor), when (created_at), what (action, from and to status), why
-- (reasons, description, the automatic checks' findings). No foreign key: the record outlives the chatbot.
-- Append-only: the triggers below refuse UPDATE, DELETE and TRUNCATE.
create table character_moderation_events (
  id bigint generated always as identity primary key,
  character_id text not null,
  application_id text not null,
  actor_user_id text not null,
  actor_username text,
  actor_role text not null check (actor_role in ('creator', 'moderator')),
  action text not null check (action in (
    'submitted_for_review', 'resubmitted', 'submitted_for_manual_review', 'approved', 'fixes_required', 'closed', 'deleted'
  )),
  from_status text check (
    from_status in ('fix_required', 'rereview_required', 'pending', 'manual_review_required', 'closed')
  ),
  to_status text check (
    to_status in ('fix_required', 'rereview_required', 'pending', 'manual_review_required', 'closed')
  ),
  reason_for_moderation text[] not null default '{}',
  action_taken_description text,
  findings jsonb not null default '[]' check (jsonb_typeof(findings) = 'array'),
  created_at timestamptz not null default now()
);

create index character_moderation_events_character_idx on character_moderation_events (character_id, id);

create function character_moderation_events_append_only() returns trigger
language plpgsql
as $$
begin
  raise exception 'character_moderation_events is append-only: % refused', tg_op
    using errcode = 'insufficient_privilege';
end
$$;

create trigger character_moderation_events_no_update before update or delete on character_moderation_events
  for each row execute function character_moderation_events_append_only();
create trigger character_moderation_events_no_truncate before truncate on character_moderation_events
  for each statement execute function character_moderation_events_append_only();
