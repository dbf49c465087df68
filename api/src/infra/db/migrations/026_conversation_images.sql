-- Conversation images and chatbot image training (issue 26; document 1 §3 Message image_url and image_prompt,
-- character lora_status; §4 image button; §7 the conversation image endpoint and POST characters/train; §9 training
-- at most 4 requests per day).

-- An image message is the bot's: its picture (a stored image, modules/images), the prompt it was drawn from, and
-- whether it is adult content. Its text is empty and stays out of the prompt.
alter table messages add column image_hash text references images (hash);
alter table messages add column image_prompt text;
alter table messages add column image_is_nsfw boolean not null default false;

-- The trained image model (a LoRA) of a chatbot whose lora_status is ready.
alter table characters add column lora_name text;

-- Training requests: who asked (4 a day each), for which chatbot, and how it went. One pending request per chatbot.
create table image_training_requests (
  id text primary key default gen_random_uuid()::text,
  user_id uuid not null references users (id) on delete cascade,
  character_id text not null references characters (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'ready', 'failed')),
  created_at timestamptz not null,
  finished_at timestamptz
);
create index image_training_requests_by_user on image_training_requests (user_id, created_at);
create unique index image_training_requests_one_pending on image_training_requests (character_id) where status = 'pending';
