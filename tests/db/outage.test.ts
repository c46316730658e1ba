// Database outages (issue 16): terminating the app's PostgreSQL connections under write load must leave the process up,
// every acknowledged write present and no transaction half-written. PostgreSQL only: PGlite runs inside the process and
// has no connections to terminate (`npm test` runs the db project on PGlite, `.ci/run` runs it again on PostgreSQL).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { connectPostgres, executeRows } from '~/db/client.server';
import { withDatabase } from '../support/global-setup';
import { onPostgres } from '../support/db';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!onPostgres())('database outage on PostgreSQL', () => {
  test('100 terminations of the app connections under write load: the process stays up, acknowledged writes are whole', async () => {
    const url = process.env.DATABASE_URL!;
    const name = `readin_outage_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = connectPostgres(url, { max: 1 });
    await admin.db.execute(sql.raw(`create database ${name}`));
    const target = withDatabase(url, name);
    let child: ChildProcessWithoutNullStreams | undefined;
    try {
      child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/outage-writer.ts', target, '4'], { stdio: 'pipe' });
      const acknowledged = new Set<string>();
      let failed = 0;
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
      const ready = new Promise<void>((resolve) => {
        createInterface({ input: child!.stdout }).on('line', (line) => {
          if (line === 'ready') resolve();
          else if (line.startsWith('ack ')) acknowledged.add(line.slice(4));
          else if (line.startsWith('fail ')) failed++;
        });
      });
      await Promise.race([ready, exited.then((code) => Promise.reject(new Error(`writer exited ${code}: ${stderr}`)))]);

      let alive = true;
      void exited.then(() => (alive = false));
      for (let k = 0; k < 100 && alive; k++) {
        await sleep(30 + (k % 5) * 20);
        await admin.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`,
        );
      }
      await sleep(500);
      expect(alive, `the writer died: ${stderr.slice(0, 3000)}`).toBe(true);
      const before = acknowledged.size;
      await sleep(1500);
      expect(acknowledged.size, 'writes succeed again once the connections come back').toBeGreaterThan(before);

      child.stdin.end();
      expect(await exited).toBe(0);

      const check = connectPostgres(target, { max: 1 });
      try {
        const orders = await executeRows<{ id: string; lines: number }>(
          check.db,
          sql`select o.id, (select count(*)::int from outage_lines l where l.order_id = o.id) as lines from outage_orders o`,
        );
        const stored = new Map(orders.map((o) => [o.id, o.lines]));
        const missing = [...acknowledged].filter((id) => !stored.has(id));
        expect(missing).toEqual([]);
        expect(orders.filter((o) => o.lines !== 3)).toEqual([]);
        const orphans = await executeRows<{ n: number }>(
          check.db,
          sql`select count(*)::int as n from outage_lines l where not exists (select 1 from outage_orders o where o.id = l.order_id)`,
        );
        expect(orphans[0].n).toBe(0);
        expect(acknowledged.size).toBeGreaterThan(100);
        console.log(`outage: ${acknowledged.size} acknowledged, ${failed} failed cleanly, ${orders.length} stored`);
      } finally {
        await check.close();
      }
    } finally {
      child?.kill('SIGKILL');
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    }
  }, 120_000);
});
