// Typechecks every workspace. The web workspaces (shared, the host, the remotes) share one tsconfig shape (DOM types,
// the same includes), so they are checked as one program: @fable/shared, @fable/contracts, React and the rest are read
// once instead of once per remote (42 s instead of 8 × 30 s of CPU on CI's machine). The other workspaces and the
// scripts each run with their own tsconfig (Node's types; contracts without them), two at a time.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/apps';
import { codeFolders, webWorkspaces } from './lib/workspaces.cjs';
import { inParallel, run } from './lib/run';

/** Every workspace and the scripts, from the one list (scripts/lib/workspaces.cjs). */
export const TS_PROJECTS = codeFolders();

interface WorkspaceTsconfig {
  extends?: string;
  compilerOptions?: Record<string, unknown>;
  include?: string[];
}

const tsconfigOf = (project: string) => path.join(ROOT, project, 'tsconfig.json');

/**
 * A web workspace joins the one program when its tsconfig is the plain web one (extends tsconfig.web.json, no options
 * of its own); any other is checked alone, so that an option a workspace sets is never lost.
 */
function joinsWebProgram(project: string): boolean {
  const config = JSON.parse(readFileSync(tsconfigOf(project), 'utf8')) as WorkspaceTsconfig;
  return config.extends === '../tsconfig.web.json' && !config.compilerOptions;
}

/** Writes the web program's tsconfig (the union of the workspaces' includes) and gives its path. */
function webProgram(projects: string[]): string {
  const dir = path.join(ROOT, 'node_modules/.cache/fable-typecheck');
  mkdirSync(dir, { recursive: true });
  const include = new Set<string>();
  for (const project of projects) {
    const config = JSON.parse(readFileSync(tsconfigOf(project), 'utf8')) as WorkspaceTsconfig;
    for (const entry of config.include ?? []) include.add(path.relative(dir, path.join(ROOT, project, entry)));
  }
  const file = path.join(dir, 'tsconfig.web.json');
  writeFileSync(file, JSON.stringify({ extends: path.relative(dir, path.join(ROOT, 'tsconfig.web.json')), include: [...include] }, null, 2));
  return file;
}

export async function typecheck(): Promise<void> {
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  const projects = TS_PROJECTS.filter((p) => existsSync(tsconfigOf(p)));
  const web = webWorkspaces().filter((p) => projects.includes(p) && joinsWebProgram(p));
  const checks = [
    { name: `web (${web.join(', ')})`, config: webProgram(web) },
    ...projects.filter((p) => !web.includes(p)).map((p) => ({ name: p, config: path.join(ROOT, p) })),
  ];
  const failures: string[] = [];
  await inParallel(checks, 2, async ({ name, config }) => {
    await run(process.execPath, [tsc, '-p', config, '--noEmit'], { cwd: ROOT, quiet: true }).catch((error: Error & { output?: string }) => {
      failures.push(name);
      process.stderr.write(error.output ?? error.message);
    });
  });
  if (failures.length) throw new Error(`typecheck failed in ${failures.join('; ')}`);
  console.log(`[typecheck] ${projects.length} projects clean (${web.length} web workspaces as one program)`);
}

if (require.main === module) {
  typecheck().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
