// npm start: installs what is missing, builds what is stale, runs the API and the static servers on
// embedded defaults and prints the URL. Ctrl-C stops everything.
import { ensureInstalled, runTs } from './ensureInstalled.mjs';

ensureInstalled();
await runTs('scripts/startSite.ts', process.argv.slice(2));
