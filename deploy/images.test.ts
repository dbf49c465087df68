import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ignore from '@balena/dockerignore';

// deploy/Dockerfile cannot be built here (no Docker engine): what can be known without building it is checked here
// (README "Images and the Helm chart" says what a first build must verify).
const ROOT = path.resolve(__dirname, '..');
const dockerfile = readFileSync(path.join(__dirname, 'Dockerfile'), 'utf8');
const dockerignore = ignore().add(readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n'));

interface Instruction {
  stage: string;
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined, each with the stage it belongs to. */
function instructions(): Instruction[] {
  const joined = dockerfile.replace(/\\\n/g, ' ').split('\n').map((line) => line.trim());
  let stage = '';
  return joined
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      const args = rest.join(' ');
      if (keyword === 'FROM') stage = /\sAS\s+(\S+)$/i.exec(line)?.[1] ?? '';
      return { stage, keyword: keyword!.toUpperCase(), args };
    });
}

const all = instructions();
const inStage = (stage: string) => all.filter((i) => i.stage === stage);
const args = Object.fromEntries(all.filter((i) => i.keyword === 'ARG' && i.args.includes('=')).map((i) => i.args.split('=') as [string, string]));
const baseOf = (stage: string) => inStage(stage)[0]!.args.split(/\s+/)[0]!.replace(/^\$\{(\w+)\}$/, (_, name: string) => args[name] ?? name);
/** The files a build of the repository writes that the images copy (scripts/build.ts, deploy/scripts/inlineManifests.ts). */
const BUILT = [/^host\/dist$/, /^deploy\/\.published\/deployments$/, /^deploy\/\.published\/\$\{ONLY\}$/];

it('builds each app on a current Node LTS (22 or 24) and serves the remotes from nginx-unprivileged, every image pinned', () => {
  expect(baseOf('build')).toMatch(/^node:(22|24)[.-]/);
  for (const stage of ['api', 'site']) expect(baseOf(stage)).toBe(baseOf('build'));
  expect(baseOf('remote')).toMatch(/^nginxinc\/nginx-unprivileged:\d+\.\d+/);
  for (const image of Object.values(args).filter((value) => value.includes(':'))) expect(image).not.toMatch(/:latest$/);
});

it('runs the API and the site as a user, not root; the nginx image is unprivileged by itself', () => {
  for (const stage of ['api', 'site']) expect(inStage(stage).filter((i) => i.keyword === 'USER').at(-1)?.args).toBe('node');
  expect(inStage('remote').some((i) => i.keyword === 'USER')).toBe(false);
});

it('puts in the API and site images their production dependencies only, installed for that workspace alone', () => {
  for (const [stage, workspace] of [['api', 'api'], ['site', 'deploy']] as const) {
    const copies = inStage(stage).filter((i) => i.keyword === 'COPY');
    expect(copies.find((i) => i.args.endsWith(' node_modules'))?.args).toBe(`--from=${stage}-dependencies /app/node_modules node_modules`);
    const install = inStage(`${stage}-dependencies`).find((i) => i.keyword === 'RUN')!.args;
    expect(install).toContain('rm -rf node_modules');
    expect(install).toContain(`npm ci --omit=dev --workspace ${workspace}`);
    // The servers run their TypeScript through tsx: a production dependency of the workspace, not a dev tool.
    expect(JSON.parse(readFileSync(path.join(ROOT, workspace, 'package.json'), 'utf8')).dependencies.tsx).toBeDefined();
  }
  expect(inStage('api').at(-1)).toMatchObject({ keyword: 'CMD', args: '["node", "--import", "tsx", "api/src/main.ts"]' });
});

it('leaves the dev tools out of the API\'s production dependencies (from the lock file)', () => {
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> }> };
  const seen = new Set<string>();
  const visit = (from: string, name: string) => {
    // Node's resolution: the nearest node_modules up from the dependent package.
    let dir = from;
    for (;;) {
      const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (lock.packages[key]) {
        if (seen.has(key)) return;
        seen.add(key);
        const entry = lock.packages[key]!;
        for (const dep of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) visit(key, dep);
        return;
      }
      if (!dir) return;
      dir = dir.includes('/node_modules/') ? dir.slice(0, dir.lastIndexOf('/node_modules/')) : '';
    }
  };
  for (const workspace of ['api', 'contracts', 'rules']) {
    for (const dep of Object.keys(JSON.parse(readFileSync(path.join(ROOT, workspace, 'package.json'), 'utf8')).dependencies ?? {})) visit(workspace, dep);
  }
  const names = [...seen].map((key) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length));
  expect(names).toContain('fastify');
  expect(names).toContain('tsx');
  for (const tool of ['jest', 'typescript', '@rspack/core', '@playwright/test', 'eslint', 'react', 'fast-check']) expect(names).not.toContain(tool);
});

it('copies only files that exist in the repository, or that the build writes, and that .dockerignore lets through', () => {
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  const copies = all.filter((i) => i.keyword === 'COPY');
  expect(copies.length).toBeGreaterThan(10);
  for (const copy of copies) {
    const parts = copy.args.split(/\s+/).filter((part) => !part.startsWith('--'));
    const sources = parts.slice(0, -1);
    const fromStage = /--from=(\S+)/.exec(copy.args)?.[1];
    for (const source of sources) {
      const relative = fromStage ? source.replace(/^\/app\/?/, '') : source.replace(/^\.\/?/, '');
      if (fromStage && !['build', 'api-dependencies', 'site-dependencies'].includes(fromStage)) throw new Error(`COPY from an unknown stage: ${copy.args}`);
      if (relative === '' || relative === '.' || relative === 'node_modules') continue;
      if (BUILT.some((pattern) => pattern.test(relative))) continue;
      const present = tracked.some((file) => file === relative || file.startsWith(`${relative}/`));
      expect([copy.args, present]).toEqual([copy.args, true]);
      expect([relative, dockerignore.ignores(relative)]).toEqual([relative, false]);
    }
  }
});

it('sends no dependency, build output, secret or repository history to the builder', () => {
  for (const file of ['node_modules/react/index.js', 'api/node_modules/x/index.js', 'host/dist/main.js', 'deploy/.published/mf-chat/0.1.0/remoteEntry.js', '.git/HEAD', 'api/.env', '.env.production', 'api/.data/pglite/PG_VERSION']) {
    expect([file, dockerignore.ignores(file)]).toEqual([file, true]);
  }
  for (const file of ['package.json', 'package-lock.json', 'api/src/main.ts', 'host/src/bootstrap.tsx', 'deploy/nginx/remote.conf', 'scripts/build.ts', '.env.example']) {
    expect([file, dockerignore.ignores(file)]).toEqual([file, false]);
  }
  expect(existsSync(path.join(ROOT, 'deploy/nginx/remote.conf'))).toBe(true);
});
