// Every check, in the order that fails fastest. Stops at the first failing step.
import path from 'node:path';
import { ROOT } from './lib/apps';
import { run } from './lib/run';
import { typecheck } from './typecheck';

const bin = (pkg: string, file: string) => path.join(ROOT, 'node_modules', pkg, file);

const steps: [string, () => Promise<unknown>][] = [
  ['typecheck', typecheck],
  ['lint', () => run(process.execPath, [bin('eslint', 'bin/eslint.js'), '.'], { cwd: ROOT })],
  ['unit and API tests', () => run(process.execPath, [bin('jest', 'bin/jest.js'), '--ci'], { cwd: ROOT })],
  ['build and budget', () => run(process.execPath, [bin('tsx', 'dist/cli.mjs'), 'scripts/build.ts'], { cwd: ROOT })],
  ['e2e', () => run(process.execPath, [bin('@playwright/test', 'cli.js'), 'test'], { cwd: path.join(ROOT, 'e2e') })],
];

const seconds = (since: number) => (Date.now() - since) / 1000;

/** Each phase's time, and the whole run's, as a table: CI's printed output is what tells where the time went. */
function printTimes(times: [string, number][], total: number) {
  console.log('\n=== phase times');
  for (const [name, s] of [...times, ['total', total] as [string, number]]) console.log(`${name.padEnd(20)} ${s.toFixed(1).padStart(7)} s`);
}

async function main() {
  const only = process.argv[2];
  const times: [string, number][] = [];
  const runStarted = Date.now();
  for (const [name, step] of steps) {
    if (only && !name.startsWith(only)) continue;
    const started = Date.now();
    console.log(`\n=== ${name}`);
    try {
      await step();
    } catch (error) {
      times.push([`${name} (failed)`, seconds(started)]);
      printTimes(times, seconds(runStarted));
      console.error(`\n✗ ${name} failed: ${(error as Error).message}`);
      process.exit(1);
    }
    times.push([name, seconds(started)]);
    console.log(`✓ ${name} (${seconds(started).toFixed(1)} s)`);
  }
  printTimes(times, seconds(runStarted));
}

void main();
