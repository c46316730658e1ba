import { afterEach, describe, expect, it } from 'vitest';
import { getOptionalUser, requireHead, requireBasicPay, requireSuper, requireUser } from '~/web/guards.server';
import { getSession } from '~/web/session.server';
import { ACCESS_TOKEN_TTL_MS, ROTATION_GRACE_MS, SESSION_ABSOLUTE_TTL_MS, consumeRefreshToken, revokeFamily } from '~/auth/tokens.server';
import { countQueries } from '~/db/query-count.server';
import { setClock } from '~/lib/clock.server';
import { endRequestScope, openRequestScopes } from '~/lib/request-scope.server';
import { findSessionUser } from '~/services/users.server';
import { SPEC_MESSAGES } from '~/messages';
import { cookieHeader, makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';

useTestDatabase();
afterEach(() => setClock(undefined));

const later = (ms: number) => {
  const t = Date.now() + ms;
  setClock(() => t);
};

describe('guards', () => {
  it('sends an anonymous visitor to sign in, with the page to come back to', async () => {
    const res = await respond(() => requireUser(makeRequest('/user/activity'), { role: 'USER' }));
    expect(res.status).toBe(302);
    expect(res).toHaveRedirect('/member/login?redirectTo=%2Fuser%2Factivity');
  });

  it('signs out a user of the wrong role and sends them to /member/login', async () => {
    const cookie = await sessionCookie('student');
    const res = await respond(() => requireUser(makeRequest('/admin/dashboard', { cookie }), { role: 'ADMIN' }));
    expect(res).toHaveRedirect('/member/login');
    expect(res.headers.get('Set-Cookie')).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
    // The refresh token is revoked: the old cookie no longer works.
    later(ACCESS_TOKEN_TTL_MS + 1000);
    const again = await respond(() => requireUser(makeRequest('/user/activity', { cookie }), { role: 'USER' }));
    expect(again).toHaveRedirect('/member/login?redirectTo=%2Fuser%2Factivity&expired=1');
  });

  it('blocks a teacher from a HEAD-only page with the spec alert', async () => {
    const res = await respond(() => requireHead(makeRequest('/admin/teachers', { cookie: '' })));
    expect(res.status).toBe(302);
    const teacher = await sessionCookie('teacher');
    const blocked = await respond(() => requireHead(makeRequest('/admin/teachers', { cookie: teacher })));
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toEqual({ alert: { title: '알림', message: SPEC_MESSAGES.headOnly } });
    const head = await sessionCookie('head');
    expect((await requireHead(makeRequest('/admin/teachers', { cookie: head }))).loginId).toBe('head');
  });

  it('blocks an academy that has not paid this month', async () => {
    const head2 = await sessionCookie('head2');
    const blocked = await respond(() => requireBasicPay(makeRequest('/admin/x', { cookie: head2 })));
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toEqual({
      alert: { title: '알림', message: '이번 달 기본 결제를 해 주세요.', action: { href: '/admin/payments', label: '결제하러 가기' } },
    });
    const head = await sessionCookie('head');
    expect((await requireBasicPay(makeRequest('/admin/x', { cookie: head }))).loginId).toBe('head');
  });

  it('lets ADMIN1/ADMIN2 in everywhere in super and sends COACH and BRANCH to their own home', async () => {
    for (const id of ['super', 'admin2']) {
      const cookie = await sessionCookie(id);
      expect((await requireSuper(makeRequest('/super/user', { cookie }))).loginId).toBe(id);
    }
    const coach = await sessionCookie('coach');
    const res = await respond(() => requireSuper(makeRequest('/super/user', { cookie: coach })));
    expect(res).toHaveRedirect('/super/coach/sharpening');
    expect((await requireSuper(makeRequest('/super/coach/sharpening', { cookie: coach }), { allow: ['COACH'] })).loginId).toBe('coach');
    const branch = await sessionCookie('branch');
    const res2 = await respond(() => requireSuper(makeRequest('/super/coach/sharpening', { cookie: branch }), { allow: ['COACH'] }));
    expect(res2).toHaveRedirect('/super/tax/u/region/agency');
  });

  it('makes a MIGRATION account set its password first', async () => {
    const cookie = await sessionCookie('migrated');
    const res = await respond(() => requireUser(makeRequest('/user/activity', { cookie }), { role: 'USER' }));
    expect(res).toHaveRedirect('/member/migration');
  });
});

describe('token rotation', () => {
  it('rotates an expired access token once, by a redirect to the same page carrying the new cookie', async () => {
    const cookie = await sessionCookie('student');
    later(ACCESS_TOKEN_TTL_MS + 1000);
    const res = await respond(() => getOptionalUser(makeRequest('/user/activity?tab=2&_data=routes%2Fuser%2B%2Factivity', { cookie })));
    expect(res.status).toBe(302);
    expect(res).toHaveRedirect('/user/activity?tab=2');
    const next = cookieHeader(res.headers.get('Set-Cookie')!);
    expect(next).not.toBe(cookie);
    const user = await getOptionalUser(makeRequest('/user/activity', { cookie: next }));
    expect(user?.loginId).toBe('student');
  });

  it('answers parallel requests with an expired access token without signing out (one rotation)', async () => {
    const cookie = await sessionCookie('student');
    later(ACCESS_TOKEN_TTL_MS + 1000);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => respond(() => getOptionalUser(makeRequest('/user/activity', { cookie })))),
    );
    const rotated = results.filter((r) => r.status === 302);
    const served = results.filter((r) => r.status === 200);
    expect(rotated).toHaveLength(1);
    expect(rotated[0]).toHaveRedirect('/user/activity');
    expect(served).toHaveLength(4);
  });

  it('revokes the family when a used refresh token is replayed after the grace window', async () => {
    const cookie = await sessionCookie('student');
    const old = (await getSession(makeRequest('/', { cookie }))).get('refresh')!;
    const first = await consumeRefreshToken(old);
    expect(first.kind).toBe('rotated');
    later(ROTATION_GRACE_MS + 1000);
    expect(await consumeRefreshToken(old)).toEqual({ kind: 'failed', reason: 'replayed' });
    // The newer token of the same family is revoked too.
    const newer = first.kind === 'rotated' ? first.next.token : '';
    expect(await consumeRefreshToken(newer)).toEqual({ kind: 'failed', reason: 'revoked' });
  });

  it('keeps a form post working with an expired access token and a valid refresh token', async () => {
    const cookie = await sessionCookie('student');
    later(ACCESS_TOKEN_TTL_MS + 1000);
    const user = await requireUser(makeRequest('/user/activity', { cookie, method: 'POST', form: { a: '1' } }), { role: 'USER' });
    expect(user.loginId).toBe('student');
  });
});

describe('one session check per page request', () => {
  /** The copies Remix makes of one request for its loaders: same URL, headers and the server's request id. */
  const copies = (path: string, cookie: string, id: string, method = 'GET') =>
    [0, 1, 2].map(() =>
      makeRequest(path, { cookie, method, headers: { 'X-Request-Id': id }, form: method === 'POST' ? { a: '1' } : undefined }),
    );

  it('resolves the session once for all the loaders of a read, and forgets it when the response has ended', async () => {
    const cookie = await sessionCookie('student');
    const id = `read-${Date.now()}`;
    const { queries } = await countQueries(() => Promise.all(copies('/user/activity', cookie, id).map((r) => requireUser(r))));
    // The user and the session row in one query, for the three loaders together.
    expect(queries).toHaveLength(1);
    expect(openRequestScopes()).toBeGreaterThan(0);
    endRequestScope(id);
    const again = await countQueries(() => requireUser(copies('/user/activity', cookie, id)[0]));
    expect(again.queries).toHaveLength(1);
    endRequestScope(id);
  });

  it('does not share a session between requests with the same id but another cookie, nor between the copies of a post', async () => {
    const [student, head] = [await sessionCookie('student'), await sessionCookie('head')];
    const id = `shared-${Date.now()}`;
    expect((await requireUser(copies('/x', student, id)[0])).loginId).toBe('student');
    expect((await requireUser(copies('/x', head, id)[0])).loginId).toBe('head');
    endRequestScope(id);
    // A post's action may change what its loaders read: each copy resolves its own.
    const posts = copies('/user/activity', student, `post-${Date.now()}`, 'POST');
    const { queries } = await countQueries(async () => {
      for (const r of posts) await requireUser(r);
    });
    expect(queries).toHaveLength(3);
  });

  it('ends access at once when the session is revoked or past its absolute end, or names another user', async () => {
    const cookie = await sessionCookie('student');
    const fam = (await getSession(makeRequest('/', { cookie }))).get('fam')!;
    const user = (await requireUser(makeRequest('/user/activity', { cookie }))).id;
    expect(await findSessionUser(user, fam)).toMatchObject({ user: { loginId: 'student' }, live: true });
    const head = (await requireUser(makeRequest('/x', { cookie: await sessionCookie('head') }))).id;
    expect((await findSessionUser(head, fam)).live).toBe(false);
    expect(await findSessionUser(user, 'not-a-session')).toEqual({ user: null, live: false });
    later(SESSION_ABSOLUTE_TTL_MS + 1000);
    expect((await findSessionUser(user, fam)).live).toBe(false);
    setClock(undefined);
    await revokeFamily(fam);
    expect(await findSessionUser(user, fam)).toMatchObject({ user: { loginId: 'student' }, live: false });
    expect(await respond(() => requireUser(makeRequest('/user/activity', { cookie })))).toHaveRedirect(
      '/member/login?redirectTo=%2Fuser%2Factivity&expired=1',
    );
  });
});
