// `npm run bench:scale -- <factor>`: every role's pages and every listing or aggregating API call, answered in-process
// by the built app's request handler (run `npm run build` first), on the demo database (factor 0) and on the database
// of `npm run seed:scale -- <factor>`. Prints one Markdown table: server time p50/p95 and queries per request at both
// sizes, and the p95 ratio (docs/decisions/042-pages-fast-at-national-size.md). PostgreSQL only.
//
// BENCH_ONLY=scale skips factor 0; BENCH_JSON=<file> also writes the rows. BENCH_CWD measures another build.
// BENCH_DEMO_DATABASE names the factor-0 database (readin_scale_0 by default).
// Queries are counted in the pg client (the build uses node_modules' pg), per request. Each database is read by a
// separate child process (one app connection per process); the parent prints the table.
import { spawnSync } from 'node:child_process';
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

const REPS = Number(process.env.BENCH_REPS ?? 15);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Result = { label: string; p50: number; p95: number; queries: number; status: number; bytes: number };

const scaleUrl = (factor: number) =>
  process.env.SCALE_DATABASE_URL || `postgres://postgres@127.0.0.1:5432/readin_scale_${String(factor).replace('.', '_')}`;

// ---------------------------------------------------------------------------------------------------------------
// Child: measure one database.

async function measure(url: string, factor: number): Promise<Result[]> {
  const counter = new AsyncLocalStorage<{ n: number }>();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const store = counter.getStore();
    if (store) store.n += 1;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;

  // BENCH_CWD: measure another build with its own migrations (a folder holding build/, drizzle/ and node_modules).
  if (process.env.BENCH_CWD) process.chdir(process.env.BENCH_CWD);
  process.env.NODE_ENV = 'production';
  process.env.APP_ENV ??= 'EXP';
  process.env.DATABASE_URL = url;
  process.env.LOG_LEVEL ??= 'warn';
  const { createRequestHandler } = await import('@remix-run/node');
  const build = await import(pathToFileURL(path.resolve(process.env.BENCH_BUILD ?? 'build/index.js')).href);
  const handler = createRequestHandler(build, 'production');
  const base = 'http://127.0.0.1:3130';
  const call = (url: string, init: RequestInit = {}) =>
    handler(
      new Request(base + url, {
        ...init,
        headers: { Origin: base, Host: '127.0.0.1:3130', 'X-Forwarded-For': '10.9.0.1', ...(init.headers ?? {}) },
      }),
    );

  const cookies = new Map<string, string>();
  async function signIn(loginId: string): Promise<string> {
    if (cookies.has(loginId)) return cookies.get(loginId)!;
    const form = await call('/member/login');
    const page = await form.text();
    const pre = form.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const from = page.match(/name="from" value="([^"]*)"/)?.[1] ?? '';
    const csrf = page.match(/name="csrf" value="([^"]*)"/)?.[1] ?? '';
    const body = new URLSearchParams({ csrf, website: '', from, loginId, password: 'demo1234!', redirectTo: '' });
    const res = await call('/member/login', {
      method: 'POST',
      body,
      headers: { Cookie: pre, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const session = res.headers.getSetCookie().find((c) => c.startsWith('__session='));
    if (res.status !== 302 || !session) throw new Error(`could not sign in as ${loginId} (${res.status})`);
    cookies.set(loginId, session.split(';')[0]);
    return cookies.get(loginId)!;
  }

  // The accounts and ids each size is measured with.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const one = async <T>(q: string, params: unknown[] = []) => (await client.query(q, params)).rows[0] as T;
  const scale = factor > 0;
  const student = scale ? 'scstudent1' : 'student';
  const headAcademy = scale
    ? await one<{ ord: number; id: number }>(`select ord, id from scale.academies order by abs(size - 300), ord limit 1`)
    : null;
  const head = headAcademy ? `schead${headAcademy.ord}` : 'head';
  const academyId = headAcademy
    ? headAcademy.id
    : (await one<{ organisation_id: number }>(`select organisation_id from users where login_id = 'head'`)).organisation_id;
  const classId = (await one<{ id: number }>(`select id from classes where organisation_id = $1 order by id limit 1`, [academyId])).id;
  const reportStudent = (
    await one<{ id: number }>(
      `select u.id from users u where u.organisation_id = $1 and u.authorities = '{STUDENT}' order by u.id limit 1`,
      [academyId],
    )
  ).id;
  const branch = scale ? 'scbranch1' : 'branch';
  const month = (await one<{ m: string }>(`select to_char(now() at time zone 'Asia/Seoul' - interval '1 month', 'YYYY-MM') m`)).m;
  const lastPage = async (table: string, size: number) =>
    Math.max(1, Math.floor(Number((await one<{ n: string }>(`select count(*) n from ${table}`)).n) / size) - 2);
  const userPage = await lastPage('users', 20);
  const orgPage = Math.min(50, await lastPage(`organisations where kind = 'academy'`, 20));
  const paymentPage = await lastPage('payments', 20);
  const auditPage = await lastPage('audit_events', 20);
  const messagePage = await lastPage('messages', 20);
  // A branch's month pages its academies ACADEMIES_PER_PAGE at a time (app/services/operators/branch.server.ts); the
  // operators' month of every branch is a row per branch (decision 049).
  const { ACADEMIES_PER_PAGE } = await import('~/services/operators/branch.server');
  const academyPage = await lastPage(
    `organisations where kind = 'academy' and branch_id = (select organisation_id from users where login_id = '${branch}')`,
    ACADEMIES_PER_PAGE,
  );
  const waiting = Number((await one<{ n: string }>(`select count(*) n from messages where send_state = 1`)).n);
  await client.end();

  const pages: { label: string; login: string; url: string }[] = [
    ...[
      '/user/activity',
      '/user/dashboard',
      '/user/report',
      '/user/report/level',
      '/user/note/list',
      '/user/message',
      '/user/search',
      '/api/user/dashboard',
      '/api/user/activity',
      '/api/user/book/report/general',
      '/api/user/book/levelGraph',
      '/api/user/message',
      '/user/search?q=바람',
    ].map((url) => ({ label: `student ${url}`, login: student, url })),
    ...[
      '/admin/dashboard',
      '/admin/progress',
      '/admin/students',
      '/admin/students?q=김',
      '/admin/classes',
      `/admin/reports/classes/${classId}`,
      `/admin/reports/students/${reportStudent}`,
      '/admin/notes',
      '/admin/payments',
      '/admin/progress/export.csv',
    ].map((url) => ({ label: `head ${url}`, login: head, url })),
    ...[
      '/super/user',
      '/super/user?q=김민',
      `/super/user?page=${userPage}`,
      '/super/organisations',
      `/super/organisations?page=${orgPage}`,
      '/super/organisations?q=한빛',
      '/super/payments',
      `/super/payments?page=${paymentPage}`,
      '/super/payments?academy=한빛',
      '/super/audit',
      `/super/audit?page=${auditPage}`,
      '/super/messages',
      `/super/messages?page=${messagePage}`,
      `/super/tax/u/region/agency?month=${month}`,
      '/super/tax/u/region/agency',
      `/super/tax/u/region/agency/export.csv?month=${month}`,
    ].map((url) => ({ label: `operator ${url.replace(/page=\d+/, 'page=late')}`, login: 'super', url })),
    ...[
      `/super/tax/u/region/agency?month=${month}`,
      `/super/tax/u/region/agency?month=${month}&page=${academyPage}`,
      // The current month: its students are today's (counted for the branch's total), not a record.
      '/super/tax/u/region/agency',
      `/super/tax/u/region/agency/export.csv?month=${month}`,
    ].map((url) => ({ label: `branch ${url.replace(/page=\d+/, 'page=late')}`, login: branch, url })),
  ];

  const results: Result[] = [];
  const skip = process.env.BENCH_SKIP ? new RegExp(process.env.BENCH_SKIP) : null;
  for (const page of pages) {
    if (skip?.test(page.url)) continue;
    const cookie = await signIn(page.login);
    const times: number[] = [];
    let queries = 0;
    let status = 0;
    let bytes = 0;
    for (let i = 0; i < REPS + 2; i++) {
      const store = { n: 0 };
      const start = process.hrtime.bigint();
      const res = await counter.run(store, () => call(page.url, { headers: { Cookie: cookie } }));
      const body = await res.arrayBuffer();
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (i >= 2) times.push(ms);
      queries = store.n;
      status = res.status;
      bytes = body.byteLength;
    }
    times.sort((a, b) => a - b);
    results.push({
      label: page.label,
      p50: times[Math.floor(times.length / 2)],
      p95: times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)],
      queries,
      status,
      bytes,
    });
  }

  // The talk outbox claim: one batch off the waiting rows, put back after each measurement. Both sizes claim a whole
  // batch: where fewer rows wait (the demo has one), scratch rows fill the batch for the measurement and go after it,
  // so that the ratio compares a claim among 1 million waiting rows with the same claim among a hundred.
  const { useConnection, connectPostgres } = await import('~/db/client.server');
  const { claimDueMessages, OUTBOX_BATCH } = await import('~/services/talk/outbox.server');
  const connection = connectPostgres(url, { max: 2 });
  useConnection(connection);
  const { sql } = await import('drizzle-orm');
  const topUp = Math.max(0, OUTBOX_BATCH - waiting);
  if (topUp)
    await connection.db.execute(
      sql.raw(
        `insert into messages (phone, channel, kind, body, send_state, next_attempt_at)
         select '01000000000', 'SMS', 'BENCH_CLAIM', 'bench', 1, now() - interval '1 minute' from generate_series(1, ${topUp})`,
      ),
    );
  const times: number[] = [];
  let queries = 0;
  for (let i = 0; i < REPS + 2; i++) {
    const store = { n: 0 };
    const start = process.hrtime.bigint();
    const claimed = await counter.run(store, () => claimDueMessages());
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (i >= 2) times.push(ms);
    queries = store.n;
    const ids = claimed.map((m) => m.id);
    if (ids.length)
      await connection.db.execute(
        sql.raw(`update messages set send_state = 1, claimed_at = null, attempts = attempts - 1 where id in (${ids.join(',')})`),
      );
  }
  if (topUp) await connection.db.execute(sql.raw(`delete from messages where kind = 'BENCH_CLAIM'`));
  times.sort((a, b) => a - b);
  results.push({
    label: 'worker talk outbox claim',
    p50: times[Math.floor(times.length / 2)],
    p95: times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)],
    queries,
    status: 200,
    bytes: 0,
  });
  await connection.close();
  console.error(`${url.replace(/.*\//, '')}: ${waiting.toLocaleString('en')} waiting messages`);
  return results;
}

// ---------------------------------------------------------------------------------------------------------------
// Parent: a demo database for factor 0, the scale database for the factor, the table.

async function demoDatabase(): Promise<string> {
  // BENCH_DEMO_DATABASE: another name for the factor-0 database (a branch with its own migrations keeps its own).
  const name = process.env.BENCH_DEMO_DATABASE ?? 'readin_scale_0';
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const { connectPostgres } = await import('~/db/client.server');
  const { seedDemo } = await import('~/seed/index.server');
  const connection = connectPostgres(url.toString(), { max: 2 });
  await connection.migrate(path.resolve('drizzle'));
  await seedDemo(connection.db);
  await connection.db.execute((await import('drizzle-orm')).sql`analyze`);
  await connection.close();
  return url.toString();
}

function runChild(url: string, factor: number): Result[] {
  const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1], '--child', url, String(factor)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = child.stdout.split('\n').find((l) => l.startsWith('RESULTS '));
  if (!line) throw new Error(`measuring ${url} failed:\n${child.stdout}`);
  return JSON.parse(line.slice('RESULTS '.length));
}

if (process.argv[2] === '--child') {
  const results = await measure(process.argv[3], Number(process.argv[4]));
  console.log('RESULTS ' + JSON.stringify(results));
  process.exit(0);
} else {
  const factor = Number(process.argv[2] ?? '1');
  const zero = process.env.BENCH_ONLY === 'scale' ? [] : runChild(await demoDatabase(), 0);
  const big = runChild(scaleUrl(factor), factor);
  if (process.env.BENCH_JSON) (await import('node:fs')).writeFileSync(process.env.BENCH_JSON, JSON.stringify({ zero, big }, null, 1));
  const f = (n: number) => n.toFixed(1);
  console.log(`\n${REPS} requests per page after 2 warm-ups; server time in ms; q = queries per request\n`);
  console.log(`| page | p50 ×0 | p95 ×0 | q ×0 | p50 ×${factor} | p95 ×${factor} | q ×${factor} | p95 ratio | status |`);
  console.log('|---|---|---|---|---|---|---|---|---|');
  let over = 0;
  for (const row of big) {
    const demo = zero.find((z) => z.label.replace(/\d+/g, '#') === row.label.replace(/\d+/g, '#'));
    const ratio = demo ? row.p95 / demo.p95 : NaN;
    if (row.p95 > 100) over++;
    console.log(
      `| ${row.label} | ${demo ? f(demo.p50) : '–'} | ${demo ? f(demo.p95) : '–'} | ${demo?.queries ?? '–'} | ${f(row.p50)} | ${f(row.p95)} | ${row.queries} | ${ratio.toFixed(2)} | ${row.status} |`,
    );
  }
  console.log(`\npages over 100 ms p95 at factor ${factor}: ${over}`);
}
