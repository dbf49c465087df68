import type { RestrictionKind, UserRestriction } from '@fable/contracts';

/** The ban screen a member's active restrictions call for: complete over temporary over limited; none otherwise. */
export function banOf(restrictions: readonly UserRestriction[] | undefined): (UserRestriction & { kind: RestrictionKind }) | null {
  for (const kind of ['complete', 'temporary', 'limited'] as const) {
    const found = restrictions?.find((r) => r.kind === kind);
    if (found) return { ...found, kind };
  }
  return null;
}

/** A hold or a termination: the member reads only, and sees the ban screen once per session before the site. */
export const isBanned = (kind: RestrictionKind | undefined | null) => kind === 'complete' || kind === 'temporary';

/** The temporary shadow-ban, if any. */
export const shadowBanOf = (restrictions: readonly UserRestriction[] | undefined) => restrictions?.find((r) => r.kind === 'shadowban') ?? null;
