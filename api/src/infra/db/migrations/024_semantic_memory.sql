-- Semantic memory (issue 26).
-- memory_type follows document 1 §3 "memory_type (user or other)": the conversation's own memories are 'other'.
alter table memories drop constraint memories_memory_type_check;
update memories set memory_type = 'other' where memory_type = 'auto';
alter table memories add constraint memories_memory_type_check check (memory_type in ('user', 'other'));
-- A memory's vector from the embeddings endpoint, and the model that made it (null: not embedded, or lexical only).
alter table memories add column embedding real[];
alter table memories add column embedding_model text;

-- The last message (seq) whose facts were distilled into the conversation's memories.
alter table conversations add column memory_distilled_seq bigint not null default 0;

-- Jobs that are not billing's (memory distillation, image training): the same queue on its own table, so each
-- worker claims only its own kinds.
create table background_jobs (
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
create index background_jobs_due_idx on background_jobs (run_at, id) where completed_at is null and failed_at is null;
