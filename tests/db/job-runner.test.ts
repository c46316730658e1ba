// The job runner (architecture.md §8): keyed enqueue, claim with FOR UPDATE SKIP LOCKED, retries with growing backoff,
// permanent failures, stale locks taken over, two runners on PostgreSQL never running one job twice, the outbox
// schedule, and `npm run worker`'s start function.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { jobs, messages } from '~/db/schema';
import { SendState } from '~/domain/enums';
import { setClock } from '~/lib/clock.server';
import { OUTBOX_EVERY_MS, registerAppJobs } from '~/services/jobs/catalogue.server';
import {
  LOCK_TIMEOUT_MS,
  PermanentJobError,
  defineJob,
  enqueueJob,
  registered,
  retryDelayMs,
  runDueJobs,
  runDueSchedules,
  startJobRunner,
} from '~/services/jobs/runner.server';
import { startWorker } from '~/services/jobs/worker.server';
import { enqueueMessage } from '~/services/messages.server';
import { runOutbox } from '~/services/talk/outbox.server';
import { onPostgres, useTestDatabase } from '../support/db';
import { unique } from '../support/factories';
import { startSolapi, type SolapiSimulator } from '../support/solapi';

const connection = useTestDatabase();
let solapi: SolapiSimulator;
beforeAll(async () => {
  solapi = await startSolapi();
});
afterAll(async () => {
  await solapi.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const jobByKey = async (key: string) => (await db().select().from(jobs).where(eq(jobs.key, key)))[0];

afterEach(() => setClock(undefined));

/** Moves the runner's clock to `ms` (and keeps it there). */
const at = (ms: number) => setClock(() => ms);

describe('enqueueJob', () => {
  test('a second job with the same key is not added', async () => {
    const key = unique('dedupe-');
    const first = await enqueueJob(db(), { kind: 'test-noop', key, payload: { n: 1 } });
    const second = await enqueueJob(db(), { kind: 'test-noop', key, payload: { n: 2 } });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    const rows = await db().select().from(jobs).where(eq(jobs.key, key));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: SendState.WAITING, attempts: 0, payload: { n: 1 } });
  });

  test('in a transaction that rolls back, no job is left', async () => {
    const key = unique('rollback-');
    await expect(
      db().transaction(async (tx) => {
        await enqueueJob(tx, { kind: 'test-noop', key });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobByKey(key)).toBeUndefined();
  });
});

describe('runDueJobs', () => {
  test('a due job runs once and COMPLETEs; a job due later waits', async () => {
    const runs: unknown[] = [];
    const kind = unique('test-once-');
    defineJob(kind, async (payload) => {
      runs.push(payload);
    });
    const key = unique('once-');
    const later = unique('later-');
    const start = Date.now();
    at(start);
    await enqueueJob(db(), { kind, key, payload: { academy: 7 } });
    await enqueueJob(db(), { kind, key: later, runAt: new Date(start + 60_000) });

    const summary = await runDueJobs();
    expect(summary).toEqual({ claimed: 1, completed: 1, retried: 0, failed: 0 });
    expect(runs).toEqual([{ academy: 7 }]);
    expect(await jobByKey(key)).toMatchObject({ state: SendState.COMPLETE, attempts: 1, lockedAt: null, lastError: null });
    expect((await jobByKey(key)).finishedAt).not.toBeNull();
    expect(await jobByKey(later)).toMatchObject({ state: SendState.WAITING, attempts: 0 });

    // Nothing runs twice.
    expect((await runDueJobs()).claimed).toBe(0);
    expect(runs).toHaveLength(1);
    // The later one runs when its time comes.
    at(start + 60_000);
    expect((await runDueJobs()).completed).toBe(1);
    expect(runs).toHaveLength(2);
  });

  test('a failing job is retried later with growing delays, then FAILs with its last error after the maximum', async () => {
    const kind = unique('test-flaky-');
    let calls = 0;
    defineJob(
      kind,
      async () => {
        calls += 1;
        throw new Error(`provider unavailable (${calls})`);
      },
      { maxAttempts: 4, backoffMs: 1_000 },
    );
    const key = unique('flaky-');
    let clock = Date.now();
    at(clock);
    await enqueueJob(db(), { kind, key });

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const summary = await runDueJobs();
      expect(summary).toMatchObject({ claimed: 1, retried: 1 });
      const row = await jobByKey(key);
      expect(row).toMatchObject({
        state: SendState.WAITING,
        attempts: attempt,
        lastError: `provider unavailable (${attempt})`,
        lockedAt: null,
      });
      const delay = row.runAt.getTime() - clock;
      delays.push(delay);
      // Not due before its time.
      at(row.runAt.getTime() - 1);
      expect((await runDueJobs()).claimed).toBe(0);
      clock = row.runAt.getTime();
      at(clock);
    }
    // 1 s, 2 s, 4 s, each ±25 %: every delay longer than the one before.
    expect(delays[0]).toBeGreaterThanOrEqual(750);
    expect(delays[0]).toBeLessThanOrEqual(1250);
    expect(delays[1]).toBeGreaterThan(delays[0]);
    expect(delays[2]).toBeGreaterThan(delays[1]);
    expect(delays[2]).toBeGreaterThanOrEqual(3000);

    expect(await runDueJobs()).toMatchObject({ claimed: 1, failed: 1 });
    expect(await jobByKey(key)).toMatchObject({
      state: SendState.FAIL,
      attempts: 4,
      lastError: 'provider unavailable (4)',
      lockedAt: null,
    });
    at(clock + 24 * 3600_000);
    expect((await runDueJobs()).claimed).toBe(0);
    expect(calls).toBe(4);
  });

  test('the backoff doubles, is capped, and its jitter stays within ±25 %', () => {
    expect(retryDelayMs(1, 1000, () => 0.5)).toBe(1000);
    expect(retryDelayMs(2, 1000, () => 0.5)).toBe(2000);
    expect(retryDelayMs(3, 1000, () => 0)).toBe(3000);
    expect(retryDelayMs(3, 1000, () => 1)).toBe(5000);
    expect(retryDelayMs(40, 1000, () => 0.5)).toBe(6 * 3600_000);
  });

  test('a permanent error fails the job at once', async () => {
    const kind = unique('test-permanent-');
    let calls = 0;
    defineJob(kind, async () => {
      calls += 1;
      throw new PermanentJobError('학원이 없습니다.');
    });
    const key = unique('permanent-');
    await enqueueJob(db(), { kind, key });
    expect(await runDueJobs()).toMatchObject({ claimed: 1, failed: 1 });
    expect(await jobByKey(key)).toMatchObject({ state: SendState.FAIL, attempts: 1, lastError: '학원이 없습니다.' });
    at(Date.now() + 24 * 3600_000);
    expect((await runDueJobs()).claimed).toBe(0);
    expect(calls).toBe(1);
  });

  test('a SENDING job whose runner died is reclaimed once its lock is older than five minutes', async () => {
    const kind = unique('test-stale-');
    let calls = 0;
    defineJob(kind, async () => {
      calls += 1;
    });
    const key = unique('stale-');
    const start = Date.now();
    at(start);
    const job = await enqueueJob(db(), { kind, key });
    // A runner claimed it and died: SENDING, locked now, one attempt counted.
    await db()
      .update(jobs)
      .set({ state: SendState.SENDING, lockedAt: new Date(start), attempts: 1 })
      .where(eq(jobs.id, job!.id));

    at(start + LOCK_TIMEOUT_MS - 1000);
    expect((await runDueJobs()).claimed).toBe(0);
    at(start + LOCK_TIMEOUT_MS + 1000);
    expect(await runDueJobs()).toMatchObject({ claimed: 1, completed: 1 });
    expect(await jobByKey(key)).toMatchObject({ state: SendState.COMPLETE, attempts: 2 });
    expect(calls).toBe(1);
  });

  test("a runner that lost its lock (taken over as stale) does not overwrite the new owner's outcome", async () => {
    const kind = unique('test-slow-');
    const start = Date.now();
    let release!: () => void;
    let calls = 0;
    defineJob(kind, async () => {
      calls += 1;
      if (calls === 1) await new Promise<void>((r) => (release = r));
      else throw new PermanentJobError('second owner failed');
    });
    const key = unique('slow-');
    at(start);
    await enqueueJob(db(), { kind, key });
    const first = runDueJobs();
    while (!release) await sleep(5);
    // Past the lock timeout another runner takes the job over and records its own outcome.
    at(start + LOCK_TIMEOUT_MS + 1000);
    expect(await runDueJobs()).toMatchObject({ claimed: 1, failed: 1 });
    release();
    await first;
    expect(await jobByKey(key)).toMatchObject({ state: SendState.FAIL, attempts: 2, lastError: 'second owner failed' });
  });

  test('jobs of a kind this process does not know are left for a runner that does', async () => {
    const key = unique('unknown-');
    await enqueueJob(db(), { kind: 'a-kind-no-one-defined', key });
    await runDueJobs({ limit: 100 });
    expect(await jobByKey(key)).toMatchObject({ state: SendState.WAITING, attempts: 0 });
  });
});

describe('schedules and the runner loop', () => {
  test('startJobRunner runs due jobs on its own, logs a failing handler without stopping, and stop() waits for its tick', async () => {
    const kind = unique('test-loop-');
    const done: string[] = [];
    defineJob(kind, async (payload) => {
      if (payload.boom) throw new Error('boom');
      await sleep(20);
      done.push(String(payload.n));
    });
    for (let n = 0; n < 5; n += 1) await enqueueJob(db(), { kind, key: unique('loop-'), payload: { n, boom: n === 2 } });
    const runner = startJobRunner({ intervalMs: 10 });
    for (let i = 0; i < 200 && done.length < 4; i += 1) await sleep(10);
    await runner.stop();
    expect(done.sort()).toEqual(['0', '1', '3', '4']);
    // Stopped: a new job stays WAITING.
    const key = unique('after-stop-');
    await enqueueJob(db(), { kind, key, payload: { n: 9 } });
    await sleep(50);
    expect(await jobByKey(key)).toMatchObject({ state: SendState.WAITING });
  });

  test('the outbox schedule delivers a message queued in a transaction', async () => {
    registerAppJobs();
    expect(registered().schedules).toEqual(expect.arrayContaining(['outbox', 'autobill']));
    expect(OUTBOX_EVERY_MS).toBeLessThanOrEqual(10_000);
    const body = `${unique('receipt-')} 결제가 완료되었습니다.`;
    const message = (await db().transaction((tx) =>
      enqueueMessage({ recipientUserId: null, phone: '01012345678', channel: 'SMS', kind: 'PAYMENT_RECEIPT', body }, tx),
    ))!;
    expect(message.sendState).toBe(SendState.WAITING);

    await runDueSchedules(new Map());
    const [row] = await db().select().from(messages).where(eq(messages.id, message.id));
    expect(row).toMatchObject({ sendState: SendState.COMPLETE, attempts: 1 });
    expect(await solapi.received(message.id)).toBe(1);
    // Delivered once: the next pass finds nothing of it.
    await runOutbox();
    expect(await solapi.received(message.id)).toBe(1);
  });

  test('a schedule runs again only after its period', async () => {
    const { defineSchedule } = await import('~/services/jobs/runner.server');
    const name = unique('test-schedule-');
    let runs = 0;
    defineSchedule(name, 60_000, async () => {
      runs += 1;
    });
    const last = new Map<string, number>();
    const start = Date.now();
    at(start);
    await runDueSchedules(last);
    at(start + 30_000);
    await runDueSchedules(last);
    expect(runs).toBe(1);
    at(start + 60_000);
    await runDueSchedules(last);
    expect(runs).toBe(2);
  });
});

describe('npm run worker', () => {
  test("the worker's start function runs a due job against the database and stops", async () => {
    const body = `${unique('worker-')} 자동 결제에 실패했습니다.`;
    const message = (await enqueueMessage({ recipientUserId: null, phone: '01012345678', channel: 'SMS', kind: 'TEST', body }))!;
    const kind = unique('test-worker-');
    let ran = 0;
    defineJob(kind, async () => {
      ran += 1;
    });
    const key = unique('worker-job-');
    await enqueueJob(db(), { kind, key });

    // On PGlite the worker is refused unless told (the web server owns an embedded database).
    if (!onPostgres()) await expect(startWorker({ intervalMs: 10 })).rejects.toThrow('DATABASE_URL이 없습니다.');
    const worker = await startWorker({ intervalMs: 10, embedded: true });
    for (let i = 0; i < 300 && (ran === 0 || (await solapi.received(message.id)) === 0); i += 1) await sleep(10);
    await worker.stop();
    expect(ran).toBe(1);
    expect(await jobByKey(key)).toMatchObject({ state: SendState.COMPLETE });
    expect(await solapi.received(message.id)).toBe(1);

    const next = unique('worker-after-');
    await enqueueJob(db(), { kind, key: next });
    await sleep(50);
    expect(await jobByKey(next)).toMatchObject({ state: SendState.WAITING });
  });
});

/** Runs `node server/worker.mjs` (what `npm run worker` runs) with `env`; resolves its exit code and output. */
function runWorkerScript(env: Record<string, string>, whileRunning?: (output: () => string) => Promise<void>) {
  const child = spawn(process.execPath, ['server/worker.mjs'], { env: { ...process.env, ...env }, stdio: 'pipe' });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return (async () => {
    if (whileRunning) {
      await whileRunning(() => output);
      child.kill('SIGTERM');
    }
    return { code: await exited, output };
  })();
}

/** The build `npm start` serves, with the worker's start function in it. */
const builtWithWorker = () => fs.existsSync('build/index.js') && fs.readFileSync('build/index.js', 'utf8').includes('startWorker');

describe('server/worker.mjs', () => {
  test('refuses the embedded database before opening it (the web server runs the jobs there)', async () => {
    const { code, output } = await runWorkerScript({ DATABASE_URL: '' });
    expect(code).toBe(1);
    expect(output).toContain('DATABASE_URL이 없습니다.');
  });

  test.skipIf(!onPostgres() || !builtWithWorker())(
    'beside PostgreSQL it delivers a waiting message from the built app and stops on SIGTERM',
    async () => {
      const url = (connection().db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
      const body = `${unique('script-')} 결제가 완료되었습니다.`;
      const message = (await enqueueMessage({ recipientUserId: null, phone: '01012345678', channel: 'SMS', kind: 'TEST', body }))!;
      const { code, output } = await runWorkerScript(
        {
          DATABASE_URL: url,
          APP_ENV: 'PROD',
          SESSION_SECRET: 'worker-test-secret-worker-test-secret',
          WORKER_INTERVAL_MS: '50',
          LOG_LEVEL: 'warn',
          // The worker's provider: Solapi's adapter pointed at this file's simulator.
          SOLAPI_API_KEY: solapi.config.apiKey,
          SOLAPI_API_SECRET: solapi.config.apiSecret,
          SOLAPI_PF_ID: solapi.config.pfId,
          SOLAPI_SENDER: solapi.config.sender,
          SOLAPI_BASE_URL: solapi.url,
        },
        async (out) => {
          for (let i = 0; i < 600; i += 1) {
            const [row] = await db().select().from(messages).where(eq(messages.id, message.id));
            if (row.sendState === SendState.COMPLETE) return;
            if (out().includes('Error')) throw new Error(out());
            await sleep(50);
          }
          throw new Error(`the worker did not deliver the message: ${out()}`);
        },
      );
      expect(code).toBe(0);
      expect(output).toContain('SIGTERM: 진행 중인 작업을 마친 뒤 끝냅니다.');
    },
    60_000,
  );
});

// PGlite runs every query of the process one after another (one connection), so two runners there can never claim at
// the same moment: the race is only real on PostgreSQL, where each claim is its own connection.
describe.skipIf(!onPostgres())('two runners on PostgreSQL', () => {
  test('started together over many jobs, they never run one job twice', async () => {
    const kind = unique('test-race-');
    const executions = new Map<string, number>();
    defineJob(kind, async (payload) => {
      const key = String(payload.key);
      executions.set(key, (executions.get(key) ?? 0) + 1);
      await sleep(Math.random() * 5);
    });
    const keys = Array.from({ length: 300 }, () => unique('race-'));
    for (const key of keys) await enqueueJob(db(), { kind, key, payload: { key } });

    const a = startJobRunner({ intervalMs: 5, batch: 7 });
    const b = startJobRunner({ intervalMs: 5, batch: 7 });
    const c = startJobRunner({ intervalMs: 5, batch: 7 });
    for (let i = 0; i < 1000 && executions.size < keys.length; i += 1) await sleep(20);
    await Promise.all([a.stop(), b.stop(), c.stop()]);

    expect(executions.size).toBe(keys.length);
    expect([...executions.values()].every((n) => n === 1)).toBe(true);
    const rows = await db().select({ state: jobs.state, attempts: jobs.attempts }).from(jobs).where(eq(jobs.kind, kind));
    expect(rows).toHaveLength(keys.length);
    expect(rows.every((r) => r.state === SendState.COMPLETE && r.attempts === 1)).toBe(true);
  });
});
