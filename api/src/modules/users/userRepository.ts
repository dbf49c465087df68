import { randomUUID } from 'node:crypto';
import {
  ProfileSubscriptionSchema,
  ROLE_OF_TIER,
  ROLES,
  UserSettingsSchema,
  type OpenAiMode,
  type Role,
  type SessionUser,
  type Tier,
  type UserRestrictionKind,
  type UserSettings,
} from '@fable/contracts';
import type { UserRow } from '../../http/userRow';
import type { SecretBox } from '../../infra/crypto/secretBox';
import { prepared, type Queryable } from '../../infra/db/database';
import { maskApiKey, openOpenAiKey, type StoredOpenAiKey } from './openAiKeyStore';
import { effectiveTier, permissionsForUser } from './userPermissions';

/** Whether `err` is PostgreSQL's unique violation (23505) of `constraint` (two writers racing for one username). */
export const isUniqueViolation = (err: unknown, constraint: string) =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505' && (err as { constraint?: string }).constraint === constraint;

/** A users row as stored: UserRow's derived fields as raw columns, and the sealed OpenAI key with its key id. */
export interface UserRecord extends Omit<UserRow, 'roles' | 'settings' | 'subscription' | 'restrictions' | 'permissions' | 'effective_tier'> {
  /** Sealed (AES-256-GCM, openAiKeyStore.ts) when openai_api_key_kid is set; plain text only before migration 010. */
  openai_api_key: string | null;
  openai_api_key_kid: string | null;
  /** Extra roles (beta_user, employee). */
  roles: unknown;
  settings: unknown;
  subscription: unknown;
}

/**
 * Active restrictions as a json array, and the best active tier grant (tier_grants, migration 006), for the row
 * queries below ($N = now).
 */
const restrictionsJson = (nowParam: string) => `coalesce((
    select json_agg(json_build_object('kind', r.kind, 'expires_at', r.expires_at, 'reason', r.reason) order by r.created_at)
    from user_restrictions r
    where r.user_id = u.id and r.lifted_at is null and (r.expires_at is null or r.expires_at > ${nowParam})
  ), '[]'::json) as restrictions_json,
  (select g.tier from tier_grants g where g.user_id = u.id and g.starts_at <= ${nowParam} and g.ends_at > ${nowParam}
    order by array_position(array['minimal', 'basic', 'premium'], g.tier) desc limit 1) as granted_tier`;

/**
 * settings.likedBots and settings.blockedUsers are not stored in users.settings: they are read from the favourites
 * and blocked-creators tables (migration 005, written by the discovery calls), newest first.
 */
const MEMBER_LISTS = `coalesce((select array_agg(f.character_id order by f.created_at desc) from character_favorites f where f.user_id = u.id), '{}') as liked_bots,
  coalesce((select array_agg(b.creator_user_id order by b.created_at desc) from creator_blocks b where b.user_id = u.id), '{}') as blocked_users`;

/**
 * Every column of users, named (a test holds it to the table): the rows below select them by name, not `u.*`, so that
 * the session's read, which every signed-in call makes, can be a prepared statement (database.ts).
 */
export const USER_COLUMNS = [
  'id', 'application_id', 'email', 'email_verified', 'username', 'name', 'avatar_url', 'highlights', 'openai_api_key', 'openai_mode',
  'tier', 'roles', 'settings', 'subscription', 'external_id', 'affiliate_id', 'tap_tracking_id', 'profile_modified', 'created_at',
  'updated_at', 'deleted_at', 'openai_api_key_kid', 'openai_api_key_hint',
] as const;

const USER_SELECT = USER_COLUMNS.map((c) => `u.${c}`).join(', ');

type RowWithRestrictions = UserRecord & { restrictions_json: unknown; granted_tier: Tier | null; liked_bots: string[]; blocked_users: string[] };

function toUserRow(row: RowWithRestrictions): UserRow {
  const { restrictions_json, granted_tier, liked_bots, blocked_users, openai_api_key_kid, ...record } = row;
  // A key stored before encryption (sealed at start) still gets a mask.
  const hint = record.openai_api_key_hint ?? (record.openai_api_key !== null && openai_api_key_kid === null ? maskApiKey(record.openai_api_key) : null);
  const tier = effectiveTier(record.tier, granted_tier);
  const raw = (typeof restrictions_json === 'string' ? JSON.parse(restrictions_json) : restrictions_json) as Array<{
    kind: UserRestrictionKind;
    expires_at: string | null;
    reason: string | null;
  }>;
  const restrictions = raw.map((r) => ({
    kind: r.kind,
    expires_at: r.expires_at === null ? null : new Date(r.expires_at).toISOString(),
    reason: r.reason,
  }));
  const extraRoles = Array.isArray(record.roles) ? record.roles.filter((r): r is Role => ROLES.includes(r as Role)) : [];
  const roles: Role[] = [ROLE_OF_TIER[tier], ...extraRoles.filter((r) => r !== ROLE_OF_TIER[tier])];
  const subscription = record.subscription == null ? null : ProfileSubscriptionSchema.nullable().catch(null).parse(record.subscription);
  return {
    ...record,
    openai_api_key: null,
    openai_api_key_hint: hint,
    roles,
    settings: { ...UserSettingsSchema.parse(record.settings ?? {}), likedBots: liked_bots ?? [], blockedUsers: blocked_users ?? [] },
    subscription,
    restrictions,
    permissions: permissionsForUser(tier, roles, restrictions),
    effective_tier: tier,
  };
}

/** The live (not deleted) user by id. */
export async function findUserById(db: Queryable, id: string, now: Date): Promise<UserRow | null> {
  const { rows } = await db.query<RowWithRestrictions>(
    `select ${USER_SELECT}, ${restrictionsJson('$2')}, ${MEMBER_LISTS} from users u where u.id = $1 and u.deleted_at is null`,
    [id, now],
  );
  return rows[0] ? toUserRow(rows[0]) : null;
}

const SESSION_USER = prepared(
  'session_user',
  `select ${USER_SELECT}, ${restrictionsJson('$3')}, ${MEMBER_LISTS}
     from users u join auth_sessions s on s.user_id = u.id and s.id = $2 and s.revoked_at is null
    where u.id = $1 and u.deleted_at is null`,
);

/**
 * The live user of a live (not revoked) session: what an access token may act as; with their own OpenAI key opened
 * (null when it cannot be: a key ring without its key id, or an altered value).
 */
export async function findSessionUser(db: Queryable, userId: string, sessionId: string, now: Date, secrets: SecretBox | null): Promise<UserRow | null> {
  const { rows } = await db.query<RowWithRestrictions>(SESSION_USER, [userId, sessionId, now]);
  const row = rows[0];
  if (!row) return null;
  let key: string | null;
  try {
    key = openOpenAiKey(secrets, row.id, row.openai_api_key, row.openai_api_key_kid);
  } catch {
    key = null;
  }
  return { ...toUserRow(row), openai_api_key: key };
}

/** The live user whose verified email this is (sign-in matches only verified emails). */
export async function findUserByEmail(db: Queryable, applicationId: string, email: string, now: Date): Promise<UserRow | null> {
  const { rows } = await db.query<RowWithRestrictions>(
    `select ${USER_SELECT}, ${restrictionsJson('$3')}, ${MEMBER_LISTS} from users u
     where u.application_id = $1 and u.email = $2 and u.email_verified and u.deleted_at is null`,
    [applicationId, email.toLowerCase(), now],
  );
  return rows[0] ? toUserRow(rows[0]) : null;
}

export async function findUserByExternalId(db: Queryable, applicationId: string, externalId: string, now: Date): Promise<UserRow | null> {
  const { rows } = await db.query<RowWithRestrictions>(
    `select ${USER_SELECT}, ${restrictionsJson('$3')}, ${MEMBER_LISTS} from users u
     where u.application_id = $1 and u.external_id = $2 and u.deleted_at is null`,
    [applicationId, externalId, now],
  );
  return rows[0] ? toUserRow(rows[0]) : null;
}

export async function findUserByUsername(db: Queryable, applicationId: string, username: string, now: Date): Promise<UserRow | null> {
  const { rows } = await db.query<RowWithRestrictions>(
    `select ${USER_SELECT}, ${restrictionsJson('$3')}, ${MEMBER_LISTS} from users u
     where u.application_id = $1 and u.username = $2 and u.deleted_at is null`,
    [applicationId, username.toLowerCase(), now],
  );
  return rows[0] ? toUserRow(rows[0]) : null;
}

export interface NewUser {
  applicationId: string;
  /** A verified email (from an email code or a provider). */
  email?: string | null;
  username?: string | null;
  name?: string | null;
  avatarUrl?: string | null;
  externalId?: string | null;
}

/** Inserts a user; the id is a fresh uuid, never equal to the external id (document 1 §4). */
export async function insertUser(db: Queryable, user: NewUser, now: Date): Promise<UserRow> {
  let id = randomUUID();
  while (id === user.externalId) id = randomUUID();
  await db.query(
    `insert into users (id, application_id, email, email_verified, username, name, avatar_url, external_id, created_at, updated_at)
     values ($1, $2, $3, $3::text is not null, $4, $5, $6, $7, $8, $8)`,
    [
      id,
      user.applicationId,
      user.email?.toLowerCase() ?? null,
      user.username?.toLowerCase() ?? null,
      user.name ?? null,
      user.avatarUrl ?? null,
      user.externalId ?? null,
      now,
    ],
  );
  const created = await findUserById(db, id, now);
  if (!created) throw new Error('inserted user not found');
  return created;
}

/** users.settings as stored: every setting but the two lists kept in their own tables. */
export type StoredUserSettings = Omit<UserSettings, 'likedBots' | 'blockedUsers'>;

/** Profile columns PATCH and sign-up may change. */
export interface ProfileChanges {
  username?: string;
  name?: string;
  highlights?: string | null;
  /** Sealed with sealOpenAiKey; null removes the key. */
  openai_api_key?: StoredOpenAiKey | null;
  openai_mode?: OpenAiMode;
  avatar_url?: string | null;
  /** An email typed by the user: stored unverified. */
  email?: string;
  /** likedBots and blockedUsers are never stored (they come from their tables). */
  settings?: StoredUserSettings;
  affiliate_id?: string | null;
  tap_tracking_id?: string | null;
}

const PROFILE_COLUMNS = [
  'username',
  'name',
  'highlights',
  'openai_api_key',
  'openai_mode',
  'avatar_url',
  'email',
  'settings',
  'affiliate_id',
  'tap_tracking_id',
] as const satisfies ReadonlyArray<keyof ProfileChanges>;

const KEPT_ONCE: ReadonlySet<string> = new Set(['affiliate_id', 'tap_tracking_id']);

/** Writes the given profile fields (others unchanged; the tracking ids only where none is kept yet) and marks the profile modified. */
export async function updateUserProfile(db: Queryable, id: string, changes: ProfileChanges, now: Date): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id, now];
  for (const column of PROFILE_COLUMNS) {
    const value = changes[column];
    if (value === undefined) continue;
    if (column === 'openai_api_key') {
      const key = changes.openai_api_key ?? null;
      params.push(key?.value ?? null, key?.kid ?? null, key?.hint ?? null);
      const n = params.length;
      sets.push(`openai_api_key = $${n - 2}`, `openai_api_key_kid = $${n - 1}`, `openai_api_key_hint = $${n}`);
      continue;
    }
    params.push(column === 'settings' ? JSON.stringify(value) : column === 'email' ? String(value).toLowerCase() : value);
    if (KEPT_ONCE.has(column)) {
      // The tracking ids of sign-up (document 1 §7) are kept once: a later value never replaces one.
      sets.push(`${column} = coalesce(${column}, $${params.length})`);
      continue;
    }
    sets.push(`${column} = $${params.length}${column === 'settings' ? '::jsonb' : ''}`);
    if (column === 'email') sets.push('email_verified = false');
  }
  if (sets.length === 0) return;
  await db.query(
    `update users set ${sets.join(', ')}, profile_modified = true, updated_at = $2 where id = $1 and deleted_at is null`,
    params as never,
  );
}

/**
 * Account deletion: the row stays (ids referenced elsewhere keep resolving) but every personal field is erased,
 * identities and pending codes are removed, and every session is revoked.
 */
export async function softDeleteUser(db: Queryable, id: string, now: Date): Promise<void> {
  const { rows } = await db.query<{ email: string | null; application_id: string }>(
    'select email, application_id from users where id = $1',
    [id],
  );
  await db.query(
    `update users set email = null, email_verified = false, username = null, name = null, avatar_url = null, highlights = null,
       openai_api_key = null, openai_api_key_kid = null, openai_api_key_hint = null, openai_mode = 'disabled', settings = '{}'::jsonb, subscription = null,
       external_id = null, affiliate_id = null, tap_tracking_id = null, deleted_at = $2, updated_at = $2
     where id = $1`,
    [id, now],
  );
  await db.query('delete from user_identities where user_id = $1', [id]);
  await db.query('delete from login_codes where user_id = $1', [id]);
  const row = rows[0];
  if (row?.email) await db.query('delete from email_codes where application_id = $1 and email = $2', [row.application_id, row.email]);
  await db.query(`update auth_sessions set revoked_at = $2, revoked_reason = 'account_deleted' where user_id = $1 and revoked_at is null`, [id, now]);
}

/** The user as sent to that user (SessionUserSchema). */
export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    external_id: user.external_id,
    username: user.username,
    name: user.name,
    email: user.email,
    avatar_url: user.avatar_url,
    highlights: user.highlights,
    // Never the key itself: its mask, which also tells the page that one is saved.
    openai_api_key: user.openai_api_key_hint,
    openai_mode: user.openai_mode,
    role: user.effective_tier,
    roles: user.roles,
    permissions: user.permissions,
    subscriptionTier: user.effective_tier,
    subscription: user.subscription,
    isProfileModified: user.profile_modified,
    isInvalid: false,
    application_id: user.application_id,
    tier: user.effective_tier,
    restrictions: user.restrictions,
    settings: user.settings,
    created_at: user.created_at.toISOString(),
  };
}

/** Puts a restriction on a user (moderation; used by tests and admin tools). */
export async function addRestriction(
  db: Queryable,
  userId: string,
  restriction: { kind: UserRestrictionKind; reason?: string | null; expiresAt?: Date | null },
  now: Date,
): Promise<void> {
  await db.query(
    'insert into user_restrictions (id, user_id, kind, reason, expires_at, created_at) values ($1, $2, $3, $4, $5, $6)',
    [randomUUID(), userId, restriction.kind, restriction.reason ?? null, restriction.expiresAt ?? null, now],
  );
}
