import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { countQueries } from '~/db/query-count.server';
import { problems, problemSets, resultBooks, users } from '~/db/schema';
import { BookStatus, ProblemStep, ReadMethod } from '~/domain/enums';
import { READING_ERRORS } from '~/domain/reading';
import { loader as studentBooksLoader, action as studentBooksAction } from '~/routes/admin+/students_.$studentId';
import { allowRetake, assignBook, excludeBook, listAssignableBooks, listStudentBooks, setReadMethod } from '~/services/assignments.server';
import { advanceAttempt, beginAttempt, restartAttempt } from '~/services/problems/attempts.server';
import { markAttempt } from '~/services/problems/marking.server';
import { getAttemptPage } from '~/services/problems/pages.server';
import { getActivityOverview, listBooks } from '~/services/reading/overview.server';
import { saveRecord, startReading } from '~/services/reading/records.server';
import { submitBeforeReading } from '~/services/reading/before.server';
import { VISIBLE_STATUSES } from '~/domain/reading';
import { makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { replyErrors, replyValues } from '../support/form-reply';
import { cookieFor, createAcademy, createBook, createClass, createStaff, createStudent } from '../support/factories';

useTestDatabase();

async function account(loginId: string) {
  const [u] = await db()
    .select({ id: users.id, role: users.role, organisationId: users.organisationId, authorities: users.authorities })
    .from(users)
    .where(eq(users.loginId, loginId));
  return u;
}

async function booksOf(studentId: number, status?: BookStatus) {
  return db()
    .select()
    .from(resultBooks)
    .where(
      status === undefined ? eq(resultBooks.userId, studentId) : and(eq(resultBooks.userId, studentId), eq(resultBooks.status, status)),
    )
    .orderBy(asc(resultBooks.id));
}

async function answersOf(resultBookId: number) {
  const [rb] = await db().select().from(resultBooks).where(eq(resultBooks.id, resultBookId));
  const [set] = await db().select().from(problemSets).where(eq(problemSets.bookId, rb.bookId));
  const list = await db().select().from(problems).where(eq(problems.setId, set.id)).orderBy(asc(problems.order));
  return list.map((p) => ({ problemId: p.id, answer: p.correctAnswer }));
}

describe('assigning a book', () => {
  it('creates a WAITING result book with the read method; the same book again is refused', async () => {
    const academy = await createAcademy();
    const teacher = await createStaff(academy);
    const student = await createStudent({ academy });
    await createClass(academy, { teachers: [teacher], students: [student] });
    const { id: bookId } = await createBook();
    const before = await booksOf(student.id);
    const created = await assignBook(teacher, student.id, { bookId, readMethod: ReadMethod.FREE });
    const [row] = await db().select().from(resultBooks).where(eq(resultBooks.id, created.resultBookId));
    expect(row).toMatchObject({
      userId: student.id,
      bookId,
      status: BookStatus.WAITING,
      readMethod: ReadMethod.FREE,
      assignedBy: teacher.id,
      isCurrent: false,
      retakeAllowed: false,
    });

    await expect(assignBook(teacher, student.id, { bookId, readMethod: '1' })).rejects.toMatchObject({
      code: 'ALREADY_ASSIGNED',
      message: '이미 배정된 도서입니다.',
      status: 409,
    });
    // A double submit, at the same time: one book.
    const { id: other } = await createBook();
    const results = await Promise.allSettled([
      assignBook(teacher, student.id, { bookId: other, readMethod: '2' }),
      assignBook(teacher, student.id, { bookId: other, readMethod: '2' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await booksOf(student.id)).toHaveLength(before.length + 2);

    // The student sees it waiting.
    const waiting = await listBooks(student.id, [BookStatus.WAITING]);
    expect(JSON.stringify(waiting)).toContain(`"resultBookId":${created.resultBookId}`);
  });

  it('refuses the reserved read method 8 and unknown values, accepts NONE (decide later)', async () => {
    const academy = await createAcademy();
    const head = await createStaff(academy, 'HEAD');
    const student = await createStudent({ academy });
    const { id: bookId } = await createBook();
    for (const bad of [ReadMethod.ReadMethod, 9, 99, -1, 'abc', '', '1.5']) {
      await expect(assignBook(head, student.id, { bookId, readMethod: bad })).rejects.toMatchObject({
        code: 'INVALID_READ_METHOD',
        status: 400,
      });
    }
    const none = await assignBook(head, student.id, { bookId, readMethod: '0' });
    expect((await db().select().from(resultBooks).where(eq(resultBooks.id, none.resultBookId)))[0].readMethod).toBe(ReadMethod.NONE);
    await expect(assignBook(head, student.id, { bookId: 999999, readMethod: '1' })).rejects.toMatchObject({
      code: 'BOOK_NOT_FOUND',
      status: 404,
    });
  });

  it('a book excluded earlier can be assigned again', async () => {
    const teacher = await account('teacher');
    const student = await account('student');
    const [excluded] = await booksOf(student.id, BookStatus.EXCLUDE);
    const again = await assignBook(teacher, student.id, { bookId: excluded.bookId, readMethod: ReadMethod.CLOCK });
    expect(again.resultBookId).not.toBe(excluded.id);
  });

  it('a teacher of another academy gets 404 for the student and their books; the page answers 404', async () => {
    const teacher2 = await account('teacher2');
    const student = await account('student5');
    const [book] = await booksOf(student.id);
    const { id: bookId } = await createBook();
    await expect(assignBook(teacher2, student.id, { bookId, readMethod: 1 })).rejects.toMatchObject({
      status: 404,
      message: '학생을 찾을 수 없습니다.',
    });
    await expect(listStudentBooks(teacher2, student.id)).rejects.toMatchObject({ status: 404 });
    await expect(setReadMethod(teacher2, book.id, 1)).rejects.toMatchObject({ status: 404, message: '요청하신 도서를 찾을 수 없습니다.' });
    await expect(allowRetake(teacher2, book.id)).rejects.toMatchObject({ status: 404 });
    await expect(excludeBook(teacher2, book.id)).rejects.toMatchObject({ status: 404 });
    // A student is not staff.
    await expect(listStudentBooks(await account('student2'), student.id)).rejects.toMatchObject({ status: 404 });

    // Through the page: teacher3 (academy 1, paid) sees it, another academy's student is 404.
    const cookie = await sessionCookie('teacher');
    const ok = await respond(() =>
      studentBooksLoader({
        request: makeRequest(`/admin/students/${student.id}`, { cookie }),
        params: { studentId: String(student.id) },
        context: {},
      }),
    );
    expect(ok.status).toBe(200);
    const student6 = await account('student6');
    const notOurs = await respond(() =>
      studentBooksLoader({
        request: makeRequest(`/admin/students/${student6.id}`, { cookie }),
        params: { studentId: String(student6.id) },
        context: {},
      }),
    );
    expect(notOurs.status).toBe(404);
    const post = await respond(() =>
      studentBooksAction({
        request: makeRequest(`/admin/students/${student6.id}`, {
          cookie,
          form: { intent: 'assign', bookId: String(bookId), readMethod: '1' },
        }),
        params: { studentId: String(student6.id) },
        context: {},
      }),
    );
    expect(post.status).toBe(404);
  });

  it('the page assigns with post-redirect-get and a flash; a duplicate answers 409 with the message', async () => {
    const academy = await createAcademy();
    const cookie = await cookieFor(await createStaff(academy, 'HEAD'));
    const student = await createStudent({ academy });
    const { id: bookId, title } = await createBook();
    const send = () =>
      respond(() =>
        studentBooksAction({
          request: makeRequest(`/admin/students/${student.id}`, {
            cookie,
            form: { intent: 'assign', bookId: String(bookId), readMethod: '1' },
          }),
          params: { studentId: String(student.id) },
          context: {},
        }),
      );
    const first = await send();
    expect(first.status).toBe(302);
    expect(first).toHaveRedirect(`/admin/students/${student.id}`);
    await expect(first).toHaveFlash({ kind: 'success', message: `'${title}' 도서를 배정했습니다.` });
    const second = await send();
    expect(second.status).toBe(409);
    const refused = await second.json();
    expect(replyValues(refused).intent).toBe('assign');
    expect(replyErrors(refused).form).toBe('이미 배정된 도서입니다.');
    const bad = await respond(() =>
      studentBooksAction({
        request: makeRequest(`/admin/students/${student.id}`, {
          cookie,
          form: { intent: 'assign', bookId: String(bookId), readMethod: '8' },
        }),
        params: { studentId: String(student.id) },
        context: {},
      }),
    );
    expect(bad.status).toBe(400);
  });
});

describe('the list of a student\u2019s books', () => {
  it('lists titles, statuses, methods, progress, marked and retake flags in a fixed number of queries', async () => {
    const teacher = await account('teacher');
    const student = await account('student');
    const { result, queries } = await countQueries(() => listStudentBooks(teacher, student.id));
    // The planner's estimate of the list's length, the page and its count (app/services/paged-list.server.ts onePage).
    expect(queries.length).toBeLessThanOrEqual(4);
    expect(result.student.id).toBe(student.id);
    expect(result.total).toBe((await booksOf(student.id)).length);
    const statuses = result.books.map((b) => b.status);
    expect(statuses[statuses.length - 1]).toBe(BookStatus.EXCLUDE); // excluded last
    const current = result.books.find((b) => b.status === BookStatus.ACTIVITY)!;
    expect(current).toMatchObject({ readMethodLabel: '자유 읽기', statusLabel: '읽는 중', canChangeReadMethod: true });
    expect(current.progress.label).toMatch(/쪽$/);
    const complete = result.books.find((b) => b.status === BookStatus.COMPLETE)!;
    expect(complete).toMatchObject({ marked: true, retakeAllowed: false, canAllowRetake: true, canChangeReadMethod: false });
    const waiting = result.books.find((b) => b.status === BookStatus.WAITING)!;
    expect(waiting).toMatchObject({ marked: false, canAllowRetake: false });

    const { result: catalogue, queries: q2 } = await countQueries(() => listAssignableBooks(teacher, student.id));
    expect(q2.length).toBeLessThanOrEqual(2);
    const flat = catalogue.flatMap((g) => g.books);
    expect(flat.find((b) => b.id === current.bookId)!.assigned).toBe(true);
    expect(catalogue.map((g) => g.level)).toEqual([...catalogue.map((g) => g.level)].sort((a, b) => a - b));
  });
});

describe('retakes', () => {
  it('are allowed only after marking; then the student can RESTART once', async () => {
    const teacher = await account('teacher');
    const student = await account('student4');
    const [diagnosis] = await booksOf(student.id, BookStatus.DIAGNOSIS);
    await expect(allowRetake(teacher, diagnosis.id)).rejects.toMatchObject({
      code: 'NOT_MARKED',
      message: '문제 분석을 채점한 도서만 재응시를 허용할 수 있습니다.',
      status: 409,
    });

    const attempt = await beginAttempt(student.id, { kind: 'book', resultBookId: diagnosis.id });
    await advanceAttempt(student.id, attempt.id, ProblemStep.CONFIRM);
    await expect(allowRetake(teacher, diagnosis.id)).toBeDomainError('NOT_MARKED'); // solving, not marked
    await markAttempt(student.id, attempt.id, await answersOf(diagnosis.id));
    expect((await getAttemptPage(student.id, { kind: 'book', resultBookId: diagnosis.id })).canRestart).toBe(false);

    expect(await allowRetake(teacher, diagnosis.id)).toMatchObject({ changed: true });
    expect(await allowRetake(teacher, diagnosis.id)).toMatchObject({ changed: false }); // a double submit is harmless
    expect((await getAttemptPage(student.id, { kind: 'book', resultBookId: diagnosis.id })).canRestart).toBe(true);
    const retake = await restartAttempt(student.id, diagnosis.id);
    expect(retake).toMatchObject({ step: ProblemStep.RESTART, round: 2 });
    // Retaking: the latest attempt is not marked, so no new allowance yet.
    await expect(allowRetake(teacher, diagnosis.id)).toBeDomainError('NOT_MARKED');
  });

  it('work on a seeded COMPLETE book and never on an excluded one', async () => {
    const head = await account('head');
    const student = await account('student3');
    const [complete] = await booksOf(student.id, BookStatus.COMPLETE);
    expect(await allowRetake(head, complete.id)).toMatchObject({ changed: true });
    const [waiting] = await booksOf(student.id, BookStatus.WAITING);
    await expect(allowRetake(head, waiting.id)).toBeDomainError('NOT_MARKED');
    const student1 = await account('student');
    const [excluded] = await booksOf(student1.id, BookStatus.EXCLUDE);
    await expect(allowRetake(head, excluded.id)).rejects.toMatchObject({ code: 'BOOK_EXCLUDED', status: 409 });
  });
});

describe('excluding', () => {
  it('works from any status and hides the book from the activity page', async () => {
    const teacher = await account('teacher');
    const student = await account('student2');
    const rows = (await booksOf(student.id)).filter((b) => b.status !== BookStatus.EXCLUDE);
    const seen = new Set<number>();
    const excludedIds: number[] = [];
    for (const rb of rows) {
      if (seen.has(rb.status)) continue;
      seen.add(rb.status);
      excludedIds.push(rb.id);
      const done = await excludeBook(teacher, rb.id);
      expect(done).toMatchObject({ changed: true, resultBookId: rb.id });
      const [after] = await db().select().from(resultBooks).where(eq(resultBooks.id, rb.id));
      expect(after).toMatchObject({ status: BookStatus.EXCLUDE, isCurrent: false });
      expect(await excludeBook(teacher, rb.id)).toMatchObject({ changed: false }); // repeat
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([1, 10, 20, 30, 40, 100]);
    const overview = JSON.stringify(await getActivityOverview(student.id));
    const listed = JSON.stringify(await listBooks(student.id, VISIBLE_STATUSES));
    for (const id of excludedIds) {
      expect(listed).not.toContain(`"resultBookId":${id},`);
      expect(overview).not.toContain(`"resultBookId":${id},`);
    }
    await expect(setReadMethod(teacher, rows[0].id, 1)).toBeDomainError('BOOK_EXCLUDED');
  });
});

describe('the read method', () => {
  it('can be set on a NONE book, after which the student saves a record', async () => {
    const academy = await createAcademy();
    const teacher = await createStaff(academy);
    const student = await createStudent({ academy });
    await createClass(academy, { teachers: [teacher], students: [student] });
    const { id: bookId } = await createBook();
    const { resultBookId } = await assignBook(teacher, student.id, { bookId, readMethod: ReadMethod.NONE });
    await submitBeforeReading(student.id, resultBookId, { prediction: '모험 이야기일 것 같아요.', whatIKnow: '바다에 대해 알아요.' });
    await expect(startReading(student.id, resultBookId, { startPage: 1 })).toBeDomainError(
      'READ_METHOD_NOT_FOUND',
      READING_ERRORS.READ_METHOD_NOT_FOUND,
    );

    expect(await setReadMethod(teacher, resultBookId, '1')).toMatchObject({ readMethod: ReadMethod.FREE, label: '자유 읽기' });
    await startReading(student.id, resultBookId, { startPage: 1 });
    const saved = await saveRecord(student.id, resultBookId, {
      startPage: 1,
      endPage: 5,
      minutes: 10,
      submissionKey: `assign-${resultBookId}`,
    });
    expect(saved).toBeTruthy();
    await expect(setReadMethod(teacher, resultBookId, '8')).toBeDomainError('INVALID_READ_METHOD');
  });

  it('cannot change once the reading has ended', async () => {
    const teacher = await account('teacher');
    const student = await account('student5');
    const [complete] = await booksOf(student.id, BookStatus.COMPLETE);
    await expect(setReadMethod(teacher, complete.id, '1')).rejects.toMatchObject({
      code: 'READING_OVER',
      message: '읽기가 끝난 도서는 읽기 방식을 바꿀 수 없습니다.',
      status: 409,
    });
  });
});
