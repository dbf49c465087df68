import { TIER_RANK, permissionsFor, type Permission, type Role, type Tier, type UserRestriction } from '@fable/contracts';

/**
 * Permissions a banned user keeps (document 1 §6): the ones that show the ban screen, and site_access, so "Continue to
 * site" (§2 "Ban screen") reads the public site; every member page shows the ban screen, and the API refuses writes.
 */
const BANNED: Record<'temporary' | 'complete', Permission[]> = {
  temporary: ['site_access', 'restriction_full_time', 'limited_access'],
  complete: ['site_access', 'restriction_full', 'limited_access'],
};

/** Limited: can chat; cannot upload or edit bots (document 1 §6 restriction_limited). */
const LIMITED_LOSES: readonly Permission[] = ['create_character', 'delete_character'];

/**
 * A member's permissions: their tier's and roles' (contracts' permissionsFor), shaped by active restrictions.
 * A complete or temporary ban leaves only site_access and the ban-screen permissions.
 */
export function permissionsForUser(tier: Tier, roles: readonly Role[], restrictions: readonly Pick<UserRestriction, 'kind'>[]): Permission[] {
  const kinds = new Set(restrictions.map((r) => r.kind));
  if (kinds.has('complete')) return [...BANNED.complete];
  if (kinds.has('temporary')) return [...BANNED.temporary];
  let permissions = permissionsFor(tier, roles);
  if (kinds.has('limited')) {
    permissions = permissions.filter((p) => !LIMITED_LOSES.includes(p));
    permissions.push('restriction_limited');
  }
  if (kinds.has('shadowban')) permissions.push('temporary_shadowban');
  return permissions;
}

/** The tier in effect: the stored (subscription) tier, or an active grant's tier when that is higher. */
export function effectiveTier(stored: Tier, granted: Tier | null | undefined): Tier {
  return granted && TIER_RANK[granted] > TIER_RANK[stored] ? granted : stored;
}
