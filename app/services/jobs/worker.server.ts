import { config } from '~/config.server';
import { ensureDatabase } from '~/db/client.server';
import { log } from '~/lib/log.server';
import { registerAppJobs } from './catalogue.server';
import { registerProbeJob } from './probe.server';
import { startJobRunner, type JobRunner } from './runner.server';

// Where the job runner runs (architecture.md §8). On the embedded database (PGlite, one process owns its folder) the
// server runs it. Beside PostgreSQL it runs in `npm run worker` (server/worker.mjs), a process of its own, so that web
// servers can be added or restarted freely; RUN_JOBS=1 makes a web server run it too (one machine, no worker). Any
// number of runners may share one PostgreSQL: jobs are claimed with FOR UPDATE SKIP LOCKED.

const RUNNER_INTERVAL_MS = 5_000;

const flag = (value: string | undefined) => value === '1' || value === 'true';

/** True when this web server runs the jobs itself: on the embedded database, or when RUN_JOBS=1. */
export function serverRunsJobs(): boolean {
  return !config().databaseUrl || flag(process.env.RUN_JOBS);
}

/** The start-up summary's line about background work. */
export function jobsSummaryLine(): string {
  if (!config().databaseUrl) return '백그라운드 작업(알림 발송, 자동 결제): 이 서버에서 실행합니다 (내장 데이터베이스)';
  return flag(process.env.RUN_JOBS)
    ? '백그라운드 작업(알림 발송, 자동 결제): 이 서버에서도 실행합니다 (RUN_JOBS=1)'
    : '백그라운드 작업(알림 발송, 자동 결제): npm run worker가 실행합니다 (이 서버에서도 돌리려면 RUN_JOBS=1)';
}

const globalKey = Symbol.for('readin.jobRunner');
type Holder = { runner?: JobRunner };
const holder: Holder = ((globalThis as Record<symbol, Holder>)[globalKey] ??= {});

/**
 * The web server's part (server/index.mjs, once it listens): starts the runner when this server runs the jobs, and
 * returns the function that stops it (awaited before the database closes on SIGTERM). A development rebuild stops the
 * previous runner first.
 */
export async function startBackgroundJobs(): Promise<() => Promise<void>> {
  await holder.runner?.stop();
  holder.runner = undefined;
  if (!serverRunsJobs()) return async () => {};
  await ensureDatabase();
  registerAppJobs();
  const runner = startJobRunner({ intervalMs: RUNNER_INTERVAL_MS });
  holder.runner = runner;
  return async () => {
    await runner.stop();
    if (holder.runner === runner) holder.runner = undefined;
  };
}

export class WorkerRefused extends Error {}

/**
 * `npm run worker` (server/worker.mjs): the runner against DATABASE_URL, without the web server. Refuses the embedded
 * database (the server owns its folder and runs the jobs itself) unless `embedded` is given (tests on PGlite).
 */
export async function startWorker(options: { intervalMs?: number; embedded?: boolean } = {}): Promise<JobRunner> {
  if (!config().databaseUrl && !options.embedded) {
    throw new WorkerRefused(
      'DATABASE_URL이 없습니다. 내장 데이터베이스에서는 웹 서버(npm start)가 작업을 실행하므로 npm run worker는 PostgreSQL과 함께 씁니다.',
    );
  }
  await ensureDatabase();
  registerAppJobs();
  if (flag(process.env.JOB_PROBE)) registerProbeJob();
  const runner = startJobRunner({ intervalMs: options.intervalMs ?? RUNNER_INTERVAL_MS });
  log.info({ interval: options.intervalMs ?? RUNNER_INTERVAL_MS }, 'job runner started');
  return {
    async stop() {
      await runner.stop();
      log.info('job runner stopped');
    },
  };
}
