import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { config } from '~/config.server';
import { recordQuery } from './query-count.server';
import * as schema from './schema';

/** The app's database handle, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; services take `Database | Tx` so they can join a caller's transaction. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;

export type Connection = {
  kind: 'pglite' | 'postgres';
  db: Database;
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
};

const logger: Logger = { logQuery: recordQuery };

/**
 * PostgreSQL through node-postgres (`pg`), chosen by the outage test (tests/db/outage.test.ts, decision 015): with
 * postgres.js a terminated backend could throw from inside the driver and end the process.
 *
 * A connection that dies is an `error` event on its client. node-postgres listens for it only while the client sits idle
 * in the pool; a client that is checked out (inside a transaction, between two queries) would emit it with no listener,
 * and an unhandled `error` event ends the process. So every client gets its own listener when it is created: the query
 * in flight rejects as usual, the pool drops the broken client when it is released, and the next checkout connects anew.
 */
/** The advisory lock key the migrations are applied under ('readin' as a number). */
const MIGRATION_LOCK = 0x72656164;

export function connectPostgres(url: string, options: { max?: number; onConnectionError?: (error: Error) => void } = {}): Connection {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // A database that does not answer fails the request in seconds instead of holding it.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  const report = options.onConnectionError ?? (() => {});
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const db = drizzlePostgres(pool, { schema, logger });
  // drizzle's own transaction() checks a client out and sends `begin` before its try/finally, so a `begin` that fails
  // (the connection died while idle) never gives the client back, and after `max` such failures every request waits
  // for a connection forever. Here the client is checked out and always released by us; drizzle runs the transaction
  // on that one client (building the small per-client handle costs about 0.2 ms). A broken client is not queryable, and
  // the pool drops it on release.
  const transaction: Database['transaction'] = async (run, config) => {
    const client = await pool.connect();
    try {
      const onClient = drizzlePostgres(client, { schema, logger }) as unknown as Database;
      return await onClient.transaction(run, config);
    } finally {
      client.release();
    }
  };
  Object.assign(db, { transaction });
  return {
    kind: 'postgres',
    db: db as unknown as Database,
    // Several processes may start together on one database (servers, `npm run worker`): a session advisory lock makes
    // them migrate one after the other; the later ones find nothing left to apply.
    migrate: async (migrationsFolder) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          await migratePostgres(drizzlePostgres(client, { schema, logger }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Embedded PGlite: in a data folder, in memory (no folder), or loaded from a dump (tests). */
export async function connectPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Connection> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm: the consoles' searches use its trigram indexes where PostgreSQL has it (docs/decisions/042).
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema, logger });
  return {
    kind: 'pglite',
    db: db as unknown as Database,
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

// One connection per process. Kept on globalThis so that development rebuilds reuse it.
const globalKey = Symbol.for('readin.database');
type Holder = { connection?: Connection; ready?: Promise<Connection> };
const holder: Holder = ((globalThis as Record<symbol, Holder>)[globalKey] ??= {});

/** The current database. `ensureDatabase()` (or a test's `useConnection`) must have run first. */
export function db(): Database {
  if (!holder.connection) throw new Error('The database is not open yet: call ensureDatabase() first.');
  return holder.connection.db;
}

/** Tests install their own connection. */
export function useConnection(connection: Connection | undefined) {
  holder.connection = connection;
  holder.ready = connection ? Promise.resolve(connection) : undefined;
}

export type EnsureDatabaseOptions = {
  /**
   * Runs once, after the migrations and before anyone gets the database: the server entry passes the demo seed here
   * in the experience environment (app/seed/startup.server.ts). The database client itself never imports the seed.
   */
  afterMigrate?: (db: Database) => Promise<void>;
};

/**
 * Open the configured database, apply pending migrations, then run `afterMigrate`. Safe to call many times: the work
 * is done once per process, by the first call (app/entry.server.tsx, when the server build loads), and later calls
 * wait for it; their options are not used.
 */
export function ensureDatabase(options: EnsureDatabaseOptions = {}): Promise<Connection> {
  holder.ready ??= (async () => {
    const cfg = config();
    const url = cfg.databaseUrl ?? cfg.embeddedDatabaseUrl;
    const connection = url ? connectPostgres(url) : await connectPglite({ dataDir: path.join(cfg.dataDir, 'pglite') });
    await connection.migrate(cfg.migrationsDir);
    await options.afterMigrate?.(connection.db);
    holder.connection = connection;
    return connection;
  })();
  return holder.ready;
}

/** Runs a raw SQL query and returns its rows, whichever driver answers (both give `{ rows }`; an array is accepted too). */
export async function executeRows<T>(executor: Executor, query: import('drizzle-orm').SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}
