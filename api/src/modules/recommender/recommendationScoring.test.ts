import {
  buildTagProfile,
  favouriteTags,
  rankCandidates,
  tagAffinity,
  tagIdf,
  type Candidate,
  type ProfileItem,
} from './recommendationScoring';

const now = new Date('2026-06-01T00:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
const item = (characterId: string, preference: number, tags: string[], age = 0): ProfileItem => ({
  characterId,
  preference,
  tags,
  updatedAt: daysAgo(age),
});
const candidate = (id: string, tags: string[], popularity = 1, cooccurrence = 0): Candidate => ({ id, tags, popularity, cooccurrence });

const POOL: Candidate[] = [
  candidate('f1', ['Fantasy', 'Elf', 'Female'], 5),
  candidate('f2', ['Fantasy', 'Magic', 'Male'], 4),
  candidate('h1', ['Horror', 'Vampire', 'Female'], 9),
  candidate('h2', ['Horror', 'Demon', 'Male'], 8),
  candidate('s1', ['Sci-Fi', 'Robot', 'Female'], 7),
  candidate('s2', ['Sci-Fi', 'Cyberpunk', 'Male'], 6),
];

describe('recommendation scoring', () => {
  it('weights rare tags above common ones (IDF over the pool)', () => {
    const idf = tagIdf(POOL);
    expect(idf('Elf')).toBeGreaterThan(idf('Fantasy'));
    expect(idf('Fantasy')).toBeGreaterThan(idf('Female'));
    expect(idf('Unseen')).toBeGreaterThan(idf('Elf'));
  });

  it('ranks what the subject liked above what it disliked, whatever the popularity', () => {
    const profile = buildTagProfile(
      [item('a', 2, ['Fantasy', 'Elf', 'Female']), item('b', 1, ['Fantasy', 'Magic']), item('c', -1, ['Horror', 'Vampire'])],
      [],
      tagIdf(POOL),
      now,
    );
    const ranked = rankCandidates(POOL, profile).map((c) => c.id);
    expect(ranked.slice(0, 2).sort()).toEqual(['f1', 'f2']);
    expect(ranked.indexOf('h1')).toBeGreaterThan(ranked.indexOf('s1'));
    expect(tagAffinity(profile, ['Horror', 'Vampire'])).toBeLessThan(0);
    expect(favouriteTags(profile, 2)).toEqual(expect.arrayContaining(['Fantasy']));
  });

  it('lets older evidence fade (30-day half-life)', () => {
    const idf = tagIdf(POOL);
    const fresh = buildTagProfile([item('a', 1, ['Fantasy'])], [], idf, now);
    const stale = buildTagProfile([item('a', 1, ['Fantasy'], 90)], [], idf, now);
    expect(stale.confidence).toBeLessThan(fresh.confidence);
    // A recent dislike outweighs an old like of the same tags.
    const mixed = buildTagProfile([item('a', 1, ['Horror'], 120), item('b', -1, ['Horror'], 0)], [], idf, now);
    expect(tagAffinity(mixed, ['Horror'])).toBeLessThan(0);
  });

  it('starts cold from the interest picker, and from popularity alone without it', () => {
    const idf = tagIdf(POOL);
    const nothing = buildTagProfile([], [], idf, now);
    expect(rankCandidates(POOL, nothing).map((c) => c.id)).toEqual(['h1', 'h2', 's1', 's2', 'f1', 'f2']);

    const male = buildTagProfile([], ['Male'], idf, now);
    const ranked = rankCandidates(POOL, male).map((c) => c.id);
    expect(ranked.slice(0, 3).sort()).toEqual(['f2', 'h2', 's2']);
    // The prior fades as the subject's own history grows.
    const grown = buildTagProfile([item('x', 2, ['Female', 'Horror']), item('y', 2, ['Female', 'Vampire'])], ['Male'], idf, now);
    expect(tagAffinity(grown, ['Female', 'Horror'])).toBeGreaterThan(tagAffinity(grown, ['Male', 'Sci-Fi']));
  });

  it('puts a strongly co-occurring character first among equals', () => {
    const profile = buildTagProfile([item('a', 1, ['Mystery'])], [], tagIdf(POOL), now);
    const ranked = rankCandidates([candidate('d', ['Robot'], 5), candidate('b', ['Robot'], 5, 0.7)], profile);
    expect(ranked.map((c) => c.id)).toEqual(['b', 'd']);
    expect(ranked[0]!.score - ranked[1]!.score).toBeCloseTo(0.8);
  });
});
