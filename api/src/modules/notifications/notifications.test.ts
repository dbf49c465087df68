import { MemberNotificationSchema, NotificationsPageSchema, PushPayloadSchema } from '@fable/contracts';
import { startFakePushService, type FakePushService } from '../../testing/fakePushService';
import type { TestApp } from '../../testing/testApp';
import { startTestApp } from '../../testing/testApp';
import { BOTH_BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { call, guestHeaders, MODERATOR_EMAIL, signUpMember, type Member } from '../moderation/testing/chatbotTestKit';
import { notifyMember } from './notifyMember';

const HOUR_MS = 60 * 60 * 1000;

describe.each(BOTH_BACKENDS)('notifications and Web Push on %s', (backend) => {
  let t: TestApp;
  let admin: Member;
  let other: Member;
  let push: FakePushService;
  beforeAll(async () => {
    push = await startFakePushService();
    t = await startTestApp(backend, { config: { adminEmails: [MODERATOR_EMAIL] }, app: { pushAgent: push.agent } });
    admin = await signUpMember(t, 'admin', { email: MODERATOR_EMAIL });
    other = await signUpMember(t, 'other');
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  const list = async (who: Member, before?: string) =>
    NotificationsPageSchema.parse((await call(t, 'GET', `/notifications${before ? `?before=${before}` : ''}`, who.headers)).body);
  const restrict = (who: Member, body: object) => call(t, 'POST', `/admin/users/${who.id}/restrictions`, admin.headers, body);
  const runJobs = () => t.jobs.runDue(t.clock.now());

  it('tells a member they were restricted, with the reason, and lets them mark it read; nobody else can', async () => {
    const member = await signUpMember(t, 'told');
    expect((await list(member)).unread).toBe(0);
    expect((await restrict(member, { kind: 'limited', reason: 'Repeated guideline breaks' })).status).toBe(200);
    const page = await list(member);
    expect(page).toMatchObject({ unread: 1, next_before: null });
    expect(page.items).toHaveLength(1);
    const [notice] = page.items;
    expect(MemberNotificationSchema.parse(notice)).toMatchObject({
      kind: 'account_restricted',
      title: 'Your account is restricted: you cannot create or edit chatbots',
      body: 'Repeated guideline breaks',
      link: '/guidelines',
      read: false,
    });
    // Another member's ids mark nothing of theirs.
    expect((await call(t, 'POST', '/notifications/read', other.headers, { ids: [notice!.id] })).body).toEqual({ unread: (await list(other)).unread });
    expect((await list(member)).unread).toBe(1);
    expect((await call(t, 'POST', '/notifications/read', member.headers, { ids: [notice!.id] })).body).toEqual({ unread: 0 });
    expect((await list(member)).items[0]!.read).toBe(true);
  });

  it('a member on hold still reads and marks their notifications', async () => {
    const held = await signUpMember(t, 'heldread');
    expect((await restrict(held, { kind: 'temporary', hours: 5, reason: 'Cooling off' })).status).toBe(200);
    const page = await list(held);
    expect(page.items[0]!.title).toMatch(/^Your account is on hold until \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect((await call(t, 'POST', '/notifications/read', held.headers, { all: true })).body).toEqual({ unread: 0 });
  });

  it('keeps one notification per event, and pages newest first', async () => {
    const member = await signUpMember(t, 'paged');
    const base = t.clock.now().getTime();
    for (let i = 0; i < 25; i++) {
      await notifyMember(t.db, { userId: member.id, kind: 'subscription', title: `Event ${i}`, body: 'b', dedupeKey: `e${i}`, now: new Date(base + i * 1000) });
    }
    expect(await notifyMember(t.db, { userId: member.id, kind: 'subscription', title: 'Again', body: 'b', dedupeKey: 'e3', now: new Date(base) })).toBe(false);
    const first = await list(member);
    expect(first.items.map((n) => n.title).slice(0, 2)).toEqual(['Event 24', 'Event 23']);
    expect(first.items).toHaveLength(20);
    expect(first.unread).toBe(25);
    const second = await list(member, first.next_before!);
    expect(second.items.map((n) => n.title)).toEqual(['Event 4', 'Event 3', 'Event 2', 'Event 1', 'Event 0']);
    expect(second.next_before).toBeNull();
  });

  it('refuses bad input and callers who are not members', async () => {
    const member = await signUpMember(t, 'badread');
    for (const body of [{}, { ids: [] }, { all: false }, { ids: ['x'], all: true, extra: 1 }, { ids: ['\u0000'] }]) {
      expect((await call(t, 'POST', '/notifications/read', member.headers, body)).status).toBe(400);
    }
    expect((await call(t, 'GET', '/notifications', guestHeaders())).status).toBe(401);
    expect((await call(t, 'GET', '/push/key', {})).status).toBe(401);
  });

  describe('Web Push', () => {
    it('pushes a notification to the member’s browser once, encrypted and signed, even when the job runs again', async () => {
      const member = await signUpMember(t, 'pushed');
      const key = (await call(t, 'GET', '/push/key', member.headers)).body.public_key as string;
      expect(Buffer.from(key, 'base64url')).toHaveLength(65);
      const browser = push.subscribe();
      expect((await call(t, 'POST', '/push/subscriptions', member.headers, browser)).body).toEqual({ subscribed: true });
      const before = push.received.length;
      await restrict(member, { kind: 'shadowban', hours: 48, reason: 'Suspected ban evasion' });
      await runJobs();
      await runJobs();
      const arrived = push.received.slice(before);
      expect(arrived).toHaveLength(1);
      const payload = PushPayloadSchema.parse(JSON.parse(arrived[0]!.payload));
      const stored = (await list(member)).items[0]!;
      expect(payload).toEqual({ id: stored.id, title: stored.title, body: 'Suspected ban evasion', link: '/guidelines' });
      expect(arrived[0]).toMatchObject({ ttl: '86400', topic: stored.id.replace(/-/g, ''), vapidSubject: 'mailto:support@fable.example' });
      expect(push.refused).toEqual([]);
    });

    it('retries a failed push later and reaches the browser once; forgets a browser the push service says is gone', async () => {
      const member = await signUpMember(t, 'retried');
      const browser = push.subscribe();
      await call(t, 'POST', '/push/subscriptions', member.headers, browser);
      const before = push.received.length;
      push.failNext(500);
      await restrict(member, { kind: 'limited', reason: 'Spam' });
      const runs = await runJobs();
      expect(runs.filter((r) => r.kind === 'push_notification').map((r) => r.result)).toContain('error');
      expect(push.received.length).toBe(before);
      // The retry, an hour on (the clock goes back after: the other tests' tokens would have expired).
      const start = t.clock.now();
      t.clock.advance(HOUR_MS);
      try {
        await t.jobs.runDue(t.clock.now());
      } finally {
        t.clock.set(start);
      }
      expect(push.received.length).toBe(before + 1);
      expect(JSON.parse(push.received[before]!.payload).body).toBe('Spam');

      // A 410: the subscription is dropped, and the job ends.
      push.failNext(410);
      await call(t, 'POST', `/admin/users/${member.id}/restrictions`, admin.headers, { kind: 'complete', reason: 'Ban' });
      const ended = await runJobs();
      expect(ended.filter((r) => r.kind === 'push_notification').map((r) => r.result)).toContain('pushed to 1');
      const { rowCount } = await t.db.query('select 1 from push_subscriptions where endpoint = $1', [browser.endpoint]);
      expect(rowCount).toBe(0);
    });

    it('pushes nothing to a browser whose session ended (signed out: the next person there gets none of it)', async () => {
      const member = await signUpMember(t, 'signedout');
      const browser = push.subscribe();
      await call(t, 'POST', '/push/subscriptions', member.headers, browser);
      await t.db.query("update auth_sessions set revoked_at = now(), revoked_reason = 'logout' where user_id = $1", [member.id]);
      const before = push.received.length;
      await notifyMember(t.db, { userId: member.id, kind: 'subscription', title: 'After sign-out', body: 'b', dedupeKey: 'after-signout', now: t.clock.now() });
      await runJobs();
      expect(push.received.length).toBe(before);
    });

    it('takes only push services’ endpoints, and the same browser again replaces its keys', async () => {
      const member = await signUpMember(t, 'endpoints');
      const keys = push.subscribe().keys;
      for (const endpoint of ['https://evil.example/push', 'http://10.0.0.5/push', 'ftp://127.0.0.1/x', 'https://user:pw@fcm.googleapis.com/x']) {
        const sent = await call(t, 'POST', '/push/subscriptions', member.headers, { endpoint, keys });
        expect(sent.status).toBe(400);
      }
      const fcm = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys };
      expect((await call(t, 'POST', '/push/subscriptions', member.headers, fcm)).status).toBe(200);
      expect((await call(t, 'POST', '/push/subscriptions', other.headers, fcm)).status).toBe(200);
      const { rows } = await t.db.query<{ user_id: string }>('select user_id from push_subscriptions where endpoint = $1', [fcm.endpoint]);
      expect(rows).toEqual([{ user_id: other.id }]);
      expect((await call(t, 'POST', '/push/subscriptions/remove', other.headers, { endpoint: fcm.endpoint })).body).toEqual({ subscribed: false });
      expect((await t.db.query('select 1 from push_subscriptions where endpoint = $1', [fcm.endpoint])).rowCount).toBe(0);
    });
  });
});
