import { RecommendationsQuerySchema, SearchCharactersQuerySchema } from '@fable/contracts';
import { api } from '@fable/shared';
import { discoveryApi, recommendationParams, searchParams } from './discoveryApi';

it('adds its endpoints to the one api, prefixed by its domain', () => {
  expect(discoveryApi).toBe(api);
  for (const name of ['discovery_search', 'discovery_favorites', 'discovery_lessLikeThis', 'discovery_recommendations']) {
    expect(Object.keys(discoveryApi.endpoints)).toContain(name);
  }
});

describe('search parameters', () => {
  it('leave out what is empty', () => {
    expect(searchParams({ q: '  ', sort: 'popular', page: 1 })).toEqual({ sort: 'popular', page: 1 });
  });
  it('send lists as comma lists and nsfw as 1, and the contract reads them back', () => {
    const params = searchParams({
      q: '@ada',
      sort: 'top_rated',
      page: 2,
      includeTags: ['Fantasy', 'Romance'],
      excludeTags: ['Horror'],
      languages: ['fr'],
      nsfw: true,
      chatLanguage: 'de',
      creatorUsername: 'ada',
    });
    expect(params).toEqual({
      q: '@ada',
      sort: 'top_rated',
      page: 2,
      include_tags: 'Fantasy,Romance',
      exclude_tags: 'Horror',
      languages: 'fr',
      nsfw: 1,
      chat_language: 'de',
      creator_username: 'ada',
    });
    const asQuery = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
    expect(SearchCharactersQuerySchema.parse(asQuery)).toEqual({
      q: '@ada',
      sort: 'top_rated',
      page: 2,
      include_tags: ['Fantasy', 'Romance'],
      exclude_tags: ['Horror'],
      languages: ['fr'],
      nsfw: true,
      chat_language: 'de',
      creator_username: 'ada',
    });
  });
  it('for recommendations too', () => {
    const params = recommendationParams({ count: 12, scenario: 'home', nsfw: false, includeTags: ['A'], interests: ['Female', 'Non-Binary'] });
    expect(params).toEqual({ count: 12, scenario: 'home', include_tags: 'A', interests: 'Female,Non-Binary' });
    const asQuery = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
    expect(RecommendationsQuerySchema.parse(asQuery)).toMatchObject({ count: 12, scenario: 'home', nsfw: false, interests: ['Female', 'Non-Binary'] });
  });
});
