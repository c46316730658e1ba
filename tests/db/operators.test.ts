import { and, desc, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { config } from '~/config.server';
import { getOptionalUser } from '~/web/guards.server';
import { db, executeRows } from '~/db/client.server';
import { auditEvents, messages, organisations, users } from '~/db/schema';
import { STEP_UP_WINDOW_MS } from '~/domain/operators';
import { setClock } from '~/lib/clock.server';
import * as login from '~/routes/member+/login';
import * as resetLink from '~/routes/member+/reset.$token';
import * as audit from '~/routes/super+/audit';
import * as branchPage from '~/routes/super+/tax.u.region.agency';
import * as userPage from '~/routes/super+/user_.$userId';
import * as newStaff from '~/routes/super+/user_.new';
import * as userList from '~/routes/super+/user';
import { findUserByLoginId } from '~/services/accounts.server';
import { cookieHeader, makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { createStudent } from '../support/factories';
import { replyErrors } from '../support/form-reply';

useTestDatabase();

afterEach(() => setClock(undefined));

const PASSWORD = 'demo1234!';

async function idOf(loginId: string) {
  const user = await findUserByLoginId(loginId);
  if (!user) throw new Error(`no account ${loginId}`);
  return user.id;
}

/** The operator's address, as the HTTP server hands the socket's over in the load context. */
const OPERATOR_ADDRESS = '203.0.113.7';

/** This test runs without a proxy (the tests' environment declares one): the address is the socket's. */
function withoutProxy() {
  const settings = config() as { trustProxy: boolean };
  settings.trustProxy = false;
  onTestFinished(() => {
    settings.trustProxy = true;
  });
}

/** Posts to a user's page as `cookie` from OPERATOR_ADDRESS; returns the response. */
async function post(cookie: string, userId: number, form: Record<string, string>, extraCookie = '') {
  const request = makeRequest(`/super/user/${userId}`, { cookie: extraCookie ? `${cookie}; ${extraCookie}` : cookie, form });
  return respond(() => userPage.action({ request, params: { userId: String(userId) }, context: { clientAddress: OPERATOR_ADDRESS } }));
}

function stepUpCookieOf(res: Response) {
  const all = (res.headers as Headers & { getSetCookie(): string[] }).getSetCookie();
  const found = all.find((c) => c.startsWith('__stepup='));
  return found ? cookieHeader(found) : '';
}

async function lastAudit(action: string) {
  const [row] = await db().select().from(auditEvents).where(eq(auditEvents.action, action)).orderBy(desc(auditEvents.id)).limit(1);
  return row;
}

describe('user search', () => {
  it('finds by name or login id with role and status filters, paginated', async () => {
    const cookie = await sessionCookie('super');
    const search = async (query: string) => {
      const res = await respond(() =>
        userList.loader({ request: makeRequest(`/super/user?${query}`, { cookie }), params: {}, context: {} }),
      );
      expect(res.status).toBe(200);
      return (await res.json()) as { total: number; pages: number; rows: { loginId: string; role: string; status: string }[] };
    };
    const byId = await search('q=student2');
    expect(byId.rows.map((r) => r.loginId)).toContain('student2');
    const supers = await search('role=SUPER');
    expect(supers.rows.length).toBeGreaterThan(0);
    expect(supers.rows.every((r) => r.role === 'SUPER')).toBe(true);
    const coaches = await search('authority=COACH');
    expect(coaches.rows.map((r) => r.loginId).sort()).toEqual(['coach', 'coach2']);
    // A wildcard typed by the operator is a character, not a pattern.
    expect((await search('q=%25')).total).toBe(0);
  });

  it('offers the branches in the 소속 filter, and the academy the list is filtered by, not every academy', async () => {
    const cookie = await sessionCookie('super');
    const choices = async (query: string) => {
      const res = await respond(() =>
        userList.loader({ request: makeRequest(`/super/user?${query}`, { cookie }), params: {}, context: {} }),
      );
      return ((await res.json()) as { organisations: { id: number; kind: string }[] }).organisations;
    };
    const branches = await db().select({ id: organisations.id }).from(organisations).where(eq(organisations.kind, 'branch'));
    const plain = await choices('');
    expect(plain.every((o) => o.kind === 'branch')).toBe(true);
    expect(plain.map((o) => o.id).sort()).toEqual(branches.map((b) => b.id).sort());
    const [academy] = await db().select({ id: organisations.id }).from(organisations).where(eq(organisations.kind, 'academy')).limit(1);
    const filtered = await choices(`org=${academy.id}`);
    expect(filtered.map((o) => o.id).sort()).toEqual([...branches.map((b) => b.id), academy.id].sort());
  });
});

describe('lock and unlock', () => {
  it('asks for the password again, ends every session at once, says so at sign-in, and is in the audit trail', async () => {
    withoutProxy();
    const student = await createStudent();
    const studentCookie = await sessionCookie(student.loginId);
    const operator = await sessionCookie('super');

    const refused = await post(operator, student.id, { intent: 'lock' });
    expect(refused.status).toBe(401);
    expect(replyErrors(await refused.json()).form).toBe('보안을 위해 비밀번호를 다시 입력해 주세요.');
    const wrong = await post(operator, student.id, { intent: 'lock', stepUpPassword: 'not-mine-1' });
    expect(replyErrors(await wrong.json()).form).toBe('비밀번호가 올바르지 않습니다.');
    expect((await findUserByLoginId(student.loginId))?.status).toBe('ACTIVE');

    const locked = await post(operator, student.id, { intent: 'lock', stepUpPassword: PASSWORD });
    expect(locked).toHaveRedirect(`/super/user/${student.id}`);
    await expect(locked).toHaveFlash({ kind: 'success', message: `${student.name} 계정을 잠갔습니다. 모든 로그인이 끝났습니다.` });
    expect((await findUserByLoginId(student.loginId))?.status).toBe('LOCKED');

    // The student's next request is signed out.
    const next = await respond(() => getOptionalUser(makeRequest('/user/dashboard', { cookie: studentCookie })));
    expect(next.headers.get('Location')).toMatch(/^\/member\/login\?/);
    // Sign-in says the account is locked.
    const signIn = await respond(() =>
      login.action({
        request: makeRequest('/member/login', { form: { loginId: student.loginId, password: PASSWORD } }),
        params: {},
        context: {},
      }),
    );
    expect(JSON.stringify(await signIn.json())).toContain('잠긴 계정입니다. 고객센터로 문의해 주세요.');

    const row = await lastAudit('user.lock');
    expect(row).toMatchObject({ targetType: 'user', targetId: student.id, before: { status: 'ACTIVE' }, after: { status: 'LOCKED' } });
    expect(row.actorId).toBe(await idOf('super'));
    // The trail keeps where the operator acted from.
    expect(row.address).toBe(OPERATOR_ADDRESS);

    // Within ten minutes the proof cookie spares a second password; unlocking needs none.
    const unlocked = await post(operator, student.id, { intent: 'unlock' }, stepUpCookieOf(locked));
    expect(unlocked).toHaveRedirect(`/super/user/${student.id}`);
    expect((await findUserByLoginId(student.loginId))?.status).toBe('ACTIVE');
    expect(await lastAudit('user.unlock')).toMatchObject({ before: { status: 'LOCKED' }, after: { status: 'ACTIVE' } });
  });

  it('the step-up proof lasts ten minutes and belongs to its session', async () => {
    const student = await createStudent();
    const operator = await sessionCookie('super');
    const first = await post(operator, student.id, { intent: 'lock', stepUpPassword: PASSWORD });
    const proof = stepUpCookieOf(first);
    expect(proof).not.toBe('');
    await post(operator, student.id, { intent: 'unlock' });
    // Another session of the same operator cannot use it.
    const otherSession = await sessionCookie('super');
    expect((await post(otherSession, student.id, { intent: 'lock' }, proof)).status).toBe(401);
    // Eleven minutes later it has expired.
    const start = Date.now();
    setClock(() => start + STEP_UP_WINDOW_MS + 60_000);
    expect((await post(operator, student.id, { intent: 'lock' }, proof)).status).toBe(401);
  });
});

describe('authorities', () => {
  it('ADMIN2 cannot grant ADMIN1; ADMIN1 grants COACH, recorded with before and after', async () => {
    const staffId = await idOf('branch');
    const admin2 = await sessionCookie('admin2');
    const denied = await post(admin2, staffId, { intent: 'authorities', authority: 'ADMIN1', stepUpPassword: PASSWORD });
    expect(denied.status).toBe(403);
    expect(await denied.text()).toBe('최고 관리자만 최고·운영 관리자 권한을 주거나 뺄 수 있습니다.');
    // An ADMIN2 still passes BRANCH through (the disabled boxes post their current value), and may add COACH.
    const super1 = await sessionCookie('super');
    const granted = await post(super1, staffId, { intent: 'authorities', authority: 'BRANCH', stepUpPassword: PASSWORD });
    expect(granted.status).toBe(302);
    const res = await post(
      super1,
      staffId,
      { intent: 'authorities', stepUpPassword: PASSWORD, authority: 'COACH' },
      stepUpCookieOf(granted),
    );
    expect(res).toHaveRedirect(`/super/user/${staffId}`);
    const [row] = await db().select({ authorities: users.authorities }).from(users).where(eq(users.id, staffId));
    expect(row.authorities).toEqual(['COACH']);
    expect(await lastAudit('user.authorities')).toMatchObject({ before: { authorities: ['BRANCH'] }, after: { authorities: ['COACH'] } });
    await db()
      .update(users)
      .set({ authorities: ['BRANCH'] })
      .where(eq(users.id, staffId));
  });

  it('a form post with extra fields changes none of them', async () => {
    const student = await createStudent();
    const [before] = await db().select().from(users).where(eq(users.id, student.id));
    const operator = await sessionCookie('super');
    for (const intent of ['lock', 'unlock', 'authorities', 'reset']) {
      await post(operator, student.id, {
        intent,
        stepUpPassword: PASSWORD,
        role: 'SUPER',
        authorities: 'ADMIN1',
        authority: 'ADMIN1',
        organisationId: '1',
        name: '바뀐 이름',
        passwordHash: 'x',
      });
    }
    const [after] = await db().select().from(users).where(eq(users.id, student.id));
    expect({ role: after.role, authorities: after.authorities, organisationId: after.organisationId, name: after.name }).toEqual({
      role: before.role,
      authorities: before.authorities,
      organisationId: before.organisationId,
      name: before.name,
    });
    expect(after.passwordHash).toBe(before.passwordHash);
  });
});

describe('staff accounts and reset links', () => {
  it('a new staff account sets its own password through the one-time link; the link works once', async () => {
    const operator = await sessionCookie('super');
    const created = await respond(() =>
      newStaff.action({
        request: makeRequest('/super/user/new', {
          cookie: operator,
          form: { loginId: 'newcoach', name: '새코치', phone: '010-5555-1234', authority: 'COACH', role: 'USER' },
        }),
        params: {},
        context: {},
      }),
    );
    const staff = await findUserByLoginId('newcoach');
    expect(staff).toMatchObject({ role: 'SUPER', authorities: ['COACH'], organisationId: null });
    expect(created).toHaveRedirect(`/super/user/${staff!.id}`);
    expect(await lastAudit('user.create-staff')).toMatchObject({ targetId: staff!.id });

    const [message] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.recipientUserId, staff!.id), eq(messages.kind, 'PASSWORD_RESET_LINK')));
    const token = message.body.match(/\/member\/reset\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();

    const page = await respond(() => resetLink.loader({ request: makeRequest(`/member/reset/${token}`), params: { token }, context: {} }));
    expect(await page.json()).toMatchObject({ account: { loginId: 'newcoach', name: '새코치' } });
    const set = await respond(() =>
      resetLink.action({
        request: makeRequest(`/member/reset/${token}`, { form: { password: 'fresh-pass-99', confirm: 'fresh-pass-99' } }),
        params: { token },
        context: {},
      }),
    );
    expect(set).toHaveRedirect('/member/login');
    const again = await respond(() =>
      resetLink.action({
        request: makeRequest(`/member/reset/${token}`, { form: { password: 'another-one-9', confirm: 'another-one-9' } }),
        params: { token },
        context: {},
      }),
    );
    expect(again.status).toBe(410);
    expect(JSON.stringify(await again.json())).toContain('비밀번호 재설정 링크가 만료되었거나 이미 사용되었습니다.');
  });

  it('ADMIN2 cannot create an ADMIN1; an account without a phone is told to ask its academy', async () => {
    const admin2 = await sessionCookie('admin2');
    const res = await respond(() =>
      newStaff.action({
        request: makeRequest('/super/user/new', {
          cookie: admin2,
          form: { loginId: 'boss2', name: '대표', phone: '010-5555-9876', authority: 'ADMIN1' },
        }),
        params: {},
        context: {},
      }),
    );
    expect(res.status).toBe(403);
    expect(await findUserByLoginId('boss2')).toBeNull();

    const student = await createStudent();
    await db().update(users).set({ phone: null }).where(eq(users.id, student.id));
    const reset = await post(await sessionCookie('super'), student.id, { intent: 'reset', stepUpPassword: PASSWORD });
    expect(reset.status).toBe(409);
    expect(replyErrors(await reset.json()).form).toBe(
      '휴대폰 번호가 없는 계정입니다. 학원 학생이면 소속 학원에서 비밀번호를 초기화할 수 있습니다.',
    );
  });
});

describe('audit trail page', () => {
  it('lists the changes for ADMIN1 with filters: the fields changed and the address', async () => {
    withoutProxy();
    const student = await createStudent();
    const operator = await sessionCookie('super');
    await post(operator, student.id, { intent: 'lock', stepUpPassword: PASSWORD });
    const res = await respond(() =>
      audit.loader({
        request: makeRequest(`/super/audit?action=user.lock&target=${student.id}`, { cookie: operator }),
        params: {},
        context: {},
      }),
    );
    const data = (await res.json()) as {
      total: number;
      rows: { action: string; actorLoginId: string; address: string | null; changes: { field: string; before: string; after: string }[] }[];
    };
    expect(data.total).toBe(1);
    expect(data.rows[0]).toMatchObject({
      action: 'user.lock',
      actorLoginId: 'super',
      address: OPERATOR_ADDRESS,
      changes: [{ field: '상태', before: 'ACTIVE', after: 'LOCKED' }],
    });
  });
});

describe('branch home', () => {
  it("shows the branch's academies with this month's reading, agreeing with the records", async () => {
    const cookie = await sessionCookie('branch');
    const res = await respond(() =>
      branchPage.loader({ request: makeRequest('/super/tax/u/region/agency', { cookie }), params: {}, context: {} }),
    );
    expect(res.status).toBe(200);
    const data = (await res.json()) as {
      month: string;
      allBranches: boolean;
      rows: { academyId: number; academyName: string; minutes: number; pages: number; readers: number }[];
    };
    expect(data.allBranches).toBe(false);
    const [branchUser] = await db().select().from(users).where(eq(users.loginId, 'branch'));
    const academies = await db().select().from(organisations).where(eq(organisations.branchId, branchUser.organisationId!));
    expect(data.rows.map((r) => r.academyId).sort()).toEqual(academies.map((a) => a.id).sort());
    // Recomputed from the page records alone (the demo has no no-page progress this month in these academies or, if
    // it has, it adds minutes only): minutes ≥ page records' minutes, pages equal.
    for (const row of data.rows) {
      const [sums] = await executeRows<{ pages: number; minutes: number }>(
        db(),
        sql`select coalesce(sum(rr.end_page - rr.start_page + 1), 0)::int as pages, coalesce(sum(rr.minutes), 0)::int as minutes
              from reading_records rr join users u on u.id = rr.user_id
             where u.organisation_id = ${row.academyId} and to_char(rr.read_date, 'YYYY-MM') = ${data.month}`,
      );
      expect(row.pages).toBe(Number(sums.pages));
      expect(row.minutes).toBeGreaterThanOrEqual(Number(sums.minutes));
    }
    expect(data.rows.some((r) => r.minutes > 0)).toBe(true);
  });
});
