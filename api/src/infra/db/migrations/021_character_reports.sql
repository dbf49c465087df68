-- Reports of chatbots (document 2 §2 "/report", §3 "Report", §7 "Report character"): a guest or a member reports a
-- chatbot of their application; an admin closes the report (actioned or dismissed). Reports are handled within 7 days
-- of their submission (created_at). One open report per reporter (the member's user id or the guest's id) and chatbot:
-- sending again updates that report (insert … on conflict on the partial unique index below, never read-then-write).
create table character_reports (
  id text primary key default gen_random_uuid()::text,
  application_id text not null,
  character_id text not null references characters (id) on delete cascade,
  reporter_kind text not null check (reporter_kind in ('member', 'guest')),
  -- the member's user id or the guest's id
  reporter_key text not null,
  reporter_user_id uuid references users (id) on delete set null,
  issue_type text not null check (issue_type in ('Guidelines', 'Categorization', 'Incorrect Authorization', 'Invalid')),
  details text not null check (char_length(details) between 1 and 250),
  expected_resolution text not null check (expected_resolution in ('private', 'modified', 'deleted')),
  status text not null default 'open' check (status in ('open', 'closed')),
  outcome text check (outcome in ('actioned', 'dismissed')),
  note text,
  closed_by uuid references users (id) on delete set null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  closed_at timestamptz,
  constraint character_reports_closed check ((status = 'open') = (closed_at is null) and (status = 'open') = (outcome is null))
);

create unique index character_reports_one_open on character_reports (character_id, reporter_kind, reporter_key) where status = 'open';
create index character_reports_open_queue on character_reports (application_id, created_at, id) where status = 'open';
