import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
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

/** PostgreSQL through postgres.js. */
export function connectPostgres(url: string, options: { max?: number } = {}): Connection {
  const client = postgres(url, { max: options.max ?? 10, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema, logger });
  return {
    kind: 'postgres',
    db: db as unknown as Database,
    migrate: (migrationsFolder) => migratePostgres(db, { migrationsFolder }),
    close: () => client.end({ timeout: 5 }),
  };
}

/** Embedded PGlite: in a data folder, in memory (no folder), or loaded from a dump (tests). */
export async function connectPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Connection> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
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

export function currentConnection(): Connection | undefined {
  return holder.connection;
}

/** Tests install their own connection. */
export function useConnection(connection: Connection | undefined) {
  holder.connection = connection;
  holder.ready = connection ? Promise.resolve(connection) : undefined;
}

/**
 * Open the configured database, apply pending migrations and, in the experience environment, seed the demo data.
 * Safe to call many times: the work is done once per process.
 */
export function ensureDatabase(): Promise<Connection> {
  holder.ready ??= (async () => {
    const cfg = config();
    const connection = cfg.databaseUrl
      ? connectPostgres(cfg.databaseUrl)
      : await connectPglite({ dataDir: path.join(cfg.dataDir, 'pglite') });
    await connection.migrate(cfg.migrationsDir);
    if (cfg.appEnv === 'EXP') {
      const { seedDemo } = await import('./seed/index.server');
      await seedDemo(connection.db);
    }
    holder.connection = connection;
    return connection;
  })();
  return holder.ready;
}

/** Runs a raw SQL query and returns its rows, whichever driver answers (PGlite gives `{ rows }`, postgres.js an array). */
export async function executeRows<T>(executor: Executor, query: import('drizzle-orm').SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}
