import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { MESSAGES } from '~/messages';
import type { Executor } from '~/db/client.server';
import { db } from '~/db/client.server';
import { books, resultBooks, users } from '~/db/schema';
import { BookStatus, ItemStatus, ReadMethod } from '~/domain/enums';
import { MARKED_STEPS } from '~/domain/problems';
import { BOOK_STATUS_LABELS, READ_METHOD_LABELS, progressOf } from '~/domain/reading';
import { now } from '~/lib/clock.server';
import { studentInScope, studentsInScope, type AcademyStaff } from './academy/scope.server';
import { DomainError } from '~/lib/errors';
import { excludeBook as excludeResultBook } from '~/services/book-status.server';
import { readingTotalsColumns } from '~/services/reading/books.server';
import { qualified } from '~/db/sql-helpers.server';
import { withParticle } from '~/domain/korean';
import { talkForAssignedBooks } from './talk/events.server';
import { onePage } from './paged-list.server';

// A teacher's side of a student's books (product.md §2/§3): assigning a book with a read method (a WAITING result
// book), fixing the read method before the reading ends, allowing a retake of a marked problem analysis (RESTART)
// and excluding a book from any status (EXCLUDE). Staff (role ADMIN: head or teacher) act only on the students of
// their own academy; anyone else's student or book is "not found" (404), never "forbidden".
// A member's own choice of a book (docs/decisions/010) is in own-books.server.ts.

export const ASSIGNMENT_MESSAGES = {
  studentNotFound: '학생을 찾을 수 없습니다.',
  bookNotFound: MESSAGES.bookNotFound,
  alreadyAssigned: '이미 배정된 도서입니다.',
  invalidReadMethod: '읽기 방식을 목록에서 골라 주세요.',
  readingOver: '읽기가 끝난 도서는 읽기 방식을 바꿀 수 없습니다.',
  excluded: '제외된 도서입니다.',
  notMarked: '문제 분석을 채점한 도서만 재응시를 허용할 수 있습니다.',
  assigned: (title: string) => `'${title}' 도서를 배정했습니다.`,
  readMethodSaved: (title: string, label: string) => `'${title}'의 읽기 방식을 ${withParticle(`'${label}'`, '으로/로')} 바꿨습니다.`,
  retakeAllowed: (title: string) => `'${title}'의 문제 분석 재응시를 허용했습니다.`,
  excludedDone: (title: string) => `'${title}' 도서를 제외했습니다.`,
  alreadyMine: '이미 내 책 목록에 있는 도서입니다.',
  ownLimit: `읽기 전인 책은 10권까지 담을 수 있습니다. 먼저 담은 책을 읽어 주세요.`,
  ownAdded: (title: string) => `${withParticle(`'${title}'`, '을/를')} 읽을 책으로 담았습니다.`,
  ownAddedWaitTeacher: (title: string) =>
    `${withParticle(`'${title}'`, '을/를')} 읽을 책으로 담았습니다. 선생님이 읽기 방식을 정하면 독서 기록을 시작할 수 있습니다.`,
} as const;

const M = ASSIGNMENT_MESSAGES;

/** The read methods a teacher may choose, in the order of the form. NONE means "decide later"; 8 is reserved. */
export const ASSIGNABLE_READ_METHODS: ReadMethod[] = [
  ReadMethod.FREE,
  ReadMethod.M_3_3,
  ReadMethod.M_3_4,
  ReadMethod.M_3_5,
  ReadMethod.M_3_6,
  ReadMethod.HUNDRED,
  ReadMethod.CLOCK,
  ReadMethod.NO_PAGE,
  ReadMethod.NONE,
];

/** The read method's label in the teacher's forms ('나중에 정하기' for NONE). */
export const readMethodChoiceLabel = (method: ReadMethod) => (method === ReadMethod.NONE ? '나중에 정하기' : READ_METHOD_LABELS[method]);

/** Statuses in which the read method can still change (the reading has not ended). */
export const READ_METHOD_EDITABLE: BookStatus[] = [BookStatus.WAITING, BookStatus.PRE_ACTIVITY_COMPLETE, BookStatus.ACTIVITY];

export const STUDENT_BOOKS_PAGE_SIZE = 20;

/** Statuses in which a book is no longer open: the same book may be assigned again (a class assignment skips open ones). */
export const CLOSED_STATUSES: BookStatus[] = [BookStatus.COMPLETE, BookStatus.EXCLUDE];

export type Staff = AcademyStaff;

export const studentNotFound = () => new DomainError('STUDENT_NOT_FOUND', M.studentNotFound, 404);
const bookNotFound = () => new DomainError('BOOK_NOT_FOUND', M.bookNotFound, 404);

/** Parses a read method from a form or API value; refuses the reserved value and anything unknown. */
export function parseReadMethod(value: unknown): ReadMethod {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,3}$/.test(value.trim()) ? Number(value) : NaN;
  if (!ASSIGNABLE_READ_METHODS.includes(n as ReadMethod)) throw new DomainError('INVALID_READ_METHOD', M.invalidReadMethod, 400);
  return n as ReadMethod;
}

/** A student this staff member may act on (their academy; a teacher's own classes), optionally locked. */
const ownStudent = (staff: Staff, studentId: number, ex: Executor = db(), lock = false) => studentInScope(staff, studentId, ex, lock);

/** The latest analysis attempt of the result book is marked (MARK, CHECK or COMPLETE). */
const markedSql =
  sql<boolean>`coalesce((select pa.step from problem_attempts pa where pa.result_book_id = ${qualified(resultBooks.id)} order by pa.round desc limit 1) in (${sql.join(
    MARKED_STEPS.map((s) => sql`${s}`),
    sql`, `,
  )}), false)`.mapWith(Boolean);

/** A result book of a student of the staff member's academy. */
async function ownResultBook(staff: Staff, resultBookId: number, ex: Executor = db()) {
  const scope = studentsInScope(staff);
  if (!Number.isInteger(resultBookId) || resultBookId <= 0) throw bookNotFound();
  const [row] = await ex
    .select({
      id: resultBooks.id,
      userId: resultBooks.userId,
      status: resultBooks.status,
      readMethod: resultBooks.readMethod,
      retakeAllowed: resultBooks.retakeAllowed,
      title: books.title,
      marked: markedSql,
    })
    .from(resultBooks)
    .innerJoin(users, eq(users.id, resultBooks.userId))
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .where(and(eq(resultBooks.id, resultBookId), scope));
  if (!row) throw bookNotFound();
  return row;
}

// ───────────────────────────── reading ─────────────────────────────

/**
 * The student and a page of their result books (excluded ones last), with progress, the marked flag and the retake
 * allowance. Three queries whatever the number of books.
 */
export async function listStudentBooks(staff: Staff, studentId: number, page = 1) {
  const student = await ownStudent(staff, studentId);
  const where = eq(resultBooks.userId, student.id);
  const { rows, ...paging } = await onePage(
    page,
    STUDENT_BOOKS_PAGE_SIZE,
    db()
      .select({
        resultBookId: resultBooks.id,
        bookId: books.id,
        title: books.title,
        author: books.author,
        level: books.level,
        totalPages: books.totalPages,
        status: resultBooks.status,
        readMethod: resultBooks.readMethod,
        retakeAllowed: resultBooks.retakeAllowed,
        assignedAt: resultBooks.assignedAt,
        dueOn: resultBooks.dueOn,
        marked: markedSql,
        ...readingTotalsColumns,
      })
      .from(resultBooks)
      .innerJoin(books, eq(books.id, resultBooks.bookId))
      .where(where)
      .orderBy(
        sql`case when ${resultBooks.status} = ${BookStatus.EXCLUDE} then 1 else 0 end`,
        desc(resultBooks.assignedAt),
        desc(resultBooks.id),
      ),
    db().select({ total: count() }).from(resultBooks).where(where),
  );
  return {
    student,
    books: rows.map(({ lastPage, records, minutes, lastIndex, ...row }) => ({
      ...row,
      statusLabel: BOOK_STATUS_LABELS[row.status] ?? String(row.status),
      readMethodLabel: READ_METHOD_LABELS[row.readMethod] ?? String(row.readMethod),
      progress: progressOf(row.readMethod, row.totalPages, { lastPage, records, minutes, lastIndex }),
      canChangeReadMethod: READ_METHOD_EDITABLE.includes(row.status),
      canAllowRetake: row.marked && !row.retakeAllowed && row.status !== BookStatus.EXCLUDE,
      canExclude: row.status !== BookStatus.EXCLUDE,
    })),
    ...paging,
  };
}

export type StudentBooks = Awaited<ReturnType<typeof listStudentBooks>>;

/** The active catalogue for the assignment form, by level; books the student already has are flagged. One query. */
export async function listAssignableBooks(staff: Staff, studentId: number) {
  const student = await ownStudent(staff, studentId);
  const rows = await db()
    .select({
      id: books.id,
      title: books.title,
      author: books.author,
      level: books.level,
      assigned: sql<boolean>`exists (${db()
        .select({ one: sql`1` })
        .from(resultBooks)
        .where(
          and(eq(resultBooks.userId, student.id), eq(resultBooks.bookId, books.id), ne(resultBooks.status, BookStatus.EXCLUDE)),
        )})`.mapWith(Boolean),
    })
    .from(books)
    .where(eq(books.status, ItemStatus.ACTIVE))
    .orderBy(asc(books.level), asc(books.title), asc(books.id));
  const levels = new Map<number, typeof rows>();
  for (const row of rows) levels.set(row.level, [...(levels.get(row.level) ?? []), row]);
  return [...levels.entries()].map(([level, list]) => ({ level, books: list }));
}

// ───────────────────────────── changes ─────────────────────────────

/** An active catalogue book (404 otherwise). */
export async function activeBook(ex: Executor, bookId: number) {
  const [book] = await ex
    .select({ id: books.id, title: books.title })
    .from(books)
    .where(and(eq(books.id, Number.isInteger(bookId) ? bookId : 0), eq(books.status, ItemStatus.ACTIVE)));
  if (!book) throw bookNotFound();
  return book;
}

/** The row of a book given to a student: WAITING, with its read method, who gave it (`assignedBy`, maybe the student) and when. */
export const waitingBook = (userId: number, bookId: number, readMethod: ReadMethod, assignedBy: number, at: Date) => ({
  userId,
  bookId,
  status: BookStatus.WAITING as BookStatus,
  readMethod,
  assignedBy,
  assignedAt: at,
  statusChangedAt: at,
});

/** The user already has this book, in any status but EXCLUDE. */
export async function hasOpenResultBook(ex: Executor, userId: number, bookId: number) {
  const [existing] = await ex
    .select({ id: resultBooks.id })
    .from(resultBooks)
    .where(and(eq(resultBooks.userId, userId), eq(resultBooks.bookId, bookId), ne(resultBooks.status, BookStatus.EXCLUDE)))
    .limit(1);
  return Boolean(existing);
}

/**
 * Assigns a book to a student: a WAITING result book with the read method. A book the student already has (in any
 * status but EXCLUDE) is refused, so a double submit creates one book: the student's row is locked while checking.
 */
export async function assignBook(staff: Staff, studentId: number, input: { bookId: number; readMethod: unknown }) {
  const readMethod = parseReadMethod(input.readMethod);
  return db().transaction(async (tx) => {
    const student = await ownStudent(staff, studentId, tx, true);
    const book = await activeBook(tx, input.bookId);
    if (await hasOpenResultBook(tx, student.id, book.id)) throw new DomainError('ALREADY_ASSIGNED', M.alreadyAssigned, 409);
    const [created] = await tx
      .insert(resultBooks)
      .values(waitingBook(student.id, book.id, readMethod, staff.id, now()))
      .returning({ id: resultBooks.id });
    await talkForAssignedBooks(tx, [{ studentId: student.id, resultBookId: created.id, title: book.title }]);
    return { resultBookId: created.id, title: book.title, student };
  });
}

/** Changes the read method of a book whose reading has not ended (WAITING, PRE_ACTIVITY_COMPLETE, ACTIVITY). */
export async function setReadMethod(staff: Staff, resultBookId: number, value: unknown) {
  const readMethod = parseReadMethod(value);
  return db().transaction(async (tx) => {
    const book = await ownResultBook(staff, resultBookId, tx);
    if (book.status === BookStatus.EXCLUDE) throw new DomainError('BOOK_EXCLUDED', M.excluded, 409);
    const changed = await tx
      .update(resultBooks)
      .set({ readMethod })
      .where(and(eq(resultBooks.id, book.id), inArray(resultBooks.status, READ_METHOD_EDITABLE)))
      .returning({ id: resultBooks.id });
    if (changed.length !== 1) throw new DomainError('READING_OVER', M.readingOver, 409);
    return { resultBookId: book.id, title: book.title, readMethod, label: READ_METHOD_LABELS[readMethod] };
  });
}

/**
 * Lets the student retake the book's problem analysis once (RESTART, see problems.server `restartAttempt`). Only for
 * a book whose latest analysis is marked; allowing twice is a harmless repeat.
 */
export async function allowRetake(staff: Staff, resultBookId: number) {
  return db().transaction(async (tx) => {
    const book = await ownResultBook(staff, resultBookId, tx);
    if (book.status === BookStatus.EXCLUDE) throw new DomainError('BOOK_EXCLUDED', M.excluded, 409);
    if (!book.marked) throw new DomainError('NOT_MARKED', M.notMarked, 409);
    const changed = await tx
      .update(resultBooks)
      .set({ retakeAllowed: true })
      .where(and(eq(resultBooks.id, book.id), eq(resultBooks.retakeAllowed, false)))
      .returning({ id: resultBooks.id });
    return { resultBookId: book.id, title: book.title, changed: changed.length === 1 };
  });
}

/** Excludes a book from any status (the student no longer sees it). Excluding it again is a harmless repeat. */
export async function excludeBook(staff: Staff, resultBookId: number) {
  return db().transaction(async (tx) => {
    const book = await ownResultBook(staff, resultBookId, tx);
    if (book.status !== BookStatus.EXCLUDE) await excludeResultBook(book.id, tx);
    return { resultBookId: book.id, title: book.title, userId: book.userId, changed: book.status !== BookStatus.EXCLUDE };
  });
}

/** A result book's title and status for the confirm step (404 outside the academy). */
export async function getStaffResultBook(staff: Staff, resultBookId: number) {
  const book = await ownResultBook(staff, resultBookId);
  return {
    resultBookId: book.id,
    userId: book.userId,
    title: book.title,
    status: book.status,
    statusLabel: BOOK_STATUS_LABELS[book.status],
  };
}
