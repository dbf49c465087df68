import type { CharacterSummary, SearchCharactersResult } from '@fable/contracts';

/** A listing card as the search answers it. */
export function characterFixture(overrides: Partial<CharacterSummary> = {}): CharacterSummary {
  const id = overrides.id ?? 'c1';
  return {
    id,
    name: `Bot ${id}`,
    title: `The title of ${id}`,
    avatar_url: `/api/avatars/${id}.svg`,
    avatar_is_nsfw: false,
    is_nsfw: false,
    visibility: 'public',
    tags: ['Fantasy'],
    creator_user_id: 'creator-1',
    creator_username: 'maker',
    num_messages: 1234,
    rating_score: 0.87,
    createdAt: '2026-10-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A search answer with these hits. */
export function searchResultFixture(hits: CharacterSummary[], overrides: Partial<SearchCharactersResult> = {}): SearchCharactersResult {
  return {
    hits,
    found: hits.length,
    page: 1,
    per_page: 48,
    facets: { tags: [], translated_languages: [] },
    nsfw: false,
    ...overrides,
  };
}
