-- Voice quality ratings (document 1 §7 "rate voice quality (message id, voice id, rating)", §3 voice feedback):
-- one per member, message and voice; rating again replaces it.
create table voice_feedback (
  user_id uuid not null references users (id) on delete cascade,
  message_id text not null references messages (id) on delete cascade,
  voice_id text not null,
  rating text not null check (rating in ('like', 'dislike', 'love')),
  reason text check (reason in ('not_natural', 'pronunciation_unclear', 'tone_mismatch', 'too_fast', 'too_slow')),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (user_id, message_id, voice_id),
  check (rating <> 'dislike' or reason is not null)
);
