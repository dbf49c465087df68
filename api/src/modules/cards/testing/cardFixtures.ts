import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The character cards made by other apps (SillyTavern, Choral): real files kept outside the repository, in
 * shared/fixtures beside it (read, never copied in). A clone without that folder still passes its tests: the
 * tests on the real files are declared with describeWithCardFixtures, and skipped (with one line for the run saying
 * how many and why) when the folder is missing; every other test uses the cards of ./generatedCardFiles.
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

/**
 * A describe block of tests on the real files of the fixtures folder: run when the folder exists; otherwise declared
 * skipped, under a title that says why. The run's reporter (scripts/jest/skippedFixturesReporter.cjs) counts them and
 * prints one line for the whole run.
 */
export function describeWithCardFixtures(name: string, body: () => void): void {
  if (cardFixturesAvailable()) describe(name, body);
  else describe.skip(`${name} [fixtures missing: ${CARD_FIXTURES_DIR} does not exist]`, body);
}
