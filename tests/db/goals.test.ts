import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { auditEvents, classes, classGoals, classMemberships, reportComments, resultBooks, users } from '~/db/schema';
import { BookStatus } from '~/domain/enums';
import { longestRun, milestonesOf } from '~/domain/goals';
import { now } from '~/lib/clock.server';
import { addMonths, seoulMonth } from '~/lib/dates';
import { decodeCsv } from '~/lib/spreadsheets.server';
import { action as classAction, loader as classLoader } from '~/routes/admin+/classes_.$classId';
import { action as classReportAction } from '~/routes/admin+/reports.classes.$classId';
import { loader as operatorCsv } from '~/routes/super+/user_.$userId_.portfolio[.]csv';
import { loader as operatorPage } from '~/routes/super+/user_.$userId_.portfolio';
import { loader as dashboardLoader } from '~/routes/user+/dashboard';
import { loader as portfolioCsv } from '~/routes/user+/portfolio[.]csv';
import { loader as portfolioPage } from '~/routes/user+/portfolio';
import { loader as reportLoader } from '~/routes/user+/report._index';
import { dashboard } from '~/services/reports.server';
import { classAttainment, setClassGoal, studentGoal, studentMilestones } from '~/services/academy/goals.server';
import { monthlyReport, parentReport } from '~/services/academy/parent-report.server';
import { publishReport, writeReportComment } from '~/services/academy/report-comments.server';
import { portfolioTable, readingPortfolio } from '~/services/portfolio.server';
import { makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { assignBook, createBook, createStudent } from '../support/factories';

useTestDatabase();

async function account(loginId: string) {
  const [u] = await db()
    .select({ id: users.id, name: users.name, role: users.role, organisationId: users.organisationId, authorities: users.authorities })
    .from(users)
    .where(eq(users.loginId, loginId));
  return u;
}

async function sunshine() {
  const [c] = await db().select().from(classes).where(eq(classes.name, '햇살반'));
  return c;
}

describe('class goals', () => {
  it('shows the student their own progress with the dashboard’s own figures, and the message once every target is met', async () => {
    const student = await account('student');
    const teacher = await account('teacher');
    const klass = await sunshine();
    const month = seoulMonth(now());
    const board = await dashboard(student.id);
    const report = await parentReport(teacher, student.id, month);

    // The seeded goal: the figures are the dashboard's and the report's.
    const goal = await studentGoal(student.id);
    expect(goal?.className).toBe('햇살반');
    const value = (key: string) => goal!.items.find((i) => i.key === key)!.value;
    expect(value('minutes')).toBe(board.thisMonth.minutes);
    expect(value('books')).toBe(board.thisMonth.booksCompleted);
    expect(value('days')).toBe(report.figures.daysRead);

    // A goal just under what the student did is reached; one above it is not.
    await setClassGoal(teacher, klass.id, { books: null, minutes: Math.max(1, board.thisMonth.minutes), days: null });
    expect((await studentGoal(student.id))?.reached).toBe(board.thisMonth.minutes >= 1);
    await setClassGoal(teacher, klass.id, { books: null, minutes: board.thisMonth.minutes + 1, days: null });
    expect((await studentGoal(student.id))?.reached).toBe(false);

    // The page: the loader carries the goal, and the message is the page's (rendered on the server).
    const cookie = await sessionCookie('student');
    const page = await respond(() => dashboardLoader({ request: makeRequest('/user/dashboard', { cookie }), params: {}, context: {} }));
    const data = await page.json();
    expect(data.goal.items).toEqual([
      {
        key: 'minutes',
        label: '독서 시간',
        unit: '분',
        target: board.thisMonth.minutes + 1,
        value: board.thisMonth.minutes,
        reached: false,
      },
    ]);
    expect(data.milestones.map((m: { label: string }) => m.label)).toEqual(['첫 완독', '책 10권 완독', '30일 연속 독서']);
  });

  it('is set on the class page by its teacher (plain form post), refused to another class’s teacher and when empty', async () => {
    const klass = await sunshine();
    const cookie = await sessionCookie('teacher');
    const post = (form: Record<string, string>, who = cookie) =>
      respond(() =>
        classAction({
          request: makeRequest(`/admin/classes/${klass.id}`, { cookie: who, form }),
          params: { classId: String(klass.id) },
          context: {},
        }),
      );
    const saved = await post({ intent: 'goal', books: '3', minutes: '', days: '12' });
    expect(saved.status).toBe(302);
    const [row] = await db()
      .select()
      .from(classGoals)
      .where(and(eq(classGoals.classId, klass.id), eq(classGoals.month, seoulMonth(now()))));
    expect(row).toMatchObject({ books: 3, minutes: null, days: 12 });

    const empty = await post({ intent: 'goal', books: '', minutes: '', days: '' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain('완독한 책, 독서 시간, 읽은 날 중 하나 이상의 목표를 입력해 주세요.');
    const tooMany = await post({ intent: 'goal', books: '', minutes: '', days: '40' });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(await tooMany.json())).toContain('읽은 날 목표는 1일부터 31일까지 입력해 주세요.');

    const other = await post({ intent: 'goal', books: '1', minutes: '', days: '' }, await sessionCookie('teacher4'));
    expect(other.status).toBe(404);

    // The class page and the attainment: a count of the month's students.
    const page = await respond(() =>
      classLoader({ request: makeRequest(`/admin/classes/${klass.id}`, { cookie }), params: { classId: String(klass.id) }, context: {} }),
    );
    const data = await page.json();
    const attainment = (await classAttainment([klass.id], seoulMonth(now()))).get(klass.id)!;
    expect(data.attainment).toEqual(attainment);
    expect(attainment.goal).toEqual({ books: 3, minutes: null, days: 12 });
    expect(attainment.reached).toBeLessThanOrEqual(attainment.students);

    const cleared = await post({ intent: 'clearGoal' });
    expect(cleared.status).toBe(302);
    expect(await studentGoal((await account('student')).id)).toBeNull();
  });

  it('counts the students who reached it, with the report’s figures', async () => {
    const klass = await sunshine();
    const teacher = await account('teacher');
    const month = seoulMonth(now());
    await setClassGoal(teacher, klass.id, { books: null, minutes: 1, days: null });
    const members = await db().select({ id: classMemberships.userId }).from(classMemberships).where(eq(classMemberships.classId, klass.id));
    const report = await import('~/services/academy/parent-report.server').then((m) => m.classReport(teacher, klass.id, month));
    const readers = report.students.filter((s) => s.figures.minutes >= 1).length;
    expect(report.attainment).toEqual({
      goal: { books: null, minutes: 1, days: null },
      students: report.students.length,
      reached: readers,
    });
    expect(members.length).toBeGreaterThanOrEqual(report.students.length - 2);
  });
});

describe('milestones', () => {
  it('are the first book, ten books and the longest run of 30 reading days', () => {
    expect(longestRun(['2026-01-01', '2026-01-02', '2026-01-04', '2026-01-05', '2026-01-06'])).toBe(3);
    expect(longestRun([])).toBe(0);
    const days = Array.from({ length: 30 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`);
    expect(milestonesOf(0, []).map((m) => m.reached)).toEqual([false, false, false]);
    expect(milestonesOf(1, days.slice(0, 29)).map((m) => [m.reached, m.progress])).toEqual([
      [true, '1/1권'],
      [false, '1/10권'],
      [false, '최장 29일'],
    ]);
    expect(milestonesOf(12, days).every((m) => m.reached)).toBe(true);
  });

  it('count the student’s own finished books', async () => {
    const student = await account('student');
    const n = (
      await db()
        .select()
        .from(resultBooks)
        .where(and(eq(resultBooks.userId, student.id), eq(resultBooks.status, BookStatus.COMPLETE)))
    ).length;
    const milestones = await studentMilestones(student.id);
    expect(milestones[0].reached).toBe(Number(n) >= 1);
    expect(milestones[1].reached).toBe(Number(n) >= 10);
  });
});

describe('no student page lists another student’s figures', () => {
  it('the dashboard, the report and the portfolio of `student` name no classmate', async () => {
    const klass = await sunshine();
    const me = await account('student');
    const classmates = await db()
      .select({ name: users.name })
      .from(classMemberships)
      .innerJoin(users, eq(users.id, classMemberships.userId))
      .where(eq(classMemberships.classId, klass.id));
    const others = classmates.map((c) => c.name).filter((name) => name !== me.name);
    expect(others.length).toBeGreaterThan(3);
    const cookie = await sessionCookie('student');
    for (const [loader, path] of [
      [dashboardLoader, '/user/dashboard'],
      [reportLoader, '/user/report'],
      [portfolioPage, '/user/portfolio'],
    ] as const) {
      const res = await respond(() => loader({ request: makeRequest(path, { cookie }), params: {}, context: {} }));
      expect(res.status).toBe(200);
      const text = await res.text();
      for (const name of others) expect(text, `${path} names ${name}`).not.toContain(name);
    }
  });
});

describe('the monthly report', () => {
  it('has the five areas against the child’s own earlier months, next month’s books and the published comment', async () => {
    const teacher = await account('teacher');
    const student = await account('student');
    const klass = await sunshine();
    const month = seoulMonth(now());
    const r = await parentReport(teacher, student.id, month);
    expect(r.areas.map((a) => a.label)).toEqual(['사실적 이해', '추론적 이해', '비판적 이해', '어휘', '창의적 이해']);
    for (const a of r.areas) expect(a.change).toBe(a.score !== null && a.earlier !== null ? a.score - a.earlier : null);

    // A new student's assigned, unfinished book is next month's reading.
    const reader = await createStudent();
    const book = await createBook({ title: '다음 달에 읽을 책' });
    await assignBook({ student: reader, book });
    expect((await monthlyReport(reader.id, month, { publishedOnly: false })).nextBooks.map((b) => b.title)).toEqual(['다음 달에 읽을 책']);

    // The seeded month: last month published, this month written only.
    expect((await monthlyReport(student.id, addMonths(month, -1), { publishedOnly: true })).comment).toMatchObject({ published: true });
    await expect(monthlyReport(student.id, month, { publishedOnly: true })).rejects.toMatchObject({
      status: 404,
      message: '아직 공개되지 않은 리포트입니다.',
    });

    await writeReportComment(teacher, klass.id, student.id, month, '이번 달에는 추론 문제에서 근거를 잘 찾았어요.');
    const { publishedAt } = await publishReport(teacher, klass.id, student.id, month);
    const parents = await monthlyReport(student.id, month, { publishedOnly: true });
    expect(parents.comment).toEqual({
      text: '이번 달에는 추론 문제에서 근거를 잘 찾았어요.',
      teacher: teacher.name,
      published: true,
      fromNote: false,
    });
    expect(parents.figures).toEqual(r.figures);
    // Publishing again keeps the first time; an edit keeps it published.
    await writeReportComment(teacher, klass.id, student.id, month, '고친 의견');
    expect((await publishReport(teacher, klass.id, student.id, month)).publishedAt).toEqual(publishedAt);
    const [row] = await db()
      .select()
      .from(reportComments)
      .where(and(eq(reportComments.studentId, student.id), eq(reportComments.month, month)));
    expect(row).toMatchObject({ comment: '고친 의견', publishedBy: teacher.id, writtenBy: teacher.id });
    expect(row.publishedAt).toEqual(publishedAt);
  });

  it('takes the comment from the class report page (save, save and publish) and refuses another class’s teacher', async () => {
    const klass = await sunshine();
    const student2 = await account('student2');
    const month = seoulMonth(now());
    await db().delete(reportComments).where(eq(reportComments.studentId, student2.id));
    const post = async (form: Record<string, string>, login = 'teacher') =>
      respond(async () =>
        classReportAction({
          request: makeRequest(`/admin/reports/classes/${klass.id}?month=${month}`, { cookie: await sessionCookie(login), form }),
          params: { classId: String(klass.id) },
          context: {},
        }),
      );
    const empty = await post({ intent: 'saveComment', studentId: String(student2.id), comment: '  ' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain('리포트에 실을 선생님 의견을 입력해 주세요.');
    const saved = await post({ intent: 'saveComment', studentId: String(student2.id), comment: '꾸준히 읽었어요.' });
    expect(saved.status).toBe(302);
    expect(saved.headers.get('Location')).toBe(`/admin/reports/classes/${klass.id}?month=${month}`);
    let [row] = await db().select().from(reportComments).where(eq(reportComments.studentId, student2.id));
    expect(row).toMatchObject({ month, comment: '꾸준히 읽었어요.', publishedAt: null });
    const published = await post({ intent: 'publishComment', studentId: String(student2.id), comment: '꾸준히 읽었어요!' });
    expect(published.status).toBe(302);
    [row] = await db().select().from(reportComments).where(eq(reportComments.studentId, student2.id));
    expect(row.comment).toBe('꾸준히 읽었어요!');
    expect(row.publishedAt).not.toBeNull();
    const other = await post({ intent: 'publishComment', studentId: String(student2.id), comment: 'x' }, 'teacher4');
    expect(other.status).toBe(404);
  });
});

describe('the reading portfolio', () => {
  it('lists the books by date as 제목(저자) with totals; the CSV (BOM) has the page’s rows', async () => {
    const student = await account('student');
    const to = new Date(now()).toISOString().slice(0, 10);
    const from = `${Number(to.slice(0, 4)) - 1}-01-01`;
    const portfolio = await readingPortfolio(student.id, { from, to });
    expect(portfolio.rows.length).toBeGreaterThan(0);
    for (const row of portfolio.rows) expect(String(row.record)).toMatch(/\(.+\)$/);
    expect(portfolio.totals.books).toBe(portfolio.rows.length);
    expect(portfolio.totals.minutes).toBe(portfolio.rows.reduce((t, r) => t + Number(r.minutes), 0));

    const cookie = await sessionCookie('student');
    const page = await respond(() =>
      portfolioPage({ request: makeRequest(`/user/portfolio?from=${from}&to=${to}`, { cookie }), params: {}, context: {} }),
    );
    const data = await page.json();
    const csv = await respond(() =>
      portfolioCsv({ request: makeRequest(`/user/portfolio.csv?from=${from}&to=${to}`, { cookie }), params: {}, context: {} }),
    );
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = decodeCsv(bytes).trim().split('\r\n');
    expect(lines[0]).toBe('번호,읽기 시작,다 읽은 날,도서명(저자),독서 시간(분),읽은 쪽수');
    const table = portfolioTable(data.portfolio);
    expect(lines.slice(1)).toEqual(table.rows.map((r) => table.columns.map((c) => csvCell(r[c.key])).join(',')));

    // Only the notes the student ticks.
    const choice = data.portfolio.noteChoices[0];
    if (choice) {
      const withNote = await readingPortfolio(student.id, { from, to }, [choice.id, 999999]);
      expect(withNote.notes.map((n) => n.id)).toEqual([choice.id]);
    }
    const bad = await respond(() =>
      portfolioPage({ request: makeRequest(`/user/portfolio?from=${to}&to=${from}`, { cookie }), params: {}, context: {} }),
    );
    expect(bad.status).toBe(400);
  });

  it('is produced by an operator for a data-access request, each copy audited', async () => {
    const student = await account('student');
    const operator = await account('super');
    const cookie = await sessionCookie('super');
    const count = async () =>
      (
        await db()
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.action, 'user.portfolio'), eq(auditEvents.targetId, student.id)))
      ).length;
    const params = { userId: String(student.id) };
    const blank = await respond(() =>
      operatorPage({ request: makeRequest(`/super/user/${student.id}/portfolio`, { cookie }), params, context: {} }),
    );
    expect((await blank.json()).portfolio).toBeNull();
    expect(await count()).toBe(0);
    const page = await respond(() =>
      operatorPage({
        request: makeRequest(`/super/user/${student.id}/portfolio?from=2025-01-01&to=2026-12-31`, { cookie }),
        params,
        context: {},
      }),
    );
    expect(page.status).toBe(200);
    const csv = await respond(() =>
      operatorCsv({
        request: makeRequest(`/super/user/${student.id}/portfolio.csv?from=2025-01-01&to=2026-12-31`, { cookie }),
        params,
        context: {},
      }),
    );
    expect(csv.status).toBe(200);
    const rows = await db().select().from(auditEvents).where(eq(auditEvents.action, 'user.portfolio'));
    expect(rows.map((r) => [r.actorId, r.targetType, r.targetId, r.after])).toEqual([
      [operator.id, 'user', student.id, { from: '2025-01-01', to: '2026-12-31', format: 'page' }],
      [operator.id, 'user', student.id, { from: '2025-01-01', to: '2026-12-31', format: 'csv' }],
    ]);
    // A student cannot open it.
    const studentCookie = await sessionCookie('student');
    const asStudent = await respond(() =>
      operatorPage({
        request: makeRequest(`/super/user/${student.id}/portfolio?from=2025-01-01&to=2026-12-31`, {
          cookie: studentCookie,
        }),
        params,
        context: {},
      }),
    );
    expect(asStudent.status).toBe(302);
  });
});

/** A cell as csv-stringify writes it. */
function csvCell(value: unknown) {
  const text = String(value ?? '');
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
