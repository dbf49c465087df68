-- Trust and safety (issue 28): who restricted whom and who lifted it, the admins' append-only record of what they
-- did, and the record of every call an admin made while viewing the site as a member (impersonation).

alter table user_restrictions add column created_by uuid references users (id) on delete set null;
alter table user_restrictions add column lifted_by uuid references users (id) on delete set null;
alter table user_restrictions add column lift_reason text;
create index user_restrictions_active on user_restrictions (user_id, created_at) where lifted_at is null;

-- What an admin did (restricted, lifted, started impersonating…), who to, when and why. No foreign keys: the record
-- outlives the users it names. Triggers refuse UPDATE, DELETE and TRUNCATE.
create table admin_actions (
  id bigint generated always as identity primary key,
  application_id text not null,
  actor_id uuid not null,
  actor_username text,
  action text not null check (action in ('restriction_added', 'restriction_lifted')),
  target_user_id uuid,
  target_username text,
  reason text,
  details jsonb not null default '{}' check (jsonb_typeof(details) = 'object'),
  created_at timestamptz not null
);
create index admin_actions_by_target on admin_actions (target_user_id, id);

-- Every call made while impersonating, with both identities (the admin and the member whose view it was).
create table impersonated_calls (
  id bigint generated always as identity primary key,
  application_id text not null,
  admin_id uuid not null,
  admin_username text,
  user_id uuid not null,
  method text not null,
  path text not null,
  status_code integer not null,
  created_at timestamptz not null
);
create index impersonated_calls_by_admin on impersonated_calls (admin_id, id);
create index impersonated_calls_by_user on impersonated_calls (user_id, id);

create function append_only() returns trigger
language plpgsql
as $$
begin
  raise exception '% is append-only: % refused', tg_table_name, tg_op
    using errcode = 'insufficient_privilege';
end
$$;

create trigger admin_actions_no_update before update or delete on admin_actions
  for each row execute function append_only();
create trigger admin_actions_no_truncate before truncate on admin_actions
  for each statement execute function append_only();
create trigger impersonated_calls_no_update before update or delete on impersonated_calls
  for each row execute function append_only();
create trigger impersonated_calls_no_truncate before truncate on impersonated_calls
  for each statement execute function append_only();
