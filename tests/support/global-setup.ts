import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectPglite, connectPostgres } from '~/db/client.server';
import { seedDemo } from '~/seed/index.server';
import { seoulDay } from '~/lib/dates';

// Builds the test database template: migrated and seeded with the demo data.
// PGlite: a data-folder dump that each test file loads. It is kept in tests/.tmp/ and reused by later runs while its
// key matches: the migrations, every source file the seed and the database client import, the PGlite version and the
// Seoul day (the demo data is dated relative to today). PostgreSQL: a template database per run that each file copies.
const MIGRATIONS = path.resolve('drizzle');
const CACHE_DIR = path.resolve('tests/.tmp');
/** The demo data is dated relative to its build; a cached template older than this is built again. */
const MAX_AGE_MS = 6 * 60 * 60 * 1000;

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `readin_tpl_${process.pid}`;
    const admin = connectPostgres(url, { max: 1 });
    const sql = (admin.db as unknown as { $client: import('pg').Pool }).$client;
    await sql.query(`drop database if exists ${template}`);
    await sql.query(`create database ${template}`);
    const tpl = connectPostgres(withDatabase(url, template), { max: 1 });
    await tpl.migrate(MIGRATIONS);
    await seedDemo(tpl.db);
    await tpl.close();
    project.provide('pgTemplate', template);
    return async () => {
      await sql.query(`drop database if exists ${template} with (force)`);
      await admin.close();
    };
  }
  project.provide('pgliteTemplate', await pgliteTemplate());
}

/** The path of a PGlite dump of the migrated and seeded database: the cached one when its key matches, else a new one. */
async function pgliteTemplate(): Promise<string> {
  const key = templateKey();
  const file = path.join(CACHE_DIR, `pglite-template-${key}.tar`);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (stat && Date.now() - stat.mtimeMs < MAX_AGE_MS) return file;

  const connection = await connectPglite();
  await connection.migrate(MIGRATIONS);
  await seedDemo(connection.db);
  const client = (connection.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await connection.close();
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  // Written aside and renamed: a concurrent run reads either the old file or the whole new one, never half of it.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  pruneTemplates(file);
  return file;
}

/** Removes other templates (and leftovers of interrupted writes) not touched for an hour: no run is still reading them. */
function pruneTemplates(keep: string) {
  for (const name of fs.readdirSync(CACHE_DIR)) {
    const full = path.join(CACHE_DIR, name);
    if (full === keep || !name.startsWith('pglite-template-')) continue;
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > 60 * 60 * 1000) fs.rmSync(full, { force: true });
  }
}

/**
 * A hash of what the template depends on: the migrations, the seed's and the client's source files with everything
 * they import from app/ (followed transitively), this file, the PGlite version and the Seoul day.
 */
export function templateKey(): string {
  const hash = createHash('sha256');
  const files = [
    ...listFiles(MIGRATIONS),
    ...importClosure([path.resolve('app/seed/index.server.ts'), path.resolve('app/db/client.server.ts')]),
    path.resolve('tests/support/global-setup.ts'),
    path.resolve('node_modules/@electric-sql/pglite/package.json'),
    path.resolve('node_modules/drizzle-orm/package.json'),
  ].sort();
  for (const file of files) {
    hash.update(path.relative(process.cwd(), file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  hash.update(seoulDay());
  return hash.digest('hex').slice(0, 16);
}

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(full) : e.isFile() ? [full] : [];
  });
}

const APP = path.resolve('app');
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** The given files and every file of app/ they import, directly or not (`~/…` and relative specifiers). */
function importClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const base = specifier.startsWith('~/')
        ? path.join(APP, specifier.slice(2))
        : specifier.startsWith('.')
          ? path.resolve(path.dirname(file), specifier)
          : null;
      if (!base) continue;
      const resolved = resolveSource(base);
      if (!resolved) throw new Error(`template key: cannot resolve '${specifier}' imported by ${file}`);
      queue.push(resolved);
    }
  }
  return [...seen];
}

function resolveSource(base: string): string | undefined {
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((c) => fs.statSync(c, { throwIfNoEntry: false })?.isFile());
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
