import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The repository's root, to run the API's and the site server's main.ts as processes. */
const ROOT = path.resolve(__dirname, '../../..');

export interface RunningProcess {
  child: ChildProcess;
  /** Ends it at once (SIGKILL: a crash, not a stop); resolves once it has exited. */
  kill(): Promise<void>;
  /** Asks it to stop (SIGTERM) and waits for it. */
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/**
 * A main.ts of the repository (the API's, `api/src/main.ts`; the site server's, `deploy/server/main.ts`) as a process of
 * its own, with `env` over this process's: for what only real processes show (instrumentation loaded first, a kill).
 */
export function startProcess(script: string, args: string[], env: Record<string, string>): RunningProcess {
  // Node itself with tsx's loader, not the tsx command: that one runs the script in a child of its own, which a kill of
  // the command would leave running.
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  return {
    child,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** Polls `check` until it gives something (an error counts as nothing yet); throws after `ms`, naming `what`. */
export async function until<T>(what: string, check: () => Promise<T | null | undefined | false> | T | null | undefined | false, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await Promise.resolve()
      .then(check)
      .catch(() => null);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not in ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
