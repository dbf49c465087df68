-- A browser's push subscription belongs to the session that turned it on: once that session ends (sign-out, a revoked
-- session, the account deleted) nothing more is pushed there, so the next person on that browser gets none of it.
alter table push_subscriptions add column session_id uuid references auth_sessions (id) on delete cascade;
