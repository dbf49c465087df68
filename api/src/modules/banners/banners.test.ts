import { AdminBannerSchema, BANNER_MESSAGES, ScreenBannersSchema, type BannerDraft } from '@fable/contracts';
import type { TestApp } from '../../testing/testApp';
import { startTestApp } from '../../testing/testApp';
import { createMemoryCache } from '../../infra/cache/memoryCache';
import { BOTH_BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { call, guestHeaders, MODERATOR_EMAIL, signUpMember, uniqueWord, type Member } from '../moderation/testing/chatbotTestKit';

const HOUR_MS = 60 * 60 * 1000;

describe.each(BOTH_BACKENDS)('banners on %s', (backend) => {
  let t: TestApp;
  let admin: Member;
  let member: Member;
  const cache = createMemoryCache();
  beforeAll(async () => {
    t = await startTestApp(backend, { config: { adminEmails: [MODERATOR_EMAIL] }, app: { cache } });
    admin = await signUpMember(t, 'admin', { email: MODERATOR_EMAIL });
    member = await signUpMember(t, 'viewer');
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(() => t?.close());

  const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
  const draft = (over: Partial<BannerDraft> & { targeting?: Partial<BannerDraft['targeting']> } = {}): BannerDraft => ({
    banner: { name: uniqueWord('Banner'), placement: 'top', title: { label: 'Summer stories are here' }, closable: true, ...over.banner },
    starts_at: over.starts_at ?? at(-60_000),
    ends_at: over.ends_at === undefined ? null : over.ends_at,
    targeting: { applications: [], tiers: [], signed_in: 'everyone', screens: [], ...over.targeting },
  });
  const create = async (d: BannerDraft) => {
    const res = await call(t, 'POST', '/admin/banners', admin.headers, d);
    expect(res.status).toBe(201);
    return AdminBannerSchema.parse(res.body);
  };
  const served = async (headers: Record<string, string>, screen = 'home') => {
    const res = await call(t, 'GET', `/banners?screen=${screen}`, headers);
    expect(res.status).toBe(200);
    return ScreenBannersSchema.parse(res.body);
  };
  const names = async (headers: Record<string, string>, screen = 'home') => (await served(headers, screen)).banners.map((b) => b.name);

  it('shows a live banner to the audience, screens and applications it targets, and to nobody else', async () => {
    const everyone = await create(draft({ targeting: { screens: ['home'] } }));
    const guests = await create(draft({ targeting: { signed_in: 'guests' } }));
    const freeMembers = await create(draft({ targeting: { signed_in: 'members', tiers: ['free'] } }));
    const premium = await create(draft({ targeting: { tiers: ['premium'] } }));
    const sister = await create(draft({ targeting: { applications: ['storynest'] } }));
    expect(everyone).toMatchObject({ status: 'live', created_by: expect.any(String), stats: { views: 0, closes: 0, clicks: 0 } });

    const guestSees = await names(guestHeaders());
    expect(guestSees).toEqual(expect.arrayContaining([everyone.banner.name, guests.banner.name]));
    expect(guestSees).not.toEqual(expect.arrayContaining([freeMembers.banner.name]));
    const memberSees = await names(member.headers);
    expect(memberSees).toEqual(expect.arrayContaining([everyone.banner.name, freeMembers.banner.name]));
    for (const hidden of [guests, premium, sister]) expect(memberSees).not.toContain(hidden.banner.name);
    expect(await names(member.headers, 'chat')).not.toContain(everyone.banner.name);
    expect(await names(guestHeaders('storynest'))).toContain(sister.banner.name);
    expect(await names(guestHeaders('storynest'))).not.toContain(guests.banner.name.replace(/./, '#'));
  });

  it('starts and ends on schedule, and an admin can end one early (once: two at once, one wins)', async () => {
    const later = await create(draft({ starts_at: at(2 * HOUR_MS), ends_at: at(5 * HOUR_MS), targeting: { screens: ['schedule'] } }));
    expect(later.status).toBe('scheduled');
    expect(await names(guestHeaders(), 'schedule')).not.toContain(later.banner.name);
    // (Members' tokens would expire: guests look three hours later.)
    t.clock.advance(3 * HOUR_MS);
    try {
      expect(await names(guestHeaders(), 'schedule')).toContain(later.banner.name);
    } finally {
      t.clock.advance(-3 * HOUR_MS);
    }
    {
      const ends = await Promise.all([1, 2].map(() => call(t, 'POST', `/admin/banners/${later.id}/end`, admin.headers)));
      expect(ends.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(ends.find((r) => r.status === 200)!.body.status).toBe('ended');
      expect(ends.find((r) => r.status === 409)!.body.error.code).toBe('banner_ended');
      expect((await call(t, 'PUT', `/admin/banners/${later.id}`, admin.headers, { ...draft(), updated_at: later.updated_at })).body.error.code).toBe('banner_ended');
      t.clock.advance(3 * HOUR_MS);
      expect(await names(guestHeaders(), 'schedule')).not.toContain(later.banner.name);
      t.clock.advance(-3 * HOUR_MS);
    }
    const ended = await create(draft({ starts_at: at(HOUR_MS), targeting: { screens: ['ends'] } }));
    expect((await call(t, 'POST', `/admin/banners/${ended.id}/end`, admin.headers)).body.status).toBe('ended');
    expect((await call(t, 'POST', '/admin/banners/6f1b6a52-5f1c-4a4c-9d55-6f3c7d1f2a10/end', admin.headers)).body.error.code).toBe('banner_not_found');
  });

  it('changes a banner and serves the change at once; one popup a screen', async () => {
    const b = await create(draft({ targeting: { screens: ['edited'] } }));
    const changed = draft({ banner: { name: b.banner.name, placement: 'inline', title: { label: 'Now inline' } }, targeting: { screens: ['edited'] } });
    const res = await call(t, 'PUT', `/admin/banners/${b.id}`, admin.headers, { ...changed, updated_at: b.updated_at });
    expect(res.status).toBe(200);
    // Another admin's change from the same first read is refused: it would undo this one.
    const stale = await call(t, 'PUT', `/admin/banners/${b.id}`, admin.headers, { ...draft(), updated_at: b.updated_at });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('banner_changed');
    expect((await served(guestHeaders(), 'edited')).banners.find((x) => x.id === b.id)).toMatchObject({ placement: 'inline', title: { label: 'Now inline' } });
    await create(draft({ banner: { name: 'popup one', placement: 'popup' }, targeting: { screens: ['popups'] } }));
    await create(draft({ banner: { name: 'popup two', placement: 'popup' }, targeting: { screens: ['popups'] } }));
    await create(draft({ banner: { name: 'top one', placement: 'top' }, targeting: { screens: ['popups'] } }));
    // (Other tests' banners for every screen may show too: only popups are counted.)
    const shown = await served(guestHeaders(), 'popups');
    expect(shown.banners.filter((x) => x.placement === 'popup').map((x) => x.name)).toEqual(['popup one']);
    expect(shown.banners.at(-1)!.name).toBe('popup one');
    expect(shown.banners.map((x) => x.name)).toContain('top one');
  });

  it('refuses drafts that cannot show, with clear messages, and non-admins', async () => {
    const refused = async (d: unknown, message: string | RegExp) => {
      const res = await call(t, 'POST', '/admin/banners', admin.headers, d);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(message);
    };
    await refused(draft({ starts_at: at(HOUR_MS), ends_at: at(0) }), BANNER_MESSAGES.endsBeforeStart);
    await refused(draft({ targeting: { signed_in: 'guests', tiers: ['free'] } }), BANNER_MESSAGES.guestsHaveNoTier);
    await refused({ ...draft(), banner: { name: 'Empty one', placement: 'top' } }, BANNER_MESSAGES.saysNothing);
    await refused({ ...draft(), banner: { ...draft().banner, backgroundColor: 'red; background: url(x)' } }, /#rrggbb/);
    const external = { label: 'Go', shape: 'pill', navigation: { type: 'external', destination: 'javascript:alert(1)' } };
    await refused({ ...draft(), banner: { ...draft().banner, actions: [external] } }, /https URL/);
    const internal = { label: 'Go', shape: 'pill', navigation: { type: 'internal', destination: '//evil.example' } };
    await refused({ ...draft(), banner: { ...draft().banner, actions: [internal] } }, /path such as/);
    await refused(draft({ starts_at: at(-2 * HOUR_MS), ends_at: at(-HOUR_MS) }), BANNER_MESSAGES.endsInThePast);
    await refused(draft({ targeting: { applications: ['no-such-app'] } }), BANNER_MESSAGES.unknownApplication('no-such-app'));
    const protocolRelative = { label: 'Go', shape: 'pill', navigation: { type: 'internal', destination: '/\\evil.example' } };
    await refused({ ...draft(), banner: { ...draft().banner, actions: [protocolRelative] } }, /path such as/);
    await refused({ ...draft(), banner: { ...draft().banner, backgroundImageUrl: '//evil.example/x.png' } }, /An image is/);
    expect((await call(t, 'POST', '/admin/banners', member.headers, draft())).status).toBe(403);
    expect((await call(t, 'GET', '/admin/banners', member.headers)).status).toBe(403);
    expect((await call(t, 'GET', '/banners?screen=Not%20a%20screen', member.headers)).status).toBe(400);
  });

  it('counts a view, a close and a click once per viewer and day, and shows the figures to admins', async () => {
    const b = await create(draft({ targeting: { screens: ['counted'] } }));
    const event = (headers: Record<string, string>, kind: string) => call(t, 'POST', `/banners/${b.id}/${kind}`, headers, { screen: 'counted' });
    expect((await event(member.headers, 'view')).body).toEqual({ counted: true });
    expect((await event(member.headers, 'view')).body).toEqual({ counted: false });
    expect((await event(guestHeaders(), 'view')).body).toEqual({ counted: true });
    expect((await event(member.headers, 'cta')).body).toEqual({ counted: true });
    expect((await event(member.headers, 'close')).body).toEqual({ counted: true });
    // Only what the screen shows the viewer is counted: not on another screen, not a banner that cannot be closed.
    expect((await call(t, 'POST', `/banners/${b.id}/view`, member.headers, { screen: 'elsewhere' })).status).toBe(404);
    const fixed = await create(draft({ banner: { name: uniqueWord('Fixed'), placement: 'top', title: { label: 'Stays' }, closable: false }, targeting: { screens: ['counted'] } }));
    expect((await call(t, 'POST', `/banners/${fixed.id}/close`, member.headers, { screen: 'counted' })).body.error.code).toBe('banner_not_closable');
    expect((await event(member.headers, 'hover')).status).toBe(400);
    expect((await call(t, 'POST', '/banners/6f1b6a52-5f1c-4a4c-9d55-6f3c7d1f2a10/view', member.headers, { screen: 'counted' })).status).toBe(404);
    const listed = (await call(t, 'GET', '/admin/banners', admin.headers)).body.items.find((i: { id: string }) => i.id === b.id);
    expect(listed.stats).toEqual({ views: 2, closes: 1, clicks: 1 });
    // Once ended, its figures stay as they were.
    await call(t, 'POST', `/admin/banners/${b.id}/end`, admin.headers);
    expect((await event(guestHeaders('storynest'), 'view')).status).toBe(404);
    expect((await event(guestHeaders(), 'cta')).status).toBe(404);
  });

  it('shows the birthday banner while the birthday sale runs, never where sales banners are disabled', async () => {
    expect((await served(guestHeaders())).birthday).toBeNull();
    for (const applicationId of ['fable', 'storynest'])
      await t.db.query(
        `insert into billing_promotions (application_id, id, kind, title, shown_from, starts_at, ends_at, price_minor, plan_id)
         values ($1, 'birthday-test', 'birthday', 'Birthday Sale', $2, $2, $3, 99, 'premium_1m')`,
        [applicationId, new Date(t.clock.now().getTime() - HOUR_MS), new Date(t.clock.now().getTime() + 20 * HOUR_MS)],
      );
    await cache.delete('banners:birthday:fable');
    try {
      expect((await served(member.headers, 'other-screen')).birthday).toEqual({ title: 'Birthday Sale', ends_at: expect.any(String) });
      expect((await served(guestHeaders('storynest'))).birthday).toBeNull();
    } finally {
      await t.db.query(`delete from billing_promotions where id = 'birthday-test'`);
    }
  });
});
