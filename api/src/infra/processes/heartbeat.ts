import type { Database } from '../db/database';

/** How often an API process says it is alive. */
export const HEARTBEAT_MS = 5_000;
/** A process not heard from for this long is taken for dead (three heartbeats missed): its turn leases are free. */
export const SILENT_AFTER_SECONDS = 15;
/** Rows of processes gone for longer than this are removed when a process starts. */
const FORGOTTEN_AFTER = '1 day';

/**
 * This API process's heartbeat (`id`: the holder its turn leases name, modules/chat/turnLease.ts): a row in
 * api_processes whose `seen_at` it renews every HEARTBEAT_MS, on the database's own clock. `stop` ends it and removes
 * the row (a process that stops has finished its streams first). Failures (the database away) are told to `onError`;
 * the next beat tries again. Never throws.
 */
export async function startHeartbeat(db: Database, id: string, onError: (err: unknown) => void): Promise<() => Promise<void>> {
  // An upsert each time: a beat that found the database away (an outage) leaves the next to write the row.
  const beat = () => db.query('insert into api_processes (id, started_at, seen_at) values ($1, now(), now()) on conflict (id) do update set seen_at = now()', [id]);
  await db.query(`delete from api_processes where seen_at < now() - interval '${FORGOTTEN_AFTER}'`).catch(onError);
  await beat().catch(onError);
  const timer = setInterval(() => void beat().catch(onError), HEARTBEAT_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await db.query('delete from api_processes where id = $1', [id]).catch(onError);
  };
}
