import type { CharacterSummary } from '../discoveryApi';
import { characterFixture } from '../testing/characterFixture';
import { injectRecommendations, mayInjectRecommendations, usableRecommendations } from './recommendationInjection';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const minutesAgo = (m: number) => NOW - m * 60_000;
const home = { page: 1, q: '', sort: 'popular' as const };

describe('when recommendations go into the listing (document 1 §7)', () => {
  it('on the first page with no search, no sort change and filters never changed', () => {
    expect(mayInjectRecommendations(home, null, NOW)).toBe(true);
  });
  it('not on other pages, with a search or with another sort', () => {
    expect(mayInjectRecommendations({ ...home, page: 2 }, null, NOW)).toBe(false);
    expect(mayInjectRecommendations({ ...home, q: 'elf' }, null, NOW)).toBe(false);
    expect(mayInjectRecommendations({ ...home, q: '@ada' }, null, NOW)).toBe(false);
    expect(mayInjectRecommendations({ ...home, sort: 'latest' }, null, NOW)).toBe(false);
    expect(mayInjectRecommendations({ ...home, q: '   ' }, null, NOW)).toBe(true);
  });
  it('only when filters were changed more than N minutes ago (N = 5, contracts)', () => {
    expect(mayInjectRecommendations(home, minutesAgo(1), NOW)).toBe(false);
    expect(mayInjectRecommendations(home, minutesAgo(5), NOW)).toBe(false);
    expect(mayInjectRecommendations(home, minutesAgo(5) - 1, NOW)).toBe(true);
    expect(mayInjectRecommendations(home, minutesAgo(60), NOW)).toBe(true);
  });
});

describe('which recommendations may show', () => {
  const hits = [characterFixture({ id: 'h1' }), characterFixture({ id: 'h2' })];
  const base = { hits, blockedCreatorIds: new Set<string>(), includeTags: [], excludeTags: [], nsfw: false };
  const ids = (list: CharacterSummary[]) => list.map((c) => c.id);

  it('drops duplicates of the hits and of each other', () => {
    const recs = [characterFixture({ id: 'h1' }), characterFixture({ id: 'r1' }), characterFixture({ id: 'r1' })];
    expect(ids(usableRecommendations(recs, base))).toEqual(['r1']);
  });
  it('drops blocked creators and cards taken away', () => {
    const recs = [characterFixture({ id: 'r1', creator_user_id: 'bad' }), characterFixture({ id: 'r2' }), characterFixture({ id: 'r3' })];
    expect(ids(usableRecommendations(recs, { ...base, blockedCreatorIds: new Set(['bad']), hiddenCharacterIds: new Set(['r3']) }))).toEqual(['r2']);
  });
  it('drops hits not matching the selected tags, and excluded tags', () => {
    const recs = [
      characterFixture({ id: 'r1', tags: ['Fantasy'] }),
      characterFixture({ id: 'r2', tags: ['Romance'] }),
      characterFixture({ id: 'r3', tags: ['Fantasy', 'Horror'] }),
    ];
    expect(ids(usableRecommendations(recs, { ...base, includeTags: ['Fantasy'] }))).toEqual(['r1', 'r3']);
    expect(ids(usableRecommendations(recs, { ...base, includeTags: ['Fantasy'], excludeTags: ['Horror'] }))).toEqual(['r1']);
  });
  it('drops NSFW characters outside NSFW mode', () => {
    const recs = [characterFixture({ id: 'r1', is_nsfw: true })];
    expect(usableRecommendations(recs, base)).toEqual([]);
    expect(ids(usableRecommendations(recs, { ...base, nsfw: true }))).toEqual(['r1']);
  });
});

describe('injection into the first page', () => {
  const hits = Array.from({ length: 9 }, (_, i) => characterFixture({ id: `h${i + 1}` }));
  const recs = [characterFixture({ id: 'r1' }), characterFixture({ id: 'r2' }), characterFixture({ id: 'r3' })];

  it('puts one after every 4 hits, marked', () => {
    const entries = injectRecommendations(hits, recs);
    expect(entries.map((e) => e.character.id)).toEqual(['h1', 'h2', 'h3', 'h4', 'r1', 'h5', 'h6', 'h7', 'h8', 'r2', 'h9']);
    expect(entries[4]?.badge).toBe('For you');
    expect(entries[0]?.badge).toBeUndefined();
  });
  it('adds nothing when there are no hits', () => {
    expect(injectRecommendations([], recs)).toEqual([]);
  });
});
