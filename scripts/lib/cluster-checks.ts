// The verdicts `npm run cluster` prints (scripts/cluster.ts), apart from the processes it starts so that they are tested
// (tests/unit/cluster-checks.test.ts).

import { SendState } from '~/domain/enums';
import type { ServerStat } from './haproxy-config';

/** Requests each process answered between two `show stat` readings, and whether every process took a fair share. */
export function spread(before: ServerStat[], after: ServerStat[], minShare = 0.15) {
  const counts = after.map((s) => ({
    name: s.name,
    requests: s.requests - (before.find((b) => b.name === s.name)?.requests ?? 0),
  }));
  const total = counts.reduce((sum, c) => sum + c.requests, 0);
  const ok = total > 0 && counts.every((c) => c.requests >= total * minShare);
  return { counts, total, ok };
}

export type ProbeJobRow = { key: string; state: number; attempts: number };
export type ProbeEffectRow = { job_key: string; worker_pid: number; runs: number };

/**
 * Each probe job COMPLETE with its effect recorded once. `reclaimed`: the jobs that took more than one attempt (claimed
 * by the killed worker, taken over by the other once their lock was stale); `rerun`: the runs that found the effect
 * already there (the killed worker had done the work but not yet marked the job COMPLETE).
 */
export function probeVerdict(keys: string[], jobs: ProbeJobRow[], effects: ProbeEffectRow[]) {
  const effectsByKey = new Map<string, number>();
  for (const e of effects) effectsByKey.set(e.job_key, (effectsByKey.get(e.job_key) ?? 0) + 1);
  const byPid = new Map<number, number>();
  for (const e of effects) byPid.set(e.worker_pid, (byPid.get(e.worker_pid) ?? 0) + 1);
  const complete = jobs.filter((j) => j.state === SendState.COMPLETE).length;
  const missing = keys.filter((k) => !effectsByKey.has(k));
  const twice = keys.filter((k) => (effectsByKey.get(k) ?? 0) > 1);
  const reclaimed = jobs.filter((j) => j.attempts > 1).length;
  const rerun = effects.reduce((sum, e) => sum + Math.max(0, e.runs - 1), 0);
  return {
    jobs: keys.length,
    complete,
    missing: missing.length,
    twice: twice.length,
    reclaimed,
    rerun,
    byPid: Object.fromEntries(byPid),
    ok: complete === keys.length && missing.length === 0 && twice.length === 0 && jobs.length === keys.length,
  };
}

/** autocannon's result reduced to what the cluster run judges: every response a 2xx, no error, no timeout. */
export function loadVerdict(r: { requests: { total: number; average: number }; errors: number; timeouts: number; non2xx: number }) {
  const failed = r.errors + r.timeouts + r.non2xx;
  return { total: r.requests.total, perSecond: r.requests.average, failed, ok: failed === 0 && r.requests.total > 0 };
}
