// Issue 13's figures: "card import of the fixture (ms)" (the cards module's importCard on SillyTavern's Seraphina,
// median of N runs) and "character create → visible in search (ms)": a member creates a public chatbot through the
// API over HTTP (POST /api/characters) and a guest searches for its name (GET /api/characters/search) until it is
// among the hits. A new public chatbot is moderation 'pending', and pending chatbots are listed (search_listable,
// migration 004): no approval is needed, and none is made. The chatbots made are deleted afterwards.
// Run alone: npx tsx scripts/bench/cardsBench.ts
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../api/src/app';
import { testConfig, type AppConfig } from '../../api/src/config';
import { DEFAULT_RATE_LIMITS } from '../../api/src/http/rateLimits';
import { benchCardImport } from '../../api/src/modules/cards';
import { LOOSE_LIMITS, bearer, signUp } from '../../api/src/testing/testApp';
import { percentile } from './httpLoad';

const fmt = (n: number) => n.toFixed(2).padStart(7);

export async function benchCardImportFixture(runs = Number(process.env.CARD_BENCH_RUNS ?? 50)): Promise<void> {
  const result = await benchCardImport(runs);
  console.log(`  card import of the fixture (${result.file}, ${runs} runs): median ${fmt(result.p50)} ms   p95 ${fmt(result.p95)} ms`);
}

/** A name no other chatbot has: letters only (a chatbot name is 3-20 characters without links), searchable as one word. */
function uniqueName(i: number): string {
  const letters = (n: number) => [...n.toString(26)].map((c) => String.fromCharCode(97 + parseInt(c, 26))).join('');
  return `Bz${letters(Date.now() % 1e9)}x${letters(i)}`.slice(0, 20);
}

export async function benchCreateVisibleInSearch(label: string, overrides: Partial<AppConfig> = {}, runs = Number(process.env.CARD_BENCH_SEARCH_RUNS ?? 20)): Promise<void> {
  const unlimited = { max: 1e9, windowSeconds: 60 };
  const app = await buildApp(testConfig(overrides), {
    limits: { ...DEFAULT_RATE_LIMITS, ...LOOSE_LIMITS, perMember: unlimited, perGuest: unlimited, perIp: unlimited },
  });
  const made: string[] = [];
  let member: Record<string, string> = {};
  let base = '';
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const stamp = Date.now().toString(36).slice(-6);
    member = bearer((await signUp(app, `cardbench_${stamp}@example.com`, `cardbench_${stamp}`)).token);
    const guest = { 'X-Guest-User-Id': (await app.inject({ method: 'POST', url: '/api/v2/auth/guest' })).json<{ guest_user_id: string }>().guest_user_id };
    const times: number[] = [];
    let searches = 0;
    for (let i = 0; i < runs; i++) {
      const name = uniqueName(i);
      const start = performance.now();
      const created = await fetch(`${base}/characters`, {
        method: 'POST',
        headers: { ...member, 'content-type': 'application/json' },
        body: JSON.stringify({
          name,
          title: `${name}, a wandering bard`,
          greeting: `Hello, traveller! I am ${name}.`,
          persona: `${name} is cheerful and curious, and sings of distant lands.`,
          visibility: 'public',
          avatar_url: '/api/avatars/bench.svg',
          tags: ['Fantasy', 'Female'],
          guidelines: true,
        }),
      });
      if (created.status !== 200) throw new Error(`create answered ${created.status}: ${await created.text()}`);
      const { id } = (await created.json()) as { id: string };
      made.push(id);
      for (;;) {
        searches++;
        const res = await fetch(`${base}/characters/search?q=${name}`, { headers: guest });
        const { hits } = (await res.json()) as { hits: Array<{ id: string }> };
        if (hits.some((hit) => hit.id === id)) break;
        if (performance.now() - start > 30_000) throw new Error(`${name} not in search after 30 s`);
      }
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${label}: character create → visible in search (${runs} public chatbots, moderation 'pending', listed without approval; ` +
        `${(searches / runs).toFixed(1)} searches each): median ${fmt(percentile(times, 50))} ms   p95 ${fmt(percentile(times, 95))} ms`,
    );
  } finally {
    for (const id of made) await fetch(`${base}/characters/${id}`, { method: 'DELETE', headers: member }).catch(() => undefined);
    await app.close();
  }
}

if (require.main === module) {
  void (async () => {
    await benchCardImportFixture();
    await benchCreateVisibleInSearch('PGlite');
  })();
}
