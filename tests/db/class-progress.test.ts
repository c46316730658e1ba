import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { countQueries } from '~/db/query-count.server';
import { classes, classMemberships, notes, readingRecords, resultBooks, users } from '~/db/schema';
import { BookStatus, ItemStatus, NoteState, ReadMethod } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { seoulDay } from '~/lib/dates';
import { readXlsx } from '~/lib/xlsx.server';
import { loader as overviewLoader } from '~/routes/admin+/students_.$studentId_.overview';
import { loader as progressLoader } from '~/routes/admin+/progress';
import { loader as xlsxLoader } from '~/routes/admin+/progress_.export[.]xlsx';
import { loader as csvLoader } from '~/routes/admin+/progress_.export[.]csv';
import { action as assignAction, loader as assignLoader } from '~/routes/admin+/assign';
import { CLASS_ASSIGNMENT_MESSAGES, confirmAssignment, previewAssignment } from '~/services/academy/class-assignments.server';
import { classProgress, parsePeriod } from '~/services/academy/progress.server';
import { listAcademyNotes, getNoteForStaff } from '~/services/notes/review.server';
import { makeRequest, respond } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { assignBook, cookieFor, createAcademy, createBook, createClass, createStaff, createStudent } from '../support/factories';

useTestDatabase();

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => seoulDay(new Date(now().getTime() - n * DAY_MS));

async function account(loginId: string) {
  const [u] = await db()
    .select({ id: users.id, role: users.role, organisationId: users.organisationId, authorities: users.authorities })
    .from(users)
    .where(eq(users.loginId, loginId));
  return u;
}

async function classNamed(name: string) {
  const [row] = await db().select().from(classes).where(eq(classes.name, name));
  return row;
}

async function openBooks(userIds: number[], bookId: number) {
  return db()
    .select()
    .from(resultBooks)
    .where(and(inArray(resultBooks.userId, userIds), eq(resultBooks.bookId, bookId), sql`${resultBooks.status} not in (100, 999)`));
}

async function setup() {
  const academy = await createAcademy();
  const head = await createStaff(academy, 'HEAD');
  const teacher = await createStaff(academy, 'TEACHER');
  const other = await createStaff(academy, 'TEACHER');
  const members = [
    await createStudent({ academy, name: '가학생' }),
    await createStudent({ academy, name: '나학생' }),
    await createStudent({ academy, name: '다학생' }),
  ];
  const outsider = await createStudent({ academy, name: '라학생' });
  const room = await createClass(academy, { teachers: [teacher], students: members });
  const otherRoom = await createClass(academy, { teachers: [other], students: [outsider] });
  return { academy, head, teacher, other, members, outsider, room, otherRoom };
}

let keys = 0;
async function read(userId: number, resultBookId: number, day: string, minutes: number, pages: number) {
  await db()
    .insert(readingRecords)
    .values({
      userId,
      resultBookId,
      startPage: 1,
      endPage: pages,
      minutes,
      readDate: day,
      readMethod: ReadMethod.FREE,
      submissionKey: `k${++keys}`,
    });
}

describe('assigning books to a class', () => {
  it('gives every member each book once, skips open ones, and a second or concurrent confirm adds nothing', async () => {
    const { teacher, members, room, outsider } = await setup();
    const [b1, b2, b3] = [await createBook(), await createBook(), await createBook()];
    await assignBook({ student: members[0], book: b1, by: teacher });
    const due = daysAgo(-3);
    const input = { classId: room.id, studentIds: [], bookIds: [b1.id, b2.id], readMethod: String(ReadMethod.M_3_3), dueOn: due };

    const preview = await previewAssignment(teacher, input);
    expect(preview.rows).toHaveLength(6);
    expect(preview.rows.filter((r) => r.skip)).toEqual([expect.objectContaining({ studentId: members[0].id, bookId: b1.id })]);
    expect(preview.toAssign).toBe(5);

    const first = await confirmAssignment(teacher, input);
    expect(first).toMatchObject({ assigned: 5, skipped: 1, students: 3 });
    expect(first.message).toBe('3명에게 5건을 배정했습니다. (이미 있는 1건은 건너뛰었습니다.)');
    const ids = members.map((m) => m.id);
    for (const book of [b1, b2]) {
      const rows = await openBooks(ids, book.id);
      expect(rows).toHaveLength(3);
      expect(new Set(rows.map((r) => r.userId)).size).toBe(3);
    }
    const b2rows = await openBooks(ids, b2.id);
    expect(
      b2rows.every(
        (r) => r.readMethod === ReadMethod.M_3_3 && r.dueOn === due && r.assignedBy === teacher.id && r.status === BookStatus.WAITING,
      ),
    ).toBe(true);
    expect(await openBooks([outsider.id], b2.id)).toHaveLength(0);

    const again = await confirmAssignment(teacher, input);
    expect(again).toMatchObject({ assigned: 0, skipped: 6 });
    expect(again.message).toBe('새로 배정한 도서가 없습니다. (이미 있는 6건은 건너뛰었습니다.)');

    const both = await Promise.all([
      confirmAssignment(teacher, { ...input, bookIds: [b3.id] }),
      confirmAssignment(teacher, { ...input, bookIds: [b3.id] }),
    ]);
    expect(both.reduce((n, r) => n + r.assigned, 0)).toBe(3);
    expect(await openBooks(ids, b3.id)).toHaveLength(3);
  });

  it('assigns again a book completed or excluded, and to chosen students only', async () => {
    const { head, members } = await setup();
    const book = await createBook();
    await assignBook({ student: members[0], book, status: BookStatus.COMPLETE });
    await assignBook({ student: members[1], book, status: BookStatus.EXCLUDE });
    await assignBook({ student: members[2], book, status: BookStatus.ACTIVITY });
    const result = await confirmAssignment(head, {
      classId: null,
      studentIds: members.map((m) => m.id),
      bookIds: [book.id],
      readMethod: String(ReadMethod.NONE),
    });
    expect(result).toMatchObject({ assigned: 2, skipped: 1 });
    const rows = await db()
      .select()
      .from(resultBooks)
      .where(and(eq(resultBooks.bookId, book.id), eq(resultBooks.status, BookStatus.WAITING)));
    expect(rows.map((r) => r.userId).sort()).toEqual([members[0].id, members[1].id].sort());
    expect(rows.every((r) => r.readMethod === ReadMethod.NONE && r.dueOn === null)).toBe(true);
  });

  it('refuses a missing read method, a past due date and an inactive book', async () => {
    const { head, room } = await setup();
    const book = await createBook();
    const hidden = await createBook({ status: ItemStatus.INACTIVE });
    const base = { classId: room.id, studentIds: [], bookIds: [book.id], readMethod: String(ReadMethod.FREE) };
    await expect(confirmAssignment(head, { ...base, readMethod: '' })).rejects.toMatchObject({
      message: CLASS_ASSIGNMENT_MESSAGES.readMethodRequired,
      status: 400,
    });
    await expect(confirmAssignment(head, { ...base, dueOn: daysAgo(1) })).rejects.toMatchObject({
      message: CLASS_ASSIGNMENT_MESSAGES.pastDue,
    });
    await expect(confirmAssignment(head, { ...base, dueOn: '2026-02-30' })).rejects.toMatchObject({
      message: CLASS_ASSIGNMENT_MESSAGES.invalidDue,
    });
    await expect(confirmAssignment(head, { ...base, bookIds: [book.id, hidden.id] })).rejects.toMatchObject({ status: 404 });
    expect(await confirmAssignment(head, { ...base, dueOn: daysAgo(0) })).toMatchObject({ assigned: 3 });
  });

  it('the pages: preview from the URL, confirm by post with a flash, a teacher answers 404 for another class', async () => {
    const teacher = await account('teacher');
    const cookie = await cookieFor('teacher');
    const sunshine = await classNamed('햇살반');
    const moon = await classNamed('달빛반');
    const reader13 = await account('reader13');
    const book = await createBook();
    const q = `book=${book.id}&target=class&classId=${sunshine.id}&readMethod=${ReadMethod.FREE}`;
    const preview = await respond(() =>
      assignLoader({ request: makeRequest(`/admin/assign?step=preview&${q}`, { cookie }), params: {}, context: {} }),
    );
    expect(preview.status).toBe(200);
    const data = await preview.json();
    expect(data.preview.toAssign).toBe(data.preview.students.length);
    expect(data.preview.className).toBe('햇살반');

    const noMethod = await (
      await respond(() =>
        assignLoader({
          request: makeRequest(`/admin/assign?step=preview&book=${book.id}&target=class&classId=${sunshine.id}`, { cookie }),
          params: {},
          context: {},
        }),
      )
    ).json();
    expect(noMethod.step).toBe('target');
    expect(noMethod.error).toBe('읽기 방식을 골라 주세요.');

    const moonPreview = await respond(() =>
      assignLoader({
        request: makeRequest(`/admin/assign?step=preview&book=${book.id}&target=class&classId=${moon.id}&readMethod=1`, { cookie }),
        params: {},
        context: {},
      }),
    );
    expect(moonPreview.status).toBe(404);
    const form = { book: String(book.id), target: 'students', student: String(reader13.id), readMethod: '1' };
    const refused = await respond(() => assignAction({ request: makeRequest('/admin/assign', { cookie, form }), params: {}, context: {} }));
    expect(refused.status).toBe(404);
    expect(await openBooks([reader13.id], book.id)).toHaveLength(0);
    await expect(
      confirmAssignment(teacher, { classId: moon.id, studentIds: [], bookIds: [book.id], readMethod: '1' }),
    ).rejects.toMatchObject({ status: 404 });

    const done = await respond(() =>
      assignAction({
        request: makeRequest('/admin/assign', {
          cookie,
          form: { book: String(book.id), target: 'class', classId: String(sunshine.id), readMethod: '1' },
        }),
        params: {},
        context: {},
      }),
    );
    expect(done.status).toBe(302);
    expect(done.headers.get('Location')).toBe('/admin/assign');
  });
});

describe('class progress', () => {
  it('recomputes the figures from the rows, marks students not reading for 7 days, sorts and filters', async () => {
    const { head, teacher, members, room, otherRoom } = await setup();
    const [a, b, c] = members;
    const rbA = await assignBook({ student: a, by: head, status: BookStatus.ACTIVITY });
    const rbB = await assignBook({ student: b, by: head, status: BookStatus.COMPLETE });
    await db().update(resultBooks).set({ completedAt: now() }).where(eq(resultBooks.id, rbB.id));
    const today = daysAgo(0);
    await read(a.id, rbA.id, today, 30, 20);
    await read(a.id, rbA.id, today, 10, 5);
    await read(a.id, rbA.id, daysAgo(40), 99, 99); // outside the week and the month
    await read(b.id, rbB.id, daysAgo(10), 15, 12);
    await db().insert(notes).values({ resultBookId: rbB.id, userId: b.id, note: '좋았다', state: NoteState.WRITE, submittedAt: now() });

    const period = parsePeriod(new URLSearchParams(), today);
    expect(period.kind).toBe('week');
    const progress = await classProgress(teacher, { classId: room.id, period });
    expect(progress.classes.map((x) => x.id)).toEqual([room.id]);
    const row = (id: number) => progress.rows.find((r) => r.studentId === id)!;
    expect(row(a.id)).toMatchObject({
      days: 1,
      minutes: 40,
      pages: 25,
      bookStatus: BookStatus.ACTIVITY,
      bookStatusLabel: '읽는 중',
      lastReadOn: today,
      inactive: false,
    });
    expect(row(b.id)).toMatchObject({
      days: 0,
      minutes: 0,
      bookTitle: null,
      noteStateLabel: '제출됨',
      lastReadOn: daysAgo(10),
      inactive: true,
      completed: 1,
      notesWritten: 1,
    });
    expect(row(c.id)).toMatchObject({ days: 0, lastReadOn: null, inactive: true });
    // The month includes day-10 reading only when it falls in this month.
    const month = await classProgress(teacher, { classId: room.id, period: parsePeriod(new URLSearchParams('period=month'), today) });
    const bMonth = month.rows.find((r) => r.studentId === b.id)!;
    expect(bMonth.minutes).toBe(daysAgo(10).slice(0, 7) === today.slice(0, 7) ? 15 : 0);

    const sorted = await classProgress(teacher, { classId: room.id, period, sort: 'minutes', dir: 'desc' });
    expect(sorted.rows[0].studentId).toBe(a.id);
    const quiet = await classProgress(teacher, { classId: room.id, period, filter: 'inactive' });
    expect(quiet.rows.map((r) => r.studentId).sort()).toEqual([b.id, c.id].sort());
    const reading = await classProgress(teacher, { classId: room.id, period, status: BookStatus.ACTIVITY });
    expect(reading.rows.map((r) => r.studentId)).toEqual([a.id]);

    await expect(classProgress(teacher, { classId: otherRoom.id, period })).rejects.toMatchObject({ status: 404 });
    const headView = await classProgress(head, { classId: otherRoom.id, period });
    expect(headView.rows).toHaveLength(1);
  });

  it('takes a fixed number of queries for 500 students and 20,000 records', async () => {
    const { head, room, members } = await setup();
    const period = parsePeriod(new URLSearchParams('period=month'));
    const small = await countQueries(() => classProgress(head, { classId: room.id, period }));
    expect(small.result.rows).toHaveLength(members.length);

    const academyId = head.organisationId!;
    const big = await createClass({ id: academyId }, { name: '대형반' });
    const inserted = await db()
      .insert(users)
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          loginId: `bulk_${i}`,
          passwordHash: 'x',
          name: `대량${String(i).padStart(3, '0')}`,
          role: 'USER' as const,
          organisationId: academyId,
        })),
      )
      .returning({ id: users.id });
    await db()
      .insert(classMemberships)
      .values(inserted.map((u) => ({ classId: big.id, userId: u.id })));
    const book = await createBook();
    const rbs = await db()
      .insert(resultBooks)
      .values(inserted.map((u) => ({ userId: u.id, bookId: book.id, status: BookStatus.ACTIVITY, readMethod: ReadMethod.FREE })))
      .returning({ id: resultBooks.id, userId: resultBooks.userId });
    for (let chunk = 0; chunk < 10; chunk++) {
      await db()
        .insert(readingRecords)
        .values(
          Array.from({ length: 2000 }, (_, j) => {
            const i = chunk * 2000 + j;
            const rb = rbs[i % 500];
            return {
              userId: rb.userId,
              resultBookId: rb.id,
              startPage: 1,
              endPage: 2,
              minutes: 5,
              readDate: daysAgo(i % 20),
              readMethod: ReadMethod.FREE,
              submissionKey: `bulk${i}`,
            };
          }),
        );
    }
    const large = await countQueries(() => classProgress(head, { classId: big.id, period, sort: 'minutes', dir: 'desc' }));
    expect(large.result.rows).toHaveLength(500);
    expect(large.result.pageRows).toHaveLength(20);
    expect(large.queries.length).toBe(small.queries.length);
    expect(large.queries.length).toBeLessThanOrEqual(3);
    const total = large.result.rows.reduce((n, r) => n + r.minutes, 0);
    const [{ expected }] = await db()
      .select({ expected: sql<number>`coalesce(sum(${readingRecords.minutes}), 0)::int` })
      .from(readingRecords)
      .where(
        and(
          inArray(
            readingRecords.userId,
            inserted.map((u) => u.id),
          ),
          sql`${readingRecords.readDate} between ${period.from}::date and ${period.to}::date`,
        ),
      );
    expect(total).toBe(Number(expected));
  });

  it('the page and the exports show the same numbers; a teacher gets 404 for another class and its students', async () => {
    const { head, members, room } = await setup();
    const rb = await assignBook({ student: members[1], by: head, status: BookStatus.ACTIVITY });
    await read(members[1].id, rb.id, daysAgo(0), 25, 30);
    const cookie = await cookieFor(head);
    const path = `?classId=${room.id}&period=week`;
    const page = await (
      await respond(() => progressLoader({ request: makeRequest(`/admin/progress${path}`, { cookie }), params: {}, context: {} }))
    ).json();
    expect(page.pageRows).toHaveLength(3);

    const xlsx = await respond(() =>
      xlsxLoader({ request: makeRequest(`/admin/progress/export.xlsx${path}`, { cookie }), params: {}, context: {} }),
    );
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('Content-Type')).toContain('spreadsheetml');
    const [header, ...sheetRows] = readXlsx(new Uint8Array(await xlsx.arrayBuffer()));
    expect(header).toEqual([
      '이름',
      '아이디',
      '반',
      '완독 권수',
      '읽은 쪽수',
      '독서 시간(분)',
      '독서일',
      '문제 분석 횟수',
      '문제 분석 평균 점수',
      '독서 노트 작성',
    ]);
    for (let i = 0; i < page.pageRows.length; i++) {
      const values = sheetRows[i];
      const r = page.pageRows[i];
      expect(values.slice(0, 3)).toEqual([r.name, r.loginId, r.className]);
      expect(values.slice(3, 8).map(Number)).toEqual([r.completed, r.pages, r.minutes, r.days, r.analyses]);
    }
    expect(page.pageRows.find((r: { studentId: number }) => r.studentId === members[1].id)).toMatchObject({
      minutes: 25,
      pages: 30,
      days: 1,
    });

    const csv = await respond(() =>
      csvLoader({ request: makeRequest(`/admin/progress/export.csv${path}`, { cookie }), params: {}, context: {} }),
    );
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain(`${members[1].name},${members[1].loginId},${room.name},0,30,25,1,0,,0`);

    const teacherCookie = await cookieFor('teacher');
    const moon = await classNamed('달빛반');
    const reader13 = await account('reader13');
    const student = await account('student');
    const moonPage = await respond(() =>
      progressLoader({ request: makeRequest(`/admin/progress?classId=${moon.id}`, { cookie: teacherCookie }), params: {}, context: {} }),
    );
    expect(moonPage.status).toBe(404);
    const own = await (
      await respond(() => progressLoader({ request: makeRequest('/admin/progress', { cookie: teacherCookie }), params: {}, context: {} }))
    ).json();
    expect(own.classes.map((c: { name: string }) => c.name)).toEqual(['햇살반']);
    const overview = (id: number) =>
      respond(() =>
        overviewLoader({
          request: makeRequest(`/admin/students/${id}/overview`, { cookie: teacherCookie }),
          params: { studentId: String(id) },
          context: {},
        }),
      );
    expect((await overview(reader13.id)).status).toBe(404);
    const mine = await overview(student.id);
    expect(mine.status).toBe(200);
    expect((await mine.json()).student.loginId).toBe('student');
  });
});

describe('notes in scope', () => {
  it('a teacher sees only their classes’ students’ notes; another class’s note is 404; the head sees all', async () => {
    const teacher = await account('teacher');
    const head = await account('head');
    const reader13 = await account('reader13');
    const rb = await assignBook({ student: reader13, by: head, status: BookStatus.NOTE });
    const [note] = await db()
      .insert(notes)
      .values({ resultBookId: rb.id, userId: reader13.id, note: '달빛반 노트', state: NoteState.WRITE, submittedAt: now() })
      .returning();
    const teacherList = await listAcademyNotes(teacher, { state: NoteState.WRITE, page: 1 });
    const headList = await listAcademyNotes(head, { state: NoteState.WRITE, page: 1 });
    expect(headList.total).toBe(teacherList.total + 1);
    await expect(getNoteForStaff(teacher, note.id)).rejects.toMatchObject({ status: 404 });
    expect((await getNoteForStaff(head, note.id)).note.id).toBe(note.id);
    expect((await getNoteForStaff(await account('teacher4'), note.id)).note.id).toBe(note.id);
  });
});
