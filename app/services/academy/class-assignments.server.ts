import { and, asc, count, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { books, classes, classMemberships, resultBooks, users } from '~/db/schema';
import { CAREER_FIELDS, GENRES } from '~/domain/catalogue';
import { ItemStatus, ReadMethod } from '~/domain/enums';
import { DomainError } from '~/lib/errors';
import { now } from '~/lib/clock.server';
import { seoulDay } from '~/lib/dates';
import { ASSIGNMENT_MESSAGES, CLOSED_STATUSES, parseReadMethod, readMethodChoiceLabel, waitingBook } from '~/services/assignments.server';
import { classInScope, studentsInScope, type AcademyStaff } from './scope.server';
import { talkForAssignedBooks } from '../talk/events.server';
import { indexedSearch, onePage } from '../paged-list.server';

// Assigning books to a whole class or to chosen students in one go (product.md §3): choose books from the active
// catalogue, choose the students (a class of the staff member's scope, or students picked one by one), a read method
// and an optional due date; the preview says, per student and book, whether it will be assigned or skipped because
// the student already has the book open; the confirm assigns everything in one transaction, skipping what is open,
// so a second confirm (a double submit) assigns nothing again.

export const CLASS_ASSIGNMENT_MESSAGES = {
  noBooks: '배정할 도서를 한 권 이상 골라 주세요.',
  tooManyBooks: '한 번에 20권까지 배정할 수 있습니다.',
  noTarget: '배정할 반이나 학생을 골라 주세요.',
  noStudents: '배정할 학생이 없습니다.',
  readMethodRequired: '읽기 방식을 골라 주세요.',
  invalidDue: '마감일은 YYYY-MM-DD 형식의 날짜로 입력해 주세요.',
  pastDue: '마감일은 오늘이나 그 이후여야 합니다.',
  classClosed: '종료된 반에는 배정할 수 없습니다.',
  bookNotFound: '배정할 수 없는 도서가 포함되어 있습니다. 도서를 다시 골라 주세요.',
  done: (students: number, assigned: number, skipped: number) =>
    `${assigned ? `${students}명에게 ${assigned}건을 배정했습니다.` : '새로 배정한 도서가 없습니다.'}${skipped ? ` (이미 있는 ${skipped}건은 건너뛰었습니다.)` : ''}`,
} as const;

const M = CLASS_ASSIGNMENT_MESSAGES;

export const MAX_BOOKS = 20;
export const CATALOGUE_PAGE_SIZE = 20;
export const MAX_STUDENTS = 1000;

const invalid = (code: string, message: string, status = 400) => new DomainError(code, message, status);

// ───────────────────────────── step 1: the catalogue ─────────────────────────────

export type CatalogueQuery = { q?: string; level?: number | null; genre?: string; field?: string; page?: number };

/** A page of the active catalogue filtered by title/author, level, genre and career field (two queries). */
export async function searchCatalogue(query: CatalogueQuery) {
  const q = (query.q ?? '').trim().slice(0, 100);
  const level = query.level && query.level >= 1 && query.level <= 10 ? Math.floor(query.level) : null;
  const genre = GENRES.some((g) => g.code === query.genre) ? query.genre! : '';
  const field = CAREER_FIELDS.some((f) => f.code === query.field) ? query.field! : '';
  const conditions: SQL[] = [eq(books.status, ItemStatus.ACTIVE)];
  if (q) conditions.push(indexedSearch(q, books.title, books.author)!);
  if (level) conditions.push(eq(books.level, level));
  if (genre) conditions.push(eq(books.genre, genre));
  if (field) conditions.push(sql`${field} = any(${books.careerFields})`);
  const where = and(...conditions);
  const { rows, ...paging } = await onePage(
    query.page ?? 1,
    CATALOGUE_PAGE_SIZE,
    db()
      .select({ id: books.id, title: books.title, author: books.author, level: books.level, genre: books.genre })
      .from(books)
      .where(where)
      .orderBy(asc(books.level), asc(books.title), asc(books.id)),
    db().select({ total: count() }).from(books).where(where),
  );
  return { query: { q, level, genre, field }, books: rows, ...paging };
}

/** The chosen books (active ones only); any other id makes the whole choice "not found". */
export async function chosenBooks(bookIds: number[], ex: Executor = db()) {
  const ids = [...new Set(bookIds)];
  if (!ids.length) throw invalid('NO_BOOKS', M.noBooks);
  if (ids.length > MAX_BOOKS) throw invalid('TOO_MANY_BOOKS', M.tooManyBooks);
  const rows = await ex
    .select({ id: books.id, title: books.title, author: books.author, level: books.level })
    .from(books)
    .where(and(inArray(books.id, ids), eq(books.status, ItemStatus.ACTIVE)))
    .orderBy(asc(books.level), asc(books.title), asc(books.id));
  if (rows.length !== ids.length) throw invalid('BOOK_NOT_FOUND', M.bookNotFound, 404);
  return rows;
}

// ───────────────────────────── step 2: the students ─────────────────────────────

/** The students in scope (optionally of one class), with their current class, for the checkbox list (one query). */
export async function studentsForChoice(staff: AcademyStaff, classId?: number | null) {
  const where = [studentsInScope(staff), eq(users.status, 'ACTIVE')];
  if (classId) where.push(eq(classMemberships.classId, classId));
  return db()
    .select({ id: users.id, name: users.name, loginId: users.loginId, className: classes.name, classId: classes.id })
    .from(users)
    .leftJoin(classMemberships, and(eq(classMemberships.userId, users.id), isNull(classMemberships.leftAt)))
    .leftJoin(classes, eq(classes.id, classMemberships.classId))
    .where(and(...where))
    .orderBy(asc(users.name), asc(users.id))
    .limit(MAX_STUDENTS);
}

export type AssignTarget = { classId: number | null; studentIds: number[] };

/** The students a target names, in scope (an id outside it is "not found"), optionally locked in id order. */
async function targetStudents(staff: AcademyStaff, target: AssignTarget, ex: Executor, lock = false) {
  const scope = studentsInScope(staff);
  let where: SQL;
  let className: string | null = null;
  if (target.classId) {
    const found = await classInScope(staff, target.classId, ex);
    if (found.status !== 'OPEN') throw invalid('CLASS_CLOSED', M.classClosed, 409);
    className = found.name;
    where = and(
      scope,
      sql`exists (select 1 from class_memberships cm where cm.user_id = ${users.id} and cm.class_id = ${found.id} and cm.left_at is null)`,
    )!;
  } else {
    const ids = [...new Set(target.studentIds)];
    if (!ids.length) throw invalid('NO_TARGET', M.noTarget);
    if (ids.length > MAX_STUDENTS) throw invalid('NO_TARGET', M.noTarget);
    where = and(scope, inArray(users.id, ids))!;
  }
  const query = ex.select({ id: users.id, name: users.name, loginId: users.loginId }).from(users).where(where).orderBy(asc(users.id));
  const rows = lock ? await query.for('update') : await query;
  if (!target.classId && rows.length !== new Set(target.studentIds).size)
    throw new DomainError('STUDENT_NOT_FOUND', ASSIGNMENT_MESSAGES.studentNotFound, 404);
  if (!rows.length) throw invalid('NO_STUDENTS', M.noStudents, 409);
  return { students: rows, className };
}

// ───────────────────────────── step 3: preview and confirm ─────────────────────────────

export type AssignmentInput = AssignTarget & { bookIds: number[]; readMethod: unknown; dueOn?: string | null };

/** A due date 'YYYY-MM-DD', today or later in Seoul; null when left empty. */
export function parseDueOn(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) throw invalid('INVALID_DUE', M.invalidDue);
  const date = new Date(`${text}T12:00:00+09:00`);
  if (Number.isNaN(date.getTime()) || seoulDay(date) !== text) throw invalid('INVALID_DUE', M.invalidDue);
  if (text < seoulDay(now())) throw invalid('PAST_DUE', M.pastDue);
  return text;
}

/** The read method of the form: a choice is required ('나중에 정하기' is one). */
export function requiredReadMethod(value: unknown): ReadMethod {
  if (value === undefined || value === null || value === '') throw invalid('READ_METHOD_REQUIRED', M.readMethodRequired);
  return parseReadMethod(value);
}

/** The (student, book) pairs already open (any status but COMPLETE and EXCLUDE), as "userId:bookId" keys. */
async function openPairs(ex: Executor, studentIds: number[], bookIds: number[]) {
  const rows = await ex
    .select({ userId: resultBooks.userId, bookId: resultBooks.bookId })
    .from(resultBooks)
    .where(
      and(inArray(resultBooks.userId, studentIds), inArray(resultBooks.bookId, bookIds), notInArray(resultBooks.status, CLOSED_STATUSES)),
    );
  return new Set(rows.map((r) => `${r.userId}:${r.bookId}`));
}

function validated(input: AssignmentInput) {
  return { readMethod: requiredReadMethod(input.readMethod), dueOn: parseDueOn(input.dueOn) };
}

/** What the confirm would do, per student × book: assign, or skip because the student has the book open. */
export async function previewAssignment(staff: AcademyStaff, input: AssignmentInput) {
  const { readMethod, dueOn } = validated(input);
  const chosen = await chosenBooks(input.bookIds);
  const { students, className } = await targetStudents(staff, input, db());
  const open = await openPairs(
    db(),
    students.map((s) => s.id),
    chosen.map((b) => b.id),
  );
  const rows = students.flatMap((s) =>
    chosen.map((b) => ({
      studentId: s.id,
      studentName: s.name,
      loginId: s.loginId,
      bookId: b.id,
      title: b.title,
      skip: open.has(`${s.id}:${b.id}`),
    })),
  );
  const skipped = rows.filter((r) => r.skip).length;
  return {
    books: chosen,
    students,
    className,
    readMethod,
    readMethodLabel: readMethodChoiceLabel(readMethod),
    dueOn,
    rows,
    toAssign: rows.length - skipped,
    skipped,
  };
}

/**
 * Assigns every chosen book to every target student in one transaction: the students' rows are locked (in id order,
 * so two confirms queue up), what is already open is skipped, one WAITING result book per student per book.
 */
export async function confirmAssignment(staff: AcademyStaff, input: AssignmentInput) {
  const { readMethod, dueOn } = validated(input);
  return db().transaction(async (tx) => {
    const chosen = await chosenBooks(input.bookIds, tx);
    const { students } = await targetStudents(staff, input, tx, true);
    const open = await openPairs(
      tx,
      students.map((s) => s.id),
      chosen.map((b) => b.id),
    );
    const at = now();
    const values = students.flatMap((s) =>
      chosen.filter((b) => !open.has(`${s.id}:${b.id}`)).map((b) => ({ ...waitingBook(s.id, b.id, readMethod, staff.id, at), dueOn })),
    );
    if (values.length) {
      const created = await tx
        .insert(resultBooks)
        .values(values)
        .returning({ id: resultBooks.id, userId: resultBooks.userId, bookId: resultBooks.bookId });
      const titles = new Map(chosen.map((b) => [b.id, b.title]));
      await talkForAssignedBooks(
        tx,
        created.map((c) => ({ studentId: c.userId, resultBookId: c.id, title: titles.get(c.bookId) ?? '' })),
      );
    }
    const skipped = students.length * chosen.length - values.length;
    const reached = new Set(values.map((v) => v.userId)).size;
    return { assigned: values.length, skipped, students: reached, message: M.done(reached, values.length, skipped) };
  });
}
