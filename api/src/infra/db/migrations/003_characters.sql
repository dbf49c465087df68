-- The catalog: creators, characters (document 1 §3 "Character (chatbot)"), lorebooks and their entries
-- (document 2 §3 "Lorebook", "Entry"), and which lorebooks a character uses.
-- Full-text and trigram search indexes come with the search module, not here.

-- A creator is a user who publishes characters, keyed by the user id (text, like every id). No foreign key to
-- users: seeded creators have no account, and the users module owns its own table.
create table creators (
  user_id text primary key,
  username text not null unique check (username = lower(username) and char_length(username) between 3 and 20),
  display_name text not null,
  avatar_url text,
  created_at timestamptz not null default now()
);

create table characters (
  id text primary key default gen_random_uuid()::text,
  -- The application (brand or partner) the character belongs to; the API reports it as application_ids.
  application_id text not null,
  creator_user_id text not null,
  -- Denormalised for listings and creator pages; stored lower-case like every username.
  creator_username text not null check (creator_username = lower(creator_username)),
  name text not null,
  title text not null,
  -- A short blurb for cards and card import ("description"); not part of the chat definition.
  description text not null default '',
  -- The definition: personality ("persona"), scenario, greeting (first message), example dialogue.
  persona text not null,
  scenario text,
  greeting text not null,
  dialogue text,
  tags text[] not null default '{}',
  language text not null default 'en',
  -- Per chat language (name_i18n, title_i18n: {"es": "…"}) and the languages a translation exists for.
  name_i18n jsonb not null default '{}',
  title_i18n jsonb not null default '{}',
  translated_languages text[] not null default '{}',
  is_nsfw boolean not null default false,
  avatar_url text,
  avatar_is_nsfw boolean not null default false,
  -- hidden is shown as Unlisted; permanently_private cannot be changed (enforced by the characters module).
  visibility text not null check (visibility in ('public', 'hidden', 'private', 'permanently_private')),
  definition_visible boolean not null default false,
  guidelines boolean not null default true,
  type text not null default 'character' check (type in ('character', 'group')),
  sub_character_ids text[] not null default '{}',
  token_count integer not null default 0 check (token_count >= 0),
  num_messages bigint not null default 0 check (num_messages >= 0),
  num_messages_24h integer not null default 0 check (num_messages_24h >= 0),
  -- 0 to 1; null until rated.
  rating_score real check (rating_score between 0 and 1),
  rating_count integer not null default 0 check (rating_count >= 0),
  num_favorites integer not null default 0 check (num_favorites >= 0),
  lora_status text not null default 'none' check (lora_status in ('none', 'pending', 'ready', 'failed')),
  -- Moderation report (null status: never moderated).
  moderation_status text check (
    moderation_status in ('fix_required', 'rereview_required', 'pending', 'manual_review_required', 'closed')
  ),
  reason_for_moderation text[] not null default '{}',
  action_taken_description text,
  moderation_expires_at timestamptz,
  aicq_manual_review_required boolean not null default false,
  submit_for_manual_review boolean not null default false,
  reports_type text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Listings of one application by visibility, newest first; creator pages and My Chatbots; the catalog by date.
create index characters_app_visibility_created_idx on characters (application_id, visibility, created_at desc);
create index characters_creator_created_idx on characters (creator_user_id, created_at desc);
create index characters_creator_username_idx on characters (creator_username);
create index characters_created_at_idx on characters (created_at desc);

create table lorebooks (
  id text primary key default gen_random_uuid()::text,
  application_id text not null,
  creator_user_id text not null,
  creator_username text not null check (creator_username = lower(creator_username)),
  name text not null,
  description text not null,
  avatar_url text,
  tags text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index lorebooks_creator_created_idx on lorebooks (creator_user_id, created_at desc);
create index lorebooks_app_created_idx on lorebooks (application_id, created_at desc);

create table lorebook_entries (
  id text primary key default gen_random_uuid()::text,
  lorebook_id text not null references lorebooks (id) on delete cascade,
  -- Order within the lorebook.
  position integer not null,
  name text not null,
  keywords text[] not null,
  content text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index lorebook_entries_lorebook_idx on lorebook_entries (lorebook_id, position);

-- The lorebooks a character uses (Character.lorebooks: id, name).
create table character_lorebooks (
  character_id text not null references characters (id) on delete cascade,
  lorebook_id text not null references lorebooks (id) on delete cascade,
  primary key (character_id, lorebook_id)
);

create index character_lorebooks_lorebook_idx on character_lorebooks (lorebook_id);
