import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { honeypot } from '~/web/honeypot.server';
import { resetRateLimits } from '~/auth/rate-limit.server';
import { getSession, sessionStorage, writeSession } from '~/web/session.server';
import { EXTEND_PROMPT_BEFORE_MS, issueRefreshToken, REFRESH_TOKEN_TTL_MS } from '~/auth/tokens.server';
import { db } from '~/db/client.server';
import { academyJoinRequests, messages, organisations, userConsents, users, verificationCodes } from '~/db/schema';
import { AUTHORITIES } from '~/domain/enums';
import { SendState } from '~/domain/enums';
import { setClock } from '~/lib/clock.server';
import { firstError, type FormReply } from '~/lib/form-reply';
import * as adminStudents from '~/routes/admin+/students';
import * as extend from '~/routes/member+/extend';
import * as findId from '~/routes/member+/findId.$kind';
import * as findPassword from '~/routes/member+/findPassword.$kind';
import * as guardian from '~/routes/member+/guardian.$token';
import * as login from '~/routes/member+/login';
import * as migration from '~/routes/member+/migration';
import * as register from '~/routes/member+/register.$kind';
import * as sessionRoute from '~/routes/member+/session';
import * as userLayout from '~/routes/user+/_layout';
import * as myPageMe from '~/routes/user+/my-page.me';
import * as profileImage from '~/routes/resources+/profile-image.$userId';
import { findUserByLoginId } from '~/services/accounts.server';
import { decideJoinRequest } from '~/services/join-requests.server';
import { cookieHeader, csrfFor, makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { replyValues } from '../support/form-reply';

useTestDatabase();
beforeEach(() => resetRateLimits());
afterEach(() => setClock(undefined));

async function honeypotFields() {
  const props = await honeypot.getInputProps();
  return { [props.nameFieldName]: '', [props.validFromFieldName!]: props.encryptedValidFrom! };
}
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const body = async (res: Response) =>
  (await res.json()) as {
    status?: string;
    error?: Record<string, string[]> | null;
    code?: string;
    data?: Record<string, unknown>;
    [k: string]: unknown;
  };

const REGISTRATION = {
  password: 'reading123',
  confirm: 'reading123',
  name: '신입생',
  birthDate: '2011-04-01',
  grade: '중1',
  phone: '01055556666',
  email: '',
  securityQuestion: '5',
  securityAnswer: '초코',
  terms: 'on',
  privacy: 'on',
};
/** 2026-11-24 in Seoul: a child born 2016-05-02 is 10, one born 2011-04-01 is 15. */
const TODAY = Date.parse('2026-11-24T03:00:00Z');

describe('registration', () => {
  it('a student with an academy code is signed in as an individual member and waits for the head to approve the request', async () => {
    setClock(() => TODAY);
    const form = { ...(await honeypotFields()), ...REGISTRATION, loginId: 'newstudent1', academyCode: 'haeorum' };
    const res = await respond(() => register.action(args(makeRequest('/member/register/student', { form }), { kind: 'student' })));
    expect(res.status).toBe(302);
    expect(res).toHaveRedirect('/user/activity');
    expect(res).toHaveFlash({
      message: '신입생님, 리드인에 오신 것을 환영합니다. 해오름 독서학원 가입 신청은 학원장님이 승인하면 완료됩니다.',
    });
    expect(res.headers.get('Set-Cookie')).toContain('__session=');
    const user = (await findUserByLoginId('newstudent1'))!;
    const [academy] = await db().select().from(organisations).where(eq(organisations.code, 'HAEORUM'));
    const [own] = await db().select().from(organisations).where(eq(organisations.id, user.organisationId!));
    expect(own.kind).toBe('student');
    expect(user).toMatchObject({ phone: '010-5555-6666', authorities: ['STUDENT'], securityQuestion: 5, status: 'ACTIVE', grade: '중1' });
    expect(user.birthDate).toBe('2011-04-01');
    const consents = await db().select().from(userConsents).where(eq(userConsents.userId, user.id));
    expect(consents.map((c) => [c.kind, c.policyCode]).sort()).toEqual([
      ['PRIVACY', 'privacy'],
      ['TERMS', 'readin'],
    ]);
    const [request] = await db().select().from(academyJoinRequests).where(eq(academyJoinRequests.userId, user.id));
    expect(request).toMatchObject({ academyId: academy.id, status: 'PENDING' });

    // A teacher cannot decide; the head of another academy does not find it; the head approves, twice harmlessly.
    const teacher = (await findUserByLoginId('teacher'))!;
    await expect(decideJoinRequest(teacher, request.id, 'APPROVED')).toBeDomainError(
      'FORBIDDEN',
      '학원장만 가입 신청을 처리할 수 있습니다.',
    );
    const otherHead = (await db().select().from(users).where(eq(users.loginId, 'head2')))[0];
    await expect(decideJoinRequest(otherHead, request.id, 'APPROVED')).toBeDomainError(
      'JOIN_REQUEST_NOT_FOUND',
      '이미 처리되었거나 찾을 수 없는 가입 신청입니다.',
    );
    const head = (await findUserByLoginId('head'))!;
    await decideJoinRequest(head, request.id, 'APPROVED');
    await decideJoinRequest(head, request.id, 'APPROVED');
    await expect(decideJoinRequest(head, request.id, 'DECLINED')).toBeDomainError(
      'JOIN_REQUEST_NOT_FOUND',
      '이미 처리되었거나 찾을 수 없는 가입 신청입니다.',
    );
    expect((await findUserByLoginId('newstudent1'))!.organisationId).toBe(academy.id);
    const [decided] = await db().select().from(academyJoinRequests).where(eq(academyJoinRequests.id, request.id));
    expect(decided).toMatchObject({ status: 'APPROVED', decidedBy: head.id });
  });

  it('the head approves or declines on the students page; a declined student stays an individual member', async () => {
    setClock(() => TODAY);
    const head = (await findUserByLoginId('head'))!;
    const cookie = await sessionCookie('head');
    const page = await respond(() => adminStudents.loader(args(makeRequest('/admin/students', { cookie }))));
    const listed = (await page.json()) as { requests: { id: number; loginId: string }[] };
    expect(listed.requests.map((r) => r.loginId)).toEqual(['applicant1', 'applicant2']);
    const [first, second] = listed.requests;
    const declined = await respond(() =>
      adminStudents.action(args(makeRequest('/admin/students', { cookie, form: { intent: 'decline', requestId: String(first.id) } }))),
    );
    expect(declined).toHaveRedirect('/admin/students');
    expect(declined).toHaveFlash({ message: '윤서아 학생의 가입 신청을 거절했습니다.' });
    const approved = await respond(() =>
      adminStudents.action(args(makeRequest('/admin/students', { cookie, form: { intent: 'approve', requestId: String(second.id) } }))),
    );
    expect(approved).toHaveFlash({ message: '임도윤 학생의 가입을 승인했습니다. 이제 우리 학원 학생 목록에 있습니다.' });
    expect((await findUserByLoginId('applicant1'))!.organisationId).not.toBe(head.organisationId);
    expect((await findUserByLoginId('applicant2'))!.organisationId).toBe(head.organisationId);
    // A teacher's students page lists no requests and cannot post a decision.
    const teacherCookie = await sessionCookie('teacher');
    const teacherPage = (await (
      await respond(() => adminStudents.loader(args(makeRequest('/admin/students', { cookie: teacherCookie }))))
    ).json()) as { requests: unknown[] };
    expect(teacherPage.requests).toEqual([]);
    const refused = await respond(() =>
      adminStudents.action(
        args(makeRequest('/admin/students', { cookie: teacherCookie, form: { intent: 'approve', requestId: String(first.id) } })),
      ),
    );
    expect(refused.status).toBe(403);
  });

  it('a student under 14 waits for the guardian: no session until the code sent to the guardian’s phone is entered', async () => {
    setClock(() => TODAY);
    const hp = await honeypotFields();
    const child = { ...hp, ...REGISTRATION, loginId: 'younger1', name: '어린이', birthDate: '2016-05-02', grade: '초4' };
    // The guardian's name and phone are required under 14, and the phone must be someone else's.
    const missing = await respond(() =>
      register.action(args(makeRequest('/member/register/student', { form: child }), { kind: 'student' })),
    );
    expect(missing.status).toBe(400);
    expect((await body(missing)).error).toEqual({ guardianName: ['만 14세 미만은 보호자(법정대리인)의 이름과 휴대폰 번호가 필요합니다.'] });
    const same = await respond(() =>
      register.action(
        args(makeRequest('/member/register/student', { form: { ...child, guardianName: '어보호', guardianPhone: '010-5555-6666' } }), {
          kind: 'student',
        }),
      ),
    );
    expect((await body(same)).error).toEqual({ guardianPhone: ['보호자 휴대폰 번호는 본인 번호와 달라야 합니다.'] });

    const res = await respond(() =>
      register.action(
        args(makeRequest('/member/register/student', { form: { ...child, guardianName: '어보호', guardianPhone: '010 4444 3333' } }), {
          kind: 'student',
        }),
      ),
    );
    expect(res.status).toBe(302);
    const location = res.headers.get('Location')!;
    expect(location).toMatch(/^\/member\/guardian\/\d+\.\d+\.[\w-]{43}$/);
    expect(res.headers.get('Set-Cookie') ?? '').not.toContain('__session=');
    const user = (await findUserByLoginId('younger1'))!;
    expect(user).toMatchObject({ status: 'PENDING', guardianName: '어보호', guardianPhone: '010-4444-3333', guardianConsentAt: null });
    const [sms] = await db().select().from(messages).where(eq(messages.phone, '010-4444-3333')).orderBy(desc(messages.id)).limit(1);
    expect(sms.body).toContain('어보호님, 어린이님이 리드인 회원가입에 보호자(법정대리인) 동의를 요청했습니다.');
    const code = sms.body.match(/인증번호 (\d{6})/)![1];

    // Signing in before the consent leads back to the guardian page, and counts as no failed attempt.
    const token = location.split('/').pop()!;
    const loginForm = { ...(await honeypotFields()), loginId: 'younger1', password: 'reading123' };
    const signIn = await respond(() => login.action(args(makeRequest('/member/login', { form: loginForm }))));
    expect(signIn.headers.get('Location')).toMatch(/^\/member\/guardian\//);

    const wrong = await respond(() =>
      guardian.action(args(makeRequest(location, { form: { code: code === '000000' ? '111111' : '000000' } }), { token })),
    );
    expect(wrong.status).toBe(400);
    expect(await body(wrong)).toMatchObject({
      error: { '': ['인증번호가 올바르지 않습니다. 보호자 휴대폰으로 받은 6자리를 다시 확인해 주세요.'] },
    });
    expect((await findUserByLoginId('younger1'))!.status).toBe('PENDING');

    const ok = await respond(() => guardian.action(args(makeRequest(location, { form: { code } }), { token })));
    expect(ok).toHaveRedirect('/user/activity');
    expect(ok.headers.get('Set-Cookie')).toContain('__session=');
    const active = (await findUserByLoginId('younger1'))!;
    expect(active.status).toBe('ACTIVE');
    expect(active.guardianConsentAt).not.toBeNull();
    const kinds = (await db().select().from(userConsents).where(eq(userConsents.userId, active.id))).map((c) => c.kind).sort();
    expect(kinds).toEqual(['GUARDIAN', 'PRIVACY', 'TERMS']);
    // The link is used up: the page says so, and the code cannot be entered twice.
    const again = await respond(() => guardian.action(args(makeRequest(location, { form: { code } }), { token })));
    expect(again.status).toBe(410);
    const tampered = await respond(() =>
      guardian.loader(args(makeRequest(`/member/guardian/${token.slice(0, -1)}x`), { token: `${token.slice(0, -1)}x` })),
    );
    expect(tampered.status).toBe(410);
  });

  it('a student without a phone of their own registers with a guardian’s phone; neither is refused beside the phone', async () => {
    setClock(() => TODAY);
    const hp = await honeypotFields();
    const student = { ...hp, ...REGISTRATION, loginId: 'nophone1', name: '폰없음', phone: '' };
    const neither = await respond(() =>
      register.action(args(makeRequest('/member/register/student', { form: student }), { kind: 'student' })),
    );
    expect(neither.status).toBe(400);
    expect((await body(neither)).error).toEqual({ phone: ['학생 본인이나 보호자의 휴대폰 번호 중 하나는 입력해 주세요.'] });
    expect(await findUserByLoginId('nophone1')).toBeNull();

    const res = await respond(() =>
      register.action(
        args(makeRequest('/member/register/student', { form: { ...student, guardianName: '폰보호', guardianPhone: '010 4321 8765' } }), {
          kind: 'student',
        }),
      ),
    );
    expect(res).toHaveRedirect('/user/activity');
    const user = (await findUserByLoginId('nophone1'))!;
    expect(user).toMatchObject({ status: 'ACTIVE', phone: null, guardianName: '폰보호', guardianPhone: '010-4321-8765' });

    // The guardian's phone finds the id and receives the password code.
    const findForm = { ...(await honeypotFields()), name: '폰없음', phone: '010-4321-8765' };
    const found = await respond(() => findId.action(args(makeRequest('/member/findId/student', { form: findForm }), { kind: 'student' })));
    expect((await body(found)).data?.found).toEqual(['nop*****']);
    const identify = { ...(await honeypotFields()), intent: 'identify', loginId: 'nophone1', name: '폰없음' };
    const step1 = await respond(() =>
      findPassword.action(args(makeRequest('/member/findPassword/student', { form: identify }), { kind: 'student' })),
    );
    expect(step1.status).toBe(200);
    const [sms] = await db().select().from(messages).where(eq(messages.recipientUserId, user.id)).orderBy(desc(messages.id)).limit(1);
    expect(sms.phone).toBe('010-4321-8765');
    expect(sms.kind).toBe('PASSWORD_RESET_CODE');
  });

  it('an adult member gives a phone', async () => {
    setClock(() => TODAY);
    const form = { ...(await honeypotFields()), ...REGISTRATION, loginId: 'adultnophone', birthDate: '1990-02-03', phone: '' };
    const res = await respond(() => register.action(args(makeRequest('/member/register/adult', { form }), { kind: 'adult' })));
    expect(res.status).toBe(400);
    expect((await body(res)).error).toEqual({ phone: ['휴대폰 번호를 입력해 주세요.'] });
  });

  it('an adult member is 19 or older', async () => {
    setClock(() => TODAY);
    const form = { ...(await honeypotFields()), ...REGISTRATION, loginId: 'youngadult', birthDate: '2009-01-01' };
    const res = await respond(() => register.action(args(makeRequest('/member/register/adult', { form }), { kind: 'adult' })));
    expect(res.status).toBe(400);
    expect((await body(res)).error).toEqual({ birthDate: ['성인 회원은 만 19세 이상만 가입할 수 있습니다. 학생 회원으로 가입해 주세요.'] });
  });

  it('an adult gets an individual organisation of kind student', async () => {
    const form = { ...(await honeypotFields()), ...REGISTRATION, loginId: 'newadult1', email: 'a@b.kr', birthDate: '1990-02-03' };
    const res = await respond(() => register.action(args(makeRequest('/member/register/adult', { form }), { kind: 'adult' })));
    expect(res).toHaveRedirect('/user/activity');
    const user = (await findUserByLoginId('newadult1'))!;
    const [org] = await db().select().from(organisations).where(eq(organisations.id, user.organisationId!));
    expect(org.kind).toBe('student');
    expect(user.authorities).toEqual([]);
  });

  it('shows the field rules and the taken-id message beside the fields', async () => {
    const hp = await honeypotFields();
    const taken = await respond(() =>
      register.action(
        args(makeRequest('/member/register/student', { form: { ...hp, ...REGISTRATION, loginId: 'student' } }), { kind: 'student' }),
      ),
    );
    expect(taken.status).toBe(409);
    expect((await body(taken)).error).toMatchObject({ loginId: ['이미 사용 중인 아이디입니다.'] });
    const bad = await respond(() =>
      register.action(
        args(
          makeRequest('/member/register/student', {
            form: {
              ...hp,
              ...REGISTRATION,
              loginId: 'AB',
              password: 'short',
              confirm: 'other',
              phone: '123',
              terms: '',
              privacy: '',
              birthDate: '2011-02-30',
              grade: '',
              academyCode: '',
            },
          }),
          { kind: 'student' },
        ),
      ),
    );
    expect(bad.status).toBe(400);
    expect((await body(bad)).error).toMatchObject({
      loginId: ['아이디는 영문 소문자와 숫자 4~20자로 입력해 주세요.'],
      password: ['비밀번호는 8자 이상 128자 이하로 입력해 주세요.'],
      phone: ['휴대폰 번호를 정확히 입력해 주세요. (예: 010-1234-5678)'],
      terms: ['이용약관에 동의해 주세요.'],
      privacy: ['개인정보 수집·이용에 동의해 주세요.'],
      birthDate: ['생년월일을 정확히 입력해 주세요. (예: 2014-03-15)'],
    });
    // The confirmation is compared once every field is valid.
    const mismatch = await respond(() =>
      register.action(
        args(makeRequest('/member/register/student', { form: { ...hp, ...REGISTRATION, loginId: 'newstudent3', confirm: 'reading124' } }), {
          kind: 'student',
        }),
      ),
    );
    expect((await body(mismatch)).error).toEqual({ confirm: ['비밀번호가 일치하지 않습니다.'] });
    const unknownAcademy = await respond(() =>
      register.action(
        args(makeRequest('/member/register/student', { form: { ...hp, ...REGISTRATION, loginId: 'newstudent2', academyCode: 'NOPE' } }), {
          kind: 'student',
        }),
      ),
    );
    expect((await body(unknownAcademy)).error).toMatchObject({
      academyCode: ['학원 코드를 찾을 수 없습니다. 학원에 코드를 다시 확인해 주세요.'],
    });
  });

  it('refuses a bot that fills the honeypot', async () => {
    const props = await honeypot.getInputProps();
    const form = { ...(await honeypotFields()), [props.nameFieldName]: 'spam', ...REGISTRATION, loginId: 'botbot' };
    const res = await respond(() => register.action(args(makeRequest('/member/register/adult', { form }), { kind: 'adult' })));
    expect(res.status).toBe(400);
    expect(await findUserByLoginId('botbot')).toBeNull();
  });
});

describe('finding an id', () => {
  it('shows the masked login id for name + phone, by member kind', async () => {
    const form = { ...(await honeypotFields()), name: '김하늘', phone: '010 1000 0001' };
    const res = await respond(() => findId.action(args(makeRequest('/member/findId/student', { form }), { kind: 'student' })));
    expect((await body(res)).data?.found).toEqual(['stu****']);
    const adult = await respond(() => findId.action(args(makeRequest('/member/findId/adult', { form }), { kind: 'adult' })));
    expect(adult.status).toBe(404);
  });
});

describe('finding a password', () => {
  async function start(loginId: string, name: string) {
    const form = { ...(await honeypotFields()), intent: 'identify', loginId, name };
    return respond(() => findPassword.action(args(makeRequest('/member/findPassword/student', { form }), { kind: 'student' })));
  }
  async function latestCode(loginId: string) {
    const user = (await findUserByLoginId(loginId))!;
    const [message] = await db().select().from(messages).where(eq(messages.recipientUserId, user.id)).orderBy(desc(messages.id)).limit(1);
    return { message, code: message.body.match(/\d{6}/)![0] };
  }
  async function reset(fields: Record<string, string>, ip = '10.1.1.1') {
    const form = { ...(await honeypotFields()), intent: 'reset', name: '이바다', ...fields };
    const request = makeRequest('/member/findPassword/student', { form, headers: { 'X-Forwarded-For': ip } });
    return respond(() => findPassword.action(args(request, { kind: 'student' })));
  }

  it('sends a one-time code to the phone (outbox COMPLETE) after answering, then needs the answer AND the code', async () => {
    const step1 = await start('student2', '이바다');
    const data = await body(step1);
    expect(data.data?.challenge).toMatchObject({
      loginId: 'student2',
      question: '가장 좋아하는 책은 무엇인가요?',
      maskedPhone: '010-****-0002',
    });
    // The answer did not wait for the provider: the outbox sends the stored message right after it.
    await vi.waitFor(async () => expect((await latestCode('student2')).message.sendState).toBe(SendState.COMPLETE), { timeout: 5_000 });
    const { message, code } = await latestCode('student2');
    expect(message).toMatchObject({ phone: '010-1000-0002', channel: 'SMS', sendState: SendState.COMPLETE, attempts: 1 });
    expect(message.sentAt).not.toBeNull();
    // The code is stored hashed only.
    const rows = await db()
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, (await findUserByLoginId('student2'))!.id));
    expect(rows.at(-1)!.codeHash).not.toContain(code);

    const wrongCode = await reset({
      loginId: 'student2',
      answer: '어린 왕자',
      code: code === '000000' ? '111111' : '000000',
      password: 'fresh12345',
      confirm: 'fresh12345',
    });
    expect(wrongCode.status).toBe(400);
    expect(await body(wrongCode)).toMatchObject({ error: { '': ['보안 질문의 답 또는 인증번호가 올바르지 않습니다.'] } });
    const wrongAnswer = await reset({ loginId: 'student2', answer: '해리 포터', code, password: 'fresh12345', confirm: 'fresh12345' });
    expect(wrongAnswer.status).toBe(400);

    const cookie = await sessionCookie('student2');
    const ok = await reset({ loginId: 'student2', answer: ' 어린왕자 ', code, password: 'fresh12345', confirm: 'fresh12345' });
    expect(ok.status).toBe(302);
    expect(ok).toHaveRedirect('/member/login');
    const user = (await findUserByLoginId('student2'))!;
    const { verifyPassword } = await import('~/auth/password.server');
    expect(await verifyPassword(user.passwordHash, 'fresh12345')).toBe(true);
    // Every session ended.
    const session = await getSession(makeRequest('/', { cookie }));
    const { isRefreshTokenValid } = await import('~/auth/tokens.server');
    expect(await isRefreshTokenValid(session.get('refresh'))).toBe(false);
    // The code cannot be used twice.
    const again = await reset({ loginId: 'student2', answer: '어린 왕자', code, password: 'other12345', confirm: 'other12345' });
    expect(await body(again)).toMatchObject({
      code: 'CODE_EXPIRED',
      error: { '': ['인증번호가 만료되었습니다. 처음부터 다시 진행해 주세요.'] },
    });
  });

  it('answers step 1 the same whether the account exists or not (status, shape, no message about it)', async () => {
    const real = await start('student3', '박지우');
    const unknown = await start('nobody42', '없는사람');
    const wrongName = await start('student3', '다른이름');
    expect([real.status, unknown.status, wrongName.status]).toEqual([200, 200, 200]);
    type Step1 = { status: string; data: { challenge: Record<string, string> } };
    const shapes = (await Promise.all([real, unknown, wrongName].map(async (r) => body(r)))) as unknown as Step1[];
    for (const data of shapes) {
      expect(Object.keys(data).sort()).toEqual(['data', 'fields', 'initialValue', 'status']);
      expect(Object.keys(data.data)).toEqual(['challenge']);
      expect(data.status).toBe('success');
      expect(Object.keys(data.data.challenge).sort()).toEqual(['loginId', 'maskedPhone', 'name', 'question']);
      expect(data.data.challenge.maskedPhone).toMatch(/^010-\*{4}-\d{4}$/);
    }
    // The decoy stays the same on a second request, as a real account's challenge would.
    expect((await body(await start('nobody42', '없는사람'))).data?.challenge).toEqual(shapes[1].data.challenge);
    // Step 2 for the unknown account fails exactly like a wrong answer.
    const step2 = await reset({
      loginId: 'nobody42',
      name: '없는사람',
      answer: 'x',
      code: '123456',
      password: 'fresh12345',
      confirm: 'fresh12345',
    });
    expect(step2.status).toBe(400);
    expect(await body(step2)).toMatchObject({ error: { '': ['보안 질문의 답 또는 인증번호가 올바르지 않습니다.'] } });
  });

  it('counts wrong answers as failed sign-ins: after 5 the account is limited', async () => {
    await start('student4', '최서연');
    const { code } = await latestCode('student4');
    for (let i = 0; i < 5; i++) {
      const res = await reset({
        loginId: 'student4',
        name: '최서연',
        answer: `틀린 답 ${i}`,
        code,
        password: 'fresh12345',
        confirm: 'fresh12345',
      });
      expect(res.status).toBe(400);
    }
    const limited = await reset({
      loginId: 'student4',
      name: '최서연',
      answer: '어린 왕자',
      code,
      password: 'fresh12345',
      confirm: 'fresh12345',
    });
    expect(limited.status).toBe(429);
    expect(await body(limited)).toMatchObject({ error: { '': ['로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요.'] } });
    // …and so is the login form.
    const form = { ...(await honeypotFields()), loginId: 'student4', password: 'demo1234!' };
    const signIn = await respond(() => login.action(args(makeRequest('/member/login', { form }))));
    expect(signIn.status).toBe(429);
  });

  it('a code expires after 10 minutes', async () => {
    await start('student5', '정민준');
    const { code } = await latestCode('student5');
    const t = Date.now() + 10 * 60 * 1000 + 1000;
    setClock(() => t);
    const res = await reset({
      loginId: 'student5',
      name: '정민준',
      answer: '어린 왕자',
      code,
      password: 'fresh12345',
      confirm: 'fresh12345',
    });
    expect(res.status).toBe(410);
  });
});

describe('the login form rate limit', () => {
  it('5 wrong passwords → the spec-style message with 429', async () => {
    const hp = await honeypotFields();
    for (let i = 0; i < 5; i++) {
      const res = await respond(() =>
        login.action(args(makeRequest('/member/login', { form: { ...hp, loginId: 'student9', password: 'bad-pass1' } }))),
      );
      expect(res.status).toBe(400);
    }
    const res = await respond(() =>
      login.action(args(makeRequest('/member/login', { form: { ...hp, loginId: 'student9', password: 'demo1234!' } }))),
    );
    expect(res.status).toBe(429);
    expect((await body(res)).error).toEqual({ '': ['로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요.'] });
  });

  it('the per-IP limit is generous: 100 failures from one classroom address', async () => {
    const hp = await honeypotFields();
    const ip = '192.168.10.20';
    for (let i = 0; i < 100; i++) {
      const { recordSignInFailure } = await import('~/auth/rate-limit.server');
      await recordSignInFailure(`pupil${i}`, ip);
    }
    const res = await respond(() =>
      login.action(
        args(
          makeRequest('/member/login', { form: { ...hp, loginId: 'student', password: 'demo1234!' }, headers: { 'X-Forwarded-For': ip } }),
        ),
      ),
    );
    expect(res.status).toBe(429);
    const otherIp = await respond(() =>
      login.action(
        args(
          makeRequest('/member/login', {
            form: { ...hp, loginId: 'student', password: 'demo1234!' },
            headers: { 'X-Forwarded-For': '192.168.10.21' },
          }),
        ),
      ),
    );
    expect(otherIp.status).toBe(302);
    expect(otherIp.headers.get('Set-Cookie')).toContain('XSRF-TOKEN=');
  });
});

describe('migration accounts', () => {
  it('sets a new password and security question, drops MIGRATION, ends other sessions and goes home', async () => {
    const other = await sessionCookie('migrated');
    const cookie = await sessionCookie('migrated');
    const page = await respond(() => migration.loader(args(makeRequest('/member/migration', { cookie }))));
    expect(page.status).toBe(200);
    const bad = await respond(() =>
      migration.action(
        args(
          makeRequest('/member/migration', {
            cookie,
            form: { password: 'new-pass-1', confirm: 'new-pass-1', securityQuestion: '', securityAnswer: '' },
          }),
        ),
      ),
    );
    expect((await body(bad)).error).toEqual({
      securityQuestion: ['보안 질문을 선택해 주세요.'],
      securityAnswer: ['보안 질문의 답을 입력해 주세요.'],
    });
    const mismatch = await respond(() =>
      migration.action(
        args(
          makeRequest('/member/migration', {
            cookie,
            form: { password: 'new-pass-1', confirm: 'different', securityQuestion: '4', securityAnswer: '부산' },
          }),
        ),
      ),
    );
    expect((await body(mismatch)).error).toEqual({ confirm: ['비밀번호가 일치하지 않습니다.'] });
    const res = await respond(() =>
      migration.action(
        args(
          makeRequest('/member/migration', {
            cookie,
            form: { password: 'new-pass-1', confirm: 'new-pass-1', securityQuestion: '4', securityAnswer: '부산' },
          }),
        ),
      ),
    );
    expect(res.status).toBe(302);
    expect(res).toHaveRedirect('/user/activity');
    const user = (await findUserByLoginId('migrated'))!;
    expect(user.authorities).toEqual(['STUDENT']);
    expect(user.securityQuestion).toBe(4);
    const { isRefreshTokenValid } = await import('~/auth/tokens.server');
    expect(await isRefreshTokenValid((await getSession(makeRequest('/', { cookie: other }))).get('refresh'))).toBe(false);
    // The new session opens the user area.
    const fresh = cookieHeader(res.headers.getSetCookie().find((c) => c.startsWith('__session='))!);
    const layout = await respond(() => userLayout.loader(args(makeRequest('/user/activity', { cookie: fresh }))));
    expect(layout.status).toBe(200);
  });
});

describe('the academy resets a student password', () => {
  it('head resets its own student; head2 is blocked by the basicPay guard', async () => {
    const student = (await findUserByLoginId('student3'))!;
    const head = await sessionCookie('head');
    const res = await respond(() =>
      adminStudents.action(
        args(makeRequest('/admin/students', { cookie: head, form: { studentId: String(student.id), password: 'teacher-set1' } })),
      ),
    );
    expect(res.status).toBe(302);
    const { verifyPassword } = await import('~/auth/password.server');
    expect(await verifyPassword((await findUserByLoginId('student3'))!.passwordHash, 'teacher-set1')).toBe(true);
    const head2 = await sessionCookie('head2');
    const blocked = await respond(() =>
      adminStudents.action(
        args(makeRequest('/admin/students', { cookie: head2, form: { studentId: String(student.id), password: 'teacher-set2' } })),
      ),
    );
    expect(blocked.status).toBe(403);
    const student7 = (await findUserByLoginId('student7'))!;
    const foreign = await respond(() =>
      adminStudents.action(
        args(makeRequest('/admin/students', { cookie: head, form: { studentId: String(student7.id), password: 'teacher-set3' } })),
      ),
    );
    expect(foreign.status).toBe(404);
    // Another academy's student is the area's error page, with the service's message.
    expect(await foreign.text()).toBe('우리 학원 학생만 비밀번호를 초기화할 수 있습니다.');
  });
});

describe('Hangul passwords and login ids', () => {
  // '한' typed on a keyboard that composes it (NFC, one code point) or one that sends its jamo (NFD, three).
  const NFC = '읽기좋은한글암호';
  const NFD = NFC.normalize('NFD');

  it('a password set in NFC signs in typed in NFD (web), and one set in NFD signs in typed in NFC', async () => {
    expect(NFD).not.toBe(NFC);
    const student = (await findUserByLoginId('student3'))!;
    const head = await sessionCookie('head');
    const reset = await respond(() =>
      adminStudents.action(args(makeRequest('/admin/students', { cookie: head, form: { studentId: String(student.id), password: NFC } }))),
    );
    expect(reset.status).toBe(302);
    const signIn = await respond(async () =>
      login.action(args(makeRequest('/member/login', { form: { ...(await honeypotFields()), loginId: 'student3', password: NFD } }))),
    );
    expect(signIn).toHaveRedirect('/member/migration');
    const cookie = cookieHeader(signIn.headers.get('Set-Cookie')!);
    const set = await respond(() =>
      migration.action(
        args(
          makeRequest('/member/migration', {
            cookie,
            form: { password: NFD, confirm: NFD, securityQuestion: '1', securityAnswer: '엄마' },
          }),
        ),
      ),
    );
    expect(set.status).toBe(302);
    const again = await respond(async () =>
      login.action(args(makeRequest('/member/login', { form: { ...(await honeypotFields()), loginId: 'student3', password: NFC } }))),
    );
    expect(again).toHaveRedirect('/user/activity');
  });

  it('a login id in Hangul (brought over from the previous system) is found typed in NFD', async () => {
    await db().update(users).set({ loginId: '한글아이디' }).where(eq(users.loginId, 'student4'));
    expect((await findUserByLoginId('한글아이디'.normalize('NFD')))?.loginId).toBe('한글아이디');
    const hp = await honeypotFields();
    const signIn = await respond(() =>
      login.action(
        args(
          makeRequest('/member/login', {
            form: { ...hp, loginId: '한글아이디'.normalize('NFD'), password: 'demo1234!' },
          }),
        ),
      ),
    );
    expect(signIn).toHaveRedirect('/user/activity');
  });
});

describe('my page', () => {
  function multipart(cookie: string, file: Blob, name: string) {
    const form = new FormData();
    form.append('image', file, name);
    form.set('intent', 'image');
    form.set('csrf', csrfFor(cookie));
    return new Request('http://localhost/user/my-page/me', { method: 'POST', body: form, headers: { Cookie: cookie } });
  }

  it('edits name and email and changes the password with the current one', async () => {
    const cookie = await sessionCookie('adult');
    const saved = await respond(() =>
      myPageMe.action(
        args(makeRequest('/user/my-page/me', { cookie, form: { intent: 'profile', name: '오지현2', email: 'ojh@example.com' } })),
      ),
    );
    expect(saved).toHaveRedirect('/user/my-page/me');
    expect((await findUserByLoginId('adult'))!.name).toBe('오지현2');
    const wrong = await respond(() =>
      myPageMe.action(
        args(
          makeRequest('/user/my-page/me', {
            cookie,
            form: { intent: 'password', password: 'nope', newPassword: 'another123', confirm: 'another123' },
          }),
        ),
      ),
    );
    expect((await body(wrong)).error).toEqual({
      password: ['현재 비밀번호가 올바르지 않습니다.'],
    });
    const ok = await respond(() =>
      myPageMe.action(
        args(
          makeRequest('/user/my-page/me', {
            cookie,
            form: { intent: 'password', password: 'demo1234!', newPassword: 'another123', confirm: 'another123' },
          }),
        ),
      ),
    );
    expect(ok.status).toBe(302);
  });

  it('accepts a PNG: re-encoded to a 256×256 WebP, served to signed-in users with an ETag', async () => {
    const cookie = await sessionCookie('student6');
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const res = await respond(() =>
      myPageMe.action(args(multipart(cookie, new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png'))),
    );
    expect(res.status).toBe(302);
    const user = (await findUserByLoginId('student6'))!;
    expect(user.profileImage).toMatch(/^[0-9a-f-]{36}\.webp$/);
    const served = await profileImage.loader(
      args(makeRequest(`/resources/profile-image/${user.id}`, { cookie: await sessionCookie('head2') }), { userId: String(user.id) }),
    );
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/webp');
    expect(served.headers.get('Cache-Control')).toContain('max-age=31536000');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 256, 256, undefined]);
    const etag = served.headers.get('ETag')!;
    const cached = await profileImage.loader(
      args(makeRequest(`/resources/profile-image/${user.id}`, { cookie, headers: { 'If-None-Match': etag } }), { userId: String(user.id) }),
    );
    expect(cached.status).toBe(304);
    const anonymous = await profileImage.loader(args(makeRequest(`/resources/profile-image/${user.id}`), { userId: String(user.id) }));
    expect(anonymous.status).toBe(401);
  });

  it('refuses an HTML file renamed .jpg and a file over 5 MB, with Korean messages', async () => {
    const cookie = await sessionCookie('student7');
    const html = new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/jpeg' });
    const fake = await respond(() => myPageMe.action(args(multipart(cookie, html, 'photo.jpg'))));
    expect(fake.status).toBe(415);
    const fakeReply = (await fake.json()) as FormReply;
    expect(replyValues(fakeReply).intent).toBe('image');
    expect(firstError(fakeReply)).toBe('JPG, PNG, WEBP 형식의 이미지만 올릴 수 있습니다.');
    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 10)], { type: 'image/jpeg' });
    const tooBig = await respond(() => myPageMe.action(args(multipart(cookie, big, 'big.jpg'))));
    expect(tooBig.status).toBe(413);
    expect(firstError((await tooBig.json()) as FormReply)).toBe('5MB 이하의 이미지만 올릴 수 있습니다.');
    expect((await findUserByLoginId('student7'))!.profileImage).toBeNull();
  });
});

describe('the extend-login prompt', () => {
  it('the layout gives the timing; /member/session reports the expiry; POST /member/extend rotates and goes back', async () => {
    const cookie = await sessionCookie('student');
    const layout = await respond(() => userLayout.loader(args(makeRequest('/user/activity', { cookie }))));
    const { timing } = (await layout.json()) as { timing: { expiresAt: number; promptAt: number; serverNow: number } };
    expect(timing.expiresAt - timing.promptAt).toBe(EXTEND_PROMPT_BEFORE_MS);
    expect(timing.expiresAt - timing.serverNow).toBeGreaterThan(REFRESH_TOKEN_TTL_MS - 5000);
    const state = await sessionRoute.loader(args(makeRequest('/member/session', { cookie })));
    expect(await state.json()).toEqual({ expiresAt: timing.expiresAt });

    const t = Date.now() + REFRESH_TOKEN_TTL_MS - 5 * 60 * 1000;
    setClock(() => t);
    const res = await respond(() =>
      extend.action(args(makeRequest('/member/extend', { cookie, form: { redirectTo: '/user/dashboard?x=1' } }))),
    );
    expect(res).toHaveRedirect('/user/dashboard?x=1');
    const next = cookieHeader(res.headers.get('Set-Cookie')!);
    const after = (await getSession(makeRequest('/', { cookie: next }))).get('refreshExpiresAt')!;
    expect(after).toBe(t + REFRESH_TOKEN_TTL_MS);
    // Not to another site.
    const evil = await respond(() =>
      extend.action(args(makeRequest('/member/extend', { cookie: next, form: { redirectTo: '//evil.example/x' } }))),
    );
    expect(evil).toHaveRedirect('/user/activity');
  });

  it('after expiry /member/extend sends to login with the expiry flag', async () => {
    const cookie = await sessionCookie('student');
    const t = Date.now() + REFRESH_TOKEN_TTL_MS + 1000;
    setClock(() => t);
    const res = await respond(() => extend.action(args(makeRequest('/member/extend', { cookie, form: { redirectTo: '/user/activity' } }))));
    expect(res).toHaveRedirect('/member/login?redirectTo=%2Fuser%2Factivity&expired=1');
  });
});

describe('the session cookie', () => {
  it('stays under 4096 bytes in its largest case (every authority, longest ids)', async () => {
    const [row] = await db().select().from(users).where(eq(users.loginId, 'super'));
    const refresh = await issueRefreshToken(row.id);
    const { setCookie } = await writeSession({ id: 2_147_483_647, role: 'SUPER', authorities: [...AUTHORITIES] }, refresh);
    expect(Buffer.byteLength(setCookie)).toBeLessThan(4096);
    expect(Buffer.byteLength(cookieHeader(setCookie))).toBeLessThan(2048);
    // And it parses back.
    const session = await sessionStorage.getSession(cookieHeader(setCookie));
    expect(session.get('refresh')).toBe(refresh.token);
  });
});
