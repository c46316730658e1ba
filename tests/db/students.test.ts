import { readFileSync } from 'node:fs';
import { and, asc, eq, isNull } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { requireUser } from '~/web/guards.server';
import { db } from '~/db/client.server';
import { classes, classMemberships, rosterImports, userConsents, users } from '~/db/schema';
import { ACCOUNT_FIELD_MESSAGES } from '~/domain/accounts';
import { readTable, toCsv, toXlsx } from '~/lib/spreadsheets.server';
import { loader as editLoader } from '~/routes/admin+/students_.$studentId_.edit';
import { action as newAction } from '~/routes/admin+/students_.new';
import { replyErrors, replyValues } from '../support/form-reply';
import { loader as migrationLoader } from '~/routes/member+/migration';
import { loader as listLoader, action as listAction } from '~/routes/admin+/students';
import { loader as exportCsvLoader } from '~/routes/admin+/students_.export[.]csv';
import { ACCOUNT_MESSAGES, authenticate, completeMigration, findUserByLoginId } from '~/services/accounts.server';
import { confirmRosterImport, getRosterImport, IMPORT_COLUMNS, previewRoster } from '~/services/academy/roster-import.server';
import { addStudent, changeStudentStatus, getStudent, STUDENT_MESSAGES, updateStudent } from '~/services/academy/students.server';
import { listStudents, rosterTable } from '~/services/academy/roster.server';
import { makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { unique } from '../support/factories';

useTestDatabase();

const staff = async (loginId: string) => (await findUserByLoginId(loginId))!;
const classNamed = async (name: string) =>
  (
    await db()
      .select()
      .from(classes)
      .where(and(eq(classes.name, name), eq(classes.status, 'OPEN')))
  )[0];
const membershipsOf = (userId: number) =>
  db().select().from(classMemberships).where(eq(classMemberships.userId, userId)).orderBy(asc(classMemberships.id));

async function newStudent(by = 'head', className = '햇살반') {
  const cls = await classNamed(className);
  const loginId = unique('new');
  const student = await addStudent(await staff(by), {
    name: '새학생',
    loginId,
    grade: '초5',
    classId: cls.id,
    parentPhone: '010-3333-4444',
    password: 'temporary-2026',
    guardianConsent: 'on',
  });
  return { ...student, classId: cls.id };
}

/** A roster file with `n` rows and unique login ids; rows 7 (bad grade) and 14 (bad phone) are wrong. */
function rosterCsv(n = 20, prefix = unique('ros')) {
  const lines = [IMPORT_COLUMNS.map((c) => c.header).join(',')];
  for (let i = 1; i <= n; i += 1) {
    const grade = i === 7 ? '초7' : '초4';
    const phone = i === 14 ? '010-12' : `010-4444-${String(1000 + i)}`;
    lines.push(`학생${i},${prefix}x${i},${grade},${i % 2 ? '햇살반' : '달빛반'},${phone},${i % 3 ? `pass-word-${i}` : ''}`);
  }
  return { text: lines.join('\r\n'), prefix };
}

describe('adding a student', () => {
  it('creates an active USER with STUDENT, a temporary password, a GUARDIAN consent and a class membership', async () => {
    const s = await newStudent();
    const [row] = await db().select().from(users).where(eq(users.id, s.id));
    const head = await staff('head');
    expect(row).toMatchObject({
      role: 'USER',
      authorities: ['STUDENT'],
      organisationId: head.organisationId,
      status: 'ACTIVE',
      mustChangePassword: true,
      grade: '초5',
      parentPhone: '010-3333-4444',
    });
    const consents = await db().select().from(userConsents).where(eq(userConsents.userId, s.id));
    expect(consents.map((c) => c.kind)).toEqual(['GUARDIAN']);
    const ms = await membershipsOf(s.id);
    expect(ms).toHaveLength(1);
    expect(ms[0]).toMatchObject({ classId: s.classId, leftAt: null });
  });

  it('through the page: a duplicate login id, a missing consent and a bad phone are shown; success redirects with a flash', async () => {
    const cookie = await sessionCookie('head');
    const cls = await classNamed('햇살반');
    const bad = await respond(() =>
      newAction({
        request: makeRequest('/admin/students/new', {
          cookie,
          form: {
            name: '중복',
            loginId: 'student',
            grade: '초4',
            classId: String(cls.id),
            parentPhone: '010-12',
            password: 'temporary-2026',
          },
        }),
        params: {},
        context: {},
      }),
    );
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(replyErrors(body)).toMatchObject({
      parentPhone: ACCOUNT_FIELD_MESSAGES.phoneRule,
      guardianConsent: STUDENT_MESSAGES.guardianConsentRequired,
    });
    expect(replyValues(body).name).toBe('중복');
    const taken = await respond(() =>
      newAction({
        request: makeRequest('/admin/students/new', {
          cookie,
          form: {
            name: '중복',
            loginId: 'student',
            grade: '초4',
            classId: String(cls.id),
            password: 'temporary-2026',
            guardianConsent: 'on',
          },
        }),
        params: {},
        context: {},
      }),
    );
    expect(taken.status).toBe(409);
    expect(replyErrors(await taken.json())).toEqual({ loginId: ACCOUNT_FIELD_MESSAGES.loginIdTaken });
    const loginId = unique('page');
    const ok = await respond(() =>
      newAction({
        request: makeRequest('/admin/students/new', {
          cookie,
          form: { name: '페이지학생', loginId, grade: '초4', classId: String(cls.id), password: 'temporary-2026', guardianConsent: 'on' },
        }),
        params: {},
        context: {},
      }),
    );
    expect(ok).toHaveRedirect('/admin/students');
    await expect(ok).toHaveFlash({
      message: `페이지학생(${loginId}) 학생을 추가했습니다. 임시 비밀번호를 학생에게 알려 주세요. 처음 로그인할 때 새 비밀번호를 정합니다.`,
    });
  });

  it('a teacher must choose one of their own classes', async () => {
    const teacher = await staff('teacher');
    const input = {
      name: '반없음',
      loginId: unique('tch'),
      grade: '초4' as const,
      password: 'temporary-2026',
      guardianConsent: 'on' as const,
    };
    await expect(addStudent(teacher, input)).rejects.toMatchObject({ message: STUDENT_MESSAGES.classRequired });
    const moon = await classNamed('달빛반');
    await expect(addStudent(teacher, { ...input, classId: moon.id })).rejects.toMatchObject({ status: 404 });
    expect(await findUserByLoginId(input.loginId)).toBeNull();
  });
});

describe('editing, moving, pausing and withdrawing', () => {
  it('edits the details and a move ends the old membership and starts a new one (history kept)', async () => {
    const s = await newStudent();
    const moon = await classNamed('달빛반');
    await updateStudent(await staff('head'), s.id, { name: '바뀐이름', grade: '초6', classId: moon.id, parentPhone: undefined });
    const [row] = await db().select().from(users).where(eq(users.id, s.id));
    expect(row).toMatchObject({ name: '바뀐이름', grade: '초6', parentPhone: null });
    const ms = await membershipsOf(s.id);
    expect(ms).toHaveLength(2);
    expect(ms[0].classId).toBe(s.classId);
    expect(ms[0].leftAt).not.toBeNull();
    expect(ms[1]).toMatchObject({ classId: moon.id, leftAt: null });
    // Saving again without a change of class keeps the membership.
    await updateStudent(await staff('head'), s.id, { name: '바뀐이름', grade: '초6', classId: moon.id });
    expect(await membershipsOf(s.id)).toHaveLength(2);
    const detail = await getStudent(await staff('head'), s.id);
    expect(detail.history.map((h) => [h.className, h.leftAt === null])).toEqual([
      ['햇살반', false],
      ['달빛반', true],
    ]);
  });

  it('pause stops sign-in and ends the sessions; resume lets the student in again; withdrawal is final', async () => {
    const s = await newStudent();
    const head = await staff('head');
    await authenticate(s.loginId, 'temporary-2026');
    const cookie = await sessionCookie(s.loginId);
    await changeStudentStatus(head, s.id, 'pause');
    await expect(authenticate(s.loginId, 'temporary-2026')).rejects.toMatchObject({ message: ACCOUNT_MESSAGES.inactive });
    const after = await respond(() => requireUser(makeRequest('/user/activity', { cookie })));
    expect(after).toHaveRedirect('/member/login?redirectTo=%2Fuser%2Factivity&expired=1');
    await changeStudentStatus(head, s.id, 'resume');
    await expect(authenticate(s.loginId, 'temporary-2026')).resolves.toMatchObject({ id: s.id });
    await changeStudentStatus(head, s.id, 'withdraw');
    await expect(authenticate(s.loginId, 'temporary-2026')).rejects.toMatchObject({ message: ACCOUNT_MESSAGES.inactive });
    await expect(changeStudentStatus(head, s.id, 'resume')).rejects.toMatchObject({ message: STUDENT_MESSAGES.withdrawn });
    const ms = await membershipsOf(s.id);
    expect(ms).toHaveLength(1);
    expect(ms[0].leftAt).not.toBeNull();
    const [row] = await db().select().from(users).where(eq(users.id, s.id));
    expect(row.status).toBe('WITHDRAWN');
  });

  it('a teacher gets 404 for a 달빛반 student, in the service and the page, and does not see them in the list or export', async () => {
    const teacher = await staff('teacher');
    const reader13 = await staff('reader13');
    await expect(getStudent(teacher, reader13.id)).rejects.toMatchObject({ status: 404 });
    await expect(changeStudentStatus(teacher, reader13.id, 'pause')).rejects.toMatchObject({ status: 404 });
    const teacherCookie = await sessionCookie('teacher');
    const page = await respond(() =>
      editLoader({
        request: makeRequest(`/admin/students/${reader13.id}/edit`, { cookie: teacherCookie }),
        params: { studentId: String(reader13.id) },
        context: {},
      }),
    );
    expect(page.status).toBe(404);
    const list = await listStudents(teacher, {}, 1);
    expect(list.rows.map((r) => r.loginId)).toContain('student');
    expect(list.rows.map((r) => r.loginId)).not.toContain('reader13');
    const table = await rosterTable(teacher);
    expect(table.rows.map((r) => r.loginId)).not.toContain('reader13');
    const headList = await listStudents(await staff('head'), { q: 'reader13' }, 1);
    expect(headList.rows.map((r) => r.loginId)).toEqual(['reader13']);
  });

  it('the list filters by class and status and answers the page', async () => {
    const head = await staff('head');
    const moon = await classNamed('달빛반');
    const inMoon = await listStudents(head, { classId: moon.id }, 1);
    expect(inMoon.total).toBeGreaterThanOrEqual(13);
    expect(inMoon.rows.every((r) => r.className === '달빛반')).toBe(true);
    const s = await newStudent();
    await changeStudentStatus(head, s.id, 'pause');
    const paused = await listStudents(head, { status: 'SUSPENDED' }, 1);
    expect(paused.rows.map((r) => r.id)).toContain(s.id);
    expect(paused.rows.every((r) => r.status === 'SUSPENDED')).toBe(true);
    const res = await respond(() =>
      listLoader({ request: makeRequest(`/admin/students?classId=${moon.id}&q=reader`, { cookie: '' }), params: {}, context: {} }),
    );
    expect(res.status).toBe(302);
  });

  it('a password reset gives a temporary password: the student must choose their own at the next sign-in', async () => {
    const cookie = await sessionCookie('teacher');
    const student = await staff('student2');
    const res = await respond(() =>
      listAction({
        request: makeRequest('/admin/students', { cookie, form: { studentId: String(student.id), password: 'reset-pass-2026' } }),
        params: {},
        context: {},
      }),
    );
    expect(res).toHaveRedirect('/admin/students');
    await expect(res).toHaveFlash({
      message: `${student.name}(student2) 학생의 비밀번호를 임시 비밀번호로 바꿨습니다. 다음 로그인에서 학생이 새 비밀번호를 정합니다.`,
    });
    expect((await staff('student2')).mustChangePassword).toBe(true);
    // A teacher cannot reset a 달빛반 student's password.
    const reader13 = await staff('reader13');
    const refused = await respond(() =>
      listAction({
        request: makeRequest('/admin/students', { cookie, form: { studentId: String(reader13.id), password: 'reset-pass-2026' } }),
        params: {},
        context: {},
      }),
    );
    expect(refused.status).toBe(404);
  });
});

describe('roster import', () => {
  it('previews the committed 20-row sample naming both bad rows; confirm adds 18; a second confirm and a re-import add none', async () => {
    const head = await staff('head');
    const bytes = new Uint8Array(readFileSync('docs/examples/roster-sample.csv'));
    const id = await previewRoster(head, 'roster-sample.csv', bytes);
    const preview = await getRosterImport(head, id);
    expect(preview.counts).toEqual({ total: 20, valid: 18, invalid: 2 });
    const bad = preview.rows.filter((r) => r.errors.length);
    expect(bad.map((r) => [r.line, r.loginId])).toEqual([
      [8, 'sample07'],
      [15, 'sample14'],
    ]);
    expect(bad[0].errors[0]).toContain('학년은 초1~고3');
    expect(bad[1].errors).toEqual([ACCOUNT_FIELD_MESSAGES.phoneRule]);
    await expect(confirmRosterImport(head, id, false)).rejects.toMatchObject({
      message: '보호자의 개인정보 수집·이용 동의를 받았는지 확인해 주세요.',
    });
    const result = await confirmRosterImport(head, id, true);
    expect(result.alreadyConfirmed).toBe(false);
    expect(result.created).toHaveLength(18);
    expect(result.skipped.map((s) => s.line)).toEqual([8, 15]);
    // Rows without a password got a readable one, shown in this answer only.
    const generated = result.created.filter((c) => c.generatedPassword);
    expect(generated.length).toBeGreaterThan(0);
    expect(generated[0].generatedPassword).toMatch(/^[a-z]{4}-\d{4}$/);
    await expect(authenticate(generated[0].loginId, generated[0].generatedPassword!)).resolves.toMatchObject({ mustChangePassword: true });
    await expect(authenticate('sample02', 'sample-pass-02')).resolves.toMatchObject({ grade: '초4' });
    const sample01 = (await findUserByLoginId('sample01'))!;
    const [m] = await db()
      .select({ name: classes.name })
      .from(classMemberships)
      .innerJoin(classes, eq(classes.id, classMemberships.classId))
      .where(and(eq(classMemberships.userId, sample01.id), isNull(classMemberships.leftAt)));
    expect(m.name).toBe('햇살반');
    expect((await db().select().from(userConsents).where(eq(userConsents.userId, sample01.id))).map((c) => c.kind)).toEqual(['GUARDIAN']);
    const [saved] = await db().select().from(rosterImports).where(eq(rosterImports.id, id));
    expect(saved).toMatchObject({ status: 'CONFIRMED', createdCount: 18 });
    expect(JSON.stringify(saved.rows)).not.toContain('argon2');

    const again = await confirmRosterImport(head, id, true);
    expect(again.alreadyConfirmed).toBe(true);
    expect(again.created.every((c) => c.generatedPassword === null)).toBe(true);
    const count = async () => (await db().select().from(users).where(eq(users.organisationId, head.organisationId!))).length;
    const before = await count();
    const second = await previewRoster(head, 'roster-sample.csv', bytes);
    const re = await getRosterImport(head, second);
    expect(re.counts.valid).toBe(0);
    expect(re.rows.filter((r) => r.errors.includes(ACCOUNT_FIELD_MESSAGES.loginIdTaken))).toHaveLength(18);
    expect(await count()).toBe(before);
  });

  it('reads a CP949 file and a generated one with a duplicate login id and an unknown class', async () => {
    const head = await staff('head');
    const { text, prefix } = rosterCsv(4);
    const lines = text.split('\r\n');
    lines.push(`중복,${prefix}x1,초4,,,`, `없는반,${prefix}x9,초4,별빛반,,`);
    const id = await previewRoster(head, 'cp949.csv', new Uint8Array(iconv.encode(lines.join('\r\n'), 'cp949')));
    const p = await getRosterImport(head, id);
    expect(p.rows[0]).toMatchObject({ name: '학생1', className: '햇살반' });
    expect(p.rows[0].errors).toEqual(['파일 안에 같은 아이디가 또 있습니다.']);
    expect(p.rows[5].errors).toEqual(["'별빛반' 반을 찾을 수 없습니다. 운영 중인 반 이름을 적어 주세요."]);
    const committed = await previewRoster(head, 'c.csv', new Uint8Array(readFileSync('docs/examples/roster-sample-cp949.csv')));
    expect((await getRosterImport(head, committed)).rows[0].name).toBe('김하늘');
  });

  it('reads an xlsx file with the columns in another order', async () => {
    const head = await staff('head');
    const prefix = unique('xl');
    const xlsx = await toXlsx({
      columns: [
        { key: 'password', header: '임시 비밀번호' },
        { key: 'loginId', header: '아이디' },
        { key: 'name', header: '이름' },
        { key: 'grade', header: '학년' },
        { key: 'className', header: '반' },
        { key: 'parentPhone', header: '학부모 연락처' },
      ],
      rows: [
        {
          password: 'excel-pass-1',
          loginId: `${prefix}a`,
          name: '엑셀학생',
          grade: '중1',
          className: '달빛반',
          parentPhone: '01055556666',
        },
        { password: '', loginId: `${prefix}b`, name: '', grade: '중1', className: '', parentPhone: '' },
      ],
    });
    const id = await previewRoster(head, 'roster.xlsx', new Uint8Array(xlsx));
    const p = await getRosterImport(head, id);
    expect(p.rows[0]).toMatchObject({ name: '엑셀학생', grade: '중1', className: '달빛반', parentPhone: '010-5555-6666', errors: [] });
    expect(p.rows[1].errors).toEqual(['이름이 없습니다.']);
    const result = await confirmRosterImport(head, id, true);
    expect(result.created.map((c) => c.loginId)).toEqual([`${prefix}a`]);
  });

  it('an import of another academy is 404, and a teacher cannot import', async () => {
    const head = await staff('head');
    const id = await previewRoster(head, 'a.csv', new TextEncoder().encode(rosterCsv(2).text));
    await expect(getRosterImport(await staff('head2'), id)).rejects.toMatchObject({ status: 404 });
    await expect(previewRoster(await staff('teacher'), 'a.csv', new TextEncoder().encode(rosterCsv(2).text))).rejects.toMatchObject({
      status: 403,
    });
    await expect(previewRoster(head, 'a.csv', new TextEncoder().encode('성명,학번\n홍길동,1'))).rejects.toMatchObject({
      message: '첫 줄에 이름, 아이디, 학년 열이 없습니다. 양식 파일의 첫 줄을 그대로 써 주세요.',
    });
  });
});

describe('roster export', () => {
  it('reads back the xlsx and escapes a formula cell in the CSV', async () => {
    const head = await staff('head');
    const s = await newStudent();
    await updateStudent(head, s.id, { name: '=HYPERLINK("x")', grade: '초5', classId: s.classId });
    const table = await rosterTable(head);
    const sheet = await readTable(await toXlsx(table, '학생 명단'));
    expect(sheet[0]).toEqual(['이름', '아이디', '학년', '반', '상태', '레벨', '학부모 연락처', '등록일', '최근 로그인']);
    expect(sheet).toHaveLength(table.rows.length + 1);
    expect(sheet.find((row) => row[1] === s.loginId)?.[0]).toBe(`'=HYPERLINK("x")`);
    const csv = toCsv(table).toString('utf8');
    expect(csv).toContain(`"'=HYPERLINK(""x"")",${s.loginId},초5,햇살반,활동`);
    const teacherCookie = await sessionCookie('teacher');
    const res = await exportCsvLoader({
      request: makeRequest('/admin/students/export.csv', { cookie: teacherCookie }),
      params: {},
      context: {},
    });
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
    expect(text).toContain('student2');
    expect(text).not.toContain('reader13');
  });
});

describe('first sign-in with a temporary password', () => {
  it('is sent to /member/migration, which explains the temporary password; completing it clears the flag', async () => {
    const s = await newStudent();
    const cookie = await sessionCookie(s.loginId);
    const blocked = await respond(() => requireUser(makeRequest('/user/activity', { cookie })));
    expect(blocked).toHaveRedirect('/member/migration');
    const page = await respond(() => migrationLoader({ request: makeRequest('/member/migration', { cookie }), params: {}, context: {} }));
    expect(await page.json()).toMatchObject({ temporary: true, loginId: s.loginId });
    const updated = await completeMigration(s.id, { password: 'my-own-pass-1', securityQuestion: 7, securityAnswer: '어린 왕자' });
    expect(updated.mustChangePassword).toBe(false);
    await expect(authenticate(s.loginId, 'my-own-pass-1')).resolves.toMatchObject({ mustChangePassword: false });
    const fresh = await sessionCookie(s.loginId);
    await expect(requireUser(makeRequest('/user/activity', { cookie: fresh }))).resolves.toMatchObject({ id: s.id });
  });
});
