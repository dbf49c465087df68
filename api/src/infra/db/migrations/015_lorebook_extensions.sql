-- A lorebook keeps what an imported book (a `lorebook_v3` file, SillyTavern World Info, a card's character book)
-- carries besides its name, description and entries: scan_depth, token_budget, recursive_scanning, its `extensions`,
-- keys no specification names, and the name and description it had when they were fitted to our limits. Written back
-- on export so a file round-trips; a lorebook made in the form has none ('{}').
alter table lorebooks add column extensions jsonb not null default '{}'::jsonb;
