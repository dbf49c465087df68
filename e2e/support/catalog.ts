import type { SearchCharactersParams, SearchCharactersResult } from '@fable/contracts';

/** Characters seeded into the e2e API's own database before it starts. */
export const E2E_CATALOG_SIZE = 2000;
/** The e2e API's favourites limit (CHARACTER_FAVORITE_LIMIT), small enough to reach in a spec. */
export const E2E_FAVORITE_LIMIT = 3;
/** Signing in with this email gives the admin permission (ADMIN_EMAILS). */
export const E2E_ADMIN_EMAIL = 'e2e-admin@example.com';

let guestId: Promise<string> | null = null;

/** A guest id the e2e API issued (it refuses ids it did not sign), asked for once per worker. */
function e2eGuestId(): Promise<string> {
  guestId ??= fetch(`${process.env.E2E_API_URL}/api/v2/auth/guest`, { method: 'POST', headers: { 'X-Application-Id': 'fable' } })
    .then((r) => r.json() as Promise<{ guest_user_id: string }>)
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
