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

/**
 * A statement the PostgreSQL server keeps parsed and planned on each connection that has run it (a named prepared
 * statement), for the statements every chat turn runs: a turn's read of its context took 3.5 ms unprepared, 1.2 ms
 * prepared, most of the difference its planning. Made once, at module load, by `prepared`. Its result columns are
 * named, never `*`: a migration that adds a column would otherwise break it on the processes already running
 * ("cached plan must not change result type"; the driver then runs its text unprepared). PGlite runs its text.
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

/** A statement's text, or a prepared statement. */
export type Sql = string | PreparedStatement;

const preparedTexts = new Map<string, string>();

/** A prepared statement named `name` (one text per name in the process: a second text under the same name throws). */
export function prepared(name: string, text: string): PreparedStatement {
  const known = preparedTexts.get(name);
  if (known !== undefined && known !== text) throw new Error(`prepared statement ${name}: two texts under one name`);
  preparedTexts.set(name, text);
  return { name, text };
}

/** The text of a statement. */
export const sqlText = (sql: Sql): string => (typeof sql === 'string' ? sql : sql.text);

export interface Queryable {
  /** One statement with $1-style parameters. */
  query<Row = Record<string, unknown>>(sql: Sql, params?: readonly SqlParam[]): Promise<QueryResult<Row>>;
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
