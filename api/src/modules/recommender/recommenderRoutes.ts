import { discoveryCalls } from '@fable/contracts';
import { findViewableCharacter, viewerOf } from '../discovery/characterAccess';
import type { DiscoveryRoutes } from '../discovery/discoveryContext';
import { characterNotFound } from '../discovery/discoveryErrors';

/**
 * The recommender's calls (document 1 §7 "Recommender"), for guests (subject 'guest:<guest id>') and members.
 *
 * - POST /interactions: a detail view of a character the caller may open; bookmarks and ratings are recorded by the
 *   like and rate calls themselves, cart additions by the chat (cartAdditions.ts: three user messages in a public chat).
 * - GET /recommendations: `count` characters for the caller, each with the answer's recommId. NSFW only for members
 *   whose settings.showNSFW is on and who ask nsfw=1.
 */
export const recommenderRoutes: DiscoveryRoutes = (app, { db, recommender }) => {
  const interaction = discoveryCalls.interaction;
  app.post(
    interaction.path,
    { schema: { body: interaction.body, response: { 200: interaction.response } }, config: { access: interaction.access } },
    async (request) => {
      const viewer = viewerOf(request.caller);
      const { kind, character_id: characterId, recommId } = request.body;
      const row = await findViewableCharacter(db, characterId, viewer);
      if (!row) throw characterNotFound();
      // Creators using their own chatbots teach the recommender nothing.
      if (viewer.subject !== null && row.creator_user_id !== viewer.userId) {
        await recommender.record({ kind, subject: viewer.subject, characterId, recommId });
      }
      return { ok: true as const };
    },
  );

  const recommendations = discoveryCalls.recommendations;
  app.get(
    recommendations.path,
    { schema: { querystring: recommendations.query, response: { 200: recommendations.response } }, config: { access: recommendations.access } },
    async (request) => {
      const caller = request.caller;
      const viewer = viewerOf(caller);
      const q = request.query;
      // The guest/member access guarantees a subject.
      const subject = viewer.subject ?? `anonymous:${request.ip}`;
      return recommender.recommendItems(subject, {
        applicationId: caller.applicationId,
        count: q.count,
        scenario: q.scenario,
        nsfw: q.nsfw && caller.kind === 'member' && caller.user.settings.showNSFW,
        excludeTags: q.exclude_tags,
        includeTags: q.include_tags,
        interests: q.interests,
        userId: viewer.userId,
      });
    },
  );
};
