// `npm run perf`: the performance report of docs/performance.md (docs/decisions/021-performance-measurement.md).
// Builds (unless --no-build), starts the app on a scratch embedded database, signs in the demo accounts and
//   1. runs Lighthouse (Debian's Chromium, devtools throttling of "Regular 3G": 1,125 ms request latency, 630 kbit/s
//      both ways, CPU ×4) on the pages a student or teacher opens first, PERF_RUNS times each (3), and keeps the median
//      (PERF_PAGES=/user/activity,/member/login: only the pages whose label starts with one of these);
//   2. loads the app's bare page and the student's activity page with autocannon (30 connections, PERF_SECONDS each),
//      on the embedded database and, when PostgreSQL answers at 127.0.0.1:5432, on a scratch PostgreSQL database;
//   3. prints one Markdown table; `--write` puts it into docs/performance.md between its markers.
// Everything it starts is stopped and everything it makes is removed, on failure and on Ctrl-C too.
// `--server` runs the load part only (no Lighthouse). `--soak` runs only the memory soak: the activity page's load (30
// connections) for PERF_SOAK_SECONDS (600) on PostgreSQL when it answers (else, or with PERF_SOAK_DB=embedded, on the
// embedded database), the server's RSS sampled every 10 s, printed as one line, with the verdict flat or growing.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import { SERVER_NODE_FLAGS } from '../server/node-flags.mjs';
import { signInCookie } from './lib/page-weight';
import { cachedVersion, ensureTools, importTool } from './lib/tool-cache';

const args = new Set(process.argv.slice(2));
const RUNS = Math.max(1, Number(process.env.PERF_RUNS ?? 3));
const SECONDS = Math.max(1, Number(process.env.PERF_SECONDS ?? 20));
const CONNECTIONS = 30;
/** Read once: pinning this process to one core later changes what os.availableParallelism() answers. */
const CPU_COUNT = os.availableParallelism();
const WARM_UP_SECONDS = 3;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PG = { host: '127.0.0.1', port: '5432', user: 'postgres' };
const REPORT = 'docs/performance.md';
const START = '<!-- perf:start -->';
const END = '<!-- perf:end -->';

/** The throttling of the issue's goal: Chrome DevTools' "Regular 3G" applied to every request, and a CPU ×4. */
const THROTTLING = { requestLatencyMs: 1125, downloadThroughputKbps: 630, uploadThroughputKbps: 630, cpuSlowdownMultiplier: 4 };
const SCREEN = { mobile: false, width: 1280, height: 900, deviceScaleFactor: 1, disabled: false };

/** The app's page with the root layout only: a root-level route, no order id, so no query and no parent layout. */
const BARE_PAGE = '/card-pay/close';

/** The goal of the issue, per page opened first. */
const GOAL = { lcpMs: 2000, fcpMs: 1500, ttiMs: 5000, jsBytes: 100 * 1024, scripts: 8 };

// ---------------------------------------------------------------------------------------------------------------
// Clean-up: every resource registers how to release it; released in reverse order, once, on any exit path.

const cleanups: { name: string; run: () => Promise<void> | void }[] = [];
let cleaning: Promise<void> | null = null;
function onCleanup(name: string, run: () => Promise<void> | void) {
  cleanups.push({ name, run });
}
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const { name, run } = cleanups.pop()!;
      try {
        await run();
      } catch (error) {
        console.error(`clean-up of ${name} failed:`, error);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping and cleaning up…`);
    void cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Small helpers.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function run(command: string, argv: string[]) {
  const result = spawnSync(command, argv, { encoding: 'utf8' });
  return { ok: result.status === 0, out: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

function chromiumVersion(): string {
  const out = run(CHROMIUM, ['--version']).out;
  return out.match(/(Chromium|Chrome)[^\d]*[\d.]+/)?.[0] ?? (out.split('\n').pop() || 'unknown');
}

// ---------------------------------------------------------------------------------------------------------------
// The app: `node server/index.mjs` on a scratch database.

type App = { base: string; pid: number; label: string; stop: () => Promise<void> };

async function startApp(label: string, env: Record<string, string>): Promise<App> {
  // PERF_PORT: the port to serve on (one app at a time), else a free one.
  const port = process.env.PERF_PORT ? Number(process.env.PERF_PORT) : await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'readin-perf-'));
  onCleanup(`temp folder ${dataDir}`, () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server/index.mjs'], {
    env: { ...process.env, NODE_ENV: 'production', APP_ENV: 'EXP', DATABASE_URL: '', ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), 12_000);
    await exited;
    clearTimeout(forced);
  };
  onCleanup(`${label} server (pid ${child.pid})`, stop);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the ${label} server exited (${child.exitCode}):\n${stderr}`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (i > 240) throw new Error(`the ${label} server did not become ready in 2 minutes:\n${stderr}`);
    await sleep(500);
  }
  return { base, pid: child.pid!, label, stop };
}

/** A scratch PostgreSQL database, dropped at clean-up; null when PostgreSQL does not answer at 127.0.0.1:5432. */
function scratchPostgres(): { url: string; name: string } | null {
  if (!run('pg_isready', ['-h', PG.host, '-p', PG.port]).ok) return null;
  const name = `readin_perf_${randomBytes(4).toString('hex')}`;
  const created = run('createdb', ['-h', PG.host, '-p', PG.port, '-U', PG.user, name]);
  if (!created.ok) throw new Error(`createdb ${name} failed: ${created.out}`);
  onCleanup(`PostgreSQL database ${name}`, () => {
    const dropped = run('dropdb', ['-h', PG.host, '-p', PG.port, '-U', PG.user, '--if-exists', '--force', name]);
    if (!dropped.ok) throw new Error(dropped.out);
  });
  return { url: `postgres://${PG.user}@${PG.host}:${PG.port}/${name}`, name };
}

// ---------------------------------------------------------------------------------------------------------------
// Finding the pages whose ids depend on the demo data.

async function firstLink(base: string, page: string, cookie: string, pattern: RegExp): Promise<string | null> {
  const res = await fetch(new URL(page, base), { headers: { Cookie: cookie }, redirect: 'manual' });
  if (res.status !== 200) return null;
  return (await res.text()).match(pattern)?.[1] ?? null;
}

type Target = { label: string; path: string; account?: string } | { label: string; skipped: string };

async function targets(base: string): Promise<Target[]> {
  const cookie = await signInCookie(base, 'student');
  const reading = await firstLink(base, '/user/activity', cookie, /href="(\/user\/activity\/readingBook\/\d+)"/);
  // A problem page the demo student can open: a book waiting for its problem analysis, else the level test.
  const problem =
    (await firstLink(base, '/user/activity/readingBook/analysis', cookie, /href="(\/user\/activity\/readingBook\/analysis\/\d+)"/)) ??
    (await firstLink(base, '/user/activity/courseTest', cookie, /href="(\/user\/activity\/courseTest\/\d+)"/));
  const all: Target[] = [
    { label: '/landing', path: '/landing' },
    { label: '/member/login', path: '/member/login' },
    { label: '/user/dashboard', path: '/user/dashboard', account: 'student' },
    { label: '/user/activity', path: '/user/activity', account: 'student' },
    reading
      ? { label: '/user/activity/readingBook/{id}', path: reading, account: 'student' }
      : { label: '/user/activity/readingBook/{id}', skipped: 'no current book link on /user/activity' },
    { label: '/user/note/list', path: '/user/note/list', account: 'student' },
    problem
      ? { label: problem.replace(/\d+$/, '{id}'), path: problem, account: 'student' }
      : { label: 'problem page', skipped: 'the demo student has no problem analysis or level test to open' },
    { label: '/admin/dashboard (head)', path: '/admin/dashboard', account: 'head' },
    { label: '/admin/progress (head)', path: '/admin/progress', account: 'head' },
  ];
  // PERF_PAGES=/user/activity,/member/login measures only the pages whose label starts with one of these.
  const only = process.env.PERF_PAGES?.split(',').filter(Boolean);
  return only ? all.filter((t) => only.some((prefix) => t.label.startsWith(prefix))) : all;
}

// ---------------------------------------------------------------------------------------------------------------
// Part 1: Lighthouse.

type PageFigures = { lcp: number; fcp: number; tti: number | null; bytes: number; jsBytes: number; scripts: number };
type PageRow = { label: string; runs: number; figures?: PageFigures; error?: string };

// Lighthouse and chrome-launcher are installed on first use into .cache/tools (scripts/lib/tool-cache.ts), not by
// `npm install`; the few shapes read here are typed below.
type LighthouseResult = {
  lhr: {
    runtimeError?: { code: string; message: string };
    finalDisplayedUrl: string;
    audits: Record<string, { numericValue?: number; details?: unknown }>;
  };
};
type Lighthouse = (url: string, flags: Record<string, unknown>, config: Record<string, unknown>) => Promise<LighthouseResult | undefined>;
type LighthouseConstants = { userAgents: { desktop: string }; defaultSettings: { clearStorageTypes: string[] } };
type ChromeLauncher = {
  launch(options: {
    chromePath: string;
    chromeFlags: string[];
    handleSIGINT: boolean;
  }): Promise<{ port: number; pid: number; kill(): void }>;
};
type LighthouseTools = { lighthouse: Lighthouse; config: Record<string, unknown>; chromeLauncher: ChromeLauncher };

async function lighthouseTools(): Promise<LighthouseTools> {
  ensureTools(['lighthouse', 'chrome-launcher']);
  const lighthouse = (await importTool<{ default: Lighthouse }>('lighthouse')).default;
  const lhConstants = await importTool<LighthouseConstants>('lighthouse/core/config/constants.js');
  const chromeLauncher = await importTool<ChromeLauncher>('chrome-launcher');
  return { lighthouse, chromeLauncher, config: lighthouseConfig(lhConstants) };
}

const lighthouseConfig = (lhConstants: LighthouseConstants) => ({
  extends: 'lighthouse:default',
  settings: {
    // Only what the report reads: the other audits add time, not figures.
    onlyAudits: ['first-contentful-paint', 'largest-contentful-paint', 'interactive', 'total-byte-weight', 'network-requests'],
    throttlingMethod: 'devtools',
    throttling: THROTTLING,
    formFactor: 'desktop',
    screenEmulation: SCREEN,
    emulatedUserAgent: lhConstants.userAgents.desktop,
    disableFullPageScreenshot: true,
    skipAboutBlank: true, // every run opens a new tab
    // Cookies too, so that every run is a first visit and the session cookie of `extraHeaders` is the only one sent.
    clearStorageTypes: [...lhConstants.defaultSettings.clearStorageTypes, 'cookies'],
  },
});

async function lighthouseRun(tools: LighthouseTools, port: number, url: string, cookie?: string): Promise<PageFigures> {
  const result = await tools.lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', extraHeaders: cookie ? { Cookie: cookie } : undefined },
    tools.config,
  );
  if (!result) throw new Error('Lighthouse returned nothing');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  if (lhr.finalDisplayedUrl !== url) throw new Error(`ended on ${lhr.finalDisplayedUrl}`);
  const audits = lhr.audits;
  const requests = ((audits['network-requests'].details as { items?: { resourceType?: string; transferSize?: number }[] })?.items ??
    []) as { resourceType?: string; transferSize?: number; statusCode?: number }[];
  if (requests[0]?.statusCode !== 200) throw new Error(`the document answered ${requests[0]?.statusCode}`);
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const value = (id: string) => audits[id]?.numericValue;
  const lcp = value('largest-contentful-paint');
  const fcp = value('first-contentful-paint');
  if (lcp === undefined || fcp === undefined) throw new Error('no paint was recorded');
  return {
    lcp,
    fcp,
    tti: value('interactive') ?? null,
    bytes: value('total-byte-weight') ?? 0,
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    scripts: scripts.length,
  };
}

async function lighthousePart(app: App): Promise<PageRow[]> {
  const pages = await targets(app.base);
  const tools = await lighthouseTools();
  const chrome = await tools.chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    handleSIGINT: false, // our own handler cleans up (Chromium included) before exiting
  });
  onCleanup(`Chromium (pid ${chrome.pid})`, () => chrome.kill());
  const rows: PageRow[] = [];
  for (const page of pages) {
    if ('skipped' in page) {
      console.error(`lighthouse: ${page.label} skipped: ${page.skipped}`);
      rows.push({ label: page.label, runs: 0, error: `skipped: ${page.skipped}` });
      continue;
    }
    const figures: PageFigures[] = [];
    let error: string | undefined;
    // A run that fails is tried once more before the page counts as failed: the first run of a fresh Chromium
    // occasionally records no paint at all (seen on /landing, which painted in 1.3 s in every run after it).
    let retried = false;
    for (let i = 0; i < RUNS && !error; i++) {
      const started = Date.now();
      try {
        // A fresh session for every run: the access token lives 15 minutes and a run must never rotate it.
        const cookie = page.account ? await signInCookie(app.base, page.account) : undefined;
        figures.push(await lighthouseRun(tools, chrome.port, new URL(page.path, app.base).href, cookie));
        const f = figures.at(-1)!;
        console.error(
          `lighthouse: ${page.path} run ${i + 1}/${RUNS}: LCP ${ms(f.lcp)}, FCP ${ms(f.fcp)}, TTI ${f.tti === null ? '—' : ms(f.tti)} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
        );
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        console.error(`lighthouse: ${page.path} run ${i + 1} failed: ${message}${retried ? '' : ' (trying it once more)'}`);
        if (retried) error = message;
        else {
          retried = true;
          i--;
        }
      }
    }
    if (error) {
      rows.push({ label: page.label, runs: figures.length, error });
      continue;
    }
    const tti = figures.map((f) => f.tti).filter((t): t is number => t !== null);
    rows.push({
      label: page.label,
      runs: figures.length,
      figures: {
        lcp: median(figures.map((f) => f.lcp)),
        fcp: median(figures.map((f) => f.fcp)),
        tti: tti.length ? median(tti) : null,
        bytes: median(figures.map((f) => f.bytes)),
        jsBytes: median(figures.map((f) => f.jsBytes)),
        scripts: median(figures.map((f) => f.scripts)),
      },
    });
  }
  await chrome.kill();
  return rows;
}

// ---------------------------------------------------------------------------------------------------------------
// Part 2: autocannon.

type LoadRow = { database: string; label: string; reqPerSec: number; p50: number; p99: number; errors: number; ratio?: number };

function pin(pid: number, cpu: number): boolean {
  return CPU_COUNT > 1 && run('taskset', ['-a', '-cp', String(cpu), String(pid)]).ok;
}

// autocannon, like Lighthouse, comes from .cache/tools on first use; the figures read here are typed below.
type AutocannonResult = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<AutocannonResult>;

async function load(url: string, seconds: number, connections: number, cookie?: string) {
  ensureTools(['autocannon']);
  const autocannon = (await importTool<{ default: Autocannon }>('autocannon')).default;
  const result = await autocannon({ url, connections, duration: seconds, headers: cookie ? { cookie } : {} });
  return { ...result, problems: result.errors + result.timeouts + result.non2xx };
}

async function loadPart(app: App, database: string): Promise<LoadRow[]> {
  // The server on the second core, the load generator on the first (where the machine has two).
  const pinned = pin(app.pid, 1) && pin(process.pid, 0);
  if (pinned) console.error(`autocannon: server pinned to CPU 1, load generator to CPU 0`);
  try {
    const cookie = await signInCookie(app.base, 'student');
    const pages = [
      { label: `bare page ${BARE_PAGE}`, url: `${app.base}${BARE_PAGE}`, cookie: undefined },
      { label: '/user/activity (student)', url: `${app.base}/user/activity`, cookie },
    ];
    const rows: LoadRow[] = [];
    for (const page of pages) {
      await load(page.url, WARM_UP_SECONDS, 5, page.cookie);
      const r = await load(page.url, SECONDS, CONNECTIONS, page.cookie);
      console.error(
        `autocannon (${database}): ${page.label}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.problems} errors`,
      );
      rows.push({ database, label: page.label, reqPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.problems });
    }
    rows[1].ratio = rows[1].reqPerSec / rows[0].reqPerSec;
    return rows;
  } finally {
    if (pinned) run('taskset', ['-a', '-cp', `0-${CPU_COUNT - 1}`, String(process.pid)]);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The soak: is the server's memory flat under a class's load?

const SOAK_SECONDS = Math.max(60, Number(process.env.PERF_SOAK_SECONDS ?? 600));
const SOAK_SAMPLE_SECONDS = 10;
/** Flat: the median RSS of the last minute is at most this much above the second minute's (the first is warm-up). */
const SOAK_MAX_GROWTH = 0.1;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? NaN) / 1024;
}

async function soak(app: App, database: string) {
  const pinned = pin(app.pid, 1) && pin(process.pid, 0);
  const cookie = await signInCookie(app.base, 'student');
  const samples: number[] = [rssMb(app.pid)];
  const timer = setInterval(() => samples.push(rssMb(app.pid)), SOAK_SAMPLE_SECONDS * 1000);
  console.error(`soak (${database}): /user/activity, ${CONNECTIONS} connections for ${SOAK_SECONDS} s, RSS every ${SOAK_SAMPLE_SECONDS} s`);
  let r: Awaited<ReturnType<typeof load>>;
  try {
    r = await load(`${app.base}/user/activity`, SOAK_SECONDS, CONNECTIONS, cookie);
  } finally {
    clearInterval(timer);
    if (pinned) run('taskset', ['-a', '-cp', `0-${CPU_COUNT - 1}`, String(process.pid)]);
  }
  samples.push(rssMb(app.pid));
  const perMinute = 60 / SOAK_SAMPLE_SECONDS;
  const second = median(samples.slice(perMinute, 2 * perMinute + 1));
  const last = median(samples.slice(-perMinute));
  const growth = last / second - 1;
  const verdict = growth <= SOAK_MAX_GROWTH ? 'flat' : 'growing';
  return [
    `Soak ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')} on ${database}: /user/activity as student, ${CONNECTIONS} connections, ${SOAK_SECONDS} s: ` +
      `${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.problems} errors.`,
    `RSS (MB) every ${SOAK_SAMPLE_SECONDS} s: ${samples.map((v) => v.toFixed(0)).join(' ')}`,
    `Verdict: ${verdict} (median of the last minute ${last.toFixed(0)} MB, of the second minute ${second.toFixed(0)} MB: ` +
      `${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %; flat is at most +${SOAK_MAX_GROWTH * 100} %).`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// The report.

const ms = (v: number) => `${(v / 1000).toFixed(2)} s`;
const kb = (v: number) => `${(v / 1024).toFixed(1)} KB`;

function misses(f: PageFigures): string {
  const out: string[] = [];
  if (f.lcp > GOAL.lcpMs) out.push('LCP');
  if (f.fcp > GOAL.fcpMs) out.push('FCP');
  if (f.scripts > 0 && f.tti !== null && f.tti > GOAL.ttiMs) out.push('TTI');
  if (f.jsBytes > GOAL.jsBytes) out.push('JS');
  if (f.scripts > GOAL.scripts) out.push('scripts');
  return out.length ? out.join(', ') : 'met';
}

function table(pages: PageRow[], loads: LoadRow[]): string {
  const head = ['page', 'LCP', 'FCP', 'TTI', 'bytes', 'JS (scripts)', 'goal', 'req/s', 'p50', 'p99', 'errors', 'activity/bare'];
  const dash = '—';
  const rows: string[][] = [];
  for (const p of pages) {
    const f = p.figures;
    if (!f) {
      rows.push([p.label, dash, dash, dash, dash, dash, p.error!.replace(/\|/g, '\\|'), dash, dash, dash, dash, dash]);
      continue;
    }
    const tti = f.scripts === 0 ? `${f.tti === null ? dash : ms(f.tti)} (no JS)` : f.tti === null ? dash : ms(f.tti);
    rows.push([
      p.label,
      ms(f.lcp),
      ms(f.fcp),
      tti,
      kb(f.bytes),
      `${kb(f.jsBytes)} (${f.scripts})`,
      misses(f),
      dash,
      dash,
      dash,
      dash,
      dash,
    ]);
  }
  for (const l of loads) {
    rows.push([
      `server, ${l.database}: ${l.label}`,
      ...Array(6).fill(dash),
      l.reqPerSec.toFixed(0),
      `${l.p50} ms`,
      `${l.p99} ms`,
      String(l.errors),
      l.ratio === undefined ? dash : `×${l.ratio.toFixed(2)}`,
    ]);
  }
  return [head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

function header(started: Date, lighthouseVersion: string, databases: string[]): string {
  const cpus = os.cpus();
  return [
    `Measured ${started.toISOString().replace(/\.\d+Z$/, 'Z')} by \`npm run perf\` on ${CPU_COUNT} CPU(s) (${cpus[0]?.model.trim() ?? 'unknown'}), ` +
      `Node ${process.version}, ${chromiumVersion()}, Lighthouse ${lighthouseVersion}, autocannon ${cachedVersion('autocannon') ?? 'not run'}.`,
    '',
    `- Lighthouse: ${RUNS === 1 ? 'one run' : `median of ${RUNS} runs`} per page (each figure its own median), cold cache, ` +
      `devtools throttling (request latency ${THROTTLING.requestLatencyMs} ms, ${THROTTLING.downloadThroughputKbps} kbit/s down and ` +
      `${THROTTLING.uploadThroughputKbps} kbit/s up, CPU ×${THROTTLING.cpuSlowdownMultiplier}), desktop screen ${SCREEN.width}×${SCREEN.height}, ` +
      `embedded database, HTTP/1.1 as \`npm start\` serves it. Bytes and JS are transfer sizes (compressed, with headers); ` +
      `"goal" names what misses LCP ≤ 2.0 s, FCP ≤ 1.5 s, TTI ≤ 5 s (pages with JavaScript), JS ≤ 100 KB, ≤ 8 scripts.`,
    `- Server: autocannon, ${CONNECTIONS} connections for ${SECONDS} s per page after a ${WARM_UP_SECONDS} s warm-up, ` +
      `on ${databases.join(' and ')}; the server pinned to one core and the load generator to the other when the machine has two ` +
      `(PostgreSQL itself is not pinned). Errors count socket errors, time-outs and non-2xx answers.`,
  ].join('\n');
}

const INTRO = `# Performance

Issue 17's goal: on a school's 3G (Chrome's "Regular 3G" applied by DevTools: 1,125 ms request latency, 630 kbit/s both
ways, CPU ×4) every page a student or teacher opens first paints its largest element in ≤ 2.0 s (first paint ≤ 1.5 s),
is interactive in ≤ 5 s where it has JavaScript, and ships ≤ 100 KB gzip of JavaScript in ≤ 8 scripts; on the server
the bare page serves ≥ 500 req/s on one core and the student's activity page, under 30 connections (one class), keeps
p99 ≤ 250 ms with no errors and at least half the bare page's throughput. How it is measured:
docs/decisions/021-performance-measurement.md.

Rerun with \`npm run perf\` (prints the table; \`npm run perf -- --write\` replaces the section below; \`--no-build\`
reuses the last build; \`PERF_RUNS\` and \`PERF_SECONDS\` change the Lighthouse runs per page and the load's seconds).
The figures come from a shared machine with two cores and are noisy: compare runs of the same machine and read the
median, not one run. The line above the table says how many runs each figure is the median of. TTI is
Lighthouse's: the end of the last long task before a 5 s quiet window, so it equals FCP when no task over 50 ms was
seen; on this machine it flips between about 2.6 s and 7.3 s from one run to the next on the same page.
`;

async function writeReport(section: string) {
  const block = `${START}\n\n${section}\n\n${END}`;
  const current = fs.existsSync(REPORT) ? fs.readFileSync(REPORT, 'utf8') : `${INTRO}\n## Measurements\n\n${START}\n${END}\n`;
  const from = current.indexOf(START);
  const to = current.indexOf(END);
  const next =
    from >= 0 && to > from ? current.slice(0, from) + block + current.slice(to + END.length) : `${current.trimEnd()}\n\n${block}\n`;
  const options = (await prettier.resolveConfig(REPORT)) ?? {};
  fs.writeFileSync(REPORT, await prettier.format(next, { ...options, filepath: REPORT }));
  console.error(`wrote ${REPORT}`);
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const started = new Date();
  if (!args.has('--no-build')) {
    const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the build failed');
  }
  if (args.has('--soak')) {
    const pg = process.env.PERF_SOAK_DB === 'embedded' ? null : scratchPostgres();
    const app = pg ? await startApp('PostgreSQL', { DATABASE_URL: pg.url }) : await startApp('embedded', {});
    console.log(await soak(app, pg ? 'PostgreSQL' : 'the embedded database'));
    await app.stop();
    return;
  }
  const serverOnly = args.has('--server');
  if (!serverOnly && !fs.existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);

  // The embedded database as `npm start` opens it (PostgreSQL started by the server, docs/decisions/037), then PGlite
  // (EMBEDDED_DATABASE=pglite, what it falls back to) for the load part, side by side.
  const embedded = await startApp('embedded', {});
  const pages = serverOnly ? [] : await lighthousePart(embedded);
  const loads = await loadPart(embedded, 'embedded (PostgreSQL)');
  await embedded.stop();
  const pglite = await startApp('embedded PGlite', { EMBEDDED_DATABASE: 'pglite' });
  loads.push(...(await loadPart(pglite, 'embedded (PGlite)')));
  await pglite.stop();

  const databases = ['the embedded database (PostgreSQL started by the server, and PGlite)'];
  const pg = scratchPostgres();
  if (pg) {
    const app = await startApp('PostgreSQL', { DATABASE_URL: pg.url });
    loads.push(...(await loadPart(app, 'PostgreSQL')));
    await app.stop();
    databases.push(
      `a scratch PostgreSQL database (${run('psql', ['-h', PG.host, '-U', PG.user, '-Atc', 'show server_version', pg.name]).out.split(' ')[0]})`,
    );
  } else {
    console.error('PostgreSQL does not answer at 127.0.0.1:5432: the server part ran on the embedded database only');
  }

  const lighthouseVersion = cachedVersion('lighthouse') ?? 'not run';
  const section = `${header(started, lighthouseVersion, databases)}\n\n${table(pages, loads)}`;
  const formatted = await prettier.format(section, { ...((await prettier.resolveConfig(REPORT)) ?? {}), parser: 'markdown' });
  console.log(`\n${formatted}`);
  if (args.has('--write')) await writeReport(formatted.trim());
  console.error(`took ${((Date.now() - started.getTime()) / 60_000).toFixed(1)} minutes`);
  if (pages.some((p) => p.error && !p.error.startsWith('skipped'))) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
