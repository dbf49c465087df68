import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { importCard } from './importCard';

/** The character cards made by other apps (shared/fixtures beside the repository; read, never copied). */
export const CARD_FIXTURES_DIR = path.resolve(__dirname, '../../../../../shared/fixtures/character-cards');

/** The card the bench imports: SillyTavern's Seraphina (a 530 KB PNG with a V2 card and a character book). */
export const BENCH_CARD = path.join(CARD_FIXTURES_DIR, 'sillytavern/default_Seraphina.png');

export interface CardImportBenchResult {
  file: string;
  runs: number;
  p50: number;
  p95: number;
}

/**
 * "card import of the fixture (ms)" for npm run bench: imports the fixture `runs` times (after a few warm-up
 * runs) and gives the median and 95th percentile in milliseconds.
 */
export async function benchCardImport(runs = 50, file = BENCH_CARD): Promise<CardImportBenchResult> {
  const bytes = readFileSync(file);
  for (let i = 0; i < 3; i++) await importCard(bytes, path.basename(file));
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const result = await importCard(bytes, path.basename(file));
    times.push(performance.now() - start);
    if (!result.ok) throw new Error(`The bench card did not import: ${result.error.message}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { file: path.relative(CARD_FIXTURES_DIR, file), runs, p50: at(0.5), p95: at(0.95) };
}
