import { discoveryCalls, SEARCH_LIMITS, type CharacterProfile } from '@fable/contracts';
import { apiError, contractRoute } from '../contractRoute';
import type { MockDb } from '../mockDb';
import { summaryOf } from './characters';

const facetsOf = (characters: CharacterProfile[]) => {
  const counts = new Map<string, number>();
  for (const tag of characters.flatMap((c) => c.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([value, count]) => ({ value, count }));
};

/** Search, the creator page and recommendations over the public characters of the mock database. */
export function searchHandlers(db: MockDb) {
  const listed = () => [...db.characters.values()].filter((c) => c.visibility === 'public');
  return [
    contractRoute(discoveryCalls.search, ({ query }) => {
      const q = query.q.trim().toLowerCase();
      let found = listed().filter(
        (c) =>
          (!q || `${c.name} ${c.title} ${c.creator_username ?? ''}`.toLowerCase().includes(q.replace(/^@/, ''))) &&
          (!query.creator_username || c.creator_username === query.creator_username) &&
          query.include_tags.every((t) => c.tags.includes(t)) &&
          !query.exclude_tags.some((t) => c.tags.includes(t)) &&
          (query.nsfw || !c.is_nsfw),
      );
      if (query.sort === 'name') found = [...found].sort((a, b) => a.name.localeCompare(b.name));
      else found = [...found].sort((a, b) => b.num_messages - a.num_messages);
      const per = SEARCH_LIMITS.hitsPerPage;
      return {
        hits: found.slice((query.page - 1) * per, query.page * per).map(summaryOf),
        found: found.length,
        page: query.page,
        per_page: per,
        facets: { tags: facetsOf(found), translated_languages: [] },
        nsfw: query.nsfw,
      };
    }),
    contractRoute(discoveryCalls.recommendations, ({ query }) => ({
      hits: listed()
        .filter((c) => !query.exclude_tags.some((t) => c.tags.includes(t)))
        .slice(0, query.count)
        .map((c) => ({ ...summaryOf(c), recommId: 'mock-recomm' })),
      recommId: 'mock-recomm',
    })),
    contractRoute(discoveryCalls.creator, ({ params }) => {
      const theirs = [...db.characters.values()].filter((c) => c.creator_username === params.username);
      if (theirs.length === 0) return apiError(404, 'creator_not_found', 'This creator does not exist.');
      return {
        user_id: theirs[0]!.creator_user_id ?? params.username,
        username: params.username,
        display_name: params.username,
        avatar_url: null,
        num_characters: theirs.filter((c) => c.visibility === 'public').length,
      };
    }),
  ];
}
