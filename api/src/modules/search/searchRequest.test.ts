import { SearchCharactersQuerySchema, type SearchCharactersParams } from '@fable/contracts';
import {
  escapeLike,
  normalizeSearch,
  queryTokens,
  searchCacheKey,
  textQueries,
  type SearchCaller,
} from './searchRequest';
import { filterConditions, listingPageStatement, matchStatement, Params } from './searchSql';

const guest: SearchCaller = { applicationId: 'fable', nsfwAllowed: false, blockedCreatorIds: [] };
const normalize = (params: SearchCharactersParams, caller: SearchCaller = guest) =>
  normalizeSearch(SearchCharactersQuerySchema.parse(params), caller);

describe('normalizeSearch', () => {
  it('trims, collapses and lower-cases the text', () => {
    expect(normalize({ q: '  Dragon   QUEEN ' }).text).toBe('dragon queen');
  });

  it('reads "@name" as a creator prefix, and "@" alone as no creator', () => {
    expect(normalize({ q: '@Drift_W' })).toMatchObject({ text: '', creatorPrefix: 'drift_w' });
    expect(normalize({ q: ' @ ' })).toMatchObject({ text: '', creatorPrefix: null });
  });

  it('keeps the chat language only with text in a non-default language', () => {
    expect(normalize({ q: 'dragón', chat_language: 'es' }).chatLanguage).toBe('es');
    expect(normalize({ q: 'dragon', chat_language: 'en' }).chatLanguage).toBeNull();
    expect(normalize({ chat_language: 'es' }).chatLanguage).toBeNull();
  });

  it('sorts tags and languages and drops duplicates', () => {
    const request = normalize({ include_tags: 'Romance,Fantasy,Romance', exclude_tags: 'OC', languages: 'ja,es,ja' });
    expect(request).toMatchObject({ includeTags: ['Fantasy', 'Romance'], excludeTags: ['OC'], languages: ['es', 'ja'] });
  });

  it('includes NSFW only when asked and allowed', () => {
    expect(normalize({ nsfw: '1' }).nsfw).toBe(false);
    expect(normalize({ nsfw: '1' }, { ...guest, nsfwAllowed: true }).nsfw).toBe(true);
    expect(normalize({}, { ...guest, nsfwAllowed: true }).nsfw).toBe(false);
  });
});

describe('searchCacheKey', () => {
  it('is the same for equivalent queries', () => {
    expect(searchCacheKey(normalize({ q: 'Dragon ', include_tags: 'B,A' }))).toBe(searchCacheKey(normalize({ q: 'dragon', include_tags: 'A,B,A' })));
  });

  it('changes with every input that changes the answer', () => {
    const base = searchCacheKey(normalize({}));
    const variants = [
      searchCacheKey(normalize({}, { ...guest, applicationId: 'tales' })),
      searchCacheKey(normalize({ q: 'x' })),
      searchCacheKey(normalize({ sort: 'name' })),
      searchCacheKey(normalize({ page: 2 })),
      searchCacheKey(normalize({ include_tags: 'A' })),
      searchCacheKey(normalize({ exclude_tags: 'A' })),
      searchCacheKey(normalize({ languages: 'es' })),
      searchCacheKey(normalize({ q: 'x', chat_language: 'es' })),
      searchCacheKey(normalize({ creator_username: 'someone' })),
      searchCacheKey(normalize({ nsfw: '1' }, { ...guest, nsfwAllowed: true })),
      searchCacheKey(normalize({}, { ...guest, blockedCreatorIds: ['c1'] })),
      searchCacheKey(normalize({}, { ...guest, blockedCreatorIds: ['c2'] })),
    ];
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
  });

  it('does not depend on the order of the blocked creators', () => {
    expect(searchCacheKey(normalize({}, { ...guest, blockedCreatorIds: ['a', 'b'] }))).toBe(
      searchCacheKey(normalize({}, { ...guest, blockedCreatorIds: ['b', 'a'] })),
    );
  });
});

describe('text queries', () => {
  it('splits words as the simple configuration does (letters, digits, marks)', () => {
    expect(queryTokens("O'Brien, half-elf 27-year-old 日本語 Dragón")).toEqual(['o', 'brien', 'half', 'elf', '27', 'year', 'old', '日本語', 'dragón']);
    expect(queryTokens('!!! ---')).toEqual([]);
  });

  it('matches every word, the last one as a prefix; names by weight A; translations by language tag', () => {
    expect(textQueries(['dragon', 'que'], 'es')).toEqual({
      any: "'dragon' & 'que':*",
      name: "'dragon':A & 'que':*A",
      i18nAny: "('es:dragon' | 'es.dragon') & ('es:que':* | 'es.que':*)",
      i18nName: "'es:dragon' & 'es:que':*",
    });
    expect(textQueries([], null)).toBeNull();
    expect(textQueries(['x'], null)).toMatchObject({ i18nAny: null, i18nName: null });
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('a_b%c\\d')).toBe('a\\_b\\%c\\\\d');
  });
});

describe('search SQL', () => {
  it('binds every value as a parameter', () => {
    const request = normalize(
      { q: "x'; drop table characters; --", include_tags: "a'b", exclude_tags: 'c', languages: 'es', creator_username: 'Bob' },
      { ...guest, blockedCreatorIds: ["'"] },
    );
    const statement = matchStatement(request, 'words');
    expect(statement?.sql).not.toContain('drop table');
    expect(statement?.sql).not.toContain("a'b");
    expect(statement?.params).toEqual(expect.arrayContaining(['fable', ["'"], ["a'b"], ['c'], ['es'], 'bob']));
  });

  it('filters safe mode, blocked creators, tags, languages and creators', () => {
    const params = new Params();
    const where = filterConditions(
      normalize({ q: '@ab', include_tags: 'A', exclude_tags: 'B', languages: 'es' }, { ...guest, blockedCreatorIds: ['c'] }),
      params,
    );
    expect(where).toEqual([
      'd.application_id = $1',
      'not d.is_nsfw',
      'd.creator_user_id <> all($2::text[])',
      'd.tags @> $3::text[]',
      'not (d.tags && $4::text[])',
      'd.languages && $5::text[]',
      'd.creator_username like $6',
    ]);
    expect(params.values).toEqual(['fable', ['c'], ['A'], ['B'], ['es'], 'ab%']);
  });

  it('pages a listing from the sort order, ties by id', () => {
    const statement = listingPageStatement(normalize({ sort: 'top_rated', page: 3 }));
    expect(statement.sql).toMatch(/order by d\.rating_score desc nulls last, d\.id limit 48 offset 96$/);
  });

  it('has no fuzzy form for queries shorter than a trigram', () => {
    expect(matchStatement(normalize({ q: 'ab' }), 'fuzzy')).toBeNull();
    expect(matchStatement(normalize({ q: 'abc' }), 'fuzzy')).not.toBeNull();
  });
});
