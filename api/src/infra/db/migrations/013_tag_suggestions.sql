-- Members' tag suggestions for chatbots (modules/suggestions; document 1 §3 "Tag suggestion record", §7 "POST event …
-- tag suggestions (character_id, tags_to_add, tags_to_remove; empty lists discard)"; contracts' suggestionCalls).
-- Kept by the API, not on the device: the profile shows a member's pending suggestion on every device.

-- One pending suggestion per member and chatbot: a new one replaces it, empty lists delete it. Tags are stored in the
-- spelling the API checked them in (the application's tag options; the chatbot's own tags for removal), at most 12
-- each (document 1 §5 "You can keep only 12 tags !"), never empty both.
create table tag_suggestions (
  user_id uuid not null references users (id) on delete cascade,
  character_id text not null references characters (id) on delete cascade,
  application_id text not null,
  tags_to_add text[] not null default '{}',
  tags_to_remove text[] not null default '{}',
  -- When this suggestion was sent (a replacement sends it anew).
  suggested_at timestamptz not null,
  primary key (user_id, character_id),
  check (cardinality(tags_to_add) <= 12 and cardinality(tags_to_remove) <= 12),
  check (cardinality(tags_to_add) + cardinality(tags_to_remove) > 0)
);

-- A chatbot's suggestions, newest first (for its creator).
create index tag_suggestions_character_idx on tag_suggestions (character_id, suggested_at desc);
