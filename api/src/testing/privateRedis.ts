import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './freePort';

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

export interface PrivateRedis {
  url: string;
  /** Starts the server (again) on its port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops the server at once (SIGKILL: an outage, not a shutdown); resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * A Redis server of a test's own (redis-server on a free port, in memory), for outages: the shared one on 6379 serves
 * every other test and must never stop.
 */
export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const server: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      const deadline = Date.now() + 10_000;
      while (!(await answers(port))) {
        if (Date.now() > deadline) throw new Error(`redis-server did not start on ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      await new Promise((resolve) => {
        running.once('exit', resolve);
        running.kill('SIGKILL');
      });
    },
  };
  await server.start();
  return server;
}
