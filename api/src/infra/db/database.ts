/**
 * The one door to PostgreSQL. Two implementations speak the same dialect: PGlite (embedded, the default)
 * and a PostgreSQL server through `pg` (DATABASE_URL). Modules write plain SQL with $1-style parameters.
 */

/**
 * A query parameter. Pass jsonb values as JSON.stringify(value): the two drivers encode bare objects and
 * arrays differently (pg turns a JS array into a PostgreSQL array).
 */
export type SqlParam = string | number | boolean | null | Date | Uint8Array | bigint | readonly unknown[] | object;

export interface QueryResult<Row> {
  rows: Row[];
  /** Rows returned or affected. */
  rowCount: number;
}

export interface Queryable {
  /** One statement with $1-style parameters. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<QueryResult<Row>>;
  /** A script of one or more statements without parameters (migrations, DDL). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in a transaction on one connection: committed when `fn` resolves, rolled back when it throws
   * (the error is re-thrown). Use the `tx` handle, not the database, inside `fn`.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
