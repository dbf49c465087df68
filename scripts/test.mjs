// npm test: the whole suite on a fresh clone — typecheck, lint, unit and API tests, the production build
// with its budget, and e2e in Debian's Chromium.
import { ensureInstalled, runTs } from './ensureInstalled.mjs';

ensureInstalled();
await runTs('scripts/testAll.ts', process.argv.slice(2));
