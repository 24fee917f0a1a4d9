// A minimal raw-SQL interface over the two drivers, for what Prisma Client cannot do through a driver
// adapter: multi-statement migration scripts and session-scoped advisory locks.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

export interface SqlRunner {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements (simple query protocol, no parameters). */
  exec(script: string): Promise<void>;
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /** Runs fn on one connection, so session state such as advisory locks holds for all of it. */
  session<T>(fn: (conn: SqlRunner) => Promise<T>): Promise<T>;
}

type PgliteLike = PGlite | Transaction;

// PGlite has a single connection, so a PostgreSQL advisory lock taken by one caller is re-entrant
// for every other caller in the process: sessions are queued here instead.
const sessionQueues = new WeakMap<PGlite, Promise<unknown>>();

function pgliteRunner(db: PgliteLike, root: PGlite): SqlRunner {
  return {
    async query<Row>(text: string, params: unknown[] = []) {
      const result = await db.query<Row>(text, params);
      return result.rows;
    },
    async exec(script) {
      await db.exec(script);
    },
    async transaction(fn) {
      // PGlite has one connection; nested calls run inside the caller's transaction.
      if (db !== root) return fn(pgliteRunner(db, root));
      return root.transaction((tx) => fn(pgliteRunner(tx, root)));
    },
    async session(fn) {
      const previous = sessionQueues.get(root) ?? Promise.resolve();
      const run = previous.catch(() => {}).then(() => fn(pgliteRunner(db, root)));
      sessionQueues.set(root, run);
      return run;
    },
  };
}

export function createPgliteRunner(db: PGlite): SqlRunner {
  return pgliteRunner(db, db);
}

function pgClientRunner(client: pg.PoolClient, inTransaction: boolean): SqlRunner {
  const runner: SqlRunner = {
    async query<Row>(text: string, params: unknown[] = []) {
      const result = await client.query(text, params);
      return result.rows as Row[];
    },
    async exec(script) {
      await client.query(script);
    },
    async transaction(fn) {
      if (inTransaction) return fn(runner);
      await client.query('BEGIN');
      try {
        const value = await fn(pgClientRunner(client, true));
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    },
    async session(fn) {
      return fn(runner);
    },
  };
  return runner;
}

export function createPgPoolRunner(pool: pg.Pool): SqlRunner {
  const withClient = async <T>(fn: (conn: SqlRunner) => Promise<T>) => {
    const client = await pool.connect();
    try {
      return await fn(pgClientRunner(client, false));
    } finally {
      client.release();
    }
  };
  return {
    async query<Row>(text: string, params: unknown[] = []) {
      const result = await pool.query(text, params);
      return result.rows as Row[];
    },
    async exec(script) {
      await pool.query(script);
    },
    transaction: (fn) => withClient((conn) => conn.transaction(fn)),
    session: withClient,
  };
}
