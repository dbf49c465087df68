-- Lorebook entries keep what an imported card's or World Info file's entry carries that Fable has no field for
-- (contracts' LorebookEntrySchema.extensions: the V3 entry's `extensions` and its other keys — position, depth,
-- probability, group, sticky, cooldown, case_sensitive, use_regex, constant, enabled, insertion_order, …). Written back
-- on export; the lore engine reads the keys it supports. Entries made in the form have none ('{}').
alter table lorebook_entries add column extensions jsonb not null default '{}'::jsonb;

-- Lorebooks of a creator by name (the chatbot form's attach picker, My Chatbots' Lorebooks tab search).
create index if not exists lorebooks_creator_name_idx on lorebooks (creator_user_id, lower(name));
