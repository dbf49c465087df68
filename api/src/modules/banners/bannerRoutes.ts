import { BANNER_ERROR_CODES, BANNER_ERRORS, bannerCalls, type AdminBanner } from '@fable/contracts';
import type { FastifyRequest } from 'fastify';
import { memberOf } from '../../http/access';
import { AppError } from '../../http/appError';
import type { ApiPlugin } from '../../http/apiPlugin';
import { endBanner, findBanner, insertBanner, listBanners, recordBannerEvent, updateBanner } from './bannerRepository';
import { bannersFor, birthdayBannerFor, SCHEDULE_CACHE_KEY, type Viewer } from './bannersFor';

const viewerOf = (request: FastifyRequest): Viewer & { key: string } => {
  const caller = request.caller;
  if (caller.kind === 'member') return { applicationId: caller.applicationId, tier: caller.user.effective_tier, key: caller.userId };
  return { applicationId: caller.applicationId, tier: null, key: caller.kind === 'guest' ? caller.guestId : request.ip };
};

/**
 * Banners (contracts' bannerCalls; issue 28): what a screen shows the caller now and the view, close and click events,
 * counted once per viewer and day; the admins' schedule (create, change, end), with the figures. The schedule is
 * cached a little while for every screen of every visitor, and forgotten when an admin changes it.
 */
export const bannerRoutes: ApiPlugin = async (app, { db, cache, clock }) => {
  const forScreen = bannerCalls.forScreen;
  app.get(forScreen.path, { schema: { querystring: forScreen.query, response: { 200: forScreen.response } }, config: { access: forScreen.access } }, async (request) => {
    const now = clock.now();
    const viewer = viewerOf(request);
    const [banners, birthday] = await Promise.all([
      bannersFor(db, cache, viewer, request.query.screen, now),
      birthdayBannerFor(db, cache, viewer.applicationId, now),
    ]);
    return { banners, birthday };
  });

  const event = bannerCalls.event;
  app.post(
    event.path,
    { schema: { params: event.params, body: event.body, response: { 200: event.response } }, config: { access: event.access } },
    async (request) => {
      const { bannerId, event: kind } = request.params;
      const counted = await recordBannerEvent(db, { bannerId, kind, viewer: viewerOf(request).key, screen: request.body.screen, now: clock.now() });
      if (!counted && !(await findBanner(db, bannerId, clock.now()))) throw AppError.of(BANNER_ERRORS, BANNER_ERROR_CODES.NOT_FOUND);
      return { counted };
    },
  );

  const forget = () => cache.delete(SCHEDULE_CACHE_KEY);
  /** The banner as it is now, after a change that could not be made: 404 when unknown, else 409 (it has ended). */
  const refused = async (id: string): Promise<never> => {
    const exists = await findBanner(db, id, clock.now());
    throw AppError.of(BANNER_ERRORS, exists ? BANNER_ERROR_CODES.ENDED : BANNER_ERROR_CODES.NOT_FOUND);
  };
  const current = async (id: string): Promise<AdminBanner> => (await findBanner(db, id, clock.now())) ?? refused(id);

  const list = bannerCalls.adminList;
  app.get(list.path, { schema: { response: { 200: list.response } }, config: { access: list.access } }, async () => ({ items: await listBanners(db, clock.now()) }));

  const create = bannerCalls.adminCreate;
  app.post(create.path, { schema: { body: create.body, response: { 201: create.response } }, config: { access: create.access } }, async (request, reply) => {
    const id = await insertBanner(db, request.body, memberOf(request).userId, clock.now());
    await forget();
    return reply.code(201).send(await current(id));
  });

  const update = bannerCalls.adminUpdate;
  app.put(
    update.path,
    { schema: { params: update.params, body: update.body, response: { 200: update.response } }, config: { access: update.access } },
    async (request) => {
      const id = request.params.bannerId;
      if (!(await updateBanner(db, id, request.body, clock.now()))) return refused(id);
      await forget();
      return current(id);
    },
  );

  const end = bannerCalls.adminEnd;
  app.post(end.path, { schema: { params: end.params, response: { 200: end.response } }, config: { access: end.access } }, async (request) => {
    const id = request.params.bannerId;
    if (!(await endBanner(db, id, clock.now()))) return refused(id);
    await forget();
    return current(id);
  });
};
