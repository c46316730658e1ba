import { and, eq, inArray, sql } from 'drizzle-orm';
import { db, executeRows, type Executor } from '~/db/client.server';
import { jobs, type Job } from '~/db/schema';
import { SendState } from '~/domain/enums';
import { now, nowMs } from '~/lib/clock.server';
import { log } from '~/lib/log.server';

// The job runner (architecture.md §8): background work (talk sending, payment sweeps, monthly billing) is a row of
// `jobs`, written in the transaction of the change that causes it, or by a schedule under a key naming its period, so
// that whatever runs twice adds it once. Runners claim due rows with FOR UPDATE SKIP LOCKED in a short statement (two
// runners never claim one row), run the handler outside any transaction, then mark the row COMPLETE, or WAITING again
// later (exponential backoff with jitter), or FAIL after the last attempt. A runner that died mid-job leaves its row
// SENDING; after LOCK_TIMEOUT_MS another runner takes it over, so handlers must be safe to run again (they re-read
// what they change and guard their updates).

/** A SENDING job whose lock is older than this is taken to be abandoned and is claimed again. */
export const LOCK_TIMEOUT_MS = 5 * 60_000;

/** LOCK_TIMEOUT_MS, or JOB_LOCK_TIMEOUT_MS when set (`npm run cluster` takes a killed worker's jobs over in seconds). */
export function lockTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const given = Number(env.JOB_LOCK_TIMEOUT_MS);
  return Number.isFinite(given) && given >= 1_000 ? given : LOCK_TIMEOUT_MS;
}
const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 6 * 60 * 60_000;

/** Thrown by a handler when trying again cannot help (the job FAILs at once, whatever attempts remain). */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export type JobContext = { job: Job };
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;
export type JobOptions = {
  /** Attempts before the job FAILs (default 5). */
  maxAttempts?: number;
  /** The delay before the second attempt; each later one doubles it (default 30 s, at most 6 hours), ±25 % jitter. */
  backoffMs?: number;
};

type Definition = { handler: JobHandler; maxAttempts: number; backoffMs: number };
type Schedule = { name: string; everyMs: number; run: (at: Date) => Promise<void> };

const definitions = new Map<string, Definition>();
const schedules = new Map<string, Schedule>();

/** Registers what a job of `kind` does. Defining a kind again replaces its handler (development rebuilds, tests). */
export function defineJob(kind: string, handler: JobHandler, options: JobOptions = {}) {
  definitions.set(kind, {
    handler,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS,
  });
}

/**
 * A periodic task, run by every job runner about every `everyMs`. It must be safe to run in two runners at once: it
 * enqueues keyed jobs (the key names the period, so the period's work is added once) or changes rows with guarded
 * updates.
 */
export function defineSchedule(name: string, everyMs: number, run: (at: Date) => Promise<void>) {
  schedules.set(name, { name, everyMs, run });
}

/** The kinds and schedules this process knows (tests and the start-up summary). */
export function registered() {
  return { kinds: [...definitions.keys()], schedules: [...schedules.keys()] };
}

export type NewJob = { kind: string; key: string; payload?: Record<string, unknown>; runAt?: Date };

/**
 * Adds a job WAITING, in the caller's transaction when given one. A job with the same key already there (whatever its
 * state) means nothing is added: returns the new row, or null.
 */
export async function enqueueJob(executor: Executor, job: NewJob): Promise<Job | null> {
  const [row] = await executor
    .insert(jobs)
    .values({ kind: job.kind, key: job.key, payload: job.payload ?? {}, state: SendState.WAITING, runAt: job.runAt ?? now() })
    .onConflictDoNothing({ target: jobs.key })
    .returning();
  return row ?? null;
}

/** The wait before the attempt after `attempts` failed ones: backoff · 2^(attempts-1), capped, ±25 % jitter. */
export function retryDelayMs(attempts: number, backoffMs = DEFAULT_BACKOFF_MS, random: () => number = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, backoffMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}

type ClaimedRow = { id: number };

/**
 * Claims up to `limit` due jobs of the kinds this process knows: WAITING ones whose runAt has come, and SENDING ones
 * whose lock is older than LOCK_TIMEOUT_MS. One statement: the subquery locks the rows (skipping those another runner
 * holds) and the update marks them SENDING with this attempt counted, so a runner that dies after it leaves them to be
 * reclaimed later.
 */
async function claimDueJobs(limit: number): Promise<Job[]> {
  const kinds = [...definitions.keys()];
  if (kinds.length === 0 || limit <= 0) return [];
  const at = now();
  const staleBefore = new Date(at.getTime() - lockTimeoutMs());
  const claimed = await db().transaction(async (tx) => {
    const rows = await executeRows<ClaimedRow>(
      tx,
      sql`select id from ${jobs}
          where ${inArray(jobs.kind, kinds)}
            and ((${jobs.state} = ${SendState.WAITING} and ${jobs.runAt} <= ${at.toISOString()})
              or (${jobs.state} = ${SendState.SENDING} and ${jobs.lockedAt} < ${staleBefore.toISOString()}))
          order by ${jobs.runAt}, ${jobs.id}
          limit ${limit}
          for update skip locked`,
    );
    if (rows.length === 0) return [];
    return tx
      .update(jobs)
      .set({ state: SendState.SENDING, lockedAt: at, attempts: sql`${jobs.attempts} + 1` })
      .where(
        inArray(
          jobs.id,
          rows.map((r) => Number(r.id)),
        ),
      )
      .returning();
  });
  return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

export type RunSummary = { claimed: number; completed: number; retried: number; failed: number };

/** Claims the due jobs and runs them one after another. Returns what happened (tests, the worker's log). */
export async function runDueJobs(options: { limit?: number } = {}): Promise<RunSummary> {
  const summary: RunSummary = { claimed: 0, completed: 0, retried: 0, failed: 0 };
  const claimed = await claimDueJobs(options.limit ?? 20);
  summary.claimed = claimed.length;
  for (const job of claimed) {
    const outcome = await runOne(job);
    summary[outcome] += 1;
  }
  return summary;
}

/** Our lock on the row: only the runner that claimed it at `lockedAt` records the outcome. */
const ours = (job: Job) => and(eq(jobs.id, job.id), eq(jobs.state, SendState.SENDING), eq(jobs.lockedAt, job.lockedAt!));

async function runOne(job: Job): Promise<'completed' | 'retried' | 'failed'> {
  const definition = definitions.get(job.kind)!;
  try {
    await definition.handler(job.payload ?? {}, { job });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const permanent = error instanceof PermanentJobError;
    if (permanent || job.attempts >= definition.maxAttempts) {
      await db().update(jobs).set({ state: SendState.FAIL, lastError: message, lockedAt: null, finishedAt: now() }).where(ours(job));
      log.error({ job: { id: job.id, kind: job.kind, key: job.key, attempts: job.attempts }, error: message }, 'job failed');
      return 'failed';
    }
    const runAt = new Date(nowMs() + retryDelayMs(job.attempts, definition.backoffMs));
    await db().update(jobs).set({ state: SendState.WAITING, lastError: message, lockedAt: null, runAt }).where(ours(job));
    log.warn(
      { job: { id: job.id, kind: job.kind, key: job.key, attempts: job.attempts }, error: message, retryAt: runAt },
      'job will retry',
    );
    return 'retried';
  }
  await db().update(jobs).set({ state: SendState.COMPLETE, lastError: null, lockedAt: null, finishedAt: now() }).where(ours(job));
  return 'completed';
}

/** Runs the schedules whose time has come (per process: `lastRun` remembers when each last ran here). */
export async function runDueSchedules(lastRun: Map<string, number>) {
  for (const schedule of schedules.values()) {
    const at = nowMs();
    const last = lastRun.get(schedule.name);
    if (last !== undefined && at - last < schedule.everyMs) continue;
    lastRun.set(schedule.name, at);
    try {
      await schedule.run(new Date(at));
    } catch (error) {
      log.error({ schedule: schedule.name, err: error }, 'schedule failed');
    }
  }
}

export type JobRunner = { stop(): Promise<void> };

/**
 * Runs the schedules and the due jobs every `intervalMs` until stopped. A tick starts only when the previous one has
 * ended (no overlap), and drains the due jobs (a few batches) before sleeping. Errors are logged and never end the
 * process; `stop()` waits for the tick in progress.
 */
export function startJobRunner(options: { intervalMs?: number; batch?: number } = {}): JobRunner {
  const intervalMs = options.intervalMs ?? 5_000;
  const batch = options.batch ?? 20;
  const lastRun = new Map<string, number>();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<void> | undefined;

  const tick = async () => {
    try {
      await runDueSchedules(lastRun);
      for (let round = 0; round < 5 && !stopped; round += 1) {
        const summary = await runDueJobs({ limit: batch });
        if (summary.claimed < batch) break;
      }
    } catch (error) {
      log.error({ err: error }, 'job runner tick failed');
    }
  };
  const loop = () => {
    if (stopped) return;
    current = tick().finally(() => {
      current = undefined;
      if (!stopped) timer = setTimeout(loop, intervalMs);
    });
  };
  timer = setTimeout(loop, 0);

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
