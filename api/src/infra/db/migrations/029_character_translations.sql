-- Chatbots translated into a chat language (document 1 §1 "Users can translate a chatbot into their chat language",
-- §2 Translate modal, §4 "Translation: idle, translating with progress, done, error"): once per chatbot and language,
-- shared by every member. `source_hash` is the hash of the fields it was made from: an edited chatbot is translated anew.
create table character_translations (
  character_id text not null references characters (id) on delete cascade,
  language text not null,
  status text not null check (status in ('translating', 'done', 'failed')),
  progress integer not null default 0 check (progress between 0 and 100),
  source_hash text not null,
  fields jsonb,
  error text,
  requested_by uuid references users (id) on delete set null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (character_id, language)
);
