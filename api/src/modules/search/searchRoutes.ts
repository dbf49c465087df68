import { discoveryCalls } from '@fable/contracts';
import type { ApiPlugin } from '../../http/apiPlugin';
import { blockedCreatorIds, createSearchService, dismissedCharacterIds, shadowBannedCreatorIds } from './searchCharacters';

/**
 * GET /api/characters/search (contracts' discoveryCalls.search): guests and members. NSFW characters only for a
 * member who asks (nsfw=1) and whose profile allows explicit content (settings.showNSFW); guests never (document 1
 * §1, §6). A member's blocked creators, and the characters they dismissed (Less Like This), are left out.
 */
export const searchRoutes: ApiPlugin = async (app, { db, cache, clock }) => {
  const service = createSearchService({
    db,
    cache,
    clock,
    onError: (err, context) => app.log.error({ err }, `search: ${context} failed`),
  });
  app.addHook('onClose', () => service.close());

  const call = discoveryCalls.search;
  app.get(
    call.path,
    { schema: { querystring: call.query, response: { 200: call.response } }, config: { access: call.access } },
    async (request) => {
      const caller = request.caller;
      const member = caller.kind === 'member' ? caller : null;
      return service.search(request.query, {
        applicationId: caller.applicationId,
        nsfwAllowed: member !== null && member.user.settings.showNSFW,
        // The creators the member blocked, and the shadow-banned ones (but the member themselves: they see their own).
        blockedCreatorIds: [
          ...(member ? await blockedCreatorIds(db, member.userId) : []),
          ...(await shadowBannedCreatorIds(db, cache, caller.applicationId, clock.now())).filter((id) => id !== member?.userId),
        ],
        hiddenCharacterIds: member ? await dismissedCharacterIds(db, member.userId) : [],
      });
    },
  );
};
