import { sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { defineJob } from './runner.server';

// The probe job of `npm run cluster` (scripts/cluster.ts, docs/decisions/043): a worker started with JOB_PROBE=1 knows
// it. Each run waits `ms` (a job's work, long enough for a worker to be killed in the middle of it) and then records its
// effect in job_probe_effects, a table the cluster script creates in its own database. The runner runs a job at least
// once (a worker killed after the effect and before COMPLETE leaves it to be run again), so the effect is idempotent as
// every handler's must be: one row per job, a second run only counts itself in `runs`. The script then checks that
// every probe job is COMPLETE with its effect there once.

export const PROBE_JOB = 'ops.probe';
export const PROBE_TABLE = 'job_probe_effects';

/** The table the probe writes to (created by the cluster script, never by the app's migrations). */
export const probeTableDdl = `create table if not exists ${PROBE_TABLE} (
  job_key text primary key, worker_pid integer not null, runs integer not null default 1, done_at timestamptz not null default now())`;

export function registerProbeJob() {
  defineJob(
    PROBE_JOB,
    async (payload) => {
      await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, Number(payload.ms ?? 100))));
      await db().execute(
        sql`insert into ${sql.identifier(PROBE_TABLE)} as e (job_key, worker_pid) values (${String(payload.key)}, ${process.pid})
            on conflict (job_key) do update set runs = e.runs + 1`,
      );
    },
    { maxAttempts: 3, backoffMs: 1_000 },
  );
}
