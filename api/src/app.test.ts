import { z } from 'zod';
import { FEATURE_FLAGS } from '@fable/contracts';
import { buildApp, type App } from './app';
import { testConfig } from './config';
import { AppError } from './http/appError';
import { createMemoryCache } from './infra/cache/memoryCache';
import type { Database } from './infra/db/database';
import { readMigrations } from './infra/db/migrate';
import { appSettingsSchema } from './modules/settings/appSettingsSchema';
import { BOTH_BACKENDS, DB_SETUP_TIMEOUT_MS, createScratchDatabase, type ScratchDatabase } from './testing/testDatabases';

const errorShape = (code: string) => ({ error: { code, message: expect.any(String) } });

/** Routes that only tests mount, to reach the error handler the way future modules will. */
function mountTestRoutes(app: App) {
  app.post(
    '/api/test/echo',
    {
      config: { access: 'public' },
      schema: {
        body: z.object({ name: z.string().min(3), age: z.number().int().min(18) }),
        querystring: z.object({ page: z.coerce.number().int().min(1).default(1) }),
      },
    },
    async (request) => ({ name: request.body.name, page: request.query.page }),
  );
  app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
    throw new Error('secret connection string postgres://admin:hunter2@db');
  });
  app.get('/api/test/conflict', { config: { access: 'public' } }, async () => {
    throw new AppError(409, 'username_taken', 'Username is not available', { field: 'username' });
  });
}

describe.each(BOTH_BACKENDS)('API on %s', (backend) => {
  let scratch: ScratchDatabase;
  let app: App;

  beforeAll(async () => {
    scratch = await createScratchDatabase(backend);
    // Driven by the config, as in production: DATABASE_URL selects the server, otherwise PGlite in memory.
    app = await buildApp(testConfig({ databaseUrl: scratch.url }));
    mountTestRoutes(app);
    await app.ready();
  }, DB_SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await scratch?.drop();
  });

  describe('GET /api/docs', () => {
    it('serves an OpenAPI document generated from the contracts', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/docs' });
      expect(res.statusCode).toBe(200);
      const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: object } }> } }>> };
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/app-settings', '/api/v2/auth/email-code', '/api/v2/users']));
      const body = doc.paths['/api/v2/auth/email-code']?.post?.requestBody?.content['application/json']?.schema;
      expect(body?.properties).toHaveProperty('email');
      expect(Object.keys(doc.paths)).not.toContain('/api/docs');
    });
  });

  describe('GET /api/health', () => {
    it('answers ok after querying the database', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toEqual({ status: 'ok', db: 'ok' });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    });
  });

  describe('GET /api/app-settings', () => {
    it('answers the main brand without an application id', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/app-settings' });
      expect(res.statusCode).toBe(200);
      const settings = appSettingsSchema.parse(res.json());
      expect(settings.applicationId).toBe('fable');
      expect(settings.kind).toBe('main');
      expect(settings.branding.displayName).toBe('Fable');
      expect(settings.navHeaderButton).toMatchObject({ label: 'Upgrade', to: '/subscribe' });
      expect(settings.tagOptions.length).toBeGreaterThanOrEqual(40);
      const tags = settings.tagOptions.map((t) => t.value);
      expect(new Set(tags).size).toBe(tags.length);
      expect(tags).toEqual(expect.arrayContaining(['Female', 'Male', 'Non-Binary', 'Step-Family']));
      expect(settings.tagOptions[0]).toEqual({ value: tags[0], label: tags[0] });
      expect(settings.searchService).toEqual({ publicKey: '', collectionName: 'characters' });
      expect(settings.negativeKeywords.every((k) => k.alternatives.length > 0)).toBe(true);
      expect(settings.inferenceModels).toEqual([expect.objectContaining({ id: 'demo', tag: 'Demo' })]);
      expect(settings.notification.salesBannerDisabled).toBe(false);
      expect(settings.footerLinks.map((l) => l.to)).toContain('/2257');
    });

    it.each([
      ['fable', 'main', 'Fable'],
      ['tales', 'sister', 'Tales'],
      ['storynest', 'partner', 'StoryNest'],
    ])('answers the settings of %s from X-Application-Id', async (applicationId, kind, displayName) => {
      const res = await app.inject({ method: 'GET', url: '/api/app-settings', headers: { 'X-Application-Id': applicationId } });
      expect(res.statusCode).toBe(200);
      const settings = appSettingsSchema.parse(res.json());
      expect(settings).toMatchObject({ applicationId, kind, branding: { displayName } });
    });

    it('gives partners their own footer, logout domain and no sales banner', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/app-settings', headers: { 'x-application-id': 'storynest' } });
      const settings = appSettingsSchema.parse(res.json());
      expect(settings.logoutDomain).toBe('https://storynest.example');
      expect(settings.notification.salesBannerDisabled).toBe(true);
      expect(settings.branding.footerBottomLineHtml).toEqual(expect.any(String));
      expect(settings.footerLinks.map((l) => l.label)).toEqual(['Support', 'Terms', 'Privacy', 'Refunds']);
    });

    it('serves the feature flags of each application by the names the web app reads', async () => {
      const flagsOf = async (applicationId: string) =>
        appSettingsSchema.parse((await app.inject({ method: 'GET', url: '/api/app-settings', headers: { 'X-Application-Id': applicationId } })).json()).growthFlags;
      const main = await flagsOf('fable');
      expect(Object.keys(main).sort()).toEqual(FEATURE_FLAGS.filter((f) => f !== 'external_mode').sort());
      expect(main).toMatchObject({ onboarding_v2: true, groupchat: true, persona_v2: true, valentine_promo: false, anonymous_create: false });
      expect(await flagsOf('tales')).toMatchObject({ groupchat: false, listing_v2: false, persona_v2: true });
      expect(Object.values(await flagsOf('storynest')).every((on) => on === false)).toBe(true);
    });

    it('refuses an unknown application', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/app-settings', headers: { 'X-Application-Id': 'nowhere' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'unknown_application', message: 'Unknown application: nowhere' } });
    });

    it('rejects a malformed application id as a validation error', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/app-settings', headers: { 'X-Application-Id': 'Not An Id!' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'validation_error',
          message: expect.stringContaining('Invalid headers: x-application-id: must be'),
          details: { issues: [{ path: 'headers.x-application-id', message: expect.any(String) }] },
        },
      });
    });
  });

  describe('errors', () => {
    it('answers unknown routes with not_found', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Route GET /api/no-such-thing not found' } });
    });

    it('answers a wrong method with not_found', async () => {
      const res = await app.inject({ method: 'DELETE', url: '/api/health' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(errorShape('not_found'));
    });

    it('turns body validation failures into validation_error with every issue', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'Al', age: 17 } });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.error.code).toBe('validation_error');
      expect(body.error.message).toMatch(/^Invalid request body: name: .+; age: .+/);
      expect(body.error.details.issues).toEqual([
        { path: 'body.name', message: expect.stringContaining('>=3') },
        { path: 'body.age', message: expect.stringContaining('>=18') },
      ]);
    });

    it('turns query validation failures into validation_error', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/test/echo?page=0', payload: { name: 'Alice', age: 30 } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_error',
        message: expect.stringMatching(/^Invalid query string: page: /),
        details: { issues: [{ path: 'querystring.page', message: expect.any(String) }] },
      });
    });

    it('passes valid input through, parsed', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/test/echo?page=2', payload: { name: 'Alice', age: 30 } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ name: 'Alice', page: 2 });
    });

    it('answers malformed JSON with bad_request', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errorShape('bad_request'));
    });

    it('answers AppError with its status, code, message and details', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/test/conflict' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: { code: 'username_taken', message: 'Username is not available', details: { field: 'username' } },
      });
    });

    it('hides unexpected errors behind internal_error', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'internal_error', message: 'Internal server error' } });
      expect(res.body).not.toMatch(/hunter2|secret|at .+\.ts/);
    });
  });

  // An in-memory PGlite lives and dies with its app (migrate.test.ts covers re-running on one PGlite), so
  // this case exists for the server only.
  const itOnServer = backend === 'postgres' ? it : () => undefined;
  itOnServer('applies nothing again when the API restarts on the same database', async () => {
    const db = await scratch.open();
    const before = await db.query('select version, applied_at from schema_migrations order by version');
    const again = await buildApp(testConfig({ databaseUrl: scratch.url }));
    try {
      const res = await again.inject({ method: 'GET', url: '/api/app-settings', headers: { 'x-application-id': 'tales' } });
      expect(res.statusCode).toBe(200);
    } finally {
      await again.close();
    }
    const after = await db.query('select version, applied_at from schema_migrations order by version');
    expect(after.rows).toEqual(before.rows);
    expect(after.rows).toHaveLength(readMigrations().length);
  });
});

describe('API with a failing database', () => {
  it('answers health with service_unavailable', async () => {
    let broken = false;
    const db: Database = {
      kind: 'pglite',
      query: async () => {
        if (broken) throw new Error('connection refused');
        return { rows: [], rowCount: 0 };
      },
      exec: async () => undefined,
      transaction: (fn) => fn(db),
      close: async () => undefined,
    };
    const cache = createMemoryCache();
    const app = await buildApp(testConfig({ jwtSecret: 'a-test-only-key-of-at-least-32-characters' }), { db, cache });
    broken = true;
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: { code: 'service_unavailable', message: 'Database unavailable' } });
      // Readiness fails with the database; liveness does not, so an outage restarts no process.
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
      const live = await app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
      await cache.close();
    }
  });
});
