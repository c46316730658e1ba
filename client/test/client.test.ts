import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { signAccessToken } from '~/auth/tokens.server';
import { READING_ERRORS } from '~/domain/reading';
import { SPEC_MESSAGES } from '~/messages';
import { CLIENT_MESSAGES, createReadinClient, memoryStorage, readingFailureMessage, type ClientOptions, type TokenPair } from '../src';
import { CLIENT_TEST_REFRESH_SECONDS } from './server';

// The client against the real server started by the global setup (./server.ts): no mock answers anything here.
// `wire()` is a fetch that passes every request through to the server and notes it, so the tests count what
// crossed the wire. An expired access token is a real token of a live session, signed by the server's own signing
// function with its secret and a lifetime in the past.

const base = inject('apiBase');

type Sent = { method: string; path: string; headers: Headers; status: number; code?: string };

function wire(cookies?: Map<string, string>) {
  const sent: Sent[] = [];
  const fetcher: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    if (cookies?.size) headers.set('Cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers });
    const entry: Sent = { method: init?.method ?? 'GET', path: url.pathname, headers, status: response.status };
    if (!response.ok && (response.headers.get('Content-Type') ?? '').includes('json')) {
      entry.code = ((await response.clone().json()) as { code?: string }).code;
    }
    sent.push(entry);
    return response;
  };
  return { fetch: fetcher, sent, count: (path: string) => sent.filter((s) => s.path === path).length };
}

/** A client of the test server with counting fetch and recorded host callbacks. */
function clientFor(options: Partial<ClientOptions> = {}) {
  const net = wire();
  const host = { logouts: 0, toLogin: 0, path: '/user/activity' };
  const storage = memoryStorage();
  const client = createReadinClient({
    baseUrl: base,
    fetch: net.fetch,
    storage,
    onLogout: () => host.logouts++,
    onGoToLogin: () => host.toLogin++,
    currentPath: () => host.path,
    ...options,
  });
  return { client, net, host, storage };
}

/** A token pair of a fresh sign-in, straight from the API. */
async function signIn(loginId: string): Promise<TokenPair> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ loginId, password: 'demo1234!' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: TokenPair }).data;
}

/** The same session's access token, signed by the server's signing function with a lifetime that ended a minute ago. */
function expired(accessToken: string): string {
  const { sub, role, auth, fam } = JSON.parse(Buffer.from(accessToken.split('.')[0], 'base64url').toString('utf8'));
  return signAccessToken({ sub, role, auth, fam }, -60_000).token;
}

describe('the API client against the server (spec §7, §8)', () => {
  it('signs in, calls typed paths, keeps the refresh token and the user, never the password', async () => {
    const { client, storage } = clientFor();
    const { expireDate } = await client.login('student', 'demo1234!');
    expect(Date.parse(expireDate) - Date.now()).toBeGreaterThan((CLIENT_TEST_REFRESH_SECONDS - 60) * 1000);
    const me = (await client.me()) as { loginId: string };
    expect(me.loginId).toBe('student');
    // The generated types: the answer's fields, the path's parameters.
    const typed = await client.GET('/api/me');
    expect(typed.authority satisfies string[]).toEqual(['STUDENT']);
    if (typed.userId < 0) {
      // @ts-expect-error the teacher's call needs its path parameters
      await client.POST('/api/user/book/teacher/{a}/{b}');
    }
    expect(storage.getUser()).toMatchObject({ loginId: 'student' });
    expect(storage.getRefreshToken()).toMatch(/.{20,}/);
    expect(JSON.stringify([storage.getRefreshToken(), storage.getUser()])).not.toContain('demo1234!');
    const fail = await client.login('student', 'wrong-password').catch((e: unknown) => e);
    expect(fail).toMatchObject({ status: 401, code: 'LOGIN_FAIL' });
    client.dispose();
  });

  it('ten concurrent calls with an expired access token cause exactly one refresh, and all succeed', async () => {
    const { client, net, host, storage } = clientFor();
    const tokens = await signIn('student2');
    client.setTokens({ ...tokens, accessToken: expired(tokens.accessToken) });
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.GET('/api/me')));
    expect(answers.map((a) => a.loginId)).toEqual(Array(10).fill('student2'));
    expect(net.count('/api/auth/refreshToken')).toBe(1);
    expect(net.sent.filter((s) => s.code === 'INVALID_TOKEN')).toHaveLength(10);
    expect(net.sent.filter((s) => s.path === '/api/me' && s.status === 200)).toHaveLength(10);
    expect(storage.getRefreshToken()).not.toBe(tokens.refreshToken); // rotated once, kept
    expect(host).toMatchObject({ logouts: 0, toLogin: 0 });
    // Calls after the refresh use the new token: no more refreshes.
    await client.GET('/api/user/activity/subProfile');
    expect(net.count('/api/auth/refreshToken')).toBe(1);
    client.dispose();
  });

  it('a refused refresh logs out once and sends the host to the login page once; the calls fail with REFRESH_TOKEN_FAIL', async () => {
    const { client, net, host, storage } = clientFor();
    const tokens = await signIn('student3');
    // The refresh token is used up elsewhere (rotated by another client): the server refuses it.
    await fetch(`${base}/api/auth/refreshToken`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken: tokens.refreshToken }),
    });
    client.setTokens({ ...tokens, accessToken: expired(tokens.accessToken) });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => client.GET('/api/me')));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill('rejected'));
    for (const r of results) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'REFRESH_TOKEN_FAIL', status: 401 });
    expect(net.count('/api/auth/refreshToken')).toBe(1);
    expect(host).toMatchObject({ logouts: 1, toLogin: 1 });
    expect(storage.getRefreshToken()).toBeNull();
    client.dispose();
  });

  it('without a stored refresh token INVALID_TOKEN logs out with the login-expired message, and sends nothing more', async () => {
    const { client, net, host } = clientFor();
    const tokens = await signIn('student4');
    client.setTokens({ ...tokens, accessToken: expired(tokens.accessToken) });
    client.logout();
    const error = await client.GET('/api/me').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'REFRESH_TOKEN_FAIL', message: '로그인이 만료되었습니다. 다시 로그인 해주세요.' });
    expect(net.count('/api/auth/refreshToken')).toBe(0);
    expect(host).toMatchObject({ logouts: 1, toLogin: 1 });
  });

  it('AUTHORIZED_ERROR sends the host to the login page except on the landing pages, the root and the login page', async () => {
    const { client, host } = clientFor();
    await client.login('student5', 'demo1234!');
    const refused = async (path: string) => {
      host.path = path;
      const error = await client.POST('/api/user/book/teacher/{a}/{b}', { params: { a: 1, b: '1' } }).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 403, code: 'AUTHORIZED_ERROR' });
    };
    await refused('/user/activity');
    expect(host.toLogin).toBe(1);
    for (const path of ['/', '/landing', '/landing/faq/operating', '/member/login']) await refused(path);
    expect(host.toLogin).toBe(1);
    await refused('/user/dashboard');
    expect(host.toLogin).toBe(2);
    expect(host.logouts).toBe(0);
    client.dispose();
  });

  it('sends X-XSRF-TOKEN from the XSRF-TOKEN cookie on mutating calls of a cookie session, not on reads', async () => {
    // A browser's sign-in through the login page: the session cookie and the XSRF-TOKEN cookie.
    const jar = new Map<string, string>();
    const take = (res: Response) =>
      res.headers.getSetCookie().forEach((c) => {
        const [pair] = c.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      });
    const page = await fetch(`${base}/member/login`);
    take(page);
    const html = await page.text();
    const form = new URLSearchParams({
      csrf: html.match(/name="csrf" value="([^"]*)"/)?.[1] ?? '',
      from: html.match(/name="from" value="([^"]*)"/)?.[1] ?? '',
      website: '',
      loginId: 'student6',
      password: 'demo1234!',
      redirectTo: '',
    });
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const signedIn = await fetch(`${base}/member/login`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { Cookie: cookieHeader() },
    });
    expect(signedIn.status).toBe(302);
    take(signedIn);
    expect(jar.get('XSRF-TOKEN')).toBeTruthy();

    const net = wire(jar);
    const readCookie = (name: string) => (jar.has(name) ? decodeURIComponent(jar.get(name)!) : null);
    const client = createReadinClient({
      baseUrl: base,
      fetch: net.fetch,
      storage: memoryStorage(),
      readCookie,
      currentPath: () => '/user/activity',
    });
    const me = await client.GET('/api/me');
    expect(net.sent[0].headers.has('X-XSRF-TOKEN')).toBe(false);
    await expect(
      client.POST('/api/super/user/editMyPage', { body: { userName: me.userName, userEmail: me.userEmail ?? '' } }),
    ).resolves.toBe(true);
    expect(net.sent[1].headers.get('X-XSRF-TOKEN')).toBe(readCookie('XSRF-TOKEN'));
    expect(net.sent[1].headers.has('Authorization')).toBe(false);

    // Without the cookie's value the same call is refused: the header is what lets it through.
    const bare = createReadinClient({
      baseUrl: base,
      fetch: wire(jar).fetch,
      storage: memoryStorage(),
      readCookie: () => null,
      onGoToLogin: () => {},
    });
    await expect(bare.POST('/api/super/user/editMyPage', { body: { userName: me.userName, userEmail: '' } })).rejects.toMatchObject({
      status: 403,
      code: 'AUTHORIZED_ERROR',
    });
  });

  it('checks the refresh token 10 minutes before it expires: CHECK when the server says it is no longer usable', async () => {
    const live = clientFor();
    const used = clientFor();
    const events: string[] = [];
    live.client.on('EXPIRING', () => events.push('live EXPIRING'));
    live.client.on('CHECK', () => events.push('live CHECK'));
    used.client.on('EXPIRING', () => events.push('used EXPIRING'));
    used.client.on('CHECK', () => events.push('used CHECK'));
    const started = Date.now();
    await live.client.login('student7', 'demo1234!');
    await used.client.login('student8', 'demo1234!');
    // student8's refresh token is used up by someone else: the check answers false.
    await fetch(`${base}/api/auth/refreshToken`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken: used.storage.getRefreshToken() }),
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(events).toEqual([]); // not before its time (603 s − 10 min = 3 s after the sign-in)
    await expect.poll(() => events.length, { timeout: 10_000 }).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
    expect(events.sort()).toEqual(['live EXPIRING', 'used CHECK']);
    expect(used.net.count(`/api/auth/checkToken/${encodeURIComponent(used.storage.getRefreshToken()!)}`)).toBe(1);
    live.client.dispose();
    used.client.dispose();
  });

  it('a teacher sets the read method of a student’s book (POST user/book/teacher/{a}/{b}); the reading alerts use §8’s words', async () => {
    const student = clientFor();
    await student.client.login('student', 'demo1234!');
    const activity = await student.client.GET('/api/user/activity');
    const open = activity.resultList.find((b) => b.status === 1 || b.status === 10);
    expect(open).toBeTruthy();
    const teacher = clientFor();
    await teacher.client.login('teacher', 'demo1234!');
    const next = open!.readMethod === 6 ? 1 : 6;
    await expect(
      teacher.client.POST('/api/user/book/teacher/{a}/{b}', { params: { a: open!.resultBookId, b: String(next) } }),
    ).resolves.toMatchObject({
      resultBookId: open!.resultBookId,
      readMethod: next,
    });
    expect(await student.client.GET('/api/user/activity/bookResult/{id}', { params: { id: open!.resultBookId } })).toMatchObject({
      readMethod: next,
    });
    const other = clientFor();
    await other.client.login('teacher4', 'demo1234!'); // the same academy, another class
    await expect(other.client.POST('/api/user/book/teacher/{a}/{b}', { params: { a: open!.resultBookId, b: '1' } })).rejects.toMatchObject({
      status: 404,
      code: 'BOOK_NOT_FOUND',
    });

    // A record past the book's last page: the client's alert is the spec's message for the code.
    const id = activity.currentResultBookId!;
    const error = (await student.client
      .POST('/api/user/activity/bookDayRead/{id}', {
        params: { id },
        body: { list: [{ start: 1, end: 99999, time: 10 }], isChange: false, submissionKey: `client-${Date.now()}` },
      })
      .catch((e: unknown) => e)) as { code: string };
    expect(error.code).toBe('INVALID_READ_TOTAL_OVER');
    expect(readingFailureMessage(error.code)).toBe('현재 도서의 총 페이지보다 클 수 없습니다.');
    for (const client of [student, teacher, other]) client.client.dispose();
  });

  it('a client error report becomes one JSON line of the server’s log at level error', async () => {
    const { client } = clientFor();
    const message = `TypeError: 시험 보고 ${Date.now()}`;
    await expect(client.POST('/api/logs', { body: { kind: 'error', message, path: '/user/activity?id=7' } })).resolves.toBeUndefined();
    const line = await expect
      .poll(() =>
        fs
          .readFileSync(inject('serverLog'), 'utf8')
          .split('\n')
          .find((l) => l.includes(message)),
      )
      .toBeTruthy()
      .then(() =>
        fs
          .readFileSync(inject('serverLog'), 'utf8')
          .split('\n')
          .find((l) => l.includes(message))!,
      );
    expect(JSON.parse(line)).toMatchObject({
      level: 50,
      source: 'client',
      kind: 'error',
      message,
      path: '/user/activity',
      msg: 'client error',
    });
  });

  it('the alerts are the server’s own words (spec §8)', () => {
    expect(readingFailureMessage('READ_METHOD_NOT_FOUND')).toBe(READING_ERRORS.READ_METHOD_NOT_FOUND);
    expect(readingFailureMessage('INVALID_READ_START_OVER')).toBe(READING_ERRORS.INVALID_READ_START_OVER);
    expect(readingFailureMessage('INVALID_READ_TOTAL_OVER')).toBe(READING_ERRORS.INVALID_READ_TOTAL_OVER);
    for (const other of ['READ_SAVE_FAILED', 'CLOCK_NOT_STARTED', '', undefined]) {
      expect(readingFailureMessage(other)).toBe(SPEC_MESSAGES.readSaveFailed);
    }
    expect(CLIENT_MESSAGES).toMatchObject({
      readMethodNotFound: SPEC_MESSAGES.readMethodNotFound,
      readStartOver: SPEC_MESSAGES.readStartOver,
      readTotalOver: SPEC_MESSAGES.readTotalOver,
      loginExpired: SPEC_MESSAGES.loginExpired,
      extendLogin: SPEC_MESSAGES.extendLogin,
      popupBlocked: SPEC_MESSAGES.popupBlocked,
    });
  });
});
