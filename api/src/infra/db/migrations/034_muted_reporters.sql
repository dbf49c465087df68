-- Reporters whose reports are repeatedly dismissed can be muted (issue 28): their reports are still accepted (they get
-- the same receipt) but stay out of the admins' queue. Muting and unmuting are in the admins' record.
create table muted_reporters (
  user_id uuid primary key references users (id) on delete cascade,
  application_id text not null,
  muted_by uuid references users (id) on delete set null,
  created_at timestamptz not null
);

alter table admin_actions drop constraint admin_actions_action_check;
alter table admin_actions add constraint admin_actions_action_check check (action in (
  'restriction_added', 'restriction_lifted', 'reports_dismissed', 'fixes_required', 'chatbot_taken_down', 'appeal_upheld', 'appeal_reversed',
  'reporter_muted', 'reporter_unmuted'
));
