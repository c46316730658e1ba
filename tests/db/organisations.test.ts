// Organisations in the operators' console (/super/organisations): academies listed with this month's bill (its tier
// follows the active students), added with a unique code, edited, moved to another branch and agency, closed and
// reopened; branches and agencies with their settlement rates; individual members. Every change has its audit row;
// a form's extra fields change nothing; a closed academy's code is refused at registration and it is not billed
// automatically.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { honeypot } from '~/web/honeypot.server';
import { db } from '~/db/client.server';
import { academyJoinRequests, agencies, auditEvents, billingKeys, jobs, organisations, users } from '~/db/schema';
import { Tier } from '~/domain/enums';
import { ORGANISATION_MESSAGES as M } from '~/domain/operators';
import { addMonths, seoulMonth } from '~/lib/dates';
import * as login from '~/routes/member+/login';
import * as register from '~/routes/member+/register.$kind';
import * as agencyPage from '~/routes/super+/organisations.agencies.$agencyId';
import * as academyPage from '~/routes/super+/organisations.$academyId';
import * as branchPage from '~/routes/super+/organisations.branches.$branchId';
import * as branchList from '~/routes/super+/organisations.branches._index';
import * as newBranch from '~/routes/super+/organisations.branches.new';
import * as individuals from '~/routes/super+/organisations.individuals';
import * as academyList from '~/routes/super+/organisations._index';
import * as newAcademy from '~/routes/super+/organisations.new';
import { ACCOUNT_MESSAGES, findUserByLoginId, registerMember } from '~/services/accounts.server';
import { decideJoinRequest, JOIN_MESSAGES } from '~/services/join-requests.server';
import { chargeMonth, enqueueMonthlyCharges, monthStart } from '~/services/payments/automatic-charges.server';
import { makeRequest, respond, sessionCookie } from '../support/auth';
import { replyErrors, replyValues } from '../support/form-reply';
import { useTestDatabase } from '../support/db';
import { createAcademy, createStaff, createStudent, unique } from '../support/factories';
import { withParticle } from '~/domain/korean';

useTestDatabase();

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => unknown;

async function call(handler: Handler, path: string, cookie: string, params: Record<string, string> = {}, form?: Record<string, string>) {
  return respond(() => handler({ request: makeRequest(path, { cookie, form }), params, context: {} }));
}

async function json<T = any>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

const lastAudit = async (action: string, targetId?: number) => {
  const [row] = await db()
    .select()
    .from(auditEvents)
    .where(targetId ? and(eq(auditEvents.action, action), eq(auditEvents.targetId, targetId)) : eq(auditEvents.action, action))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
};

const auditCount = async (action: string, targetId: number) =>
  (
    await db()
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, targetId)))
  ).length;

/** The demo's two branches, each with its agency: 서울동부 (송파) and 경기남부 (수원). */
async function places() {
  const rows = await db()
    .select({ branchId: organisations.id, branchName: organisations.name, agencyId: agencies.id, agencyName: agencies.name })
    .from(organisations)
    .innerJoin(agencies, eq(agencies.branchId, organisations.id))
    .where(eq(organisations.kind, 'branch'));
  const seoul = rows.find((r) => r.branchName === '리드인 서울동부지사')!;
  const gyeonggi = rows.find((r) => r.branchName === '리드인 경기남부지사')!;
  expect(seoul && gyeonggi).toBeTruthy();
  return { seoul, gyeonggi };
}

const academyById = async (id: number) => (await db().select().from(organisations).where(eq(organisations.id, id)))[0];

/** Adds an academy through the page as `super`; returns its id. */
async function addAcademy(overrides: Record<string, string> = {}) {
  const { seoul } = await places();
  const code = unique('ORGTEST');
  const form = {
    name: `기관 시험 학원 ${code}`,
    code: code.toLowerCase(),
    branchId: String(seoul.branchId),
    agencyId: String(seoul.agencyId),
    contactName: '김원장',
    phone: '0212345678',
    address: '서울 송파구',
    ...overrides,
  };
  const res = await call(newAcademy.action as Handler, '/super/organisations/new', await sessionCookie('super'), {}, form);
  const [row] = await db().select().from(organisations).where(eq(organisations.code, form.code.toUpperCase()));
  return { res, row, form };
}

describe('the academies list', () => {
  it('shows each academy with its branch, agency, active students and the tier its size gives this month', async () => {
    const cookie = await sessionCookie('super');
    const list = async (query: string) => {
      const res = await call(academyList.loader as Handler, `/super/organisations?${query}`, cookie);
      expect(res.status).toBe(200);
      return json<{
        total: number;
        rows: {
          name: string;
          code: string;
          branchName: string;
          agencyName: string;
          activeStudents: number;
          month: { state: string; tiers: number[]; due: number };
        }[];
      }>(res);
    };
    // 새봄 has never paid: NEW and BASIC are due.
    const saebom = (await list('q=saebom')).rows;
    expect(saebom).toHaveLength(1);
    expect(saebom[0]).toMatchObject({
      name: '새봄 독서학원',
      branchName: '리드인 서울동부지사',
      agencyName: '송파 대리점',
      month: { state: 'due', tiers: [Tier.BASIC, Tier.NEW], due: 99_000 + 150_000 },
    });
    // 푸른솔 announced a deposit for BASIC: being confirmed.
    expect((await list('q=푸른솔')).rows[0].month.state).toBe('waiting');

    // 31 active students need the first extra pack; the tier is not stored, it follows the count.
    const academy = await createAcademy();
    await db()
      .insert(users)
      .values(
        Array.from({ length: 31 }, () => {
          const loginId = unique('orgstudent');
          return {
            loginId,
            passwordHash: 'x',
            name: loginId,
            role: 'USER' as const,
            status: 'ACTIVE' as const,
            organisationId: academy.id,
          };
        }),
      );
    const big = (await list(`q=${academy.code}`)).rows[0];
    expect(big.activeStudents).toBe(31);
    // (Its registration, NEW, is still due too: the factory paid its BASIC only.)
    expect(big.month).toMatchObject({ state: 'due', tiers: [Tier.BASIC, Tier.NEW, Tier.ADD1], due: 150_000 + 45_000 });

    // Filters: by branch, agency and status.
    const { gyeonggi } = await places();
    expect((await list(`branch=${gyeonggi.branchId}`)).total).toBe(0);
    expect((await list(`agency=${gyeonggi.agencyId}`)).total).toBe(0);
    expect((await list('status=CLOSED')).rows.every((r) => r.month.state === 'closed')).toBe(true);
    // The 대리점 filter offers the chosen branch's agencies (or the agency's branch's), none before a branch is chosen;
    // an agency of another branch than the one chosen is dropped from the filter.
    const { seoul } = await places();
    const offered = async (query: string) =>
      json<{ agencies: { id: number; name: string }[]; query: Record<string, string>; total: number }>(
        await call(academyList.loader as Handler, `/super/organisations?${query}`, cookie),
      );
    expect((await offered('')).agencies).toEqual([]);
    const inSeoul = await offered(`branch=${seoul.branchId}`);
    expect(inSeoul.agencies.map((a) => a.name)).toContain('송파 대리점');
    expect(inSeoul.agencies.map((a) => a.name)).not.toContain(gyeonggi.agencyName);
    expect((await offered(`agency=${gyeonggi.agencyId}`)).agencies.map((a) => a.id)).toContain(gyeonggi.agencyId);
    const mismatched = await offered(`branch=${seoul.branchId}&agency=${gyeonggi.agencyId}`);
    expect(mismatched.query).toEqual({ branch: String(seoul.branchId) });
    expect(mismatched.total).toBe(inSeoul.total);
    // A wildcard is a character.
    expect((await list('q=%25')).total).toBe(0);
  });
});

describe('adding an academy', () => {
  it('adds it with its code in capitals, writes the audit row, and a second identical post makes no second row', async () => {
    const { res, row, form } = await addAcademy();
    expect(row).toMatchObject({
      kind: 'academy',
      status: 'ACTIVE',
      contactName: '김원장',
      phone: '02-1234-5678',
      code: form.code.toUpperCase(),
    });
    expect(res).toHaveRedirect(`/super/organisations/${row.id}`);
    await expect(res).toHaveFlash({
      message: `'${form.name}' 학원을 등록했습니다. 학생은 학원 코드 ${withParticle(row.code!, '으로/로')} 가입할 수 있습니다.`,
    });
    const audit = await lastAudit('academy.create', row.id);
    expect(audit).toMatchObject({ targetType: 'organisation', before: null });
    expect(audit.after).toMatchObject({ name: form.name, code: row.code, branchName: '리드인 서울동부지사', agencyName: '송파 대리점' });

    // The same post again (a double click without JavaScript) answers with the same academy.
    const again = await call(newAcademy.action as Handler, '/super/organisations/new', await sessionCookie('super'), {}, form);
    expect(again).toHaveRedirect(`/super/organisations/${row.id}`);
    expect(await db().select().from(organisations).where(eq(organisations.code, row.code!))).toHaveLength(1);
    expect(await auditCount('academy.create', row.id)).toBe(1);
  });

  it('refuses a taken code, a malformed code and an agency of another branch, beside the field', async () => {
    const cookie = await sessionCookie('super');
    const { seoul, gyeonggi } = await places();
    const post = (form: Record<string, string>) =>
      call(
        newAcademy.action as Handler,
        '/super/organisations/new',
        cookie,
        {},
        {
          name: '새 학원',
          code: 'FRESHCODE',
          branchId: String(seoul.branchId),
          agencyId: String(seoul.agencyId),
          ...form,
        },
      );
    const taken = await post({ code: 'haeorum' });
    expect(taken.status).toBe(409);
    expect((await json(taken)).error).toEqual({ code: [M.codeTaken] });
    const malformed = await post({ code: '1학원' });
    expect((await json(malformed)).error).toEqual({ code: [M.codeFormat] });
    const elsewhere = await post({ branchId: String(gyeonggi.branchId) });
    expect(elsewhere.status).toBe(400);
    expect((await json(elsewhere)).error).toEqual({ agencyId: [M.agencyNotInBranch] });
    expect(await db().select().from(organisations).where(eq(organisations.code, 'FRESHCODE'))).toHaveLength(0);
  });
});

describe("an academy's page", () => {
  it('edits only name, contact, phone and address, whatever else is posted, with before → after', async () => {
    const { row } = await addAcademy();
    const before = await academyById(row.id);
    const res = await call(
      academyPage.action as Handler,
      `/super/organisations/${row.id}`,
      await sessionCookie('admin2'),
      { academyId: String(row.id) },
      {
        intent: 'info',
        name: '이름 바뀐 학원',
        contactName: '박원장',
        phone: '031 234 5678',
        address: '',
        // Not on the form: none of these may change.
        kind: 'branch',
        code: 'HACKED',
        settlementRate: '9000',
        status: 'CLOSED',
        branchId: '999',
        agencyId: '999',
        region: '어딘가',
      },
    );
    expect(res).toHaveRedirect(`/super/organisations/${row.id}`);
    await expect(res).toHaveFlash({ message: "'이름 바뀐 학원' 학원 정보를 저장했습니다." });
    const after = await academyById(row.id);
    expect(after).toEqual({ ...before, name: '이름 바뀐 학원', contactName: '박원장', phone: '031-234-5678', address: null });
    expect(await lastAudit('academy.update', row.id)).toMatchObject({
      targetType: 'organisation',
      before: { name: before.name, contactName: '김원장', phone: '02-1234-5678', address: '서울 송파구' },
      after: { name: '이름 바뀐 학원', contactName: '박원장', phone: '031-234-5678', address: null },
    });
    // Posting it again changes nothing and records nothing.
    const same = await call(
      academyPage.action as Handler,
      `/super/organisations/${row.id}`,
      await sessionCookie('admin2'),
      { academyId: String(row.id) },
      {
        intent: 'info',
        name: '이름 바뀐 학원',
        contactName: '박원장',
        phone: '031-234-5678',
      },
    );
    await expect(same).toHaveFlash({ message: M.nothingChanged });
    expect(await auditCount('academy.update', row.id)).toBe(1);
    // A bad phone is refused beside its field.
    const bad = await call(
      academyPage.action as Handler,
      `/super/organisations/${row.id}`,
      await sessionCookie('super'),
      { academyId: String(row.id) },
      {
        intent: 'info',
        name: '이름 바뀐 학원',
        phone: '12345',
      },
    );
    const badReply = await json(bad);
    expect(replyValues(badReply).intent).toBe('info');
    expect(replyErrors(badReply).phone).toBe(M.phoneFormat);
  });

  it('moves the academy to another branch and its agency; an agency of another branch is refused', async () => {
    const { row } = await addAcademy();
    const { seoul, gyeonggi } = await places();
    const cookie = await sessionCookie('super');
    const path = `/super/organisations/${row.id}`;
    const refused = await call(
      academyPage.action as Handler,
      path,
      cookie,
      { academyId: String(row.id) },
      {
        intent: 'move',
        branchId: String(gyeonggi.branchId),
        agencyId: String(seoul.agencyId),
      },
    );
    expect(refused.status).toBe(400);
    const refusedReply = await json(refused);
    expect(replyValues(refusedReply).intent).toBe('move');
    expect(replyErrors(refusedReply).agencyId).toBe(M.agencyNotInBranch);
    expect(await academyById(row.id)).toMatchObject({ branchId: seoul.branchId, agencyId: seoul.agencyId });
    expect(await auditCount('academy.move', row.id)).toBe(0);

    const moved = await call(
      academyPage.action as Handler,
      path,
      cookie,
      { academyId: String(row.id) },
      {
        intent: 'move',
        branchId: String(gyeonggi.branchId),
        agencyId: String(gyeonggi.agencyId),
        name: '옮기며 바꾼 이름',
        status: 'CLOSED',
      },
    );
    expect(moved).toHaveRedirect(path);
    await expect(moved).toHaveFlash({ message: `'${row.name}' 학원을 리드인 경기남부지사로 옮겼습니다.` });
    expect(await academyById(row.id)).toMatchObject({
      branchId: gyeonggi.branchId,
      agencyId: gyeonggi.agencyId,
      name: row.name,
      status: 'ACTIVE',
    });
    expect(await lastAudit('academy.move', row.id)).toMatchObject({
      before: { branchId: seoul.branchId, branchName: '리드인 서울동부지사', agencyId: seoul.agencyId, agencyName: '송파 대리점' },
      after: { branchId: gyeonggi.branchId, branchName: '리드인 경기남부지사', agencyId: gyeonggi.agencyId, agencyName: '수원 대리점' },
    });
  });

  it('closes after a confirmation: the code is refused at registration, members still sign in, reopening lets them join again', async () => {
    const { row } = await addAcademy();
    const head = await createStaff(row, 'HEAD');
    const student = await createStudent({ academy: { code: row.code! } });
    const applicant = await registerMember('student', {
      birthDate: '2010-01-01',
      grade: '중1',
      loginId: unique('applicant'),
      password: 'demo1234!',
      name: '신청학생',
      phone: '010-7777-1234',
      securityQuestion: 7,
      securityAnswer: '어린 왕자',
      academyCode: row.code!,
    });
    const cookie = await sessionCookie('super');
    const path = `/super/organisations/${row.id}`;

    // The page asks first (?confirm=close), without JavaScript too.
    const asked = await json(await call(academyPage.loader as Handler, `${path}?confirm=close`, cookie, { academyId: String(row.id) }));
    expect(asked.confirm).toBe('close');

    const closed = await call(academyPage.action as Handler, path, cookie, { academyId: String(row.id) }, { intent: 'close' });
    expect(closed).toHaveRedirect(path);
    await expect(closed).toHaveFlash({
      message: `'${row.name}' 학원을 해지했습니다. 학원 코드로 새로 가입할 수 없고 자동 결제도 멈춥니다.`,
    });
    expect((await academyById(row.id)).status).toBe('CLOSED');
    expect(await lastAudit('academy.close', row.id)).toMatchObject({
      targetType: 'organisation',
      before: { status: 'ACTIVE' },
      after: { status: 'CLOSED' },
    });
    // A second post (a double click) changes nothing.
    const twice = await call(academyPage.action as Handler, path, cookie, { academyId: String(row.id) }, { intent: 'close' });
    await expect(twice).toHaveFlash({ kind: 'info', message: M.alreadyClosed });
    expect(await auditCount('academy.close', row.id)).toBe(1);

    // The page says who closed it, and its month is not billed.
    const page = await json(await call(academyPage.loader as Handler, path, cookie, { academyId: String(row.id) }));
    expect(page).toMatchObject({ closedBy: '운영관리자', state: 'closed' });

    // Registration with its code is refused beside the code field, with the message; nobody is created.
    const loginId = unique('closedjoin');
    const trap = await honeypot.getInputProps();
    const refused = await call(
      register.action as Handler,
      '/member/register/student',
      '',
      { kind: 'student' },
      {
        [trap.nameFieldName]: '',
        [trap.validFromFieldName!]: trap.encryptedValidFrom!,
        loginId,
        password: 'demo1234!',
        confirm: 'demo1234!',
        name: '가입학생',
        phone: '010-7777-5678',
        birthDate: '2010-03-01',
        grade: '중1',
        securityQuestion: '7',
        securityAnswer: '어린 왕자',
        academyCode: row.code!.toLowerCase(),
        terms: 'on',
        privacy: 'on',
      },
    );
    expect(refused.status).toBe(409);
    expect((await json(refused)).error).toEqual({ academyCode: [ACCOUNT_MESSAGES.academyClosed] });
    expect(ACCOUNT_MESSAGES.academyClosed).toBe('이용이 해지된 학원의 코드입니다. 학원에 문의하거나 학원 코드 없이 가입해 주세요.');
    expect(await findUserByLoginId(loginId)).toBeNull();

    // A request made before it closed cannot be approved.
    const [request] = await db().select().from(academyJoinRequests).where(eq(academyJoinRequests.userId, applicant.user.id));
    await expect(decideJoinRequest(head, request.id, 'APPROVED')).toBeDomainError('ACADEMY_CLOSED', JOIN_MESSAGES.academyClosed);

    // Its members still sign in.
    for (const loginId of [student.loginId, head.loginId]) {
      const signedIn = await call(login.action as Handler, '/member/login', '', {}, { loginId, password: 'demo1234!' });
      expect(signedIn.status, loginId).toBe(302);
    }

    // Reopened: the code takes registrations again.
    const reopened = await call(academyPage.action as Handler, path, cookie, { academyId: String(row.id) }, { intent: 'reopen' });
    expect(reopened).toHaveRedirect(path);
    expect(await lastAudit('academy.reopen', row.id)).toMatchObject({ before: { status: 'CLOSED' }, after: { status: 'ACTIVE' } });
    const joined = await createStudent({ academy: { code: row.code! } });
    expect(joined.organisationId).toBe(row.id);
  });

  it('a closed academy is not billed automatically', async () => {
    const open = await createAcademy({ paid: false });
    const closing = await createAcademy({ paid: false });
    const month = seoulMonth();
    const lastMonth = new Date(monthStart(addMonths(month, -1)).getTime() + 3600_000);
    for (const academy of [open, closing]) {
      await db()
        .insert(billingKeys)
        .values({ organisationId: academy.id, customerKey: `ck_${academy.code}`, billingKey: `bk_${academy.code}`, createdAt: lastMonth });
    }
    await db().update(organisations).set({ status: 'CLOSED' }).where(eq(organisations.id, closing.id));
    await enqueueMonthlyCharges(new Date(monthStart(month).getTime() + 2 * 3600_000));
    const queued = await db()
      .select({ key: jobs.key })
      .from(jobs)
      .where(inArray(jobs.key, [`autobill:${open.id}:${month}`, `autobill:${closing.id}:${month}`]));
    expect(queued.map((j) => j.key)).toEqual([`autobill:${open.id}:${month}`]);
    // A charge queued before it closed charges nothing (and asks no provider).
    expect(await chargeMonth(closing.id, month)).toEqual([]);
  });

  it('an unknown academy is a 404', async () => {
    const res = await call(academyPage.loader as Handler, '/super/organisations/999999', await sessionCookie('super'), {
      academyId: '999999',
    });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(M.academyNotFound);
  });
});

describe('branches and agencies', () => {
  it('adds a branch and an agency with their rates, once per post, and edits only the fields shown', async () => {
    const cookie = await sessionCookie('super');
    const name = `시험 지사 ${unique('')}`;
    const form = { name, region: '강원', contactName: '최지사', phone: '033-123-4567', settlementRate: '12.5' };
    const created = await call(newBranch.action as Handler, '/super/organisations/branches/new', cookie, {}, form);
    const [branch] = await db()
      .select()
      .from(organisations)
      .where(and(eq(organisations.kind, 'branch'), eq(organisations.name, name)));
    expect(branch).toMatchObject({ region: '강원', settlementRate: 1250, code: null, branchId: null });
    expect(created).toHaveRedirect(`/super/organisations/branches/${branch.id}`);
    expect(await lastAudit('branch.create', branch.id)).toMatchObject({
      targetType: 'organisation',
      after: { name, settlementRate: 1250 },
    });
    // The same post again makes no second branch; another branch of that name is refused.
    expect(await call(newBranch.action as Handler, '/super/organisations/branches/new', cookie, {}, form)).toHaveRedirect(
      `/super/organisations/branches/${branch.id}`,
    );
    const clash = await call(
      newBranch.action as Handler,
      '/super/organisations/branches/new',
      cookie,
      {},
      { ...form, region: '강원 북부' },
    );
    expect((await json(clash)).error).toEqual({ name: [M.branchNameTaken] });
    expect(await db().select().from(organisations).where(eq(organisations.name, name))).toHaveLength(1);
    const badRate = await call(
      newBranch.action as Handler,
      '/super/organisations/branches/new',
      cookie,
      {},
      { ...form, settlementRate: '120' },
    );
    expect((await json(badRate)).error).toEqual({ settlementRate: [M.rateFormat] });

    // Edit: the posted kind, code and status change nothing.
    const path = `/super/organisations/branches/${branch.id}`;
    const edited = await call(
      branchPage.action as Handler,
      path,
      cookie,
      { branchId: String(branch.id) },
      {
        intent: 'branch',
        ...form,
        region: '강원 전역',
        settlementRate: '15',
        kind: 'academy',
        code: 'BRANCHCODE',
        status: 'CLOSED',
      },
    );
    expect(edited).toHaveRedirect(path);
    expect(await academyById(branch.id)).toEqual({ ...branch, region: '강원 전역', settlementRate: 1500 });
    expect(await lastAudit('branch.update', branch.id)).toMatchObject({
      before: { region: '강원', settlementRate: 1250 },
      after: { region: '강원 전역', settlementRate: 1500 },
    });

    // An agency under it, then edited; its branch stays whatever is posted.
    const agencyForm = { intent: 'agency', name: '춘천 대리점', contactName: '', phone: '', settlementRate: '5' };
    await call(branchPage.action as Handler, path, cookie, { branchId: String(branch.id) }, agencyForm);
    await call(branchPage.action as Handler, path, cookie, { branchId: String(branch.id) }, agencyForm);
    const made = await db().select().from(agencies).where(eq(agencies.branchId, branch.id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ name: '춘천 대리점', settlementRate: 500, contactName: null });
    expect(await lastAudit('agency.create', made[0].id)).toMatchObject({
      targetType: 'agency',
      after: { branchId: branch.id, settlementRate: 500 },
    });
    const { seoul } = await places();
    const agencyPath = `/super/organisations/agencies/${made[0].id}`;
    const agencyEdit = await call(
      agencyPage.action as Handler,
      agencyPath,
      cookie,
      { agencyId: String(made[0].id) },
      {
        name: '춘천 대리점',
        contactName: '강대리',
        phone: '010-3333-4444',
        settlementRate: '7.25',
        branchId: String(seoul.branchId),
      },
    );
    expect(agencyEdit).toHaveRedirect(agencyPath);
    const [agency] = await db().select().from(agencies).where(eq(agencies.id, made[0].id));
    expect(agency).toMatchObject({ branchId: branch.id, contactName: '강대리', phone: '010-3333-4444', settlementRate: 725 });
    expect(await lastAudit('agency.update', agency.id)).toMatchObject({
      before: { contactName: null, phone: null, settlementRate: 500 },
      after: { contactName: '강대리', phone: '010-3333-4444', settlementRate: 725 },
    });

    // The list shows it with its agency and no academies.
    const list = await json(await call(branchList.loader as Handler, '/super/organisations/branches', cookie));
    expect(list.branches.find((b: { id: number }) => b.id === branch.id)).toMatchObject({
      region: '강원 전역',
      settlementRate: 1500,
      agencies: [{ name: '춘천 대리점', academies: 0 }],
      academies: 0,
    });
  });
});

describe('individual memberships', () => {
  it('lists members of their own organisation with this month’s payment', async () => {
    const cookie = await sessionCookie('super');
    const fresh = await createStudent({ academy: null });
    const list = async (query: string) =>
      json<{ rows: { loginId: string; isStudent: boolean; month: { state: string; due: number } }[] }>(
        await call(individuals.loader as Handler, `/super/organisations/individuals?${query}`, cookie),
      );
    expect((await list('q=adult')).rows.find((r) => r.loginId === 'adult')).toMatchObject({ isStudent: false, month: { state: 'paid' } });
    expect((await list(`q=${fresh.loginId}`)).rows).toEqual([
      expect.objectContaining({ loginId: fresh.loginId, isStudent: true, month: expect.objectContaining({ state: 'due', due: 19_000 }) }),
    ]);
    expect((await list('kind=adult')).rows.every((r) => !r.isStudent)).toBe(true);
    // Academy students are not individual members.
    expect((await list('q=student2')).rows.map((r) => r.loginId)).not.toContain('student2');
  });
});

describe('who gets in', () => {
  it('ADMIN1 and ADMIN2 open every page; COACH, BRANCH and PRODUCT are sent home; others sign in', async () => {
    const { row } = await addAcademy();
    const { seoul } = await places();
    const pages: [Handler, string, Record<string, string>][] = [
      [academyList.loader as Handler, '/super/organisations', {}],
      [academyPage.loader as Handler, `/super/organisations/${row.id}`, { academyId: String(row.id) }],
      [newAcademy.loader as Handler, '/super/organisations/new', {}],
      [branchList.loader as Handler, '/super/organisations/branches', {}],
      [branchPage.loader as Handler, `/super/organisations/branches/${seoul.branchId}`, { branchId: String(seoul.branchId) }],
      [agencyPage.loader as Handler, `/super/organisations/agencies/${seoul.agencyId}`, { agencyId: String(seoul.agencyId) }],
      [individuals.loader as Handler, '/super/organisations/individuals', {}],
    ];
    const expected: Record<string, number | string> = {
      super: 200,
      admin2: 200,
      coach: '/super/coach/sharpening',
      branch: '/super/tax/u/region/agency',
      product: '/super/books',
      head: '/member/login',
      student: '/member/login',
    };
    for (const [loginId, outcome] of Object.entries(expected)) {
      const cookie = await sessionCookie(loginId);
      for (const [loader, path, params] of pages) {
        const res = await call(loader, path, cookie, params);
        if (outcome === 200) expect(res.status, `${loginId} ${path}`).toBe(200);
        else expect(res.headers.get('Location')?.split('?')[0], `${loginId} ${path}`).toBe(outcome);
      }
    }
    // A post by PRODUCT changes nothing.
    const posted = await call(
      academyPage.action as Handler,
      `/super/organisations/${row.id}`,
      await sessionCookie('product'),
      { academyId: String(row.id) },
      {
        intent: 'close',
      },
    );
    expect(posted.headers.get('Location')).toBe('/super/books');
    expect((await academyById(row.id)).status).toBe('ACTIVE');
  });
});
