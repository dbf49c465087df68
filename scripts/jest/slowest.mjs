// The slowest test files of a Jest run, as a Markdown table:
//   npx jest --ci --json --outputFile=jest.json && node scripts/jest/slowest.mjs jest.json [count]
// A file's time is from its start to its end in its worker (setup, every test, teardown).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [file, count = '25'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/jest/slowest.mjs <jest --json output> [count]');
  process.exit(2);
}
const run = JSON.parse(readFileSync(file, 'utf8'));
const suites = run.testResults.map((r) => ({
  name: path.relative(process.cwd(), r.name),
  seconds: (r.endTime - r.startTime) / 1000,
  tests: r.assertionResults.length,
  status: r.status,
}));
const total = suites.reduce((sum, s) => sum + s.seconds, 0);
const wall = (Math.max(...run.testResults.map((r) => r.endTime)) - run.startTime) / 1000;
console.log(`${run.numTotalTestSuites} suites, ${run.numTotalTests} tests (${run.numFailedTests} failed); wall ${wall.toFixed(1)} s, sum of suite times ${total.toFixed(1)} s\n`);
console.log('| # | suite | tests | s |');
console.log('|---|---|---|---|');
suites
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, Number(count))
  .forEach((s, i) => console.log(`| ${i + 1} | ${s.name}${s.status === 'passed' ? '' : ` (${s.status})`} | ${s.tests} | ${s.seconds.toFixed(1)} |`));
