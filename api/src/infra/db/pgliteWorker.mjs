// PGlite (PostgreSQL compiled to WASM) runs here, in a worker thread, so that query execution never blocks
// the HTTP event loop. Plain ESM JavaScript so it loads the same way under tsx, Jest and plain Node.
// Protocol (see pgliteDatabase.ts): requests { id, op, sql?, params?, txId? } answered by
// { id, result } or { id, error }.
import { Blob } from 'node:buffer';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
// pg_trgm: trigram indexes of the search module (migration 004); the PostgreSQL server ships it in contrib.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// The same parsing decisions as typeParsers.ts (int8 fits in a number or stays text; date and interval text).
const parseInt8 = (text) => {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
};
const keepText = (text) => text;

/** PostgreSQL error fields worth carrying across the thread boundary (Error clones lose them). */
const ERROR_FIELDS = [
  'code', 'severity', 'detail', 'hint', 'position', 'where',
  'schema', 'table', 'column', 'dataType', 'constraint', 'routine',
];

function serializeError(err) {
  const out = { message: err instanceof Error ? err.message : String(err), name: err?.name ?? 'Error' };
  for (const field of ERROR_FIELDS) if (err && err[field] !== undefined) out[field] = err[field];
  return out;
}

// Like pg's rowCount: rows returned, or rows changed by a statement without RETURNING.
const toResult = (r) => ({ rows: r.rows, rowCount: r.rows.length > 0 ? r.rows.length : (r.affectedRows ?? 0) });

let pg;
/** Open transactions: txId → { tx, commit(), rollback(), done }. */
const transactions = new Map();
let nextTxId = 1;

async function begin() {
  let started;
  const ready = new Promise((resolve) => (started = resolve));
  let end;
  const ended = new Promise((resolve, reject) => (end = { resolve, reject }));
  // PGlite commits when the callback resolves and rolls back when it rejects; it also keeps other
  // queries out until the transaction ends.
  const done = pg.transaction(async (tx) => {
    started(tx);
    await ended;
  });
  const tx = await Promise.race([ready, done.then(() => Promise.reject(new Error('transaction ended before it started')))]);
  const txId = nextTxId++;
  transactions.set(txId, { tx, end, done });
  return txId;
}

async function finish(txId, commit) {
  const t = transactions.get(txId);
  if (!t) throw new Error(`unknown transaction ${txId}`);
  transactions.delete(txId);
  if (commit) {
    t.end.resolve();
    await t.done;
  } else {
    t.end.reject(new Error('rollback'));
    await t.done.catch(() => undefined);
  }
  return null;
}

function target(txId) {
  if (txId === undefined) return pg;
  const t = transactions.get(txId);
  if (!t) throw new Error(`unknown transaction ${txId}`);
  return t.tx;
}

async function handle(msg) {
  switch (msg.op) {
    case 'query':
      return toResult(await target(msg.txId).query(msg.sql, msg.params ?? []));
    case 'exec':
      await target(msg.txId).exec(msg.sql);
      return null;
    case 'begin':
      return begin();
    case 'commit':
      return finish(msg.txId, true);
    case 'rollback':
      return finish(msg.txId, false);
    case 'dump': {
      // The data directory as a tarball (PGlite's dumpDataDir), written whole or not at all.
      const tarball = await pg.dumpDataDir('none');
      const partial = `${msg.file}.${process.pid}.${threadId}.partial`;
      writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
      renameSync(partial, msg.file);
      return null;
    }
    case 'close':
      if (!pg.closed) await pg.close();
      return null;
    default:
      throw new Error(`unknown operation ${msg.op}`);
  }
}

try {
  pg = await PGlite.create({
    dataDir: workerData.dataDir,
    // A tarball written by the 'dump' operation: the database starts as that one was (tests: migrated once).
    loadDataDir: workerData.loadDataDir ? new Blob([readFileSync(workerData.loadDataDir)]) : undefined,
    extensions: { pg_trgm },
    parsers: { 20: parseInt8, 1082: keepText, 1186: keepText },
  });
  parentPort.postMessage({ id: 0, result: 'ready' });
} catch (err) {
  parentPort.postMessage({ id: 0, error: serializeError(err) });
}

parentPort.on('message', (msg) => {
  handle(msg).then(
    (result) => parentPort.postMessage({ id: msg.id, result }),
    (err) => parentPort.postMessage({ id: msg.id, error: serializeError(err) }),
  );
});
