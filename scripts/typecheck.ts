// Typechecks every workspace with its own tsconfig (web packages with DOM types, the rest with Node's).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/apps';
import { codeFolders } from './lib/workspaces.cjs';
import { inParallel, run } from './lib/run';

/** Every workspace and the scripts, from the one list (scripts/lib/workspaces.cjs). */
export const TS_PROJECTS = codeFolders();

export async function typecheck(): Promise<void> {
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  const projects = TS_PROJECTS.filter((p) => existsSync(path.join(ROOT, p, 'tsconfig.json')));
  const failures: string[] = [];
  await inParallel(projects, 2, async (project) => {
    await run(process.execPath, [tsc, '-p', project, '--noEmit'], { cwd: ROOT, quiet: true }).catch((error: Error & { output?: string }) => {
      failures.push(project);
      process.stderr.write(error.output ?? error.message);
    });
  });
  if (failures.length) throw new Error(`typecheck failed in ${failures.join(', ')}`);
  console.log(`[typecheck] ${projects.length} projects clean`);
}

if (require.main === module) {
  typecheck().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
