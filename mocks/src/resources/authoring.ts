import { bpeTokenizer } from '@fable/rules/tokens';
import { characterCalls, countCharacterTokens, characterTokenCount, MyCharacterSchema, type CharacterProfile, type OwnCharacter } from '@fable/contracts';
import { apiError, contractRoute } from '../contractRoute';
import type { MockDb } from '../mockDb';
import { myGroupChats } from './groupChats';


/** What card imports kept, by chatbot (card_extras). */
const extras = new WeakMap<MockDb, Map<string, Record<string, unknown>>>();
const extrasOf = (db: MockDb) => extras.get(db) ?? extras.set(db, new Map()).get(db)!;

/** A chatbot as its creator (and a moderator) sees it: the whole definition, token count, card_extras. */
export const ownCharacterOf = ({ definition_hidden: _, num_favorites: __, viewer: ___, ...character }: CharacterProfile, db?: MockDb): OwnCharacter => ({
  ...character,
  token_count: countCharacterTokens(character, bpeTokenizer.count),
  card_extras: (db && extrasOf(db).get(character.id)) ?? {},
});

/** A creator's own chatbots: My Chatbots, the edit form, create, update (changed fields), delete, the token counter. */
export function authoringHandlers(db: MockDb) {
  const own = (character: CharacterProfile) => ownCharacterOf(character, db);
  const mine = (userId: string | null, id: string) => {
    const character = db.characters.get(id);
    if (!character) return apiError(404, 'character_not_found', 'This chatbot does not exist or is private.');
    if (character.creator_user_id !== userId) return apiError(403, 'not_owner', 'You are not allowed to access this page');
    return character;
  };
  return [
    contractRoute(characterCalls.myCharacters, ({ userId, query }) => ({
      data:
        query.type === 'group'
          ? myGroupChats(db, userId)
          : [...db.characters.values()]
              .filter((c) => c.creator_user_id === userId && (c.type ?? 'character') === 'character')
              .reverse()
              .map((c) => MyCharacterSchema.parse(own(c))),
    })),
    contractRoute(characterCalls.myCharacter, ({ userId, params }) => {
      const found = mine(userId, params.characterId);
      return found instanceof Response ? found : own(found);
    }),
    contractRoute(characterCalls.createCharacter, ({ userId, body }) => {
      const user = db.users.get(userId!)!;
      const { guidelines: _, card_extras, submitForManualReview: __, ...fields } = body;
      const now = new Date().toISOString();
      const character: CharacterProfile = {
        ...fields,
        id: db.nextId('bot-new-'),
        creator_user_id: user.id,
        creator_username: user.username ?? '',
        num_messages: 0,
        rating_score: null,
        createdAt: now,
        updatedAt: now,
        lorebooks: [],
        moderationReport: fields.visibility === 'public' ? { moderation_status: 'pending', reason_for_moderation: [] } : null,
        definition_hidden: false,
        num_favorites: 0,
        viewer: { is_creator: true, is_favorite: false, rating: null, creator_blocked: false },
      };
      db.characters.set(character.id, character);
      if (card_extras) extrasOf(db).set(character.id, card_extras);
      return own(character);
    }),
    contractRoute(characterCalls.updateCharacter, ({ userId, params, body }) => {
      const found = mine(userId, params.characterId);
      if (found instanceof Response) return found;
      const { card_extras, submitForManualReview: _, ...changes } = body;
      const updated: CharacterProfile = { ...found, ...changes, updatedAt: new Date().toISOString() };
      if (changes.visibility === 'public' && found.visibility !== 'public') updated.moderationReport = { moderation_status: 'pending', reason_for_moderation: [] };
      db.characters.set(updated.id, updated);
      if (card_extras) extrasOf(db).set(updated.id, card_extras);
      return own(updated);
    }),
    contractRoute(characterCalls.deleteCharacter, ({ userId, params }) => {
      const found = mine(userId, params.characterId);
      if (found instanceof Response) return found;
      db.characters.delete(found.id);
      return { ok: true as const, id: found.id };
    }),
    contractRoute(characterCalls.countTokens, ({ body }) => {
      return characterTokenCount(body, bpeTokenizer.count);
    }),
  ];
}
