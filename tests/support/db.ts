import fs from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { connectPglite, connectPostgres, useConnection, type Connection } from '~/db/client.server';
import { withDatabase } from './global-setup';

/**
 * Gives the calling test file its own database, a copy of the migrated and seeded template, installed as the app's
 * database for the file's tests. Returns a getter for the connection.
 */
export function useTestDatabase(): () => Connection {
  let connection: Connection | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const url = process.env.DATABASE_URL;
    const pgTemplate = inject('pgTemplate');
    if (url && pgTemplate) {
      const name = `readin_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = connectPostgres(url, { max: 1 });
      const sql = (admin.db as unknown as { $client: import('pg').Pool }).$client;
      await sql.query(`create database ${name} template ${pgTemplate}`);
      connection = connectPostgres(withDatabase(url, name), { max: 10 });
      dropDatabase = async () => {
        await sql.query(`drop database if exists ${name} with (force)`);
        await admin.close();
      };
    } else {
      const file = inject('pgliteTemplate');
      if (!file) throw new Error('the test database template is missing (global setup did not run)');
      connection = await connectPglite({ loadDataDir: new Blob([fs.readFileSync(file)]) });
    }
    useConnection(connection);
  });

  afterAll(async () => {
    useConnection(undefined);
    await connection?.close();
    await dropDatabase?.();
  });

  return () => {
    if (!connection) throw new Error('useTestDatabase: the database is not ready yet');
    return connection;
  };
}

/** True when the suite runs against a real PostgreSQL (race tests need it: PGlite serialises everything). */
export const onPostgres = () => Boolean(process.env.DATABASE_URL);
