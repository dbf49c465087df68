import { discoveryCalls, type CharacterProfile } from '@fable/contracts';
import { findViewableCharacter, viewerOf } from '../discovery/characterAccess';
import type { DiscoveryRoutes } from '../discovery/discoveryContext';
import { characterNotFound, creatorNotFound } from '../discovery/discoveryErrors';
import { toCharacter } from '../characters/characterRow';
import { characterLorebooks, findCreator, subCharacters, viewerState } from './profileRepository';

/**
 * The chatbot profile and the creator page (document 1 §2).
 *
 * GET /characters/:characterId: public characters open for everyone, unlisted ones by link; private ones only for
 * their creator, another application's never (404 alike, so nothing leaks). Personality, scenario and example
 * dialogue are withheld (persona '', scenario and dialogue null) unless definition_visible or the viewer is the
 * creator; the greeting always shows. The moderation report is the creator's only. Records a detail view.
 */
export const profileRoutes: DiscoveryRoutes = (app, { db, recommender }) => {
  const profile = discoveryCalls.profile;
  app.get(
    profile.path,
    { schema: { params: profile.params, response: { 200: profile.response } }, config: { access: profile.access } },
    async (request): Promise<CharacterProfile> => {
      const viewer = viewerOf(request.caller);
      const row = await findViewableCharacter(db, request.params.characterId, viewer);
      if (!row) throw characterNotFound();
      const isCreator = viewer.userId !== null && row.creator_user_id === viewer.userId;

      const [lorebooks, subs, state] = await Promise.all([
        characterLorebooks(db, row.id),
        subCharacters(db, row, viewer),
        viewer.userId === null
          ? Promise.resolve({ is_favorite: false, rating: null, creator_blocked: false })
          : viewerState(db, viewer.userId, row.id, row.creator_user_id),
      ]);

      const character = toCharacter(row, lorebooks);
      const definitionHidden = !isCreator && !row.definition_visible;
      const answer: CharacterProfile = {
        ...character,
        ...(definitionHidden ? { persona: '', scenario: null, dialogue: null } : {}),
        ...(isCreator ? {} : { moderationReport: null, reportsType: undefined, submitForManualReview: undefined }),
        sub_characters: subs,
        definition_hidden: definitionHidden,
        num_favorites: row.num_favorites,
        viewer: { is_creator: isCreator, ...state },
      };

      // A creator looking at their own chatbot teaches the recommender nothing.
      if (viewer.subject !== null && !isCreator) {
        try {
          await recommender.record({ kind: 'detail_view', subject: viewer.subject, characterId: row.id });
        } catch (err) {
          request.log.warn({ err, characterId: row.id }, 'recording a detail view failed');
        }
      }
      return answer;
    },
  );

  const creator = discoveryCalls.creator;
  app.get(
    creator.path,
    { schema: { params: creator.params, response: { 200: creator.response } }, config: { access: creator.access } },
    async (request) => {
      const found = await findCreator(db, request.caller.applicationId, request.params.username);
      if (!found) throw creatorNotFound();
      return found;
    },
  );
};
