// The battery's harness (`npm run battery`, scripts/battery.ts): results and item selection, the server it starts, an
// HTTP client with a cookie jar, the JSON API, raw requests, the fresh PostgreSQL database and a relay that can take
// it away. A group of items (scripts/battery/*.ts) imports what it needs from here.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, createServer, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pgDriver from 'pg';

export const ROOT = new URL('../..', import.meta.url).pathname;
export const PASSWORD = 'demo1234!';
/** Opens the payment simulator's control API (SIMULATOR_CONTROL_TOKEN of the servers the battery starts). */
export const CONTROL_TOKEN = `battery-${process.pid}-${Date.now()}`;
export const CSRF_MESSAGE = '요청이 만료되었습니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.';

// ── Results ──────────────────────────────────────────────────────────────────────────────────────────────────────
export const results: { ok: boolean; item: string; figure: string }[] = [];
export function report(item: string, ok: boolean, figure: string) {
  results.push({ ok, item, figure });
  console.log(`${ok ? 'PASS' : 'FAIL'} ${item} ${figure}`);
}
/** BATTERY_ONLY=item,item runs only those items (the others are not run and not reported). */
export const ONLY = process.env.BATTERY_ONLY?.split(',').map((s) => s.trim());
/** BATTERY_FAST=1 (`npm run battery:fast`, part of `npm test`) leaves out the items that take 10 seconds or more. */
export const SLOW = [
  'login-flood',
  'db-outage-survival',
  'kill-9-mid-burst',
  'session-absolute-lifetime',
  'upload-burst',
  'pay-confirm-answer-lost',
];
export const FAST = process.env.BATTERY_FAST === '1';
export async function item(name: string, run: () => Promise<[boolean, string]>) {
  if (ONLY && !ONLY.includes(name)) return;
  if (FAST && SLOW.includes(name)) return;
  try {
    const [ok, figure] = await run();
    report(name, ok, figure);
  } catch (error) {
    report(name, false, `error: ${(error as Error).message.split('\n')[0]}`);
  }
}

// ── Server ───────────────────────────────────────────────────────────────────────────────────────────────────────
/**
 * The port of the battery's first server: BATTERY_PORT when given (the next ones, +1, +2, go to the other servers it
 * starts), else a free one.
 */
let nextPort = Number(process.env.BATTERY_PORT) || 0;
export function freePort(): Promise<number> {
  if (nextPort) return Promise.resolve(nextPort++);
  return anyFreePort();
}

/** A port the system has free now (the database relay's, which is not a server's). */
function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export type Server = { port: number; base: string; child: ChildProcess; dataDir: string; env: NodeJS.ProcessEnv; log: string };

/** The log files of every server the battery started (the secret-key item reads them). */
export const serverLogs: string[] = [];

export async function startServer(
  env: Record<string, string>,
  dataDir = mkdtempSync(join(tmpdir(), 'battery-')),
  port?: number,
): Promise<Server> {
  const p = port ?? (await freePort());
  // A server left on the port (another run's) would answer in this one's place.
  if (
    !port &&
    (await fetch(`http://127.0.0.1:${p}/healthz`).then(
      () => true,
      () => false,
    ))
  )
    throw new Error(`port ${p} is taken`);
  const fullEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    APP_ENV: 'EXP',
    PORT: String(p),
    DATA_DIR: dataDir,
    SIMULATOR_CONTROL_TOKEN: CONTROL_TOKEN,
    ...env,
  };
  // Its own process group, so kill -9 reaches the server and not only the launcher. Its output goes to a file in its
  // data folder (or to the battery's own output with BATTERY_SERVER_LOG=1).
  const log = join(dataDir, 'server.log');
  serverLogs.push(log);
  const fd = openSync(log, 'a');
  const child = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
    cwd: ROOT,
    env: fullEnv,
    detached: true,
    stdio: process.env.BATTERY_SERVER_LOG ? ['ignore', 'inherit', 'inherit'] : ['ignore', fd, fd],
  });
  closeSync(fd);
  const server = { port: p, base: `http://127.0.0.1:${p}`, child, dataDir, env: fullEnv, log };
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${server.base}/member/login`, { redirect: 'manual' });
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  throw new Error(`the server on port ${p} did not start`);
}

export function killGroup(server: Server, signal: NodeJS.Signals) {
  try {
    process.kill(-server.child.pid!, signal);
  } catch {
    // already gone
  }
}

export function groupRssMb(server: Server): number {
  try {
    const out = execFileSync('ps', ['-o', 'rss=', '-g', String(server.child.pid)], { encoding: 'utf8' });
    return out
      .split('\n')
      .filter(Boolean)
      .reduce((a, l) => a + Number(l.trim()) / 1024, 0);
  } catch {
    return 0;
  }
}

/**
 * The payment provider's secret key as the server is configured with it (the simulator's key in the experience
 * environment), and its HTTP Basic form: no page, no API answer and no log line may carry either.
 */
export const TOSS_SECRET_KEY = 'test_sk_simulator';
export const SECRETS = [TOSS_SECRET_KEY, Buffer.from(`${TOSS_SECRET_KEY}:`).toString('base64')];
/** Every answer the battery read as text: how many, and the paths of those that carried a secret. */
export const scanned = { answers: 0, leaks: [] as string[] };
function scan(path: string, res: Response) {
  const type = res.headers.get('Content-Type') ?? '';
  if (!/html|json|javascript|text/.test(type)) return;
  void res
    .clone()
    .text()
    .then((text) => {
      scanned.answers++;
      if (SECRETS.some((secret) => text.includes(secret))) scanned.leaks.push(path);
    })
    .catch(() => {});
}
/** The lines of the servers' logs that carry a secret. */
export function secretLogLines(): { lines: number; leaks: string[] } {
  let lines = 0;
  const leaks: string[] = [];
  for (const file of serverLogs) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n')) {
      lines++;
      if (SECRETS.some((secret) => line.includes(secret))) leaks.push(line.slice(0, 200));
    }
  }
  return { lines, leaks };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ── HTTP client with a cookie jar ────────────────────────────────────────────────────────────────────────────────
export class Client {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async fetch(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (this.cookies.size && !headers.Cookie) headers.Cookie = this.cookieHeader();
    const res = await fetch(this.base + path, { ...init, headers, redirect: 'manual' });
    scan(path, res);
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = !value || attrs.some((a) => /max-age=0/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
  /** The hidden fields of the page's first form that posts (form token, honeypot). */
  async hiddenFields(path: string, formIndex = 0): Promise<Record<string, string>> {
    const html = await (await this.fetch(path)).text();
    const forms = html.split(/<form[^>]*method="post"/i).slice(1);
    const form = forms[formIndex] ?? '';
    const fields: Record<string, string> = {};
    for (const m of form.split('</form>')[0].matchAll(/<input([^>]*)>/g)) {
      const attrs = m[1];
      const type = /type="([^"]*)"/.exec(attrs)?.[1] ?? 'text';
      const name = /name="([^"]*)"/.exec(attrs)?.[1];
      if (!name) continue;
      if (type === 'hidden' || name === 'website') fields[name] = decodeHtml(/value="([^"]*)"/.exec(attrs)?.[1] ?? '');
    }
    return fields;
  }
  async postForm(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    return this.fetch(path, {
      method: 'POST',
      body: new URLSearchParams(form),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    });
  }
  async signIn(loginId: string, password = PASSWORD) {
    const hidden = await this.hiddenFields('/member/login');
    const res = await this.postForm('/member/login', { ...hidden, loginId, password });
    if (res.status !== 302) throw new Error(`sign-in of ${loginId} answered ${res.status}`);
    return res;
  }
  async csrf(path = '/user/jinro') {
    const html = await (await this.fetch(path)).text();
    return /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  }
}

export const decodeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export async function api(
  base: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(base + path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
  });
  const text = await res.text();
  scanned.answers++;
  if (SECRETS.some((secret) => text.includes(secret))) scanned.leaks.push(path);
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, json, headers: res.headers, text };
}

export async function apiLogin(base: string, loginId: string, password = PASSWORD) {
  const res = await api(base, '/api/auth/login', { body: { loginId, password } });
  if (res.status !== 200) throw new Error(`API sign-in of ${loginId} answered ${res.status}`);
  return res.json.data as { accessToken: string; refreshToken: string; expireDate: string };
}

/**
 * A raw request (methods fetch refuses, such as TRACE; bodies streamed without buffering; the path sent as written,
 * dot segments, doubled slashes and backslashes included). Without a Content-Length header the body goes chunked.
 */
export function raw(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
  body?: { bytes: number },
): Promise<{ status: number; ms: number }> {
  const url = new URL(base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, ms: performance.now() - started });
      req.destroy();
    });
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code === 'EPIPE' || (error as NodeJS.ErrnoException).code === 'ECONNRESET') {
        resolve({ status: 0, ms: performance.now() - started });
      } else reject(error);
    });
    if (!body) return void req.end();
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < body.bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
export const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;

export async function registerForm(client: Client, loginId: string, password = 'battery-pass-2026') {
  const hidden = await client.hiddenFields('/member/register/adult');
  return client.postForm('/member/register/adult', {
    ...hidden,
    loginId,
    password,
    confirm: password,
    name: '배터리',
    birthDate: '1990-01-01',
    phone: '010-5555-0000',
    securityQuestion: '1',
    securityAnswer: '서울',
    terms: 'on',
    privacy: 'on',
  });
}

// ── Database ─────────────────────────────────────────────────────────────────────────────────────────────────────
export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void>; admin: pgDriver.Pool } | null> {
  const adminUrl = process.env.BATTERY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pgDriver.Pool({ connectionString: adminUrl, max: 1, connectionTimeoutMillis: 3_000 });
  admin.on('error', () => {});
  try {
    await admin.query('select 1');
  } catch {
    await admin.end().catch(() => {});
    return null;
  }
  const name = `battery_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    admin,
    drop: async () => {
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`).catch(() => {});
      await admin.query(`drop database if exists ${name}`).catch(() => {});
      await admin.end();
    },
  };
}

/**
 * A TCP relay between the app and PostgreSQL, so that an item can take the database away (refuse new connections and
 * cut the open ones, as a database that goes down does) and bring it back.
 */
export async function databaseRelay(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let listener: NetServer | null = null;
  const listenPort = await anyFreePort();
  const up = () =>
    new Promise<void>((resolve) => {
      listener = createServer((client) => {
        const upstream = connect(Number(port || 5432), hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      listener.listen(listenPort, '127.0.0.1', () => resolve());
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!listener) return resolve();
      listener.close(() => resolve());
      listener = null;
    });
  await up();
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(listenPort);
  return { url: url.toString(), up, down };
}
