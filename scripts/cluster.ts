// `npm run cluster` (docs/decisions/043-cluster-and-backups.md): the app scaled out on one machine, shown under load.
// On the local PostgreSQL (127.0.0.1:5432) in a database of its own (CLUSTER_DB, default readin_cluster; created,
// migrated and demo-seeded by the first app process when missing) it starts three app processes and two workers behind
// HAProxy (/usr/sbin/haproxy, its configuration generated into a temp folder, health checks on /readyz), then shows:
//   1. sessions work on every process (signed in through HAProxy, the same cookie opens the student's page on each);
//   2. throughput of the student's pages on one process and through HAProxy on three, and the requests spread over them;
//   3. a rolling restart under load (each app SIGTERM'd — it drains: /readyz 503 first — and started again in turn)
//      fails no request;
//   4. a worker SIGKILLed in the middle of its jobs: every job is done exactly once, the killed one's by the other.
// Prints the figures; exits 1 if any check fails. Ports: CLUSTER_PORT (3140) for HAProxy, the next three for the apps.
// `--no-build` uses the existing build. CLUSTER_SECONDS (10): length of each load run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../server/node-flags.mjs';
import { SendState } from '~/domain/enums';
import { PROBE_JOB, PROBE_TABLE, probeTableDdl } from '~/services/jobs/probe.server';
import { loadVerdict, probeVerdict, spread, type ProbeJobRow, type ProbeEffectRow } from './lib/cluster-checks';
import { haproxyConfig, parseShowStat, type ServerStat } from './lib/haproxy-config';
import { signInCookie } from './lib/page-weight';
import { ensureTools, importTool } from './lib/tool-cache';

const PORT = Number(process.env.CLUSTER_PORT ?? 3140);
const DB = process.env.CLUSTER_DB ?? 'readin_cluster';
const SECONDS = Math.max(3, Number(process.env.CLUSTER_SECONDS ?? 10));
const PG_URL = process.env.CLUSTER_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DATABASE_URL = `${PG_URL}/${DB}`;
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
const DRAIN_MS = 3_000;
const PROBE_JOBS = 60;
const FRONT = `http://127.0.0.1:${PORT}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'readin-cluster-'));
const children = new Set<ChildProcess>();

async function cleanup() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const deadline = Date.now() + 12_000;
  while ([...children].some((c) => c.exitCode === null && c.signalCode === null) && Date.now() < deadline) await sleep(100);
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void cleanup().finally(() => process.exit(130)));

function spawnLogged(name: string, command: string, argv: string[], env: Record<string, string>): ChildProcess {
  const log = fs.openSync(path.join(tmp, `${name}.log`), 'a');
  const child = spawn(command, argv, { env: { ...process.env, ...env }, stdio: ['ignore', log, log] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
const logTail = (name: string) => fs.readFileSync(path.join(tmp, `${name}.log`), 'utf8').slice(-3000);

// ---------------------------------------------------------------------------------------------------------------
// Processes.

const APPS = [1, 2, 3].map((i) => ({ name: `app${i}`, port: PORT + i }));
const appEnv = {
  NODE_ENV: 'production',
  APP_ENV: 'EXP',
  DATABASE_URL,
  TRUST_PROXY: '1',
  SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
  // One uploads folder for every process: the local stand-in for object storage.
  DATA_DIR: path.join(tmp, 'data'),
  LOG_LEVEL: 'warn',
};
const running = new Map<string, ChildProcess>();

async function waitReady(url: string, name: string, child: ChildProcess, seconds = 180) {
  for (let i = 0; i < seconds * 4; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${logTail(name)}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${name} was not ready in ${seconds} s:\n${logTail(name)}`);
}

async function startApp(app: { name: string; port: number }) {
  const child = spawnLogged(app.name, process.execPath, [...SERVER_NODE_FLAGS, 'server/index.mjs'], { ...appEnv, PORT: String(app.port) });
  running.set(app.name, child);
  await waitReady(`http://127.0.0.1:${app.port}/readyz`, app.name, child);
}

function startWorker(name: string) {
  const child = spawnLogged(name, process.execPath, ['server/worker.mjs'], {
    ...appEnv,
    JOB_PROBE: '1',
    JOB_LOCK_TIMEOUT_MS: '4000',
    WORKER_INTERVAL_MS: '300',
  });
  running.set(name, child);
  return child;
}

/** CPU time (user + system) a process has used, in ms (Linux: /proc/<pid>/stat, 100 ticks a second). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));

// ---------------------------------------------------------------------------------------------------------------
// HAProxy.

const statsSocket = path.join(tmp, 'haproxy.sock');

function showStat(): Promise<ServerStat[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(statsSocket);
    let out = '';
    socket.on('data', (d) => (out += d));
    socket.on('end', () => resolve(parseShowStat(out)));
    socket.on('error', reject);
    socket.write('show stat\n');
  });
}

async function waitAllUp(seconds = 120) {
  for (let i = 0; i < seconds * 10; i++) {
    const stats = await showStat().catch(() => []);
    if (stats.length === APPS.length && stats.every((s) => s.status === 'UP')) return;
    await sleep(100);
  }
  throw new Error(`HAProxy did not see every app UP: ${JSON.stringify(await showStat().catch(() => []))}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Load.

type AutocannonResult = {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
};
type Autocannon = (
  options: { url: string; connections: number; duration: number; timeout: number; headers: Record<string, string> },
  done: (error: Error | null, result: AutocannonResult) => void,
) => { stop(): void };

let autocannon: Autocannon;
/** A load run; `stop()` ends it early (the rolling restart runs until every app is back). */
function startLoad(url: string, cookie: string, seconds = SECONDS, connections = 10) {
  let instance: { stop(): void } | undefined;
  const result = new Promise<AutocannonResult>((resolve, reject) => {
    instance = autocannon({ url, connections, duration: seconds, timeout: 30, headers: { cookie } }, (error, r) =>
      error ? reject(error) : resolve(r),
    );
  });
  const figures = result.then((r) => {
    const statuses = Object.entries(r.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}×${count}`)
      .join(' ');
    return { ...loadVerdict(r), p50: r.latency.p50, p99: r.latency.p99, statuses };
  });
  return { figures, stop: () => instance?.stop() };
}
const load = (url: string, cookie: string, seconds = SECONDS, connections = 10) => startLoad(url, cookie, seconds, connections).figures;

// ---------------------------------------------------------------------------------------------------------------

const results: { check: string; ok: boolean; figures: string }[] = [];
function record(check: string, ok: boolean, figures: string) {
  results.push({ check, ok, figures });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${check}: ${figures}`);
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the build failed');
  }
  ensureTools(['autocannon']);
  autocannon = (await importTool<{ default: Autocannon }>('autocannon')).default;

  const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [DB]);
  if (exists.rowCount === 0) {
    await admin.query(`create database ${DB}`);
    console.log(`created database ${DB}`);
  }
  await admin.end();

  // The first app migrates and seeds (under the migrations' advisory lock), the others find it done.
  const started = Date.now();
  await startApp(APPS[0]);
  await Promise.all(APPS.slice(1).map(startApp));
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  await db.query(probeTableDdl);
  startWorker('worker1');
  startWorker('worker2');
  fs.writeFileSync(path.join(tmp, 'haproxy.cfg'), haproxyConfig({ port: PORT, servers: APPS, statsSocket }));
  const haproxy = spawnLogged('haproxy', HAPROXY, ['-db', '-f', path.join(tmp, 'haproxy.cfg')], {});
  await waitReady(`${FRONT}/readyz`, 'haproxy', haproxy, 20);
  await waitAllUp();
  console.log(
    `cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s: HAProxy ${FRONT} → ${APPS.map((a) => a.port).join(', ')}; 2 workers; ${DATABASE_URL}`,
  );
  console.log(
    `machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? '?'}), load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  // 1. Sessions: signed in through HAProxy; the cookie works on each process directly and through HAProxy.
  const cookie = await signInCookie(FRONT, 'student');
  const direct = await Promise.all(
    APPS.map(async (a) => (await fetch(`http://127.0.0.1:${a.port}/user/dashboard`, { headers: { cookie }, redirect: 'manual' })).status),
  );
  const servedBy = new Map<string, number[]>();
  for (let i = 0; i < 9; i++) {
    const res = await fetch(`${FRONT}/user/dashboard`, { headers: { cookie }, redirect: 'manual' });
    const name = res.headers.get('x-served-by') ?? '?';
    servedBy.set(name, [...(servedBy.get(name) ?? []), res.status]);
  }
  const viaFront = [...servedBy].map(([name, statuses]) => `${name} ${statuses.join('/')}`).join(', ');
  record(
    'sessions on every process',
    direct.every((s) => s === 200) && servedBy.size === APPS.length && [...servedBy.values()].flat().every((s) => s === 200),
    `signed in via HAProxy; /user/dashboard directly: ${APPS.map((a, i) => `${a.name} ${direct[i]}`).join(', ')}; via HAProxy: ${viaFront}`,
  );

  // 2. Throughput: the student's pages on one process, then through HAProxy on three.
  const book = (await (await fetch(`${FRONT}/user/activity`, { headers: { cookie } })).text()).match(
    /href="(\/user\/activity\/readingBook\/\d+)"/,
  )?.[1];
  const pages = [
    { label: '/user/dashboard', path: '/user/dashboard' },
    ...(book ? [{ label: '/user/activity/readingBook/{id}', path: book }] : []),
  ];
  for (const page of pages) {
    await load(`http://127.0.0.1:${APPS[0].port}${page.path}`, cookie, 2, 4);
    // Throughput on a machine others load says little; the app's CPU time per request says what a core serves.
    const pid = running.get(APPS[0].name)!.pid!;
    const cpuBefore = cpuMs(pid);
    const one = await load(`http://127.0.0.1:${APPS[0].port}${page.path}`, cookie);
    const perRequest = (cpuMs(pid) - cpuBefore) / Math.max(1, one.total);
    record(
      `${page.label} on one process`,
      one.ok,
      `${one.perSecond.toFixed(0)} req/s, p50 ${one.p50} ms, p99 ${one.p99} ms, ${one.failed} failed; app CPU ${perRequest.toFixed(1)} ms a request (${one.total} requests) ⇒ ${(1000 / perRequest).toFixed(0)} req/s per core for the app process`,
    );
    const before = await showStat();
    const three = await load(`${FRONT}${page.path}`, cookie, SECONDS, 20);
    const shares = spread(before, await showStat());
    record(
      `${page.label} via HAProxy on three`,
      three.ok && shares.ok,
      `${three.perSecond.toFixed(0)} req/s, p50 ${three.p50} ms, p99 ${three.p99} ms, ${three.failed} failed (${three.statuses}); per process ${shares.counts.map((c) => `${c.name} ${c.requests}`).join(', ')}`,
    );
  }

  // 3. Rolling restart under load: each app SIGTERM'd (it drains first), started again, back UP, then the next.
  const before = await showStat();
  const rollingStarted = Date.now();
  const loadRun = startLoad(`${FRONT}/user/dashboard`, cookie, 600, 4);
  const restarts: string[] = [];
  await sleep(3_000);
  for (const app of APPS) {
    const child = running.get(app.name)!;
    const t0 = Date.now();
    child.kill('SIGTERM');
    await exited(child);
    const down = Date.now() - t0;
    await startApp(app);
    await waitAllUp();
    restarts.push(`${app.name} stopped in ${(down / 1000).toFixed(1)} s, back UP after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await sleep(1_000);
  }
  await sleep(2_000);
  loadRun.stop();
  const rolling = await loadRun.figures;
  const rollingSeconds = Math.round((Date.now() - rollingStarted) / 1000);
  const during = spread(before, await showStat(), 0.1);
  record(
    'rolling restart under load fails no request',
    rolling.ok,
    `${rolling.total} requests in ${rollingSeconds} s (${rolling.perSecond.toFixed(0)} req/s, p99 ${rolling.p99} ms), ${rolling.failed} failed (${rolling.statuses}); ${restarts.join('; ')}; per process ${during.counts.map((c) => `${c.name} ${c.requests}`).join(', ')}`,
  );

  // 4. A worker SIGKILLed mid-run: its claimed jobs are taken over by the other once their lock is stale (4 s here).
  const run = `probe:${Date.now()}`;
  const keys = Array.from({ length: PROBE_JOBS }, (_, i) => `${run}:${i}`);
  await db.query(
    `insert into jobs (kind, key, payload, state, run_at)
     select $1, k, jsonb_build_object('key', k, 'ms', 150), 1, now() from unnest($2::text[]) k`,
    [PROBE_JOB, keys],
  );
  const killed = running.get('worker1')!;
  // Killed once it has done a job of this run (so it holds a claimed batch and is in the middle of one).
  for (let i = 0; i < 200; i++) {
    const done = await db.query(`select 1 from ${PROBE_TABLE} where job_key like $1 and worker_pid = $2 limit 1`, [`${run}:%`, killed.pid]);
    if (done.rowCount) break;
    await sleep(50);
  }
  const sendingAtKill = (
    await db.query(`select count(*)::int n from jobs where key like $1 and state = ${SendState.SENDING}`, [`${run}:%`])
  ).rows[0].n;
  killed.kill('SIGKILL');
  await exited(killed);
  const t0 = Date.now();
  let jobsRows: ProbeJobRow[] = [];
  for (let i = 0; i < 600; i++) {
    jobsRows = (await db.query<ProbeJobRow>(`select key, state, attempts from jobs where key like $1`, [`${run}:%`])).rows;
    if (jobsRows.every((j) => j.state === SendState.COMPLETE || j.state === SendState.FAIL)) break;
    await sleep(100);
  }
  const effects = (
    await db.query<ProbeEffectRow>(`select job_key, worker_pid, runs from ${PROBE_TABLE} where job_key like $1`, [`${run}:%`])
  ).rows;
  const verdict = probeVerdict(keys, jobsRows, effects);
  record(
    'a killed worker’s jobs are done once by the other',
    verdict.ok,
    `${verdict.jobs} jobs, ${verdict.complete} COMPLETE, ${verdict.missing} without their effect, ${verdict.twice} with it twice; ${sendingAtKill} claimed (SENDING) when worker1 (pid ${killed.pid}) was SIGKILLed, ${verdict.reclaimed} taken over by worker2 (${verdict.rerun} of them had done the work before the kill and found it done: idempotent), all done ${((Date.now() - t0) / 1000).toFixed(1)} s after the kill; effects per pid ${JSON.stringify(verdict.byPid)}`,
  );
  await db.end();
}

let failed = false;
try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  await cleanup();
}
const bad = results.filter((r) => !r.ok);
console.log(`\n${results.length - bad.length}/${results.length} checks passed${failed ? ' (the run stopped on an error)' : ''}`);
process.exit(failed || bad.length ? 1 : 0);
