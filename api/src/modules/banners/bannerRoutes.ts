import { BANNER_ERROR_CODES, BANNER_ERRORS, BANNER_MESSAGES, bannerCalls, type AdminBanner, type BannerDraft } from '@fable/contracts';
import type { FastifyRequest } from 'fastify';
import { memberOf } from '../../http/access';
import { AppError } from '../../http/appError';
import type { ApiPlugin } from '../../http/apiPlugin';
import type { Queryable } from '../../infra/db/database';
import { bannerState, endBanner, findBanner, insertBanner, listBanners, recordBannerEvent, unknownApplications, updateBanner } from './bannerRepository';
import { bannersFor, birthdayBannerFor, forgetSchedule, scheduleOf, shows, type Viewer } from './bannersFor';

const bannerError = (code: keyof typeof BANNER_ERRORS) => AppError.of(BANNER_ERRORS, code);

/** What the schema cannot know: an end already past, applications that do not exist. 400 with the field, as the schema's. */
async function refuseUnshowable(db: Queryable, draft: Pick<BannerDraft, 'ends_at' | 'targeting'>, now: Date): Promise<void> {
  const issues: { path: string; message: string }[] = [];
  if (draft.ends_at && Date.parse(draft.ends_at) <= now.getTime()) issues.push({ path: 'body.ends_at', message: BANNER_MESSAGES.endsInThePast });
  for (const id of await unknownApplications(db, draft.targeting.applications ?? []))
    issues.push({ path: 'body.targeting.applications', message: BANNER_MESSAGES.unknownApplication(id) });
  if (issues.length > 0) throw new AppError(400, 'validation_error', `Invalid request body: ${issues.map((i) => i.message).join('; ')}`, { issues });
}

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
      const { screen } = request.body;
      const now = clock.now();
      const viewer = viewerOf(request);
      // Only what this screen shows this viewer now is counted: not an ended, scheduled or someone else's banner.
      const shown = (await scheduleOf(db, cache, now)).find((b) => b.banner.id === bannerId && shows(b, viewer, screen, now));
      if (!shown) throw bannerError(BANNER_ERROR_CODES.NOT_FOUND);
      if (kind === 'close' && !shown.banner.closable) throw bannerError(BANNER_ERROR_CODES.NOT_CLOSABLE);
      return { counted: await recordBannerEvent(db, { bannerId, kind, viewer: viewer.key, screen, now }) };
    },
  );

  const forget = () => forgetSchedule(cache);
  /** Why a change could not be made: 404 when unknown, 409 when it has ended or (a change) someone changed it since. */
  const refused = async (id: string): Promise<never> => {
    const state = await bannerState(db, id, clock.now());
    throw bannerError(state === 'missing' ? BANNER_ERROR_CODES.NOT_FOUND : state === 'ended' ? BANNER_ERROR_CODES.ENDED : BANNER_ERROR_CODES.CHANGED);
  };
  const current = async (id: string): Promise<AdminBanner> => (await findBanner(db, id, clock.now())) ?? refused(id);

  const list = bannerCalls.adminList;
  app.get(list.path, { schema: { response: { 200: list.response } }, config: { access: list.access } }, async () => ({ items: await listBanners(db, clock.now()) }));

  const create = bannerCalls.adminCreate;
  app.post(create.path, { schema: { body: create.body, response: { 201: create.response } }, config: { access: create.access } }, async (request, reply) => {
    await refuseUnshowable(db, request.body, clock.now());
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
      await refuseUnshowable(db, request.body, clock.now());
      if (!(await updateBanner(db, id, request.body, new Date(request.body.updated_at), clock.now()))) return refused(id);
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
