import type { TestApp } from '../../testing/testApp';
import { startTestApp } from '../../testing/testApp';
import { createMemoryCache } from '../../infra/cache/memoryCache';
import { BOTH_BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { call, guestHeaders, MODERATOR_EMAIL, signUpMember, type Member } from '../moderation/testing/chatbotTestKit';

describe.each(BOTH_BACKENDS)('switching an application’s feature flags on %s', (backend) => {
  let t: TestApp;
  let admin: Member;
  let member: Member;
  beforeAll(async () => {
    t = await startTestApp(backend, { config: { adminEmails: [MODERATOR_EMAIL] }, app: { cache: createMemoryCache() } });
    admin = await signUpMember(t, 'admin', { email: MODERATOR_EMAIL });
    member = await signUpMember(t, 'member');
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(() => t?.close());

  const served = async (applicationId: string) =>
    (await call(t, 'GET', '/app-settings', { 'X-Application-Id': applicationId })).body.growthFlags as Record<string, boolean>;

  it('switches the named flags of one application, served at once (the settings cache is renewed), the rest kept', async () => {
    const before = await served('tales');
    expect(before).toMatchObject({ my_chats_v2: true, listing_v2: false });
    const res = await call(t, 'PUT', '/admin/applications/tales/flags', admin.headers, { flags: { my_chats_v2: false, listing_v2: true } });
    expect(res.status).toBe(200);
    expect(res.body.growthFlags).toEqual({ ...before, my_chats_v2: false, listing_v2: true });
    expect(await served('tales')).toEqual(res.body.growthFlags);
    // Another application's flags are its own.
    expect(await served('fable')).toMatchObject({ my_chats_v2: true });
  });

  it('keeps both of two admins’ switches made at once', async () => {
    await Promise.all([
      call(t, 'PUT', '/admin/applications/storynest/flags', admin.headers, { flags: { persona_v2: true } }),
      call(t, 'PUT', '/admin/applications/storynest/flags', admin.headers, { flags: { create_v2: true } }),
    ]);
    expect(await served('storynest')).toMatchObject({ persona_v2: true, create_v2: true, groupchat: false });
  });

  it('refuses unknown flags and applications, empty or malformed changes, and anyone but an admin', async () => {
    const put = (headers: Record<string, string>, body: unknown, app = 'tales') => call(t, 'PUT', `/admin/applications/${app}/flags`, headers, body);
    const unknown = await put(admin.headers, { flags: { listing_v3: true } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('listing_v3 is not a flag an application switches');
    // external_mode is the deployment's (partner sign-up), not an application setting.
    expect((await put(admin.headers, { flags: { external_mode: true } })).status).toBe(400);
    expect((await put(admin.headers, { flags: {} })).status).toBe(400);
    expect((await put(admin.headers, { flags: { lorebook: 'yes' } })).status).toBe(400);
    expect((await put(admin.headers, { flags: { lorebook: true }, extra: 1 })).status).toBe(400);
    expect((await put(admin.headers, { flags: { 'lore\u0000book': true } })).status).toBe(400);
    expect((await put(admin.headers, { flags: { lorebook: true } }, 'Nowhere!')).status).toBe(400);
    const missing = await put(admin.headers, { flags: { lorebook: true } }, 'nowhere');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('unknown_application');
    expect((await put(member.headers, { flags: { lorebook: false } })).status).toBe(403);
    expect((await put(guestHeaders(), { flags: { lorebook: false } })).status).toBe(401);
    expect(await served('tales')).toMatchObject({ lorebook: true });
  });
});
