import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { importCard } from './importCard';

/**
 * The card the bench imports: SillyTavern's Seraphina (a 530 KB PNG with a V2 card and a character book) from the
 * shared fixtures when they are beside the repository; else a generated card of the same kind and about the same
 * size (./testing/generatedCardFiles).
 */
export interface CardImportBenchResult {
  file: string;
  runs: number;
  p50: number;
  p95: number;
}

async function benchCard(file: string | undefined): Promise<{ name: string; bytes: Uint8Array }> {
  if (file) return { name: path.basename(file), bytes: readFileSync(file) };
  // Loaded here only: the bench's cards are test files, not part of the module.
  const { CARD_FIXTURES_DIR, SERAPHINA } = await import('./testing/cardFixtures');
  const seraphina = path.join(CARD_FIXTURES_DIR, SERAPHINA);
  if (existsSync(seraphina)) return { name: SERAPHINA, bytes: readFileSync(seraphina) };
  const { v2CardPng } = await import('./testing/generatedCardFiles');
  return { name: 'generated V2 PNG (400×400, character book)', bytes: v2CardPng(undefined, { width: 400, height: 400 }) };
}

/**
 * "card import of the fixture (ms)" for npm run bench: imports the card `runs` times (after a few warm-up runs)
 * and gives the median and 95th percentile in milliseconds.
 */
export async function benchCardImport(runs = 50, file?: string): Promise<CardImportBenchResult> {
  const { name, bytes } = await benchCard(file);
  const fileName = path.basename(name).endsWith('.png') ? path.basename(name) : 'card.png';
  for (let i = 0; i < 3; i++) await importCard(bytes, fileName);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const result = await importCard(bytes, fileName);
    times.push(performance.now() - start);
    if (!result.ok) throw new Error(`The bench card did not import: ${result.error.message}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { file: name, runs, p50: at(0.5), p95: at(0.95) };
}
