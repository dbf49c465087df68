-- Reports handled (issue 28): a chatbot taken down after reports, the creator's appeal of a decision and its outcome
-- join the chatbot's append-only record; the admins' record takes the report decisions; appeals are kept, one per
-- decision (the record's line it appeals).
alter table character_moderation_events drop constraint character_moderation_events_action_check;
alter table character_moderation_events add constraint character_moderation_events_action_check check (action in (
  'submitted_for_review', 'resubmitted', 'submitted_for_manual_review', 'approved', 'fixes_required', 'closed', 'deleted',
  'taken_down', 'appealed', 'appeal_upheld', 'appeal_reversed'
));
-- What a decision changed that an appeal may undo (the visibility before a take-down).
alter table character_moderation_events add column details jsonb not null default '{}' check (jsonb_typeof(details) = 'object');

alter table admin_actions drop constraint admin_actions_action_check;
alter table admin_actions add constraint admin_actions_action_check check (action in (
  'restriction_added', 'restriction_lifted', 'reports_dismissed', 'fixes_required', 'chatbot_taken_down', 'appeal_upheld', 'appeal_reversed'
));

create table character_appeals (
  id uuid primary key,
  application_id text not null,
  character_id text not null references characters (id) on delete cascade,
  creator_user_id uuid not null references users (id) on delete cascade,
  -- the record's line of the decision appealed: one appeal per decision
  decision_event_id bigint not null unique,
  statement text not null,
  status text not null default 'open' check (status in ('open', 'upheld', 'reversed')),
  created_at timestamptz not null,
  decided_at timestamptz,
  decided_by uuid references users (id) on delete set null,
  outcome_reason text,
  constraint character_appeals_decided check ((status = 'open') = (decided_at is null))
);
create index character_appeals_open on character_appeals (application_id, created_at) where status = 'open';
