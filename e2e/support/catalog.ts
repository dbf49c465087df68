import type { SearchCharactersParams, SearchCharactersResult } from '@fable/contracts';

/** Characters seeded into the e2e API's own database before it starts. */
export const E2E_CATALOG_SIZE = 2000;
/** The e2e API's favourites limit (CHARACTER_FAVORITE_LIMIT), small enough to reach in a spec. */
export const E2E_FAVORITE_LIMIT = 3;
/** Signing in with this email gives the admin permission (ADMIN_EMAILS). */
export const E2E_ADMIN_EMAIL = 'e2e-admin@example.com';

/** Asks the e2e API's search directly (as a guest of the main application), to pick data for a spec. */
export async function searchCatalog(params: SearchCharactersParams): Promise<SearchCharactersResult> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    query.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const response = await fetch(`${process.env.E2E_API_URL}/api/characters/search?${query}`, {
    headers: { 'X-Application-Id': 'fable', 'X-Guest-User-Id': '00000000-0000-4000-8000-000000000001' },
  });
  if (!response.ok) throw new Error(`search failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as SearchCharactersResult;
}
