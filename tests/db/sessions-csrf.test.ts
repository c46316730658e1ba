import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { requireApiUser } from '~/web/api-auth.server';
import { CSRF_MESSAGE, csrfTokenFor, issueCsrf } from '~/web/csrf.server';
import { requireUser } from '~/web/guards.server';
import {
  ACCESS_TOKEN_TTL_MS,
  REFRESH_TOKEN_TTL_MS,
  SESSION_ABSOLUTE_TTL_MS,
  consumeRefreshToken,
  issueRefreshToken,
  apiTokens,
} from '~/auth/tokens.server';
import { db } from '~/db/client.server';
import { sessions } from '~/db/schema';
import { setClock } from '~/lib/clock.server';
import { findUserByLoginId } from '~/services/accounts.server';
import { resetStudentPassword } from '~/services/academy-members.server';
import { csrfFor, makeRequest, respond, sessionCookie, sessionIdOf } from '../support/auth';
import { useTestDatabase } from '../support/db';

useTestDatabase();
afterEach(() => setClock(undefined));

type Action = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;
const pageRoutes = import.meta.glob<{ action?: Action }>(['../../app/routes/**/*.{ts,tsx}', '!../../app/routes/api+/**'], {
  eager: true,
});
// The catch-all route's action only redirects to /landing (it reads nothing and changes nothing). The payment
// provider's webhook is a server-to-server JSON post with no session: it only makes us re-read the payment from the
// provider (tests/db/payment-orders.test.ts); so is the message provider's delivery report (tests/db/talk-sends.test.ts).
const WEBHOOKS = ['/card-pay+/webhook.ts', '/talk+/webhook.ts'];
const withActions = Object.entries(pageRoutes).filter(
  ([path, m]) => typeof m.action === 'function' && !path.endsWith('/$.tsx') && !WEBHOOKS.some((w) => path.endsWith(w)),
);
const ANY_PARAMS = { kind: 'student', resultBookId: '1', noteId: '1', studentId: '1', bookId: '1', '*': 'x' };

async function alertOf(res: Response) {
  return ((await res.json()) as { alert?: { message: string } }).alert?.message;
}

describe('form tokens (CSRF) on every page action', () => {
  it('finds the page actions', () => {
    expect(withActions.length).toBeGreaterThanOrEqual(20);
  });

  it.each(withActions)('%s refuses a post without the token, or with another session’s, with 403', async (_path, route) => {
    const cookie = await sessionCookie('student');
    for (const request of [
      makeRequest('/x', { form: { intent: 'x' }, csrf: false }),
      makeRequest('/x', { cookie, form: { intent: 'x' }, csrf: false }),
      makeRequest('/x', { cookie, form: { intent: 'x' }, csrf: csrfFor(await sessionCookie('student')) }),
      makeRequest('/x', { cookie, form: { intent: 'x' }, csrf: csrfTokenFor('a:test-pre-session-0001') }),
    ]) {
      const res = await respond(() => route.action!({ request, params: ANY_PARAMS, context: {} }));
      expect(res.status).toBe(403);
      expect(await alertOf(res)).toBe(CSRF_MESSAGE);
    }
  });

  it('gives a visitor without a session a pre-session cookie, and the session’s token after sign-in', async () => {
    const first = await issueCsrf(makeRequest('/member/login'));
    expect(first.setCookie).toMatch(/^csrf=[\w-]{20,}; Path=\/; HttpOnly; SameSite=Lax$/);
    const pre = first.setCookie!.split(';')[0];
    const again = await issueCsrf(makeRequest('/member/login', { cookie: pre }));
    expect([again.token, again.setCookie]).toEqual([first.token, null]);
    const cookie = await sessionCookie('student');
    const signedIn = await issueCsrf(makeRequest('/user/activity', { cookie: `${cookie}; ${pre}` }));
    expect(signedIn.token).toBe(csrfTokenFor(`s:${sessionIdOf(cookie)}`));
    expect(signedIn.token).not.toBe(first.token);
  });

  it('accepts the session’s own token in the field or the X-CSRF-Token header', async () => {
    const cookie = await sessionCookie('student');
    const user = await requireUser(makeRequest('/user/activity', { cookie, form: { a: '1' } }));
    expect(user.loginId).toBe('student');
    const viaHeader = makeRequest('/user/activity', {
      cookie,
      form: { a: '1' },
      csrf: false,
      headers: { 'X-CSRF-Token': csrfFor(cookie) },
    });
    expect((await requireUser(viaHeader)).loginId).toBe('student');
  });
});

describe('sessions end at once', () => {
  const bearerOf = async (loginId: string) => {
    const user = (await findUserByLoginId(loginId))!;
    return apiTokens(user, await issueRefreshToken(user.id));
  };
  const apiRequest = (token: string) => makeRequest('/api/user/dashboard', { headers: { Authorization: `Bearer ${token}` } });

  it('logout: the old cookie is refused on the next request, inside the access token’s 15 minutes', async () => {
    const cookie = await sessionCookie('student');
    expect((await requireUser(makeRequest('/user/activity', { cookie }))).loginId).toBe('student');
    const logout = (await import('~/routes/member+/logout')).action;
    const out = await respond(() => logout({ request: makeRequest('/member/logout', { cookie, form: {} }), params: {}, context: {} }));
    expect(out.status).toBe(302);
    const again = await respond(() => requireUser(makeRequest('/user/activity', { cookie })));
    expect(again).toHaveRedirect('/member/login?redirectTo=%2Fuser%2Factivity&expired=1');
  });

  it('a password reset by the academy ends the student’s page session and API token at once', async () => {
    const cookie = await sessionCookie('student');
    const api = await bearerOf('student');
    expect((await requireApiUser(apiRequest(api.accessToken))).loginId).toBe('student');
    const student = (await findUserByLoginId('student'))!;
    const teacher = (await findUserByLoginId('teacher'))!;
    await resetStudentPassword(teacher, student.id, 'new-pass-2026');
    const page = await respond(() => requireUser(makeRequest('/user/activity', { cookie })));
    expect(page).toHaveRedirect('/member/login?redirectTo=%2Fuser%2Factivity&expired=1');
    const refused = await respond(() => requireApiUser(apiRequest(api.accessToken)));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('an absolute lifetime of 12 hours that refreshing never passes (fake clock)', async () => {
    const start = Date.now();
    setClock(() => start);
    const user = (await findUserByLoginId('student'))!;
    let refresh = await issueRefreshToken(user.id);
    const [row] = await db().select().from(sessions).where(eq(sessions.id, refresh.familyId));
    expect(row.expiresAt.getTime()).toBe(start + SESSION_ABSOLUTE_TTL_MS);
    expect(SESSION_ABSOLUTE_TTL_MS).toBe(12 * 60 * 60 * 1000);
    // Refresh every 90 minutes: each new refresh token expires 2 hours later, but never after the 12-hour end.
    let t = start;
    for (;;) {
      t += 90 * 60 * 1000;
      setClock(() => t);
      const used = await consumeRefreshToken(refresh.token);
      if (used.kind !== 'rotated') {
        expect(used).toEqual({ kind: 'failed', reason: 'expired' });
        break;
      }
      refresh = used.next;
      expect(refresh.expiresAt.getTime()).toBe(Math.min(t + REFRESH_TOKEN_TTL_MS, start + SESSION_ABSOLUTE_TTL_MS));
    }
    expect(t).toBeGreaterThanOrEqual(start + SESSION_ABSOLUTE_TTL_MS);
    expect(t).toBeLessThanOrEqual(start + SESSION_ABSOLUTE_TTL_MS + 90 * 60 * 1000);
    // An access token signed moments before the end stops working at the end, not 15 minutes later.
    setClock(() => start + SESSION_ABSOLUTE_TTL_MS - 1000);
    const late = apiTokens(user, { ...refresh, familyId: refresh.familyId });
    setClock(() => start + SESSION_ABSOLUTE_TTL_MS + 1000);
    expect(ACCESS_TOKEN_TTL_MS).toBeGreaterThan(2000);
    const refused = await respond(() => requireApiUser(apiRequest(late.accessToken)));
    expect(refused.status).toBe(401);
  });
});
