// npm run dev: the API and every app's dev server with hot reload (host on 3000, remotes on 3001–3005).
// The dev deployment points the host at the dev servers' roots.
import { ensureInstalled, runTs } from './ensureInstalled.mjs';

ensureInstalled();
await runTs('scripts/devServers.ts', process.argv.slice(2));
