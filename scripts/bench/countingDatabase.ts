import type { Database, Queryable } from '../../api/src/infra/db/database';

/** A database that counts its round trips: each statement, and a transaction's begin and commit (or rollback). */
export interface CountingDatabase extends Database {
  readonly roundTrips: number;
}

export function countingDatabase(db: Database): CountingDatabase {
  let roundTrips = 0;
  const counted = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      roundTrips += 1;
      return q.query(sql, params);
    },
    exec: (sql) => {
      roundTrips += 1;
      return q.exec(sql);
    },
  });
  const top = counted(db);
  return {
    kind: db.kind,
    get roundTrips() {
      return roundTrips;
    },
    query: top.query,
    exec: top.exec,
    transaction: (fn) => {
      roundTrips += 2;
      return db.transaction((tx) => fn(counted(tx)));
    },
    close: () => db.close(),
  };
}
