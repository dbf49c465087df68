-- Chat (document 1 §3 "Message", "Conversation", "Persona", "Memory"; §4 message actions, memory; document 2
-- persona rules): members' conversations with characters, their messages and alternates, personas and memories.
-- Guests' chats are not saved. Times are written by the API from its clock.

-- A member's personas ("who is chatting"); at most one default per user.
create table personas (
  id text primary key default gen_random_uuid()::text,
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  avatar_url text,
  highlights text not null default '',
  is_default boolean not null default false,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index personas_by_user on personas (user_id, created_at);
create unique index personas_one_default on personas (user_id) where is_default;

create table conversations (
  id text primary key default gen_random_uuid()::text,
  user_id uuid not null references users (id) on delete cascade,
  character_id text not null references characters (id) on delete cascade,
  user_persona_id text references personas (id) on delete set null,
  -- The title (label); null until renamed.
  label text check (label is null or char_length(label) between 1 and 50),
  voice_id text,
  message_count integer not null default 0 check (message_count >= 0),
  last_message_id text,
  last_message_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
-- Recent chats (newest activity first) and saved chats per character.
create index conversations_by_user_recent on conversations (user_id, updated_at desc, id desc);
create index conversations_by_user_character on conversations (user_id, character_id, updated_at desc, id desc);

-- Messages of a conversation. The main line is the messages with is_alternative false, in created order;
-- regenerating moves the last bot reply to the alternates (is_alternative true, alternate_of the reply that took
-- its place). prev_id links a message to the one it answers.
create table messages (
  id text primary key default gen_random_uuid()::text,
  conversation_id text not null references conversations (id) on delete cascade,
  role text not null check (role in ('user', 'assistant')),
  content text not null,
  prev_id text,
  is_alternative boolean not null default false,
  alternate_of text,
  -- Tokens of content (the prompt builder's stored count).
  token_count integer not null default 0 check (token_count >= 0),
  rating text check (rating in ('terrible', 'bad', 'great', 'fantastic')),
  label text,
  -- The reply was stopped by the user or cut by the engine before its end.
  stopped boolean not null default false,
  sub_character_id text,
  seq bigint generated always as identity,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index messages_by_conversation on messages (conversation_id, seq desc) where not is_alternative;
create index messages_alternates on messages (alternate_of, seq) where is_alternative;

-- Conversation memories (document 1 §4 Memory): pinned first, then newest.
create table memories (
  id text primary key default gen_random_uuid()::text,
  conversation_id text not null references conversations (id) on delete cascade,
  content text not null check (char_length(content) between 1 and 250),
  is_pinned boolean not null default false,
  memory_type text not null default 'user' check (memory_type in ('user', 'auto')),
  seq bigint generated always as identity,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index memories_by_conversation on memories (conversation_id, is_pinned desc, seq desc);

-- Message reports (document 1 §3 "Report payloads": message flag).
create table message_flags (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  message_id text not null references messages (id) on delete cascade,
  conversation_id text not null references conversations (id) on delete cascade,
  character_id text not null,
  label text not null,
  comment text,
  created_at timestamptz not null
);
