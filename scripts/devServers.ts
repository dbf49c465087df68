// The API and every app's Rspack dev server with hot reload; Ctrl-C stops them all.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { APPS, ROOT } from './lib/apps';

const children: ChildProcess[] = [];
const start = (name: string, args: string[], cwd: string, env: Record<string, string> = {}) => {
  const child = spawn(process.execPath, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => code && console.error(`[dev] ${name} exited with ${code}`));
  children.push(child);
};

const rspack = path.join(path.dirname(require.resolve('@rspack/cli/package.json')), 'bin/rspack.js');
start('api', [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'api/src/main.ts'], ROOT, { PORT: '3100' });
for (const app of APPS) start(app, [rspack, 'serve'], path.join(ROOT, app), { NODE_ENV: 'development' });
console.log('[dev] host on http://localhost:3000 (dev deployment), remotes on 3001–3005, API on 3100');

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 500);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
