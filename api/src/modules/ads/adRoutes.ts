import { AD_ERROR_CODES, AD_ERRORS, ADS_CONTEXT_MESSAGES, ADS_MIN_MESSAGES_DEFAULT, adCalls, type AdEvent, type ChatAd } from '@fable/contracts';
import { memberOf, type MemberCaller } from '../../http/access';
import { AppError } from '../../http/appError';
import type { ApiPlugin } from '../../http/apiPlugin';
import type { Clock } from '../../infra/clock';
import type { Queryable } from '../../infra/db/database';
import { HOUSE_ADS, pickHouseAd } from './houseAds';

/** The latest messages of a member's conversation (the main line, newest first), or null when it is not theirs. */
async function latestMessages(db: Queryable, userId: string, conversationId: string): Promise<{ count: number; messages: { id: string; content: string }[] } | null> {
  const { rows } = await db.query<{ n: string }>(
    'select (select count(*) from messages m where m.conversation_id = c.id and not m.is_alternative) as n from conversations c where c.id = $1 and c.user_id = $2',
    [conversationId, userId],
  );
  if (!rows[0]) return null;
  const latest = await db.query<{ id: string; content: string }>(
    'select id, content from messages where conversation_id = $1 and not is_alternative order by seq desc limit $2',
    [conversationId, ADS_CONTEXT_MESSAGES],
  );
  return { count: Number(rows[0].n), messages: latest.rows };
}

const unknownAd = () => AppError.of(AD_ERRORS, AD_ERROR_CODES.UNKNOWN_AD);

/**
 * Ads in chat (contracts' adCalls; document 1 §6 display_ads, §7 POST event): past the minimum number of messages, the
 * house ad the last 10 messages fit best, placed after the latest one; only for members with display_ads (free
 * members: every paid tier goes without). Views and clicks come through POST /event (analytics/eventRoutes.ts,
 * recordAdEvent below).
 */
export const adRoutes: ApiPlugin = async (app, { db, config }) => {
  const minimum = config.adsMinMessages ?? ADS_MIN_MESSAGES_DEFAULT;

  const forChat = adCalls.forChat;
  app.get(forChat.path, { schema: { querystring: forChat.query, response: { 200: forChat.response } }, config: { access: forChat.access } }, async (request) => {
    const member = memberOf(request);
    const none = { ad: null, min_messages: minimum };
    if (!member.user.permissions.includes('display_ads')) return none;
    const found = await latestMessages(db, member.userId, request.query.conversation_id);
    if (!found) throw AppError.notFound('Conversation not found.');
    const last = found.messages[0];
    if (found.count <= minimum || !last) return none;
    const picked = pickHouseAd(found.messages.map((m) => m.content), request.query.slot);
    const ad: ChatAd = { ad_id: picked.id, code: picked.code, content: picked.content, cta: picked.cta, message_id: last.id };
    return { ad, min_messages: minimum };
  });

};

/**
 * An ad seen (half of it visible) or clicked (POST /event's ads_megabrain_view/click): kept once per ad, message and
 * member; only for members shown ads, of an ad of their own conversation of that chatbot. Answers whether it was new.
 */
export async function recordAdEvent({ db, clock }: { db: Queryable; clock: Clock }, member: MemberCaller, e: AdEvent): Promise<{ counted: boolean }> {
  if (!member.user.permissions.includes('display_ads')) throw AppError.of(AD_ERRORS, AD_ERROR_CODES.NO_ADS);
  const ad = HOUSE_ADS.find((a) => a.id === e.ad_id && a.code === e.code);
  if (!ad) throw unknownAd();
  // The conversation is the member's, of that chatbot, and holds the message the ad followed.
  const { rowCount } = await db.query(
    `insert into ad_events (event_name, user_id, conversation_id, character_id, ad_id, code, message_id, content, created_at)
     select $1, c.user_id, c.id, c.character_id, $4, $5, m.id, $6, $7
       from conversations c join messages m on m.conversation_id = c.id and m.id = $8
      where c.id = $2 and c.user_id = $3 and c.character_id = $9
     on conflict do nothing`,
    // The ad's own words are kept, not what the page sent.
    [e.event_name, e.conversation_id, member.userId, ad.id, ad.code, ad.content, clock.now(), e.message_id, e.character_id],
  );
  if (rowCount > 0) return { counted: true };
  const { rowCount: exists } = await db.query(
    `select 1 from conversations c join messages m on m.conversation_id = c.id and m.id = $3 where c.id = $1 and c.user_id = $2 and c.character_id = $4`,
    [e.conversation_id, member.userId, e.message_id, e.character_id],
  );
  if (!exists) throw unknownAd();
  return { counted: false };
}
