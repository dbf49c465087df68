import pg from 'pg';
import { DATABASE_POOL_MAX } from '../../config';
import type { Database, PreparedStatement, QueryResult, Queryable, Sql, SqlParam } from './database';
import { PG_OID, keepText, parseInt8 } from './typeParsers';

const { Pool, types } = pg;

type TypeId = Parameters<typeof types.getTypeParser>[0];
/** pg's parser for text[] (oid 1009; pg-types' builtins enum lists only scalar types). */
const parseTextArray = types.getTypeParser(1009 as TypeId) as (text: string) => Array<string | null>;

/** One-dimensional arrays of a type whose elements `parse` reads. */
const parseArrayOf = (parse: (text: string) => unknown) => (text: string) =>
  parseTextArray(text).map((item) => (item === null ? null : parse(item)));

/** Per-pool parsers, so the process-wide pg defaults stay untouched. */
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    switch (oid) {
      case PG_OID.int8:
        return parseInt8;
      case PG_OID.int8Array:
        return parseArrayOf(parseInt8);
      case PG_OID.date:
      case PG_OID.interval:
        return keepText;
      case PG_OID.dateArray:
      case PG_OID.intervalArray:
        return parseArrayOf(keepText);
      default:
        return types.getTypeParser(oid as TypeId, format ?? 'text');
    }
  },
};

export interface PostgresOptions {
  connectionString: string;
  /** Pool size (default 10). */
  max?: number;
  /** Called for errors of idle pooled connections (a restarted server), which would otherwise crash. */
  onIdleError?: (err: Error) => void;
}

/** PostgreSQL's refusal of a prepared statement whose result columns a migration changed since it was prepared. */
const isStalePlan = (err: unknown) => (err as { code?: string }).code === '0A000' && /cached plan must not change result type/.test((err as Error).message);

/**
 * Runs a prepared statement (prepared on the connection at its first use there); a stale one runs unprepared (not
 * inside a transaction, which the refusal has ended).
 */
async function runPrepared(target: pg.Pool | pg.PoolClient, statement: PreparedStatement, values: unknown[]): Promise<pg.QueryResult> {
  try {
    return await target.query({ name: statement.name, text: statement.text, values });
  } catch (err) {
    if (!isStalePlan(err) || !(target instanceof Pool)) throw err;
    return target.query(statement.text, values);
  }
}

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(sql: Sql, params: readonly SqlParam[] = []): Promise<QueryResult<Row>> {
      const result = typeof sql === 'string' ? await target.query(sql, params as unknown[]) : await runPrepared(target, sql, params as unknown[]);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string): Promise<void> {
      // Without parameters pg uses the simple query protocol, which accepts several statements.
      await target.query(sql);
    },
  };
}

/** A PostgreSQL server reached through a connection pool. Fails fast when the server is unreachable. */
export async function openPostgresDatabase(options: PostgresOptions): Promise<Database> {
  const pool = new Pool({
    connectionString: options.connectionString,
    max: options.max ?? DATABASE_POOL_MAX,
    connectionTimeoutMillis: 10_000,
    types: typeParsers,
  });
  pool.on('error', (err) => options.onIdleError?.(err));
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  const root = wrap(pool);
  let closed = false;
  return {
    kind: 'postgres',
    query: root.query,
    exec: root.exec,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
