import type { SearchCharactersParams, SearchCharactersResult } from '@fable/contracts';

/** Characters seeded into the e2e API's own database before it starts. */
export const E2E_CATALOG_SIZE = 2000;
/** The e2e API's favourites limit (CHARACTER_FAVORITE_LIMIT), small enough to reach in a spec. */
export const E2E_FAVORITE_LIMIT = 3;
/**
 * Signing in with one of these emails gives the admin permission (ADMIN_EMAILS). One account per use, so that specs
 * running in parallel workers never ask for the same address's sign-in code at once (a newer code replaces the older).
 */
export const E2E_ADMINS = {
  /** The leaderboard's admin (discovery.spec), signed in through the page. */
  leaderboard: { email: 'e2e-admin@example.com', username: 'e2e_admin', name: 'Admin Ada' },
  /** The moderator of the creator studio spec, signed in through the page. */
  moderator: { email: 'e2e-moderator@example.com', username: 'e2e_moderator', name: 'Moderator Mo' },
  /** The admin of the trust-and-safety spec (members, restrictions, impersonation), signed in through the page. */
  trustAndSafety: { email: 'e2e-tns@example.com', username: 'e2e_tns', name: 'Safety Sam' },
  /** The admin of the banners spec, signed in through the page. */
  banners: { email: 'e2e-banners@example.com', username: 'e2e_banners', name: 'Banner Bea' },
  /** The admin of API calls (support/admin.ts). */
  api: { email: 'e2e-admin-api@example.com', username: 'e2e_admin_api', name: 'Admin Api' },
} as const;

let guestId: Promise<string> | null = null;

/** A guest id the e2e API issued (it refuses ids it did not sign), asked for once per worker. */
function e2eGuestId(): Promise<string> {
  guestId ??= fetch(`${process.env.E2E_API_URL}/api/v2/auth/guest`, { method: 'POST', headers: { 'X-Application-Id': 'fable' } })
    .then(async (r) => {
      if (!r.ok) throw new Error(`a guest id was refused: ${r.status} ${await r.text()}`);
      return r.json() as Promise<{ guest_user_id: string }>;
    })
    .then((body) => body.guest_user_id);
  return guestId;
}

/** Asks the e2e API's search directly (as a guest of the main application), to pick data for a spec. */
export async function searchCatalog(params: SearchCharactersParams): Promise<SearchCharactersResult> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    query.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const response = await fetch(`${process.env.E2E_API_URL}/api/characters/search?${query}`, {
    headers: { 'X-Application-Id': 'fable', 'X-Guest-User-Id': await e2eGuestId() },
  });
  if (!response.ok) throw new Error(`search failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as SearchCharactersResult;
}
