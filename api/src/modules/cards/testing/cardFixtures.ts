import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The character cards made by other apps (SillyTavern, Choral): real files kept outside the repository, in
 * shared/fixtures beside it (read, never copied in). A clone without that folder still passes its tests: the
 * tests on the real files are declared with describeWithCardFixtures, and skipped (with one line saying so) when
 * the folder is missing; every other test uses the cards of ./generatedCardFiles.
 *
 * FABLE_FIXTURES_DIR overrides where the shared fixtures are (e.g. FABLE_FIXTURES_DIR=/nonexistent to run the
 * tests as a clone without them would).
 */
export const FIXTURES_DIR_ENV = 'FABLE_FIXTURES_DIR';

/** The shared fixtures folder: $FABLE_FIXTURES_DIR, else ../shared/fixtures beside the repository. */
const SHARED_FIXTURES_DIR = process.env[FIXTURES_DIR_ENV]
  ? path.resolve(process.env[FIXTURES_DIR_ENV])
  : path.resolve(__dirname, '../../../../../../shared/fixtures');

/** The one place the character-card fixtures' folder is named. */
export const CARD_FIXTURES_DIR = path.join(SHARED_FIXTURES_DIR, 'character-cards');

export const SERAPHINA = 'sillytavern/default_Seraphina.png';
export const DEFAULT_CHAN = 'choral/test-character-v3.png';

export function cardFixturesAvailable(): boolean {
  return existsSync(CARD_FIXTURES_DIR);
}

/** A file of the fixtures folder, by its path in it (e.g. SERAPHINA). */
export const cardFixture = (name: string): Buffer => readFileSync(path.join(CARD_FIXTURES_DIR, name));

/** Every file of the fixtures folder (SOURCE.md notes aside), as paths in it. */
export function cardFixtureFiles(dir = CARD_FIXTURES_DIR): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return cardFixtureFiles(full);
    return name.endsWith('.md') ? [] : [path.relative(CARD_FIXTURES_DIR, full)];
  });
}

let skipped = 0;

/** One line per test file that skipped tests, once the file's tests are all declared. */
function noteSkipped(count: number): void {
  if (skipped === 0) {
    void Promise.resolve().then(() => {
      const file = path.basename(expect.getState().testPath ?? 'this file');
      console.log(
        `${skipped} test${skipped === 1 ? '' : 's'} of ${file} skipped: they read the real cards made by other apps in ${CARD_FIXTURES_DIR}, ` +
          `which does not exist (put shared/fixtures beside the repository, or point ${FIXTURES_DIR_ENV} at it).`,
      );
    });
  }
  skipped += count;
}

type Globals = { it: jest.It; test: jest.It };

/** `it` that counts the tests declared through it (each row of it.each a test) instead of running anything. */
function counting(original: jest.It, count: (n: number) => void): jest.It {
  const each = (table: unknown, ...rest: unknown[]) => {
    const rows = Array.isArray(table) && !('raw' in table) ? table.length : 1;
    const declare = (original.each as (...args: unknown[]) => (...a: unknown[]) => void)(table, ...rest);
    return (...args: unknown[]) => {
      count(rows);
      declare(...args);
    };
  };
  const wrapped = (...args: Parameters<jest.It>) => {
    count(1);
    original(...args);
  };
  return Object.assign(wrapped, original, { each }) as unknown as jest.It;
}

/**
 * A describe block of tests on the real files of the fixtures folder: run when the folder exists; otherwise
 * skipped, and counted for the one line that says how many were skipped and why.
 */
export function describeWithCardFixtures(name: string, body: () => void): void {
  if (cardFixturesAvailable()) {
    describe(name, body);
    return;
  }
  describe.skip(name, () => {
    const globals = globalThis as unknown as Globals;
    const { it, test } = globals;
    let count = 0;
    globals.it = counting(it, (n) => (count += n));
    globals.test = counting(test, (n) => (count += n));
    try {
      body();
    } finally {
      globals.it = it;
      globals.test = test;
    }
    noteSkipped(count);
  });
}
