import { queueCalls, routes } from '@fable/contracts';
import type { ApiPlugin } from '../../../http/apiPlugin';
import { AppError } from '../../../http/appError';
import { signBypass } from './bypassLinks';
import type { WaitingRoom } from './waitingRoom';

export interface QueueRouteDeps {
  room: WaitingRoom;
  bypassKey: Uint8Array | null;
}

/**
 * GET /queue (document 1 §7), GET /queue/outlook (the home listing's banner), POST /queue/leave, and POST /admin/queue/bypass-links, which makes a signed link to a
 * character's chat that skips the waiting room until it expires.
 */
export const queueRoutes: ApiPlugin<Parameters<ApiPlugin>[1] & QueueRouteDeps> = async (app, deps) => {
  const { room, bypassKey, clock } = deps;

  const status = queueCalls.status;
  app.get(status.path, { schema: { querystring: status.query, response: { 200: status.response } }, config: { access: status.access, writes: true } }, async (request) =>
    room.status(request.caller, request.query),
  );

  const outlook = queueCalls.outlook;
  app.get(outlook.path, { schema: { response: { 200: outlook.response } }, config: { access: outlook.access } }, async (request) => room.outlook(request.caller));

  const leave = queueCalls.leave;
  app.post(leave.path, { schema: { response: { 200: leave.response } }, config: { access: leave.access } }, async (request) => ({
    left: await room.leave(request.caller),
  }));

  const link = queueCalls.bypassLink;
  app.post(link.path, { schema: { body: link.body, response: { 200: link.response } }, config: { access: link.access } }, async (request) => {
    if (!bypassKey) throw new AppError(503, 'bypass_links_off', 'Bypass links are off: QUEUE_BYPASS_SECRET is not set.');
    const { character_id: characterId, hours } = request.body;
    const { rowCount } = await deps.db.query('select 1 from characters where id = $1', [characterId]);
    if (rowCount === 0) throw AppError.notFound('No character has this id.');
    const expiresAt = new Date(clock.now().getTime() + hours * 3_600_000);
    const bypass = signBypass(bypassKey, characterId, expiresAt);
    return { bypass, path: `${routes.chat({ characterId })}?bypass=${bypass}`, expires_at: expiresAt.toISOString(), character_id: characterId };
  });
};
