import { spawn } from 'node:child_process';

/** Runs a command, streaming its output with a prefix; resolves on exit 0, rejects otherwise. */
export interface RunOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  prefix?: string;
  quiet?: boolean;
}

export function run(cmd: string, args: string[], { cwd, env, prefix, quiet = false }: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      if (!quiet) stream.write(prefix ? text.replace(/^(?=.)/gm, `[${prefix}] `) : text);
    };
    child.stdout.on('data', onData(process.stdout));
    child.stderr.on('data', onData(process.stderr));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(Object.assign(new Error(`${cmd} ${args.join(' ')} exited with ${code}`), { output }))));
  });
}

/** Runs async jobs with at most `limit` at once. */
export async function inParallel<T, R>(items: readonly T[], limit: number, job: (item: T) => Promise<R>): Promise<R[]> {
  const queue = [...items];
  const results: R[] = [];
  await Promise.all(
    Array.from({ length: Math.min(limit, queue.length) }, async () => {
      while (queue.length) {
        const item = queue.shift() as T;
        results.push(await job(item));
      }
    }),
  );
  return results;
}
