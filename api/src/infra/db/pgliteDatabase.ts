import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sqlText, type Database, type QueryResult, type Queryable, type Sql, type SqlParam } from './database';

/**
 * Embedded PostgreSQL (PGlite, WASM) in a worker thread of this process: query execution never blocks the
 * HTTP event loop, and PGlite loads as plain Node code (under Jest too). Persisted in `dataDir`, or in
 * memory when it is undefined. One connection: PGlite runs one transaction at a time and holds other
 * queries until it ends.
 */

const WORKER_FILE = path.join(__dirname, 'pgliteWorker.mjs');

type Request =
  | { op: 'query'; sql: string; params: readonly SqlParam[]; txId?: number }
  | { op: 'exec'; sql: string; txId?: number }
  | { op: 'begin' }
  | { op: 'commit' | 'rollback'; txId: number }
  | { op: 'dump'; file: string }
  | { op: 'close' };

interface Reply {
  id: number;
  result?: unknown;
  error?: { message: string; name: string; [field: string]: unknown };
}

/** A PostgreSQL error with its fields (code, detail, constraint...), as pg reports them. */
function toError(serialized: NonNullable<Reply['error']>): Error {
  const { message, name: _name, ...fields } = serialized;
  return Object.assign(new Error(message), fields);
}

/** PGlite's database, which can also write itself to a tarball that `loadDataDir` starts another from. */
export interface PgliteDatabase extends Database {
  dumpDataDir(file: string): Promise<void>;
}

/**
 * `loadDataDir`: a tarball written by dumpDataDir to start from (tests copy one migrated database instead of
 * creating and migrating each).
 */
export async function openPgliteDatabase(dataDir?: string, options: { loadDataDir?: string } = {}): Promise<PgliteDatabase> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const worker = new Worker(WORKER_FILE, { workerData: { dataDir, loadDataDir: options.loadDataDir } });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  let nextId = 1;
  let failure: Error | undefined;

  const failAll = (err: Error) => {
    failure = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };

  const ready = new Promise<void>((resolve, reject) => pending.set(0, { resolve: () => resolve(), reject }));
  worker.on('message', (reply: Reply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (reply.error) p.reject(toError(reply.error));
    else p.resolve(reply.result);
  });
  worker.on('error', (err) => failAll(err));
  worker.on('exit', (code) => failAll(new Error(`PGlite worker exited (code ${code})`)));

  const call = <T>(request: Request): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, ...request });
    });
  };

  try {
    await ready;
  } catch (err) {
    await worker.terminate();
    throw err;
  }

  const queryable = (txId?: number): Queryable => ({
    query: <Row>(sql: Sql, params: readonly SqlParam[] = []) =>
      call<QueryResult<Row>>({ op: 'query', sql: sqlText(sql), params, txId }),
    exec: (sql: string) => call<void>({ op: 'exec', sql, txId }),
  });
  const root = queryable();
  let closing: Promise<void> | undefined;

  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    async transaction(fn) {
      const txId = await call<number>({ op: 'begin' });
      let result;
      try {
        result = await fn(queryable(txId));
      } catch (err) {
        await call({ op: 'rollback', txId }).catch(() => undefined);
        throw err;
      }
      await call({ op: 'commit', txId });
      return result;
    },
    async dumpDataDir(file) {
      await call({ op: 'dump', file });
    },
    close() {
      closing ??= (async () => {
        try {
          if (!failure) await call({ op: 'close' });
        } finally {
          await worker.terminate();
        }
      })();
      return closing;
    },
  };
}
