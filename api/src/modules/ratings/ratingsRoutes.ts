import { CHATBOT_RATING_VALUES, discoveryCalls, type ChatbotRating } from '@fable/contracts';
import { memberOf, type MemberCaller } from '../../http/access';
import { findViewableCharacter, lockMember, viewerOf } from '../discovery/characterAccess';
import type { DiscoveryContext, DiscoveryRoutes } from '../discovery/discoveryContext';
import { characterNotFound, ownCharacter } from '../discovery/discoveryErrors';
import { findRating, ratingScore, saveRating } from './ratingRepository';

/**
 * Rates a character for a member (document 1 §3 rating values, §4 "Less Like This … records a dislike rating"):
 * one rating per member and character, the latest wins; the character's rating_score and rating_count move in the
 * same transaction, and the recommender gets a rating interaction (weights like 0.5, dislike −1, love 1).
 * The creator cannot rate their own chatbot.
 */
async function rate(ctx: DiscoveryContext, member: MemberCaller, characterId: string, rating: ChatbotRating) {
  const { db, clock, recommender } = ctx;
  const { changed, score } = await db.transaction(async (tx) => {
    await lockMember(tx, member.userId);
    const row = await findViewableCharacter(tx, characterId, viewerOf(member));
    if (!row) throw characterNotFound();
    if (row.creator_user_id === member.userId) throw ownCharacter('rate');
    const previous = await findRating(tx, member.userId, characterId);
    if (previous === rating) return { changed: false, score: await ratingScore(tx, characterId) };
    const score = await saveRating(tx, member.userId, characterId, rating, previous, clock.now());
    await recommender.record({ kind: 'rating', subject: member.userId, characterId, rating }, tx);
    return { changed: true, score };
  });
  if (changed) await recommender.invalidate(member.userId);
  return { character_id: characterId, rating, rating_score: score };
}

export const ratingsRoutes: DiscoveryRoutes = (app, ctx) => {
  const rateCall = discoveryCalls.rate;
  app.put(
    rateCall.path,
    {
      schema: { params: rateCall.params, body: rateCall.body, response: { 200: rateCall.response } },
      config: { access: rateCall.access },
    },
    async (request) => rate(ctx, memberOf(request), request.params.characterId, request.body.rating),
  );

  const lessLikeThis = discoveryCalls.lessLikeThis;
  app.post(
    lessLikeThis.path,
    { schema: { params: lessLikeThis.params, response: { 200: lessLikeThis.response } }, config: { access: lessLikeThis.access } },
    async (request) => {
      await rate(ctx, memberOf(request), request.params.characterId, CHATBOT_RATING_VALUES.dislike);
      return { ok: true as const };
    },
  );
};
