-- Users (document 1 §3 "User", "User settings"), their restrictions (§4 "Restriction", §6) and sign-in state:
-- email codes, social identities, sessions with rotating refresh tokens, one-time login codes.
-- Times are written by the API from its clock (tests move it), never defaulted here.

-- Generated server keys (the development JWT key when JWT_SECRET is unset); lives with the data directory.
create table server_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

create table users (
  id uuid primary key,
  application_id text not null,
  -- lower-cased; null for partner users and after deletion
  email text,
  -- proven by an email code or a provider; an email typed into the profile is not, and never signs anyone in
  email_verified boolean not null default false,
  -- lower-case; null until sign-up, and after deletion
  username text,
  name text,
  avatar_url text,
  highlights text,
  openai_api_key text,
  openai_mode text not null default 'disabled' check (openai_mode in ('disabled', 'enabled', 'hybrid')),
  tier text not null default 'free' check (tier in ('free', 'minimal', 'basic', 'premium')),
  -- extra roles (beta_user, employee); the subscription role follows the tier
  roles jsonb not null default '[]',
  -- UserSettings as stored (defaults applied on read)
  settings jsonb not null default '{}',
  -- ProfileSubscription summary, null without a subscription
  subscription jsonb,
  -- partner users: the partner's own id for this user, never equal to id
  external_id text,
  affiliate_id text,
  tap_tracking_id text,
  profile_modified boolean not null default false,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  deleted_at timestamptz,
  constraint users_username_lower_case check (username = lower(username)),
  constraint users_email_lower_case check (email = lower(email)),
  constraint users_external_id_distinct check (external_id is null or external_id <> id::text)
);
create unique index users_username_per_application on users (application_id, username) where username is not null;
create unique index users_email_per_application on users (application_id, email) where email is not null and email_verified;
create unique index users_external_id_per_application on users (application_id, external_id) where external_id is not null;

create table user_restrictions (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  kind text not null check (kind in ('temporary', 'limited', 'complete', 'shadowban')),
  reason text,
  -- required for temporary bans and shadow-bans
  expires_at timestamptz,
  created_at timestamptz not null,
  lifted_at timestamptz,
  constraint user_restrictions_expiry check (kind in ('limited', 'complete') or expires_at is not null)
);
create index user_restrictions_by_user on user_restrictions (user_id);

-- Social sign-in: the provider's subject linked to a user of one application.
create table user_identities (
  application_id text not null,
  provider text not null,
  subject text not null,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null,
  primary key (application_id, provider, subject)
);
create index user_identities_by_user on user_identities (user_id);

-- Pending email sign-in codes: HMAC of the code, never the code.
create table email_codes (
  application_id text not null,
  email text not null,
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  created_at timestamptz not null,
  primary key (application_id, email)
);

-- One sign-in = one session = one refresh token family.
create table auth_sessions (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  application_id text not null,
  -- email, oidc:<provider>, partner
  method text not null,
  created_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text
);
create index auth_sessions_by_user on auth_sessions (user_id);

-- SHA-256 of each refresh token; used_at is set when it is rotated (a second use revokes the session).
create table refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references auth_sessions (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index refresh_tokens_by_session on refresh_tokens (session_id);

-- One-time codes handed to the browser after a social sign-in, exchanged for tokens.
create table login_codes (
  code_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  application_id text not null,
  method text not null,
  is_new_user boolean not null,
  expires_at timestamptz not null
);
