import { buildApp, type App } from './app';
import { testConfig } from './config';
import type { Database } from './infra/db/database';
import { catalogRoute, type CatalogRoute } from './testing/hostileRequests';
import { bearer, signUp, testGuestId } from './testing/testApp';
import { BACKENDS, DB_SETUP_TIMEOUT_MS, createScratchDatabase, type ScratchDatabase } from './testing/testDatabases';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './http/rateLimits';

/**
 * The authorisation matrix: every route of the API, as the app registers it, called by each kind of caller — nobody, a
 * guest, a member, an admin, and an admin viewing the site as a member (X-Impersonate) — answers as its declared access
 * level says, before it reads anything else: 401 to whoever is not admitted, 403 to a member on an admin route, and,
 * while impersonating, 403 on admin routes and on every write (impersonation is read-only). Calls that are admitted
 * must not be refused by the access layer (they may still fail validation: their bodies here are empty).
 */
const NO_LIMIT = { max: 1_000_000_000, windowSeconds: 60 };
const LIMITLESS = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((k) => [k, NO_LIMIT])) as unknown as RateLimits;
const ACCESS_DENIED = 'You are not allowed to access this page';
const READS = new Set(['GET', 'HEAD']);

/** A path with its parameters filled (a uuid where the route wants one: the route is reached, the thing not found). */
const pathOf = (url: string) => url.replace(/:([A-Za-z_]+)/g, () => '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');

describe.each(BACKENDS)('the authorisation matrix (%s)', (backend) => {
  let scratch: ScratchDatabase;
  let db: Database;
  let app: App;
  const routes: CatalogRoute[] = [];
  let member: Record<string, string>;
  let admin: Record<string, string>;
  let impersonating: Record<string, string>;
  const guest = { 'x-guest-user-id': testGuestId() };

  beforeAll(async () => {
    scratch = await createScratchDatabase(backend, { migrated: true });
    db = await scratch.open();
    app = await buildApp(testConfig({ adminEmails: ['admin@example.com'] }), { db, limits: LIMITLESS, onRoute: (route) => routes.push(...catalogRoute(route)) });
    await app.ready();
    const m = await signUp(app, 'member@example.com', 'matrix_member');
    const a = await signUp(app, 'admin@example.com', 'matrix_admin');
    member = bearer(m.token);
    admin = bearer(a.token);
    impersonating = { ...admin, 'x-impersonate': m.user.id };
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
    await scratch?.drop();
  });

  const send = async (route: CatalogRoute, headers: Record<string, string>) => {
    const res = await app.inject({ method: route.method as 'GET', url: pathOf(route.url), headers: { ...headers, 'content-type': 'application/json' }, payload: READS.has(route.method) ? undefined : '{}' });
    const body = res.body ? (JSON.parse(res.body) as { error?: { code?: string; message?: string } }) : {};
    return { status: res.statusCode, code: body.error?.code, message: body.error?.message };
  };
  // The realtime socket's route is a WebSocket upgrade, checked by its own tests; the rest are plain HTTP.
  const httpRoutes = () => routes.filter((r) => r.url !== '/api/speech/socket' && r.access !== 'none');

  it('knows every route’s access level', () => {
    expect(httpRoutes().length).toBeGreaterThan(100);
    for (const r of httpRoutes()) expect(['public', 'visitor', 'guest', 'member', 'admin', 'partner']).toContain(r.access);
  });

  it('admits to member and admin routes only those they are for', async () => {
    const failures: string[] = [];
    for (const route of httpRoutes()) {
      const name = `${route.method} ${route.url}`;
      if (route.access === 'member' || route.access === 'admin') {
        for (const [who, headers] of [['nobody', {}], ['a guest', guest]] as const) {
          const answer = await send(route, headers);
          if (answer.status !== 401) failures.push(`${name} answered ${answer.status} to ${who}`);
        }
      }
      if (route.access === 'admin') {
        const answer = await send(route, member);
        if (answer.status !== 403 || answer.message !== ACCESS_DENIED) failures.push(`${name} answered ${answer.status} to a member`);
        const asAdmin = await send(route, admin);
        if (asAdmin.status === 401 || asAdmin.message === ACCESS_DENIED) failures.push(`${name} refused its admin (${asAdmin.status})`);
      }
      if (route.access === 'guest') {
        const answer = await send(route, {});
        if (answer.status !== 401) failures.push(`${name} answered ${answer.status} to nobody`);
      }
      // Open to anyone, but a guest id that is not the API's is refused, as on guest routes.
      if (route.access === 'visitor') {
        const answer = await send(route, { 'x-guest-user-id': 'not-a-uuid' });
        if (answer.status !== 401) failures.push(`${name} answered ${answer.status} to a forged guest id`);
      }
      if (route.access === 'partner') {
        const answer = await send(route, admin);
        if (answer.status !== 401) failures.push(`${name} answered ${answer.status} to an admin without the partner secret`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets an impersonating admin read as the member, never write, never reach admin routes', async () => {
    const failures: string[] = [];
    for (const route of httpRoutes()) {
      if (route.access !== 'member' && route.access !== 'guest' && route.access !== 'visitor' && route.access !== 'admin') continue;
      const name = `${route.method} ${route.url}`;
      const answer = await send(route, impersonating);
      if (route.access === 'admin') {
        if (answer.status !== 403) failures.push(`${name} answered ${answer.status} while impersonating`);
      } else if (!READS.has(route.method) || route.writes) {
        if (answer.status !== 403 || answer.code !== 'impersonation_read_only') failures.push(`${name} let an impersonating admin write (${answer.status})`);
      } else if (answer.status === 401 || answer.code === 'impersonation_read_only') {
        failures.push(`${name} refused an impersonated read (${answer.status})`);
      }
    }
    expect(failures).toEqual([]);
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from impersonated_calls');
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});
