import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRateLimits } from '~/auth/rate-limit.server';
import { ACCESS_TOKEN_TTL_MS, ROTATION_GRACE_MS } from '~/auth/tokens.server';
import { setClock } from '~/lib/clock.server';
import { log } from '~/lib/log.server';
import * as checkToken from '~/routes/api+/auth.checkToken.$refreshToken';
import * as login from '~/routes/api+/auth.login';
import * as refresh from '~/routes/api+/auth.refreshToken';
import * as logs from '~/routes/api+/logs';
import * as me from '~/routes/api+/me';
import * as editMyPage from '~/routes/api+/super.user.editMyPage';
import * as editMyPage2 from '~/routes/api+/super.user.editMyPage2';
import * as changeStudentPassword from '~/routes/api+/student.changePassword';
import * as setPassword from '~/routes/api+/auth.setPassword';
import * as dashboard from '~/routes/api+/user.dashboard';
import { findUserByLoginId } from '~/services/accounts.server';
import { sessionCookie, xsrfFor } from '../support/auth';
import { useTestDatabase } from '../support/db';

useTestDatabase();
beforeEach(() => resetRateLimits());
afterEach(() => setClock(undefined));

const later = (ms: number) => {
  const t = Date.now() + ms;
  setClock(() => t);
};

function api(path: string, init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  return new Request(new URL(path, 'http://localhost'), {
    method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
}
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

async function signInApi(loginId: string) {
  const res = await login.action(args(api('/api/auth/login', { body: { loginId, password: 'demo1234!' } })));
  expect(res.status).toBe(200);
  return { res, body: (await res.json()) as { data: { accessToken: string; expireDate: string; refreshToken: string } } };
}

describe('POST /api/auth/login', () => {
  it('answers the token pair and sets the XSRF-TOKEN cookie (readable by script)', async () => {
    const { res, body } = await signInApi('student');
    expect(Object.keys(body.data)).toEqual(expect.arrayContaining(['accessToken', 'expireDate', 'refreshToken']));
    expect(new Date(body.data.expireDate).getTime()).toBeGreaterThan(Date.now());
    const cookie = res.headers.get('Set-Cookie')!;
    expect(cookie).toMatch(/^XSRF-TOKEN=[\w-]{20,};/);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('refuses wrong credentials with one message', async () => {
    for (const [loginId, password] of [
      ['student', 'nope1234'],
      ['nobody', 'demo1234!'],
    ]) {
      const res = await login.action(args(api('/api/auth/login', { body: { loginId, password } })));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ code: 'LOGIN_FAIL', message: '아이디 또는 비밀번호가 올바르지 않습니다.' });
    }
  });

  it('limits an account to 5 failures in 15 minutes (429), even with the right password after that', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await login.action(args(api('/api/auth/login', { body: { loginId: 'student3', password: 'wrong-1234' } })));
      expect(res.status).toBe(401);
    }
    const blocked = await login.action(args(api('/api/auth/login', { body: { loginId: 'student3', password: 'demo1234!' } })));
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    });
    // Another account from the same classroom is not affected.
    await signInApi('student4');
  });

  it('rejects a GET and a malformed body', async () => {
    expect((await login.loader(args(api('/api/auth/login')))).status).toBe(405);
    const bad = await login.action(args(new Request('http://localhost/api/auth/login', { method: 'POST', body: 'not json' })));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('INVALID_REQUEST');
  });
});

describe('tokens', () => {
  it('refreshes once; the used token then fails with REFRESH_TOKEN_FAIL and a replay revokes the family', async () => {
    const { body } = await signInApi('student');
    const first = await refresh.action(args(api('/api/auth/refreshToken', { body: { refreshToken: body.data.refreshToken } })));
    expect(first.status).toBe(200);
    const next = ((await first.json()) as { data: { refreshToken: string; accessToken: string } }).data;
    expect(next.refreshToken).not.toBe(body.data.refreshToken);
    later(ROTATION_GRACE_MS + 1000);
    const replay = await refresh.action(args(api('/api/auth/refreshToken', { body: { refreshToken: body.data.refreshToken } })));
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { code: string }).code).toBe('REFRESH_TOKEN_FAIL');
    const check = await checkToken.loader(args(api(`/api/auth/checkToken/${next.refreshToken}`), { refreshToken: next.refreshToken }));
    expect(await check.json()).toEqual({ data: false });
  });

  it('checkToken answers { data: true } for a live token and false for garbage', async () => {
    const { body } = await signInApi('student');
    const ok = await checkToken.loader(args(api('/x'), { refreshToken: body.data.refreshToken }));
    expect(await ok.json()).toEqual({ data: true });
    const bad = await checkToken.loader(args(api('/x'), { refreshToken: 'nope' }));
    expect(await bad.json()).toEqual({ data: false });
  });
});

describe('GET /api/me', () => {
  it('answers the current user with basicPay', async () => {
    const { body } = await signInApi('head2');
    const res = await me.loader(args(api('/api/me', { token: body.data.accessToken })));
    const data = ((await res.json()) as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({ loginId: 'head2', userName: '백수진', userRole: 'ADMIN', authority: ['HEAD'], basicPay: false });
    const head = await signInApi('head');
    const res2 = await me.loader(args(api('/api/me', { token: head.body.data.accessToken })));
    expect(((await res2.json()) as { data: { basicPay: boolean } }).data.basicPay).toBe(true);
  });

  it('answers INVALID_TOKEN for a missing, forged or expired access token', async () => {
    const { body } = await signInApi('student');
    for (const token of [undefined, 'abc.def', body.data.accessToken.slice(0, -2) + 'xx']) {
      const res = await me.loader(args(api('/api/me', { token })));
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('INVALID_TOKEN');
    }
    later(ACCESS_TOKEN_TTL_MS + 1000);
    const expired = await me.loader(args(api('/api/me', { token: body.data.accessToken })));
    expect(((await expired.json()) as { code: string }).code).toBe('INVALID_TOKEN');
  });

  it('works with the session cookie too', async () => {
    const cookie = await sessionCookie('adult');
    const res = await me.loader(args(api('/api/me', { headers: { Cookie: cookie } })));
    expect(((await res.json()) as { data: { loginId: string } }).data.loginId).toBe('adult');
  });
});

describe('mutating calls', () => {
  it('student/changePassword: AUTHORIZED_ERROR for a student, only students of the own academy for a teacher', async () => {
    const student = await signInApi('student2');
    const target = (await findUserByLoginId('student5'))!;
    const other = (await findUserByLoginId('student7'))!;
    const denied = await changeStudentPassword.action(
      args(
        api('/api/student/changePassword', {
          token: student.body.data.accessToken,
          body: { studentId: target.id, password: 'newpass123' },
        }),
      ),
    );
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { code: string }).code).toBe('AUTHORIZED_ERROR');
    const teacher = await signInApi('teacher');
    const ok = await changeStudentPassword.action(
      args(
        api('/api/student/changePassword', {
          token: teacher.body.data.accessToken,
          body: { studentId: target.id, password: 'newpass123' },
        }),
      ),
    );
    expect(await ok.json()).toEqual({ data: true });
    const signIn = await login.action(args(api('/api/auth/login', { body: { loginId: 'student5', password: 'newpass123' } })));
    expect(signIn.status).toBe(200);
    const foreign = await changeStudentPassword.action(
      args(
        api('/api/student/changePassword', { token: teacher.body.data.accessToken, body: { studentId: other.id, password: 'newpass123' } }),
      ),
    );
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ code: 'STUDENT_NOT_FOUND', message: '우리 학원 학생만 비밀번호를 초기화할 수 있습니다.' });
    // An academy that has not paid this month cannot reset either (like the students page).
    const head2 = await signInApi('head2');
    const unpaid = await changeStudentPassword.action(
      args(
        api('/api/student/changePassword', { token: head2.body.data.accessToken, body: { studentId: other.id, password: 'newpass123' } }),
      ),
    );
    expect(unpaid.status).toBe(403);
    expect(await unpaid.json()).toEqual({ code: 'BASIC_PAY_REQUIRED', message: '이번 달 기본 결제를 해 주세요.' });
  });

  it('requires the X-XSRF-TOKEN of the session itself when the session cookie is used', async () => {
    const cookie = await sessionCookie('student6');
    const own = xsrfFor(cookie);
    const other = xsrfFor(await sessionCookie('student6'));
    const body = { userName: '강예린', userEmail: 'yerin@example.com' };
    const without = await editMyPage.action(
      args(api('/api/super/user/editMyPage', { body, headers: { Cookie: `${cookie}; XSRF-TOKEN=abc` } })),
    );
    expect(without.status).toBe(403);
    expect(((await without.json()) as { code: string }).code).toBe('AUTHORIZED_ERROR');
    const wrong = await editMyPage.action(
      args(api('/api/super/user/editMyPage', { body, headers: { Cookie: `${cookie}; XSRF-TOKEN=abc`, 'X-XSRF-TOKEN': 'xyz' } })),
    );
    expect(wrong.status).toBe(403);
    // Any value equal in cookie and header is no longer enough, and neither is another session's token.
    const equal = await editMyPage.action(
      args(api('/api/super/user/editMyPage', { body, headers: { Cookie: `${cookie}; XSRF-TOKEN=abc`, 'X-XSRF-TOKEN': 'abc' } })),
    );
    expect(equal.status).toBe(403);
    const foreign = await editMyPage.action(
      args(api('/api/super/user/editMyPage', { body, headers: { Cookie: `${cookie}; XSRF-TOKEN=${other}`, 'X-XSRF-TOKEN': other } })),
    );
    expect(foreign.status).toBe(403);
    const ok = await editMyPage.action(
      args(api('/api/super/user/editMyPage', { body, headers: { Cookie: `${cookie}; XSRF-TOKEN=${own}`, 'X-XSRF-TOKEN': own } })),
    );
    expect(await ok.json()).toEqual({ data: true });
    expect((await findUserByLoginId('student6'))!.email).toBe('yerin@example.com');
  });

  it('editMyPage2 changes the password with the current one and ends the other sessions', async () => {
    const a = await signInApi('student8');
    const b = await signInApi('student8');
    const wrong = await editMyPage2.action(
      args(api('/api/super/user/editMyPage2', { token: a.body.data.accessToken, body: { password: 'nope', newPassword: 'brandnew99' } })),
    );
    expect(await wrong.json()).toEqual({ code: 'WRONG_PASSWORD', message: '현재 비밀번호가 올바르지 않습니다.' });
    const ok = await editMyPage2.action(
      args(
        api('/api/super/user/editMyPage2', { token: a.body.data.accessToken, body: { password: 'demo1234!', newPassword: 'brandnew99' } }),
      ),
    );
    expect(await ok.json()).toEqual({ data: true });
    const otherSession = await refresh.action(args(api('/api/auth/refreshToken', { body: { refreshToken: b.body.data.refreshToken } })));
    expect(otherSession.status).toBe(401);
    const thisSession = await refresh.action(args(api('/api/auth/refreshToken', { body: { refreshToken: a.body.data.refreshToken } })));
    expect(thisSession.status).toBe(200);
  });
});

describe('a temporary password at the API', () => {
  it('answers /api/me with mustChangePassword, refuses every other call until POST /api/auth/setPassword', async () => {
    const teacher = await signInApi('teacher');
    const target = (await findUserByLoginId('student5'))!;
    const reset = await changeStudentPassword.action(
      args(
        api('/api/student/changePassword', {
          token: teacher.body.data.accessToken,
          body: { studentId: target.id, password: 'temp-pass-77' },
        }),
      ),
    );
    expect(await reset.json()).toEqual({ data: true });
    const signIn = await login.action(args(api('/api/auth/login', { body: { loginId: 'student5', password: 'temp-pass-77' } })));
    expect(signIn.status).toBe(200);
    const temporary = ((await signIn.json()) as { data: { accessToken: string } }).data.accessToken;
    const self = await me.loader(args(api('/api/me', { token: temporary })));
    expect(((await self.json()) as { data: { mustChangePassword: boolean } }).data.mustChangePassword).toBe(true);
    const refused = await dashboard.loader(args(api('/api/user/dashboard', { token: temporary })));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: 'PASSWORD_CHANGE_REQUIRED',
      message: '비밀번호를 새로 정한 뒤 이용할 수 있습니다. POST /api/auth/setPassword 로 새 비밀번호와 보안 질문을 등록해 주세요.',
    });
    // Changing it through the ordinary call is refused too: the account must also choose its security question.
    const other = await editMyPage2.action(
      args(api('/api/super/user/editMyPage2', { token: temporary, body: { password: 'temp-pass-77', newPassword: 'mine-pass-88' } })),
    );
    expect(((await other.json()) as { code: string }).code).toBe('PASSWORD_CHANGE_REQUIRED');
    const bad = await setPassword.action(
      args(api('/api/auth/setPassword', { token: temporary, body: { password: 'short', securityQuestion: 1, securityAnswer: '서울' } })),
    );
    expect(bad.status).toBe(400);
    const set = await setPassword.action(
      args(
        api('/api/auth/setPassword', { token: temporary, body: { password: 'mine-pass-88', securityQuestion: 1, securityAnswer: '서울' } }),
      ),
    );
    expect(set.status).toBe(200);
    const fresh = ((await set.json()) as { data: { accessToken: string } }).data.accessToken;
    // The temporary password's session has ended; the fresh one is served.
    expect((await dashboard.loader(args(api('/api/user/dashboard', { token: temporary })))).status).toBe(401);
    expect((await dashboard.loader(args(api('/api/user/dashboard', { token: fresh })))).status).toBe(200);
    const after = await me.loader(args(api('/api/me', { token: fresh })));
    expect(((await after.json()) as { data: { mustChangePassword: boolean } }).data.mustChangePassword).toBe(false);
    const again = await setPassword.action(
      args(api('/api/auth/setPassword', { token: fresh, body: { password: 'mine-pass-99', securityQuestion: 1, securityAnswer: '서울' } })),
    );
    expect(await again.json()).toEqual({ code: 'NOT_MIGRATION', message: '이미 비밀번호를 변경한 계정입니다.' });
    expect((await login.action(args(api('/api/auth/login', { body: { loginId: 'student5', password: 'mine-pass-88' } })))).status).toBe(
      200,
    );
  });
});

describe('POST /api/logs', () => {
  it('accepts a small JSON log (204), refuses more than 8 KB (413) and limits the rate (429)', async () => {
    const post = (body: string, ip = '10.0.0.9') =>
      logs.action(
        args(
          new Request('http://localhost/api/logs', {
            method: 'POST',
            body,
            headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
          }),
        ),
      );
    const logged = vi.spyOn(log, 'error').mockImplementation(() => undefined);
    try {
      const accepted = await post(JSON.stringify({ message: 'TypeError: x is undefined', url: '/user/activity' }));
      expect(accepted.status).toBe(204);
      // Like every API answer (docs/api.md): never stored, never sniffed.
      expect(accepted.headers.get('Cache-Control')).toBe('no-store');
      expect(accepted.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(logged.mock.calls[0]).toEqual([
        { source: 'client', id: undefined, kind: 'app', message: 'TypeError: x is undefined', path: '/user/activity' },
        'client error',
      ]);
      // The contract: known fields only, a path without its query or tokens, a message required.
      const report = {
        kind: 'boundary',
        message: 'Failed to fetch',
        name: 'TypeError',
        stack: 'TypeError: Failed to fetch\n    at /build/root-X.js:1:2',
        path: '/member/reset/abcdefabcdef?token=1',
        loginId: 'student',
        password: 'demo1234!',
      };
      expect((await post(JSON.stringify(report))).status).toBe(204);
      expect(logged.mock.calls[1][0]).toEqual({
        source: 'client',
        id: undefined,
        kind: 'boundary',
        message: 'Failed to fetch',
        name: 'TypeError',
        stack: report.stack,
        path: '/member/reset/[redacted]',
      });
      const refused = await post(JSON.stringify({ kind: 'error' }));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ code: 'INVALID_REQUEST', message: 'message가 필요합니다.' });
      expect((await post(JSON.stringify({ message: 'x', kind: 'debug' }))).status).toBe(400);
      expect(logged).toHaveBeenCalledTimes(2);
      expect((await post(JSON.stringify({ message: 'x'.repeat(9000) }))).status).toBe(413);
      let last = 204;
      for (let i = 0; i < 40; i++) last = (await post('{"m":1}', '10.0.0.10')).status;
      expect(last).toBe(429);
    } finally {
      logged.mockRestore();
    }
  });
});
