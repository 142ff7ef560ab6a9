import type { Database, Transaction } from './client.ts';

/**
 * A statement built and prepared once per database handle (a transaction, a handle of its own, builds
 * its own). For the reads and writes every payment or limited request runs: building Drizzle's SQL
 * for them was a tenth of a payment's CPU, and PostgreSQL planned each again.
 */
export function preparedPerDatabase<T>(prepare: (db: Database | Transaction) => T): (db: Database | Transaction) => T {
  const statements = new WeakMap<Database | Transaction, T>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
