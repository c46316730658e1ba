// `npm run battery`: the security and reliability battery (issue 16) as an automated suite. It starts the built app
// itself (`node scripts/start.mjs --no-build`, building first when build/ is missing) on a free port with a fresh
// DATA_DIR, on PostgreSQL when one answers at 127.0.0.1:5432 (a fresh database it creates and drops; BATTERY_PG_URL
// names the server, default postgres://postgres@127.0.0.1:5432/postgres), else on the embedded database. Every item
// prints one line: `PASS|FAIL <item> <figure>`. The exit code is the number of failures (capped at 100).
// BATTERY_ONLY=<item>,<item> runs only the items named; BATTERY_FAST=1 all but the slow ones (see SLOW).
//
// Everything goes through HTTP, as an outside client would: a small cookie jar, the page's own hidden fields
// (form token, honeypot) read from the HTML, and the JSON API with bearer tokens.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pgDriver from 'pg';
import sharp from 'sharp';
import {
  api,
  apiLogin,
  Client,
  CSRF_MESSAGE,
  databaseRelay,
  FAST,
  freshPostgres,
  groupRssMb,
  item,
  killGroup,
  PASSWORD,
  pct,
  raw,
  registerForm,
  report,
  results,
  ROOT,
  type Server,
  sleep,
  startServer,
} from './lib/battery-harness';
import { edge } from './battery/edge';
import { idorItems } from './battery/idor';
import { paymentJobItems } from './battery/payment-jobs';
import { paymentMoneyItems, secretKeyItem, type Sql } from './battery/payment-money';
import { paymentItems } from './battery/payments';
import { timing } from './battery/timing';
import { uploads } from './battery/uploads';

// ── The items ────────────────────────────────────────────────────────────────────────────────────────────────────
async function main() {
  if (!existsSync(join(ROOT, 'build/index.js'))) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) process.exit(1);
  }
  const pg = await freshPostgres();
  console.log(`# database: ${pg ? 'PostgreSQL (fresh database)' : 'embedded (started by the server)'}`);
  const dbEnv: Record<string, string> = pg ? { DATABASE_URL: pg.url } : {};
  let server = await startServer(dbEnv);
  let downServer: Server | null = null;
  // A second, embedded server whose sessions end after 8 seconds, for the absolute lifetime.
  // (Not started for the fast items: only the absolute-lifetime item uses it.)
  const shortLivedServer = FAST ? null : startServer({ SESSION_ABSOLUTE_SECONDS: '8' });
  const shortLived = async () => (await shortLivedServer)!;
  const B = () => server.base;
  /**
   * How many of the acknowledged registrations are not in the database: read from PostgreSQL directly, or on the
   * embedded database by signing in (its sign-in limits are in memory and start empty after a restart). Signing in on
   * PostgreSQL would meet the limits the login-flood item left for this address.
   */
  const missingAccounts = async (loginIds: string[]) => {
    if (pg) {
      const db = new pgDriver.Pool({ connectionString: pg.url, max: 1 });
      try {
        const { rows } = await db.query<{ login_id: string }>('select login_id from users where login_id = any($1)', [loginIds]);
        const stored = new Set(rows.map((r) => r.login_id));
        return loginIds.filter((id) => !stored.has(id)).length;
      } finally {
        await db.end();
      }
    }
    let missing = 0;
    for (const id of loginIds) {
      const res = await api(B(), '/api/auth/login', { body: { loginId: id, password: 'battery-pass-2026' } });
      if (res.status !== 200) missing++;
    }
    return missing;
  };

  // Our rows, read as the payment items check them (PostgreSQL only; the outage items cut these connections too).
  const appDb = pg ? new pgDriver.Pool({ connectionString: pg.url, max: 2 }) : null;
  appDb?.on('error', () => {});
  const sql: Sql | null = appDb ? async (text, params) => (await appDb.query(text, params)).rows : null;

  try {
    // CSRF
    await item('csrf-token-missing', async () => {
      const c = new Client(B());
      await c.fetch('/member/login');
      const res = await c.postForm('/member/login', { loginId: 'student', password: PASSWORD });
      const body = await res.text();
      return [res.status === 403 && body.includes(CSRF_MESSAGE), `status ${res.status}`];
    });
    await item('csrf-data-param', async () => {
      const c = new Client(B());
      await c.signIn('student');
      const res = await c.postForm('/user/jinro?_data=routes%2Fuser%2B%2Fjinro', {});
      return [res.status === 403, `?_data= without token: status ${res.status}`];
    });
    await item('csrf-token-other-session', async () => {
      const a = new Client(B());
      await a.signIn('student');
      const b = new Client(B());
      await b.signIn('student2');
      const foreign = await b.csrf();
      const res = await a.postForm('/user/jinro', { csrf: foreign });
      return [res.status === 403, `status ${res.status}`];
    });
    await item('csrf-cross-origin', async () => {
      const c = new Client(B());
      await c.signIn('student');
      const token = await c.csrf();
      const res = await c.postForm(
        '/user/jinro?_data=routes%2Fuser%2B%2Fjinro',
        { csrf: token },
        { Origin: 'http://127.0.0.1:1', 'Sec-Fetch-Site': 'cross-site' },
      );
      return [res.status === 403, `cross-site post with a valid token: status ${res.status}`];
    });
    await item('xsrf-bound-to-session', async () => {
      const c = new Client(B());
      await c.signIn('student');
      const own = c.cookies.get('XSRF-TOKEN') ?? c.cookies.get('__Host-XSRF-TOKEN') ?? '';
      const other = new Client(B());
      await other.signIn('student2');
      const foreign = other.cookies.get('XSRF-TOKEN') ?? '';
      const call = (cookieValue: string, header: string) => {
        const jar = new Map(c.cookies);
        jar.set('XSRF-TOKEN', cookieValue);
        return fetch(`${B()}/api/user/book/like/1`, {
          method: 'POST',
          headers: { Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), 'X-XSRF-TOKEN': header },
          redirect: 'manual',
        });
      };
      const equal = (await call('abc', 'abc')).status;
      const otherSession = (await call(foreign, foreign)).status;
      const mine = (await call(own, own)).status;
      return [equal === 403 && otherSession === 403 && mine === 200, `equal values ${equal}, other session ${otherSession}, own ${mine}`];
    });

    // Sessions
    await item('session-logout', async () => {
      const c = new Client(B());
      await c.signIn('student5');
      const saved = new Map(c.cookies);
      const token = await c.csrf('/user/dashboard');
      await c.postForm('/member/logout', { csrf: token });
      const stale = new Client(B());
      stale.cookies = saved;
      const page = await stale.fetch('/user/dashboard');
      const apiRes = await stale.fetch('/api/user/dashboard');
      const location = page.headers.get('Location') ?? '';
      return [
        page.status === 302 && location.includes('expired=1') && apiRes.status === 401,
        `old cookie: page ${page.status}, API ${apiRes.status}`,
      ];
    });
    await item('session-password-reset', async () => {
      const c = new Client(B());
      await c.signIn('student5');
      const tokens = await apiLogin(B(), 'student5');
      const me = await api(B(), '/api/me', { token: tokens.accessToken });
      const teacher = await apiLogin(B(), 'teacher'); // student5's academy (with this month's basic payment)
      const reset = await api(B(), '/api/student/changePassword', {
        token: teacher.accessToken,
        body: { studentId: me.json.data.userId, password: 'battery-reset-2026' },
      });
      const after = await api(B(), '/api/me', { token: tokens.accessToken });
      const page = await c.fetch('/user/dashboard');
      return [
        reset.status === 200 && after.status === 401 && page.status === 302,
        `reset ${reset.status}; old API token ${after.status}, old cookie ${page.status}`,
      ];
    });
    await item('session-absolute-lifetime', async () => {
      const short = await shortLived();
      const started = Date.now();
      const tokens = await apiLogin(short.base, 'student');
      let refresh = tokens.refreshToken;
      let access = tokens.accessToken;
      let refreshes = 0;
      let refusedAt = 0;
      while (Date.now() - started < 12_000) {
        await sleep(1500);
        const res = await api(short.base, '/api/auth/refreshToken', { body: { refreshToken: refresh } });
        if (res.status !== 200) {
          refusedAt = Date.now() - started;
          break;
        }
        refreshes++;
        refresh = res.json.data.refreshToken;
        access = res.json.data.accessToken;
        if (new Date(res.json.data.expireDate).getTime() > started + 9_000) return [false, 'a refresh moved the end past the lifetime'];
      }
      const me = await api(short.base, '/api/me', { token: access });
      return [
        refusedAt > 0 && refusedAt < 11_000 && me.status === 401,
        `lifetime 8 s: ${refreshes} refreshes, refused after ${(refusedAt / 1000).toFixed(1)} s; last access token ${me.status}`,
      ];
    });
    await item('session-fixation', async () => {
      const c = new Client(B());
      await c.fetch('/member/login');
      c.cookies.set('__session', 'planted-by-attacker');
      await c.signIn('student');
      const after = c.cookies.get('__session') ?? c.cookies.get('__Host-session') ?? '';
      return [after !== '' && after !== 'planted-by-attacker', 'a new session cookie at sign-in'];
    });
    await item('token-rotation-replay', async () => {
      const t = await apiLogin(B(), 'student2');
      const first = await api(B(), '/api/auth/refreshToken', { body: { refreshToken: t.refreshToken } });
      const replay = await api(B(), '/api/auth/refreshToken', { body: { refreshToken: t.refreshToken } });
      return [first.status === 200 && replay.status !== 200, `rotate ${first.status}, replay ${replay.status} ${replay.json?.code ?? ''}`];
    });

    // Brute force and enumeration
    await item('brute-force-account', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await api(B(), '/api/auth/login', { body: { loginId: 'student7', password: `wrong-${i}` } })).status);
      return [statuses.slice(0, 5).every((s) => s === 401) && statuses[5] === 429, `statuses ${statuses.join(',')}`];
    });
    // Access control
    await item('role-matrix', async () => {
      const student = new Client(B());
      await student.signIn('student');
      const teacher = new Client(B());
      await teacher.signIn('teacher');
      const anon = new Client(B());
      const stuToken = (await apiLogin(B(), 'student')).accessToken;
      const checks: [string, number, number][] = [
        ['student → /admin/students', (await student.fetch('/admin/students')).status, 302],
        ['teacher → /super/user', (await teacher.fetch('/super/user')).status, 302],
        ['anonymous → /user/activity', (await anon.fetch('/user/activity')).status, 302],
        ['anonymous → /api/me', (await api(B(), '/api/me')).status, 401],
        [
          'student → API student/changePassword',
          (await api(B(), '/api/student/changePassword', { token: stuToken, body: { studentId: 1, password: 'x1234567' } })).status,
          403,
        ],
      ];
      const bad = checks.filter(([, got, want]) => got !== want);
      return [bad.length === 0, bad.length ? bad.map(([n, g]) => `${n}=${g}`).join('; ') : `${checks.length} checks`];
    });
    await item('idor', async () => {
      const owner = (await apiLogin(B(), 'student2')).accessToken;
      const other = (await apiLogin(B(), 'student')).accessToken;
      const owned: number[] = [];
      for (let id = 1; id <= 80 && owned.length < 5; id++) {
        if ((await api(B(), `/api/user/activity/readingBookInfo/${id}`, { token: owner })).status === 200) owned.push(id);
      }
      const leaks: number[] = [];
      for (const id of owned) {
        for (const path of [`/api/user/activity/readingBookInfo/${id}`, `/api/user/book/note/${id}`]) {
          if ((await api(B(), path, { token: other })).status === 200) leaks.push(id);
        }
      }
      return [owned.length > 0 && leaks.length === 0, `${owned.length} books of another student, ${leaks.length} opened`];
    });
    await item('open-redirect', async () => {
      const targets = ['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)'];
      const bad: string[] = [];
      for (const target of targets) {
        const c = new Client(B());
        const hidden = await c.hiddenFields('/member/login');
        const res = await c.postForm('/member/login', { ...hidden, loginId: 'student', password: PASSWORD, redirectTo: target });
        const location = res.headers.get('Location') ?? '';
        if (!location.startsWith('/') || location.startsWith('//') || location.startsWith('/\\')) bad.push(location);
      }
      return [bad.length === 0, bad.length ? bad.join(' ') : `${targets.length} targets stayed on the site`];
    });

    // Uploads
    await item('uploads-by-content-and-size', async () => {
      const c = new Client(B());
      await c.signIn('student');
      const token = await c.csrf('/user/my-page');
      const upload = async (bytes: Uint8Array, name: string, type: string) => {
        const form = new FormData();
        form.set('csrf', token);
        form.set('intent', 'image');
        form.set('image', new Blob([new Uint8Array(bytes)], { type }), name);
        return (await c.fetch('/user/my-page/me', { method: 'POST', body: form })).status;
      };
      const html = await upload(new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'photo.jpg', 'image/jpeg');
      const big = await upload(new Uint8Array(6 * 1024 * 1024), 'big.jpg', 'image/jpeg');
      const pixels = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#fff' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      const t0 = performance.now();
      const huge = await upload(pixels, 'huge.png', 'image/png');
      const ms = performance.now() - t0;
      const ok = await upload(
        await sharp({ create: { width: 300, height: 300, channels: 3, background: '#39c' } })
          .jpeg()
          .toBuffer(),
        'ok.jpg',
        'image/jpeg',
      );
      return [
        html === 415 && big === 413 && huge === 413 && ok === 302,
        `html-as-jpg ${html}, 6 MB ${big}, 49 MP ${huge} in ${ms.toFixed(0)} ms, real photo ${ok}`,
      ];
    });

    // Double submits
    await item('double-submit-registration', async () => {
      const statuses = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const c = new Client(B());
          return (await registerForm(c, 'doubleclick1')).status;
        }),
      );
      const created = statuses.filter((s) => s === 302).length;
      return [created === 1 && !statuses.some((s) => s >= 500), `statuses ${statuses.join(',')}`];
    });

    // Low findings
    await item('no-write-on-get', async () => {
      const token = (await apiLogin(B(), 'student3')).accessToken;
      const a = await api(B(), '/api/jinro/user', { token });
      await sleep(20);
      const b = await api(B(), '/api/jinro/user', { token });
      const same = a.json?.data?.computedAt === b.json?.data?.computedAt;
      return [a.status === 200 && !same, `computed on the fly (${same ? 'a stored row was read' : 'nothing stored'})`];
    });
    await item('passwords-any-script', async () => {
      const hangul = (await registerForm(new Client(B()), 'hangulpw1', '우리집강아지복실이')).status;
      const emoji = (await registerForm(new Client(B()), 'emojipw1', '🐶🐱🐭🐹🐰🦊🐻🐼')).status;
      const common = await registerForm(new Client(B()), 'commonpw1', 'password1');
      const commonText = await common.text();
      return [
        hangul === 302 && emoji === 302 && common.status === 400 && commonText.includes('너무 흔히 쓰이는 비밀번호'),
        `Hangul ${hangul}, emoji ${emoji}, common ${common.status}`,
      ];
    });
    await item('api-json-errors', async () => {
      const res = await api(B(), '/api/does-not-exist');
      const method = await api(B(), '/api/me', { method: 'DELETE' });
      const json = (h: Headers) => (h.get('Content-Type') ?? '').includes('application/json');
      return [
        json(res.headers) && json(method.headers),
        `404 ${res.status} json=${json(res.headers)}, 405 ${method.status} json=${json(method.headers)}`,
      ];
    });

    // HTTP layer (the server half of the issue)
    await item('headers', async () => {
      const page = await fetch(`${B()}/member/login`);
      const csp = page.headers.get('Content-Security-Policy') ?? '';
      const favicon = await fetch(`${B()}/favicon.svg`);
      const html = await page.text();
      const asset = /\/build\/[^"]+\.js/.exec(html)?.[0];
      const build = asset ? await fetch(B() + asset) : null;
      const nosniff = (r: Response | null) => r?.headers.get('X-Content-Type-Options') === 'nosniff';
      const ok = csp.includes("base-uri 'none'") && csp.includes("'strict-dynamic'") && nosniff(favicon) && nosniff(build);
      return [
        ok,
        `base-uri none ${csp.includes("base-uri 'none'")}, strict-dynamic ${csp.includes("'strict-dynamic'")}, nosniff favicon ${nosniff(favicon)} build ${nosniff(build)}`,
      ];
    });
    await item('methods-405', async () => {
      const c = new Client(B());
      await c.signIn('student');
      const token = await c.csrf('/user/my-page');
      const put = await raw(B(), 'PUT', '/user/my-page/me', {
        Cookie: c.cookieHeader(),
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-CSRF-Token': token,
      });
      const trace = await raw(B(), 'TRACE', '/');
      return [put.status === 405 && trace.status === 405, `PUT ${put.status}, TRACE ${trace.status}`];
    });
    await item('body-limit-413', async () => {
      const before = groupRssMb(server);
      const posts = await Promise.all(
        Array.from({ length: 3 }, () =>
          raw(
            B(),
            'POST',
            '/member/login',
            { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': 50 * 1024 * 1024 },
            { bytes: 50 * 1024 * 1024 },
          ),
        ),
      );
      const after = groupRssMb(server);
      const slowest = Math.max(...posts.map((p) => p.ms));
      return [
        posts.every((p) => p.status === 413) && slowest < 1000 && after - before < 50,
        `statuses ${posts.map((p) => p.status).join(',')}, slowest ${slowest.toFixed(0)} ms, RSS +${(after - before).toFixed(0)} MB`,
      ];
    });
    await item('health-endpoints', async () => {
      const h = await fetch(`${B()}/healthz`);
      const r = await fetch(`${B()}/readyz`);
      return [h.status === 200 && r.status === 200, `healthz ${h.status}, readyz ${r.status}`];
    });
    await edge(B, () => server);
    await uploads(B);
    await timing(B);

    // Database outage (PostgreSQL only): terminate the app's connections under write load.
    if (pg) {
      await item('db-outage-survival', async () => {
        const dbName = new URL(pg.url).pathname.slice(1);
        const acknowledged: string[] = [];
        let kills = 0;
        const statuses = new Map<number, number>();
        const stop = Date.now() + 20_000;
        let i = 0;
        const writer = async () => {
          while (Date.now() < stop) {
            const id = `outage${i++}`;
            const res = await registerForm(new Client(B()), id).catch(() => null);
            statuses.set(res?.status ?? 0, (statuses.get(res?.status ?? 0) ?? 0) + 1);
            if (res?.status === 302) acknowledged.push(id);
          }
        };
        const killer = async () => {
          for (let k = 0; k < 100 && Date.now() < stop; k++) {
            await pg.admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${dbName}'`);
            kills++;
            await sleep(150);
          }
        };
        await Promise.all([writer(), writer(), killer()]);
        await sleep(1000);
        const alive = await fetch(`${B()}/member/login`)
          .then((r) => r.status)
          .catch(() => 0);
        const missing = await missingAccounts(acknowledged);
        return [
          kills === 100 && alive === 200 && missing === 0,
          `${kills} terminations: process ${alive === 200 ? 'up' : 'down'}, ${acknowledged.length} acknowledged writes, ${missing} missing ` +
            `(answers ${[...statuses].map(([k, v]) => `${k}×${v}`).join(' ')})`,
        ];
      });
    }

    // Database down: pages and the API answer 503 in Korean at once, and the app recovers by itself when it returns.
    // Its own server, connected through a relay that the item can take down.
    const relay = pg ? await databaseRelay(pg.url) : null;
    if (relay) {
      await item('db-down-503-and-recovery', async () => {
        const down = await startServer({ DATABASE_URL: relay.url });
        downServer = down;
        const B = () => down.base;
        const student = new Client(B());
        await student.signIn('student');
        await relay.down();
        const t0 = performance.now();
        const page = await student.fetch('/user/activity');
        const pageText = await page.text();
        const apiRes = await api(B(), '/api/auth/login', { body: { loginId: 'student', password: PASSWORD } });
        const apiBody = (apiRes.json ?? {}) as { code?: string };
        const slowest = performance.now() - t0;
        const alive = await fetch(`${B()}/healthz`).then((r) => r.status);
        await relay.up();
        let recoveredMs = -1;
        const t1 = performance.now();
        while (performance.now() - t1 < 15_000) {
          if ((await student.fetch('/user/activity')).status === 200) {
            recoveredMs = performance.now() - t1;
            break;
          }
          await sleep(200);
        }
        const ok =
          page.status === 503 &&
          pageText.includes('잠시 리드인을 이용할 수 없습니다') &&
          page.headers.get('Retry-After') === '30' &&
          apiRes.status === 503 &&
          apiBody.code === 'SERVICE_UNAVAILABLE' &&
          alive === 200 &&
          recoveredMs >= 0;
        killGroup(down, 'SIGTERM');
        await relay.down();
        return [
          ok,
          `page ${page.status}, API ${apiRes.status} ${apiBody.code}, both in ${slowest.toFixed(0)} ms; healthz ${alive}; ` +
            `recovered ${recoveredMs >= 0 ? `in ${recoveredMs.toFixed(0)} ms` : 'never'}`,
        ];
      });
    }

    await paymentItems({ base: B });
    await paymentMoneyItems({ base: B, sql });
    if (pg) await paymentJobItems({ base: B, port: () => server.port, databaseUrl: pg.url, sql: sql! });
    await idorItems({ base: B });

    // Login flood: 20 s of wrong sign-ins with unique ids from one address, while a student reads a page. Late in the
    // run: it fills the address's 15-minute window of failed sign-ins, and the items before it sign in from there.
    await item('login-flood', async () => {
      const student = new Client(B());
      await student.signIn('student4');
      const stop = Date.now() + 20_000;
      const latencies: number[] = [];
      const flood: number[] = [];
      let n = 0;
      const attacker = async () => {
        while (Date.now() < stop) {
          const res = await api(B(), '/api/auth/login', { body: { loginId: `flood${n++}`, password: 'wrong-password' } });
          flood.push(res.status);
        }
      };
      const reader = async () => {
        while (Date.now() < stop) {
          const t0 = performance.now();
          const res = await student.fetch('/user/activity');
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          await sleep(100);
        }
      };
      await Promise.all([...Array.from({ length: 8 }, attacker), reader()]);
      const p99 = pct(latencies, 99);
      const limited = flood.filter((s) => s === 429).length;
      report('login-flood-address-limit', limited > 0, `${flood.length} attempts, ${limited} answered 429`);
      return [p99 < 1000, `student page p99 ${p99.toFixed(0)} ms over ${latencies.length} loads during ${flood.length} attempts`];
    });

    // kill -9 mid-burst: every acknowledged registration is there after a restart.
    await item('kill-9-mid-burst', async () => {
      const acknowledged: string[] = [];
      let i = 0;
      let dead = false;
      const writer = async () => {
        while (!dead) {
          const id = `burst${i++}`;
          const res = await registerForm(new Client(B()), id).catch(() => null);
          if (res?.status === 302 && !dead) acknowledged.push(id);
        }
      };
      const writers = [writer(), writer(), writer()];
      await sleep(4000);
      killGroup(server, 'SIGKILL');
      dead = true;
      await Promise.allSettled(writers);
      await sleep(500);
      server = await startServer(dbEnv, server.dataDir, server.port);
      const missing = await missingAccounts(acknowledged);
      return [acknowledged.length > 0 && missing === 0, `${acknowledged.length} acknowledged, ${missing} missing after restart`];
    });
    await secretKeyItem();
  } finally {
    killGroup(server, 'SIGTERM');
    const started = await shortLivedServer;
    if (started) killGroup(started, 'SIGTERM');
    await sleep(1000);
    killGroup(server, 'SIGKILL');
    if (started) killGroup(started, 'SIGKILL');
    if (downServer) killGroup(downServer, 'SIGKILL');
    await appDb?.end().catch(() => {});
    if (pg) await pg.drop();
    for (const dir of [server.dataDir, started?.dataDir ?? '']) if (dir) rmSync(dir, { recursive: true, force: true });
  }

  const failed = results.filter((r) => !r.ok);
  console.log(`# ${results.length - failed.length} passed, ${failed.length} failed`);
  process.exit(Math.min(failed.length, 100));
}

await main();
