import { PERSONA_COUNT_LIMIT, type Persona, type Tier } from '@fable/contracts';
import type { SessionUser } from '@fable/shared';

/**
 * The personas My Personas shows (document 2 §2, §4): the default first, the others in the API's order (oldest
 * first), those whose name or highlights hold the search (case-insensitive, trimmed).
 */
export function visiblePersonas(personas: readonly Persona[], search: string): Persona[] {
  const needle = search.trim().toLocaleLowerCase();
  const ordered = [...personas.filter((p) => p.is_default), ...personas.filter((p) => !p.is_default)];
  if (!needle) return ordered;
  return ordered.filter((p) => p.name.toLocaleLowerCase().includes(needle) || p.highlights.toLocaleLowerCase().includes(needle));
}

/** How many personas the tier allows (document 2 §9: free 3, minimal 10, basic 50, premium 100). */
export const personaLimitOf = (tier: Tier): number => PERSONA_COUNT_LIMIT[tier];

/**
 * Whether the Limit Reached modal offers an upgrade (document 2 §6: premium, or a stored paid-premium role, gets no
 * upgrade prompt).
 */
export const offersUpgrade = (user: Pick<SessionUser, 'tier' | 'roles'> | null): boolean =>
  user !== null && user.tier !== 'premium' && !user.roles.includes('paid_premium');

/** The Limit Reached numbers: the API's (409 details) when it answered, else the member's tier's. */
export interface PersonaLimit {
  n: number;
  tier: string;
}

export function limitFromDetails(details: unknown, fallback: PersonaLimit): PersonaLimit {
  const d = (details ?? {}) as { n?: unknown; tier?: unknown };
  return typeof d.n === 'number' && typeof d.tier === 'string' ? { n: d.n, tier: d.tier } : fallback;
}
