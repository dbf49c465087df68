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

async function main() {
  const only = process.argv[2];
  for (const [name, step] of steps) {
    if (only && !name.startsWith(only)) continue;
    const started = Date.now();
    console.log(`\n=== ${name}`);
    try {
      await step();
    } catch (error) {
      console.error(`\n✗ ${name} failed: ${(error as Error).message}`);
      process.exit(1);
    }
    console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}

void main();
