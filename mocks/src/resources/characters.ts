import { CharacterSummarySchema, discoveryCalls, SEARCH_LIMITS, type CharacterProfile, type CharacterSummary } from '@fable/contracts';
import { apiError, contractRoute } from '../contractRoute';
import type { MockDb } from '../mockDb';

const key = (userId: string | null, characterId: string) => `${userId ?? 'guest'}:${characterId}`;
export const summaryOf = (character: CharacterProfile): CharacterSummary => CharacterSummarySchema.parse(character);

/** Whether a viewer may see a character: public and unlisted ones, and a creator's own. */
export const visibleTo = (character: CharacterProfile, userId: string | null) =>
  character.visibility === 'public' || character.visibility === 'hidden' || character.creator_user_id === userId;

const notFound = () => apiError(404, 'character_not_found', 'This chatbot does not exist or is private.');

function favoriteCount(db: MockDb, characterId: string, base: number) {
  const mine = [...db.favorites].filter((k) => k.endsWith(`:${characterId}`)).length;
  return base + mine;
}

/** One character's profile, favourite, rating and "less like this": the one endpoint set every remote caches. */
export function characterHandlers(db: MockDb) {
  const profileFor = (character: CharacterProfile, userId: string | null): CharacterProfile => {
    const isCreator = character.creator_user_id === userId;
    const hidden = !character.definition_visible && !isCreator;
    return {
      ...character,
      ...(hidden ? { persona: '', scenario: '', dialogue: '' } : {}),
      definition_hidden: hidden,
      num_favorites: favoriteCount(db, character.id, character.num_favorites),
      viewer: {
        is_creator: isCreator,
        is_favorite: db.favorites.has(key(userId, character.id)),
        rating: db.ratings.get(key(userId, character.id)) ?? null,
        creator_blocked: !!userId && !!db.blocked.get(userId)?.has(character.creator_user_id ?? ''),
      },
    };
  };
  const favoriteState = (characterId: string, userId: string, base: number) => ({
    character_id: characterId,
    is_favorite: db.favorites.has(key(userId, characterId)),
    num_favorites: favoriteCount(db, characterId, base),
  });
  return [
    contractRoute(discoveryCalls.profile, ({ params, userId }) => {
      const character = db.characters.get(params.characterId);
      return character && visibleTo(character, userId) ? profileFor(character, userId) : notFound();
    }),
    contractRoute(discoveryCalls.like, ({ params, userId }) => {
      const character = db.characters.get(params.characterId);
      if (!character || !userId) return notFound();
      db.favorites.add(key(userId, character.id));
      return favoriteState(character.id, userId, character.num_favorites);
    }),
    contractRoute(discoveryCalls.unlike, ({ params, userId }) => {
      const character = db.characters.get(params.characterId);
      if (!character || !userId) return notFound();
      db.favorites.delete(key(userId, character.id));
      return favoriteState(character.id, userId, character.num_favorites);
    }),
    contractRoute(discoveryCalls.favorites, ({ query, userId }) => {
      const hits = [...db.characters.values()].filter((c) => db.favorites.has(key(userId, c.id))).map(summaryOf);
      return { hits, found: hits.length, page: query.page, per_page: SEARCH_LIMITS.hitsPerPage };
    }),
    contractRoute(discoveryCalls.rate, ({ params, body, userId }) => {
      const character = db.characters.get(params.characterId);
      if (!character) return notFound();
      db.ratings.set(key(userId, character.id), body.rating);
      return { character_id: character.id, rating: body.rating, rating_score: character.rating_score ?? null };
    }),
    contractRoute(discoveryCalls.lessLikeThis, ({ params, userId }) => {
      if (!db.characters.has(params.characterId)) return notFound();
      db.ratings.set(key(userId, params.characterId), 1);
      return { ok: true as const };
    }),
    contractRoute(discoveryCalls.interaction, () => ({ ok: true as const })),
  ];
}
