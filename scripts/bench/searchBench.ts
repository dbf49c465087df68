// The character search over real HTTP on a 300,000-character catalog, uncached (the route caches its answers
// 300 s in production; here a cache wrapper drops search entries, so every call runs its queries), with the
// EXPLAIN of each shape's statements.
import path from 'node:path';
import { SearchCharactersQuerySchema } from '@fable/contracts';
import { buildApp } from '../../api/src/app';
import { REPO_ROOT, testConfig, type AppConfig } from '../../api/src/config';
import { DEFAULT_RATE_LIMITS } from '../../api/src/http/rateLimits';
import type { Cache } from '../../api/src/infra/cache/cache';
import { createMemoryCache } from '../../api/src/infra/cache/memoryCache';
import { openCache } from '../../api/src/infra/cache/openCache';
import type { Database } from '../../api/src/infra/db/database';
import { migrate } from '../../api/src/infra/db/migrate';
import { openDatabase } from '../../api/src/infra/db/openDatabase';
import { seedCatalog } from '../../api/src/modules/characters/seed/seedCatalog';
import { createFacetSnapshots, facetCountsStatement } from '../../api/src/modules/search/facetSnapshots';
import { normalizeSearch, SEARCH_CACHE_PREFIX } from '../../api/src/modules/search/searchRequest';
import { estimateLargeMatch, largePageStatement, sampleStatement } from '../../api/src/modules/search/largeMatches';
import { isListing, listingPageStatement, matchStatement, type Statement } from '../../api/src/modules/search/searchSql';
import { bearer, signUp } from '../../api/src/testing/testApp';
import { httpLoad, type LoadResult } from './httpLoad';
import { summarizePlan, type ExplainJson } from './searchPlans';

export const SEARCH_BENCH_CHARACTERS = 300_000;
/** PGlite's bench catalog (kept between runs; seeding takes about a minute). */
export const PGLITE_BENCH_DIR = path.join(REPO_ROOT, '.data', 'bench');


/** A cache that never keeps search results: every search runs its queries (rate limits still count). */
export function withoutSearchCache(cache: Cache): Cache {
  return {
    kind: cache.kind,
    get: (key) => (key.startsWith(SEARCH_CACHE_PREFIX) ? Promise.resolve(null) : cache.get(key)),
    set: (key, value, ttl) => (key.startsWith(SEARCH_CACHE_PREFIX) ? Promise.resolve() : cache.set(key, value, ttl)),
    delete: (key) => cache.delete(key),
    hit: (key, windowSeconds) => cache.hit(key, windowSeconds),
    close: () => cache.close(),
  };
}

interface Shape {
  name: string;
  /** Query strings, requested in turn (several, so that no single query's pages stay hot). */
  queries: string[];
  member?: boolean;
}

function shapes(usernames: string[]): Shape[] {
  const sort = (s: string) => [`sort=${s}`, `sort=${s}&page=2`, `sort=${s}&page=3`];
  return [
    { name: 'popular (default sort)', queries: ['', 'page=2', 'page=3'] },
    { name: 'trending', queries: sort('trending') },
    { name: 'top_rated', queries: sort('top_rated') },
    { name: 'latest', queries: sort('latest') },
    { name: 'name', queries: sort('name') },
    {
      name: 'tag include',
      queries: ['include_tags=Fantasy', 'include_tags=Romance&sort=trending', 'include_tags=Female,Magic', 'include_tags=Vampire&sort=latest',
        'include_tags=College', 'include_tags=Sci-Fi&sort=top_rated', 'include_tags=Anime,Female&sort=name', 'include_tags=Horror&page=5'],
    },
    {
      name: 'tag exclude',
      queries: ['exclude_tags=Female', 'exclude_tags=Male,OC&sort=trending', 'exclude_tags=Romance&sort=latest', 'exclude_tags=Horror,Demon,Monster&sort=name'],
    },
    {
      name: 'facets: tags + languages',
      queries: ['include_tags=Fantasy&exclude_tags=Romance&languages=es,pt', 'languages=ja', 'languages=fr&include_tags=Female&sort=trending',
        'include_tags=Drama&languages=de,it&sort=name', 'exclude_tags=Female&languages=ko'],
    },
    {
      name: 'deep pages (50 to 1000)',
      queries: ['page=50', 'page=100&sort=latest', 'page=200&sort=trending', 'page=500&sort=name', 'page=1000&sort=top_rated', 'page=50&include_tags=Fantasy'],
    },
    {
      name: 'text',
      queries: ['elena', 'rafael', 'luna', 'hugo', 'demon', 'vampire', 'knight', 'dragon', 'detective', 'witch', 'pirate', 'ruthless knight',
        'vampire queen', 'mafia boss', 'seraph', 'aphin', 'nightshdae', 'secret', 'sofía&sort=name', 'guardiana&chat_language=es'].map(
        (q) => `q=${q.replace(/ /g, '%20')}`,
      ),
    },
    { name: 'text, very common words', queries: ['q=the', 'q=a', 'q=who', 'q=of'] },
    { name: 'creator @prefix', queries: usernames.flatMap((u) => [`q=%40${u.slice(0, 3)}`, `q=%40${u.slice(0, 6)}`, `q=%40${u}`]) },
    {
      name: 'member: NSFW on, 5 creators blocked',
      member: true,
      queries: ['nsfw=1', 'nsfw=1&include_tags=Romance', 'nsfw=1&q=vampire', 'nsfw=1&sort=trending&page=20'],
    },
  ];
}

const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;
const row = (label: string, r: LoadResult) => `  ${label.padEnd(44)} p50 ${ms(r.p50)}   p95 ${ms(r.p95)}   ${r.perSecond.toFixed(0).padStart(5)} req/s`;

export async function prepareCatalog(db: Database, log: (line: string) => void): Promise<void> {
  await migrate(db);
  const seeded = await seedCatalog(db, {
    characters: SEARCH_BENCH_CHARACTERS,
    onProgress: ({ inserted, target, elapsedMs }) => {
      if (inserted === target || inserted % 50_000 === 0) log(`    seeding: ${inserted.toLocaleString('en')} / ${target.toLocaleString('en')} (${(elapsedMs / 1000).toFixed(0)} s)`);
    },
  });
  if (!seeded.skipped) {
    log(`    seeded ${seeded.inserted.toLocaleString('en')} characters in ${(seeded.elapsedMs / 1000).toFixed(1)} s`);
    const t0 = performance.now();
    // Visibility map for index-only scans, statistics for the planner.
    await db.exec('vacuum analyze characters');
    await db.exec('vacuum analyze search_documents');
    log(`    vacuum analyze: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } else {
    await db.exec('analyze search_documents');
    log(`    catalog of ${seeded.before.toLocaleString('en')} characters reused`);
  }
}

async function explainShape(db: Database, shape: Shape, blocked: string[]): Promise<string> {
  const query = SearchCharactersQuerySchema.parse(Object.fromEntries(new URLSearchParams(shape.queries[0])));
  const request = normalizeSearch(query, { applicationId: 'fable', nsfwAllowed: shape.member === true, blockedCreatorIds: shape.member ? blocked : [] });
  const large = isListing(request) ? null : await estimateLargeMatch(db, request);
  const statements: Array<[string, Statement | null]> = isListing(request)
    ? [['page', listingPageStatement(request)], ['counts', facetCountsStatement(request)]]
    : large
      ? [['sample', sampleStatement(request, large.percent)], ['page', largePageStatement(request, large.walks)]]
      : [['match', matchStatement(request, 'words')]];
  const parts: string[] = [];
  for (const [label, statement] of statements) {
    if (!statement) continue;
    const { rows } = await db.query<Record<string, unknown>>(`explain (analyze, format json) ${statement.sql}`, statement.params);
    const raw = Object.values(rows[0] ?? {})[0];
    const explain = (typeof raw === 'string' ? JSON.parse(raw) : raw) as ExplainJson[];
    parts.push(`${label}: ${summarizePlan(explain[0]!)}`);
  }
  return parts.join('; ');
}

export interface SearchBenchOptions {
  label: string;
  config: Partial<AppConfig>;
  /** Requests per shape (latency at 1 in flight), and again for throughput at `concurrency` in flight. */
  requests: number;
  concurrency: number;
  log?: (line: string) => void;
}

export async function benchSearch(options: SearchBenchOptions): Promise<void> {
  const log = options.log ?? ((line: string) => console.log(line));
  const config = testConfig(options.config);
  log(`${options.label}: character search over HTTP, cache bypassed (${options.requests} requests per shape at 1 in flight; throughput at ${options.concurrency})`);
  const db = await openDatabase(config);
  const cache = withoutSearchCache(config.redisUrl ? await openCache(config) : createMemoryCache());
  try {
    await prepareCatalog(db, log);
    const facets = createFacetSnapshots(db, { now: () => new Date() });
    for (const app of ['fable', 'tales', 'storynest']) {
      const t0 = performance.now();
      await facets.rebuild(app);
      log(`    facet snapshot of ${app}: ${(performance.now() - t0).toFixed(0)} ms`);
    }
    const { rows: creators } = await db.query<{ username: string }>(
      "select username from creators where username ~ '^[a-z_]+[0-9]*$' order by md5(username) limit 6",
    );
    const { rows: prolific } = await db.query<{ creator_user_id: string }>(
      "select creator_user_id from search_documents where application_id = 'fable' group by 1 order by count(*) desc, 1 limit 5",
    );
    const blocked = prolific.map((r) => r.creator_user_id);

    const app = await buildApp(config, {
      db,
      cache,
      limits: { ...DEFAULT_RATE_LIMITS, perGuest: { max: 1e9, windowSeconds: 60 }, perMember: { max: 1e9, windowSeconds: 60 }, perIp: { max: 1e9, windowSeconds: 60 } },
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/characters/search`;
      const suffix = Date.now().toString(36).slice(-8);
      const member = await signUp(app, `bench-${suffix}@example.com`, `bench_${suffix}`);
      await app.inject({ method: 'PATCH', url: '/api/v2/users', headers: bearer(member.token), payload: { settings: { showNSFW: true } } });
      for (const creatorUserId of blocked) {
        await db.query('insert into creator_blocks (user_id, creator_user_id, created_at) values ($1, $2, now()) on conflict do nothing', [
          member.user.id,
          creatorUserId,
        ]);
      }
      // A guest id the API issued (it refuses ids it did not sign).
      const guest = { 'X-Guest-User-Id': (await app.inject({ method: 'POST', url: '/api/v2/auth/guest' })).json<{ guest_user_id: string }>().guest_user_id };
      const plans: string[] = [];
      for (const shape of shapes(creators.map((c) => c.username))) {
        const urls = shape.queries.map((q) => `${base}?${q}`);
        const headers = shape.member ? bearer(member.token) : guest;
        await httpLoad(urls, { requests: Math.min(20, options.requests), concurrency: 1, headers }); // warm-up
        const latency = await httpLoad(urls, { requests: options.requests, concurrency: 1, headers });
        const throughput = await httpLoad(urls, { requests: options.requests, concurrency: options.concurrency, headers });
        log(`${row(shape.name, latency)}   ${throughput.perSecond.toFixed(0).padStart(5)} req/s at ${options.concurrency}`);
        plans.push(`  ${shape.name} (${shape.queries[0] || 'no filter'}): ${await explainShape(db, shape, blocked)}`);
      }
      log(`  EXPLAIN (ANALYZE) of the first query of each shape:`);
      plans.forEach((line) => log(line));
    } finally {
      await app.close();
    }
  } finally {
    await cache.close();
    await db.close();
  }
}

/** PGlite keeps its bench catalog under .data/bench. */
export const pgliteBenchConfig = (): Partial<AppConfig> => ({ dataDir: PGLITE_BENCH_DIR });
