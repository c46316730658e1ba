import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectPglite, connectPostgres } from '~/db/client.server';
import { seedDemo } from '~/db/seed/index.server';

// Builds the test database template once per run: migrated and seeded with the demo data.
// PGlite: a data-folder dump that each test file loads. PostgreSQL: a template database that each file copies.
const MIGRATIONS = path.resolve('drizzle');

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `readin_tpl_${process.pid}`;
    const admin = connectPostgres(url, { max: 1 });
    const sql = (admin.db as unknown as { $client: import('postgres').Sql }).$client;
    await sql.unsafe(`drop database if exists ${template}`);
    await sql.unsafe(`create database ${template}`);
    const tpl = connectPostgres(withDatabase(url, template), { max: 1 });
    await tpl.migrate(MIGRATIONS);
    await seedDemo(tpl.db);
    await tpl.close();
    project.provide('pgTemplate', template);
    return async () => {
      await sql.unsafe(`drop database if exists ${template} with (force)`);
      await admin.close();
    };
  }
  const connection = await connectPglite();
  await connection.migrate(MIGRATIONS);
  await seedDemo(connection.db);
  const client = (connection.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await connection.close();
  const file = path.resolve('tests/.tmp', `template-${process.pid}.tar`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(file, { force: true });
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgliteTemplate?: string;
  }
}
