import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { buildApp, type App } from './app';
import { testConfig } from './config';
import type { Database } from './infra/db/database';
import { insertCharacter, insertCreator } from './modules/discovery/testing/catalogFixture';
import { catalogRoute, requestsFor, type CatalogRoute, type HostileRequest } from './testing/hostileRequests';
import { bearer, signUp } from './testing/testApp';
import { BACKENDS, DB_SETUP_TIMEOUT_MS, createScratchDatabase, type ScratchDatabase } from './testing/testDatabases';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './http/rateLimits';

/**
 * Every route of the API, as the app registers it, gets requests with hostile input: NUL characters and unpaired
 * surrogates in path segments, query values, body fields and keys; undecodable percent-encoding; huge strings;
 * bodies nested thousands deep; wrong types and shapes; as an anonymous caller, a guest, a member (and an admin or
 * partner where the route is theirs). The API must never answer 5xx, and a request carrying input no route may
 * store must be refused (4xx) without writing anything.
 */
const SEED = 20_251_125;
const RUNS_PER_CALLER = Number(process.env.HOSTILE_RUNS ?? 8);
const PARTNER_SECRET = 'partner-secret-0123456789abcdef';
const NO_LIMIT = { max: 1_000_000_000, windowSeconds: 60 };
const LIMITLESS = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((k) => [k, NO_LIMIT])) as unknown as RateLimits;

/** Routes that end the member's session or account run last, so the others see a signed-in member. */
const runsLast = (r: CatalogRoute) => (r.url === '/api/v2/users' && r.method === 'DELETE') || r.url.startsWith('/api/v2/auth/logout') ? 2 : r.method === 'DELETE' ? 1 : 0;

/** A fingerprint of every table's content (aside: schema_migrations, and api_processes, which the heartbeat writes on its own). */
async function snapshot(db: Database): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('schema_migrations', 'api_processes') order by 1`,
  );
  const sql = tables
    .map((t) => `select '${t.name}' as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as sum from "${t.name}" x`)
    .join(' union all ');
  const { rows } = await db.query<{ name: string; sum: string }>(sql);
  return Object.fromEntries(rows.map((r) => [r.name, r.sum]));
}

/**
 * The next transaction id the server will assign. Every transaction that writes a row takes one, reads take none: while
 * it has not moved, no write was committed and the fingerprint taken before still holds (it moves for writes to other
 * databases of the server too, which only costs a fingerprint).
 */
async function nextTransactionId(db: Database): Promise<string> {
  const { rows } = await db.query<{ xmax: string }>('select pg_snapshot_xmax(pg_current_snapshot())::text as xmax');
  return rows[0]!.xmax;
}

describe.each(BACKENDS)('hostile input on every route (%s)', (backend) => {
  let scratch: ScratchDatabase;
  let db: Database;
  let app: App;
  let base: string;
  const routes: CatalogRoute[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(backend, { migrated: true });
    db = await scratch.open();
    app = await buildApp(testConfig({ adminEmails: ['admin@example.com'], partnerSecrets: { fable: PARTNER_SECRET } }), {
      db,
      limits: LIMITLESS,
      onRoute: (route) => routes.push(...catalogRoute(route)),
    });
    // Over a real socket: chat turns answer with an event stream written to the socket.
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
    await scratch?.drop();
  });

  it(
    'never answers 5xx, and refuses what cannot be stored without writing anything',
    async () => {
      const member = await signUp(app, 'member@example.com', 'member_one');
      const admin = await signUp(app, 'admin@example.com', 'admin_one');
      const guest = (await app.inject({ method: 'POST', url: '/api/v2/auth/guest' })).json<{ guest_user_id: string }>().guest_user_id;
      const creator = await insertCreator(db, { user_id: member.user.id, username: 'member_one' });
      const bot = await insertCharacter(db, creator, { name: 'Aria', greeting: 'Hello {{user}}', persona: 'A bard.' });
      const turn = await fetch(`${base}/api/chat`, {
        method: 'POST',
        headers: { ...bearer(member.token), 'content-type': 'application/json' },
        body: JSON.stringify({ character_id: bot.id, conversation_id: 'new', message: 'Hello Aria' }),
      });
      expect(turn.status).toBe(200);
      expect(await turn.text()).toContain('event: done');
      const ids = async (sql: string) => (await db.query<{ id: string }>(sql)).rows.map((r) => String(r.id));
      const known = [
        bot.id,
        member.user.id,
        'member_one',
        ...(await ids('select id from conversations limit 2')),
        ...(await ids('select id from messages limit 2')),
        '2025-01-01',
        'google',
      ];

      const callers: Record<string, Record<string, string>> = {
        anonymous: {},
        guest: { 'x-guest-user-id': guest },
        member: bearer(member.token),
      };
      const send = async (req: HostileRequest, headers: Record<string, string>) => {
        try {
          const res = await fetch(`${base}${req.url}`, {
            method: req.method,
            headers: { ...headers, ...(req.contentType ? { 'content-type': req.contentType } : {}) },
            ...(req.payload !== undefined ? { body: req.payload } : {}),
            // A safety net only: an answer that never comes is reported, not waited for forever.
            signal: AbortSignal.timeout(30_000),
          });
          return { status: res.status, body: await res.text() };
        } catch (err) {
          return { status: 599, body: `no answer: ${(err as Error).message}` };
        }
      };
      const serverErrors: string[] = [];
      const writes: string[] = [];
      const admitted: string[] = [];
      let cases = 0;
      let hostileCases = 0;
      /** The last fingerprint and the transaction id it was taken at: taken again only after a write. */
      let fingerprint = { at: '', tables: {} as Record<string, string> };
      const tablesNow = async () => {
        const at = await nextTransactionId(db);
        if (at !== fingerprint.at) fingerprint = { at, tables: await snapshot(db) };
        return fingerprint.tables;
      };
      const ordered = [...routes].sort((a, b) => runsLast(a) - runsLast(b));

      for (const [index, route] of ordered.entries()) {
        const who = { ...callers };
        if (route.access === 'admin') who.admin = bearer(admin.token);
        if (route.access === 'partner') who.partner = { 'x-application-id': 'fable', 'x-partner-secret': PARTNER_SECRET };
        for (const [callerName, headers] of Object.entries(who)) {
          const property = fc.asyncProperty(requestsFor(route, known), async (req: HostileRequest) => {
            cases += 1;
            if (req.hostile) hostileCases += 1;
            const before = req.hostile ? await tablesNow() : undefined;
            const res = await send(req, headers);
            const label = `${callerName} ${route.method} ${route.url}: ${req.method} ${req.url.slice(0, 120)} ${req.payload?.slice(0, 160) ?? ''} → ${res.status}`;
            if (res.status >= 500) serverErrors.push(`${label} ${res.body.slice(0, 200)}`);
            if (before) {
              if (res.status < 400) admitted.push(`${label} (${req.why.join(', ')})`);
              const after = await tablesNow();
              const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
              if (changed.length > 0) writes.push(`${label} wrote ${changed.join(', ')}`);
            }
          });
          await fc.assert(property, { seed: SEED + index, numRuns: RUNS_PER_CALLER, endOnFailure: true });
        }
      }

      const distinct = new Set(routes.map((r) => `${r.method} ${r.url}`));
      process.stdout.write(`hostile input (${backend}): ${distinct.size} routes, ${cases} requests (${hostileCases} hostile)\n`);
      expect(distinct.size).toBeGreaterThan(50);
      expect(serverErrors).toEqual([]);
      expect(admitted).toEqual([]);
      expect(writes).toEqual([]);
    },
    600_000,
  );
});
