import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../server/embedded-postgres.mjs';

// The embedded database of `npm start` (server/embedded-postgres.mjs, decision 037): a PostgreSQL in DATA_DIR/postgres
// on a Unix socket, which survives a restart, takes over from a server left running, and gives way to PGlite where a
// PGlite database is already there.
const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-pg-'));
  dirs.push(dir);
  return dir;
};
const io = { log: () => {} };
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL', () => {
  it('keeps its data across a restart and listens on no TCP port', { timeout: 120_000 }, async () => {
    const dir = dataDir();
    const first = await startEmbeddedPostgres(dir, io);
    if (!('url' in first)) throw new Error(first.reason);
    expect(fs.existsSync(path.join(dir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(await query<{ listen_addresses: string }>(first.url, 'show listen_addresses')).toEqual([{ listen_addresses: '' }]);
    await query(first.url, "create table kept (note text); insert into kept values ('다시 시작해도 남습니다')");
    await first.stop();

    const second = await startEmbeddedPostgres(dir, io);
    if (!('url' in second)) throw new Error(second.reason);
    expect(await query(second.url, 'select note from kept')).toEqual([{ note: '다시 시작해도 남습니다' }]);
    // A server that is never stopped (its web server killed with kill -9) is stopped by the next start.
    const third = await startEmbeddedPostgres(dir, io);
    if (!('url' in third)) throw new Error(third.reason);
    expect(await query(third.url, 'select count(*)::int as n from kept')).toEqual([{ n: 1 }]);
    await third.stop();
    await second.stop();
  });

  it('leaves an earlier PGlite database in DATA_DIR as it is and says why', async () => {
    const dir = dataDir();
    fs.mkdirSync(path.join(dir, 'pglite'));
    const started = await startEmbeddedPostgres(dir, io);
    expect(started).toEqual({ reason: `${path.join(dir, 'pglite')}에 기존 내장 데이터베이스(PGlite)가 있습니다` });
    expect(fs.existsSync(path.join(dir, 'postgres'))).toBe(false);
  });
});
