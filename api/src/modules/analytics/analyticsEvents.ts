import { ANALYTICS_ERROR_CODES, ANALYTICS_ERRORS, MEMBER_CARD_ACTIONS, type AnalyticsEventSchema } from '@fable/contracts';
import type { z } from 'zod';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/appError';
import type { Queryable } from '../../infra/db/database';
import { findViewableCharacter, viewerOf } from '../discovery/characterAccess';
import { characterNotFound } from '../discovery/discoveryErrors';

export type AnalyticsEventInput = z.output<typeof AnalyticsEventSchema>;

const refused = (code: keyof typeof ANALYTICS_ERRORS) => AppError.of(ANALYTICS_ERRORS, code);

/** What is kept of an event beside its name: the chatbot of a card action and the event's own fields. */
interface Kept {
  characterId: string | null;
  properties: Record<string, unknown>;
}

/**
 * Checks that the caller may have done what the event says (document 1 §1, §4, §6), and what to keep of it:
 * - switch_nsfw on: only members with explicit content enabled in their profile (guests get a create-account prompt,
 *   the others the profile); off: anyone;
 * - login and sign_up: members; sign_up only while the account has no username (§4 "a sign-up event is logged if
 *   there is no username");
 * - card_action: a chatbot the caller may open (404 otherwise); like, unlike, Less Like This and Block Creator only
 *   for members (§6 "Guest: cannot favourite, block, less-like-this").
 */
async function checkEvent(db: Queryable, caller: Caller, e: AnalyticsEventInput): Promise<Kept> {
  const member = caller.kind === 'member' ? caller : null;
  switch (e.event_name) {
    case 'social_media_click':
      return { characterId: null, properties: { network: e.network } };
    case 'switch_nsfw':
      if (e.enabled && member?.user.settings.showNSFW !== true) throw refused(ANALYTICS_ERROR_CODES.NSFW_NOT_ALLOWED);
      return { characterId: null, properties: { enabled: e.enabled } };
    case 'login':
    case 'sign_up':
      if (!member) throw refused(ANALYTICS_ERROR_CODES.MEMBERS_ONLY);
      if (e.event_name === 'sign_up' && member.user.username !== null) throw refused(ANALYTICS_ERROR_CODES.ALREADY_SIGNED_UP);
      return { characterId: null, properties: { method: e.method } };
    case 'card_action': {
      if (!member && MEMBER_CARD_ACTIONS.includes(e.action)) throw refused(ANALYTICS_ERROR_CODES.MEMBERS_ONLY);
      const row = await findViewableCharacter(db, e.character_id, viewerOf(caller));
      if (!row) throw characterNotFound();
      return { characterId: row.id, properties: { action: e.action } };
    }
  }
}

/**
 * Keeps an analytics event of a guest or a member (POST /event, document 1 §7 "Analytics events"). Answers whether
 * it was kept: a second sign_up of one member is not.
 */
export async function recordAnalyticsEvent(db: Queryable, caller: Caller, e: AnalyticsEventInput, now: Date): Promise<{ counted: boolean }> {
  if (caller.kind !== 'member' && caller.kind !== 'guest') throw new AppError(401, 'unauthenticated', 'Sign in or continue as a guest first.');
  const kept = await checkEvent(db, caller, e);
  const { rowCount } = await db.query(
    `insert into analytics_events (event_name, application_id, user_id, guest_id, character_id, properties, created_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7)
     on conflict do nothing`,
    [
      e.event_name,
      caller.applicationId,
      caller.kind === 'member' ? caller.userId : null,
      caller.kind === 'guest' ? caller.guestId : null,
      kept.characterId,
      JSON.stringify(kept.properties),
      now,
    ],
  );
  return { counted: rowCount > 0 };
}
