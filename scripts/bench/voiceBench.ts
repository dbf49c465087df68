// Voices and translation (issue 27): the time from a play request on the realtime socket to the first audio chunk,
// and to the whole message, for a 500-character reply spoken by eSpeak NG (in sentence pieces), next to speaking the
// same text in one piece; and the time to translate a whole chatbot with the demo model and with an
// OpenAI-compatible engine (the fake engine, over HTTP).
// Run alone: npx tsx scripts/bench/voiceBench.ts
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { buildApp } from '../../api/src/app';
import { testConfig, type AppConfig } from '../../api/src/config';
import { openDatabase } from '../../api/src/infra/db/openDatabase';
import { createEspeakSynthesizer } from '../../api/src/infra/speech/espeakSynthesizer';
import { insertCharacter, insertCreator } from '../../api/src/modules/discovery/testing/catalogFixture';
import { startFakeOpenAiEngine } from '../../api/src/testing/fakeOpenAiEngine';
import { bearer, signUp } from '../../api/src/testing/testApp';
import { percentile } from './httpLoad';

const ROUNDS = Number(process.env.VOICE_BENCH_ROUNDS ?? 7);
const REPLY =
  'The storm has passed, and the harbour is quiet again. I walked the sea wall this morning and counted the boats that came home. ' +
  'Every one of them made it, which is more than I dared to hope last night. The old keeper says the lamp has never burned so bright. ' +
  'Still, something out there is watching the coast, and I would like you to come with me tonight. Bring a lantern and a warm coat. ' +
  'We leave when the tide turns, and not a minute later. Keep your voice low on the cliff path; the wind carries every word.';

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
const ms = (n: number) => `${n.toFixed(0).padStart(6)} ms`;

async function benchSpeech(): Promise<void> {
  const config = testConfig({});
  const db = await openDatabase(config);
  const app = await buildApp(config, { db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/speech/socket`;
  const espeak = createEspeakSynthesizer();
  try {
    const { token } = await signUp(app, 'voicebench@example.com', 'voicebench');
    const { rows } = await db.query<{ id: string }>(`update users set tier = 'premium' where username = 'voicebench' returning id`);
    const userId = rows[0]!.id;
    const creator = await insertCreator(db, { username: 'vbcreator' });
    const character = await insertCharacter(db, creator, { name: 'Wren' });
    const first: number[] = [];
    const whole: number[] = [];
    const onePiece: number[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      // A new text each round: nothing is kept from before.
      const text = `${REPLY} Round ${round + 1}.`;
      const { rows: c } = await db.query<{ id: string }>(`insert into conversations (user_id, character_id, created_at, updated_at) values ($1, $2, now(), now()) returning id`, [userId, character.id]);
      const { rows: m } = await db.query<{ id: string }>(`insert into messages (conversation_id, role, content, created_at, updated_at) values ($1, 'assistant', $2, now(), now()) returning id`, [c[0]!.id, text]);
      const socket = new WebSocket(url);
      await new Promise((resolve) => socket.once('open', resolve));
      const started = performance.now();
      let firstAt = 0;
      await new Promise<void>((resolve, reject) => {
        socket.on('message', (data) => {
          const event = JSON.parse(String(data)) as { type: string };
          if (event.type === 'chunk' && !firstAt) firstAt = performance.now();
          if (event.type === 'done') resolve();
          if (event.type === 'error') reject(new Error(String(data)));
        });
        socket.send(JSON.stringify({ type: 'play', access_token: token, message_id: m[0]!.id, voice_id: 'aria' }));
      });
      const doneAt = performance.now();
      socket.close();
      const t0 = performance.now();
      await espeak.synthesize(text, 'aria');
      const oneAt = performance.now() - t0;
      // The first round starts the synthesizer's worker: reported on its own.
      if (round === 0) {
        console.log(`  ${'first play after start (worker and voice data loading)'.padEnd(58)} first chunk ${ms(firstAt - started)}   whole ${ms(doneAt - started)}`);
        continue;
      }
      first.push(firstAt - started);
      whole.push(doneAt - started);
      onePiece.push(oneAt);
    }
    console.log(`  ${`${REPLY.length + 9}-character reply, socket, median of ${ROUNDS}`.padEnd(58)} first chunk ${ms(median(first))}   whole ${ms(median(whole))}`);
    console.log(`  ${'the same text spoken in one piece (no chunking)'.padEnd(58)} first audio ${ms(median(onePiece))}`);
  } finally {
    await espeak.close();
    await app.close();
    await db.close();
  }
}

async function translationTime(label: string, overrides: Partial<AppConfig>): Promise<void> {
  const config = testConfig({ backgroundJobsIntervalMs: 50, ...overrides });
  const db = await openDatabase(config);
  const app = await buildApp(config, { db });
  try {
    const { token } = await signUp(app, 'translatebench@example.com', 'translatebench');
    await db.query(`update users set tier = 'basic' where username = 'translatebench'`);
    const creator = await insertCreator(db, { username: 'tbcreator' });
    const character = await insertCharacter(db, creator, {
      name: 'Keeper',
      title: 'The old lighthouse keeper',
      greeting: 'Welcome, friend. Come in from the storm, sit by the fire, and tell me what brings you to the lighthouse on a night like this.',
      persona: 'A kind old keeper who knows every ship in the harbour. '.repeat(12),
      scenario: 'A dark night at the lighthouse, the storm at its worst, a stranger at the door. '.repeat(4),
      dialogue: '{{user}}: Who are you?\n{{char}}: The keeper of this light, and of its secrets.\n'.repeat(4),
    });
    const started = performance.now();
    const res = await app.inject({ method: 'POST', url: `/api/characters/${character.id}/translations`, headers: bearer(token), payload: { language: 'es' } });
    if (res.statusCode !== 200) throw new Error(res.body);
    for (;;) {
      const state = await app.inject({ method: 'GET', url: `/api/characters/${character.id}/translations/es`, headers: bearer(token) });
      if (state.json<{ status: string }>().status !== 'translating') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    console.log(`  ${`full chatbot into Spanish, ${label}`.padEnd(58)} ${ms(performance.now() - started)}`);
  } finally {
    await app.close();
    await db.close();
  }
}

export async function benchVoice(): Promise<void> {
  console.log('Voices and translation (issue 27):');
  await benchSpeech();
  await translationTime('demo model (25 ms a word, as npm start)', { demoTokenIntervalMs: 25 });
  const engine = await startFakeOpenAiEngine({ firstTokenDelayMs: 150, tokenIntervalMs: 10 });
  try {
    await translationTime('OpenAI-compatible engine (150 ms to first token, 10 ms a token)', {
      inferenceModels: [{ id: 'fake', name: 'Fake', tokens: '8K', base_url: engine.baseUrl, model: 'fake-model', hide_unauthorized: false }],
    });
  } finally {
    await engine.close();
  }
}

if (require.main === module) {
  benchVoice().catch((error: Error) => {
    console.error(error);
    process.exit(1);
  });
}
