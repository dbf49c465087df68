import { sqlText, type Database, type Queryable } from '../../api/src/infra/db/database';
import { countingDatabase } from './countingDatabase';

/** A database that answers every statement with no rows and records what it was sent. */
function recordingDatabase(sent: string[]): Database {
  const queryable: Queryable = {
    query: async (sql) => {
      sent.push(sqlText(sql));
      return { rows: [], rowCount: 0 };
    },
    exec: async (sql) => {
      sent.push(sql);
    },
  };
  return { kind: 'postgres', ...queryable, transaction: (fn) => fn(queryable), close: async () => undefined };
}

it('counts each statement, in and out of transactions, and a transaction’s begin and commit', async () => {
  const sent: string[] = [];
  const db = countingDatabase(recordingDatabase(sent));
  await db.query('select 1');
  await db.exec('select 2');
  expect(db.roundTrips).toBe(2);
  await db.transaction(async (tx) => {
    await tx.query('select 3');
    await tx.query('select 4');
  });
  expect(db.roundTrips).toBe(6);
  expect(sent).toEqual(['select 1', 'select 2', 'select 3', 'select 4']);
});
