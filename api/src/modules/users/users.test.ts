import { ACCOUNT_MESSAGES, SessionUserSchema } from '@fable/contracts';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { bearer, forApplication, signInByEmail, signUp, startTestApp, testGuestId, type TestApp } from '../../testing/testApp';
import { addRestriction, USER_COLUMNS } from './userRepository';

describe.each(BACKENDS)('users on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend);
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  const checkUsername = (username: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v2/users/check-username', headers, payload: { username } });

  it('reads users by every column of the table, named (USER_COLUMNS: a column a migration adds must join it)', async () => {
    const { rows } = await t.db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'users' order by ordinal_position`,
    );
    expect([...USER_COLUMNS].sort()).toEqual(rows.map((r) => r.column_name).sort());
  });

  describe('sign-up and profile', () => {
    it('completes sign-up with a lower-cased username', async () => {
      const signedIn = await signInByEmail(t.app, 'newbie@example.com');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/users',
        headers: bearer(signedIn.token),
        payload: { username: 'NewBie', name: 'New Bie', age: true, toc: true },
      });
      expect(res.statusCode).toBe(200);
      const user = SessionUserSchema.parse(res.json());
      expect(user).toMatchObject({ username: 'newbie', name: 'New Bie', isProfileModified: true });

      const again = await t.app.inject({
        method: 'POST',
        url: '/api/v2/users',
        headers: bearer(signedIn.token),
        payload: { username: 'other', name: 'New Bie', age: true, toc: true },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('already_signed_up');
    });

    it('requires the age and terms confirmations with the spec messages', async () => {
      const signedIn = await signInByEmail(t.app, 'noage@example.com');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/users',
        headers: bearer(signedIn.token),
        payload: { username: 'noage', name: 'No Age', age: false, toc: true },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(ACCOUNT_MESSAGES.ageRequired);
    });

    it('answers a duplicated username with 409 username_taken (the spec error code)', async () => {
      await signUp(t.app, 'first@example.com', 'taken_name');
      const second = await signInByEmail(t.app, 'second@example.com');
      for (const [method, url, payload] of [
        ['POST', '/api/v2/users', { username: 'Taken_Name', name: 'Second', age: true, toc: true }],
        ['PATCH', '/api/v2/users', { username: 'taken_name' }],
        ['PUT', '/api/v2/users/profile', { username: 'taken_name', name: 'Second' }],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: bearer(second.token), payload });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          error: {
            code: 'username_taken',
            message: 'Username is not available',
            details: { errorCode: 'username_taken', field: 'username' },
          },
        });
      }
    });

    it.each([
      [{ username: 'ab' }, ACCOUNT_MESSAGES.usernameTooShort],
      [{ username: 'a'.repeat(21) }, ACCOUNT_MESSAGES.usernameTooLong],
      [{ username: 'bad name!' }, ACCOUNT_MESSAGES.usernameInvalidChars],
      [{ username: '' }, ACCOUNT_MESSAGES.usernameEmpty],
      [{ name: 'ab' }, ACCOUNT_MESSAGES.nameTooShort],
      [{ name: '   ' }, ACCOUNT_MESSAGES.nameEmpty],
      [{ highlights: 'ab' }, ACCOUNT_MESSAGES.highlightsTooShort],
      [{ openai_api_key: 'k'.repeat(201) }, ACCOUNT_MESSAGES.openaiApiKeyTooLong],
      [{ email: 'nope' }, ACCOUNT_MESSAGES.emailInvalid],
    ])('refuses the profile update %j with the spec message', async (payload, message) => {
      const signedIn = await signUp(t.app, `${Math.random().toString(36).slice(2)}@example.com`, `u${Math.random().toString(36).slice(2, 10)}`);
      const res = await t.app.inject({ method: 'PATCH', url: '/api/v2/users', headers: bearer(signedIn.token), payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', message: expect.stringContaining(message) });
      expect(res.json().error.details.issues[0]).toMatchObject({ message });
    });

    it('refuses a reserved username on update', async () => {
      const signedIn = await signUp(t.app, 'reserved@example.com', 'reserved_one');
      const res = await t.app.inject({ method: 'PATCH', url: '/api/v2/users', headers: bearer(signedIn.token), payload: { username: 'Admin' } });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('username_taken');
    });

    it('updates profile fields and merges settings', async () => {
      const signedIn = await signUp(t.app, 'profile@example.com', 'profile_one');
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/v2/users',
        headers: bearer(signedIn.token),
        payload: { name: 'Profile', highlights: 'Likes dragons', openai_mode: 'hybrid', settings: { showNSFW: true, selectedTags: ['Fantasy'] } },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Profile',
        highlights: 'Likes dragons',
        openai_mode: 'hybrid',
        settings: { showNSFW: true, blurNSFW: true, selectedTags: ['Fantasy'], chatLanguage: 'en' },
      });
      const more = await t.app.inject({
        method: 'PATCH',
        url: '/api/v2/users',
        headers: bearer(signedIn.token),
        payload: { settings: { chatLanguage: 'fr' } },
      });
      // Unsent settings keep their stored values.
      expect(more.json().settings).toMatchObject({ showNSFW: true, selectedTags: ['Fantasy'], chatLanguage: 'fr' });
    });

    it('keeps its own username when saving the same one back', async () => {
      const signedIn = await signUp(t.app, 'same@example.com', 'same_name');
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v2/users/profile',
        headers: bearer(signedIn.token),
        payload: { username: 'same_name', name: 'Same' },
      });
      expect(res.statusCode).toBe(200);
    });

    it('never lets a typed email sign anyone in, and refuses an email another account proved', async () => {
      await signUp(t.app, 'owner@example.com', 'owner_one');
      const other = await signUp(t.app, 'other@example.com', 'other_one');
      const taken = await t.app.inject({ method: 'PATCH', url: '/api/v2/users', headers: bearer(other.token), payload: { email: 'owner@example.com' } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.code).toBe('email_taken');

      const typed = await t.app.inject({ method: 'PATCH', url: '/api/v2/users', headers: bearer(other.token), payload: { email: 'victim@example.com' } });
      expect(typed.statusCode).toBe(200);
      const victim = await signInByEmail(t.app, 'victim@example.com');
      expect(victim.user.id).not.toBe(other.user.id);
      expect(victim.is_new_user).toBe(true);
    });
  });

  describe('check-username', () => {
    it('answers availability with the spec messages, for guests and members', async () => {
      await signUp(t.app, 'checked@example.com', 'checked');
      const guest = { 'x-guest-user-id': testGuestId() };
      const cases: Array<[string, boolean, string | undefined]> = [
        ['fresh_name', true, undefined],
        ['CHECKED', false, ACCOUNT_MESSAGES.usernameNotAvailable],
        ['admin', false, ACCOUNT_MESSAGES.usernameNotAvailable],
        ['ab', false, ACCOUNT_MESSAGES.usernameTooShort],
        ['a'.repeat(21), false, ACCOUNT_MESSAGES.usernameTooLong],
        ['white space', false, ACCOUNT_MESSAGES.usernameInvalidChars],
        ['', false, ACCOUNT_MESSAGES.usernameEmpty],
      ];
      for (const [username, isAvailable, message] of cases) {
        const res = await checkUsername(username, guest);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(message === undefined ? { isAvailable } : { isAvailable, message });
      }
    });

    it('tells a member their own username is available to them', async () => {
      const signedIn = await signUp(t.app, 'mine@example.com', 'mine_name');
      expect((await checkUsername('mine_name', bearer(signedIn.token))).json()).toEqual({ isAvailable: true });
    });

    it('needs a guest id or a member token', async () => {
      const res = await checkUsername('anything');
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthenticated');
    });

    it('checks within the application only', async () => {
      await signUp(t.app, 'brand@example.com', 'brand_user');
      const guest = { 'x-guest-user-id': testGuestId('tales') };
      expect((await checkUsername('brand_user', { ...guest, ...forApplication('tales') })).json()).toEqual({ isAvailable: true });
    });
  });

  describe('account deletion', () => {
    it('anonymises personal data, revokes every session and frees the username', async () => {
      const signedIn = await signUp(t.app, 'leaving@example.com', 'leaving');
      const otherSession = await signInByEmail(t.app, 'leaving@example.com');
      await t.app.inject({ method: 'PATCH', url: '/api/v2/users', headers: bearer(signedIn.token), payload: { highlights: 'Secret life' } });

      const res = await t.app.inject({ method: 'DELETE', url: '/api/v2/users', headers: bearer(signedIn.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deleted: true });

      const { rows } = await t.db.query<Record<string, unknown>>('select * from users where id = $1', [signedIn.user.id]);
      expect(rows[0]).toMatchObject({
        email: null,
        username: null,
        name: null,
        highlights: null,
        avatar_url: null,
        openai_api_key: null,
        external_id: null,
        deleted_at: expect.anything(),
      });
      const sessions = await t.db.query<{ revoked_at: Date | null }>('select revoked_at from auth_sessions where user_id = $1', [signedIn.user.id]);
      expect(sessions.rows.every((s) => s.revoked_at !== null)).toBe(true);

      for (const token of [signedIn.token, otherSession.token]) {
        expect((await t.app.inject({ method: 'GET', url: '/api/v2/users', headers: bearer(token) })).statusCode).toBe(401);
      }
      const refresh = await t.app.inject({ method: 'POST', url: '/api/v2/auth/refresh', payload: { refresh_token: otherSession.refresh_token } });
      expect(refresh.statusCode).toBe(401);

      // The email signs up afresh as a new user; the username is free again.
      const back = await signInByEmail(t.app, 'leaving@example.com');
      expect(back.is_new_user).toBe(true);
      expect(back.user.id).not.toBe(signedIn.user.id);
      expect((await checkUsername('leaving', bearer(back.token))).json()).toEqual({ isAvailable: true });
    });
  });

  describe('restrictions', () => {
    it('derives permissions from restrictions and shows a temporary ban until it expires', async () => {
      const signedIn = await signUp(t.app, 'banned@example.com', 'banned_one');
      const until = new Date(t.clock.now().getTime() + 3600_000);
      await addRestriction(t.db, signedIn.user.id, { kind: 'temporary', reason: 'spam', expiresAt: until }, t.clock.now());
      const res = await t.app.inject({ method: 'GET', url: '/api/v2/users', headers: bearer(signedIn.token) });
      expect(res.json()).toMatchObject({
        restrictions: [{ kind: 'temporary', reason: 'spam', expires_at: until.toISOString() }],
        permissions: ['site_access', 'restriction_full_time', 'limited_access'],
      });
      const moderation = await t.app.inject({ method: 'GET', url: '/api/v2/users/moderation', headers: bearer(signedIn.token) });
      expect(moderation.json()).toEqual({ expires_at: until.toISOString() });

      t.clock.advance(3600_000 + 1000);
      const fresh = await t.app.inject({ method: 'POST', url: '/api/v2/auth/refresh', payload: { refresh_token: signedIn.refresh_token } });
      const after = await t.app.inject({ method: 'GET', url: '/api/v2/users', headers: bearer(fresh.json().token) });
      expect(after.json().restrictions).toEqual([]);
      expect(after.json().permissions).toContain('create_character');
    });

    it('limited: can chat, cannot create bots; shadow-ban adds its permission', async () => {
      const signedIn = await signUp(t.app, 'limited@example.com', 'limited_one');
      await addRestriction(t.db, signedIn.user.id, { kind: 'limited' }, t.clock.now());
      await addRestriction(t.db, signedIn.user.id, { kind: 'shadowban', expiresAt: new Date(t.clock.now().getTime() + 60_000) }, t.clock.now());
      const { permissions } = (await t.app.inject({ method: 'GET', url: '/api/v2/users', headers: bearer(signedIn.token) })).json();
      expect(permissions).toEqual(expect.arrayContaining(['view_chats', 'restriction_limited', 'temporary_shadowban']));
      expect(permissions).not.toContain('create_character');
    });
  });
});
