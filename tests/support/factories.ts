import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '~/auth/password.server';
import { startSession, type TokenSubject } from '~/web/session.server';
import { apiTokens, issueRefreshToken } from '~/auth/tokens.server';
import { db } from '~/db/client.server';
import {
  academyJoinRequests,
  books,
  classMemberships,
  classTeachers,
  classes,
  organisations,
  payments,
  resultBooks,
  users,
} from '~/db/schema';
import { DEMO_PASSWORD } from '~/domain/accounts';
import { BookStatus, ItemStatus, PaymentMethod, PaymentStatus, ReadMethod, Tier, type Authority } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { seoulDay, seoulMonth } from '~/lib/dates';
import { assignBook as assignBookService } from '~/services/assignments.server';
import { findUserByLoginId, registerMember } from '~/services/accounts.server';
import { cookieHeader } from './auth';

// Rows a test makes for itself, so that it does not depend on (or change) the demo accounts. Every name is unique
// (a counter), so a file can make as many as it needs. Rows go in through the app's services where one exists
// (registration, assigning a book, signing in); the rest (academies, staff, catalogue books) are inserted directly.

let counter = 0;
/** A name no other row made by these factories has: `${prefix}${n}`. */
export const unique = (prefix: string) => `${prefix}${++counter}`;

export type Academy = { id: number; name: string; code: string };
export type Member = TokenSubject & { loginId: string; name: string; organisationId: number | null };

/** An academy with a unique code; `paid` (the default) gives it this month's BASIC payment (spec §3 basicPay). */
export async function createAcademy(options: { name?: string; paid?: boolean } = {}): Promise<Academy> {
  const n = unique('');
  const [academy] = await db()
    .insert(organisations)
    .values({ kind: 'academy', name: options.name ?? `시험 독서학원 ${n}`, code: `TEST${n}ACADEMY` })
    .returning({ id: organisations.id, name: organisations.name, code: organisations.code });
  if (options.paid ?? true) {
    await db()
      .insert(payments)
      .values({
        orderId: `TEST-${academy.code}-${seoulMonth(now())}`,
        organisationId: academy.id,
        tier: Tier.BASIC,
        method: PaymentMethod.CARD,
        status: PaymentStatus.SUCCESS,
        amount: 99000,
        paidMonth: seoulMonth(now()),
        approvedAt: now(),
      });
  }
  return { id: academy.id, name: academy.name, code: academy.code! };
}

// The academy students join when a test names none: one per database (each test file has its own).
const defaultAcademies = new WeakMap<object, Promise<Academy>>();

/** The paid academy of the current database that `createStudent()` uses when given no academy. */
export function defaultAcademy(): Promise<Academy> {
  const key = db();
  let academy = defaultAcademies.get(key);
  if (!academy) {
    academy = createAcademy({ name: '시험 기본 학원' });
    defaultAcademies.set(key, academy);
  }
  return academy;
}

/**
 * A member who registered through the sign-up service (registerMember), password `demo1234!`, security answer
 * '어린 왕자', at a reading level. A student joins `academy` with its code and is approved at once (a paid academy of the
 * test database when none is given); `academy: null` makes an individual student, `adult: true` an individual adult member.
 */
export async function createStudent(
  options: { academy?: Pick<Academy, 'code'> | null; adult?: boolean; level?: number; grade?: string; name?: string } = {},
): Promise<Member> {
  const loginId = unique(options.adult ? 'adult_' : 'student_');
  const n = loginId.replace(/\D/g, '');
  const academy = options.adult || options.academy === null ? undefined : (options.academy ?? (await defaultAcademy()));
  const { user } = await registerMember(options.adult ? 'adult' : 'student', {
    // 15 (or 30) years before the test clock's day: old enough to need no guardian, whatever the clock says.
    birthDate: `${Number(seoulDay(now()).slice(0, 4)) - (options.adult ? 30 : 15)}-01-01`,
    grade: options.adult ? undefined : (options.grade ?? '초4'),
    loginId,
    password: DEMO_PASSWORD,
    name: options.name ?? `${options.adult ? '회원' : '학생'}${n}`,
    phone: `010-7${n.padStart(3, '0').slice(-3)}-${n.padStart(4, '0').slice(-4)}`,
    securityQuestion: 7,
    securityAnswer: '어린 왕자',
    academyCode: academy?.code,
  });
  // The academy's head approved the join request (tests of the approval itself use decideJoinRequest).
  const joined = academy
    ? (await db().select({ id: organisations.id }).from(organisations).where(eq(organisations.code, academy.code)))[0]
    : null;
  if (joined) {
    await db()
      .update(academyJoinRequests)
      .set({ status: 'APPROVED', decidedAt: new Date() })
      .where(and(eq(academyJoinRequests.userId, user.id), eq(academyJoinRequests.status, 'PENDING')));
  }
  const [row] = await db()
    .update(users)
    .set({
      level: options.level ?? 4,
      grade: options.adult ? null : (options.grade ?? '초4'),
      ...(joined ? { organisationId: joined.id } : {}),
    })
    .where(eq(users.id, user.id))
    .returning();
  return member(row);
}

let staffHash: Promise<string> | undefined;

/** A teacher (or head) of the academy, password `demo1234!`. */
export async function createStaff(
  academy: Pick<Academy, 'id'>,
  authority: Extract<Authority, 'TEACHER' | 'HEAD'> = 'TEACHER',
): Promise<Member> {
  const loginId = unique(authority === 'HEAD' ? 'head_' : 'teacher_');
  staffHash ??= hashPassword(DEMO_PASSWORD);
  const [row] = await db()
    .insert(users)
    .values({
      loginId,
      passwordHash: await staffHash,
      name: `선생님${loginId.replace(/\D/g, '')}`,
      role: 'ADMIN',
      authorities: [authority],
      organisationId: academy.id,
    })
    .returning();
  return member(row);
}

/** An active catalogue book with a unique title. */
export async function createBook(
  options: { title?: string; pages?: number; level?: number; genre?: string; status?: ItemStatus } = {},
): Promise<{ id: number; title: string; totalPages: number }> {
  const [book] = await db()
    .insert(books)
    .values({
      title: options.title ?? unique('시험 도서 '),
      author: '시험 작가',
      publisher: '리드인북스',
      totalPages: options.pages ?? 100,
      level: options.level ?? 3,
      genre: options.genre ?? 'LITERATURE',
      status: options.status ?? ItemStatus.ACTIVE,
    })
    .returning({ id: books.id, title: books.title, totalPages: books.totalPages });
  return book;
}

/**
 * A book assigned to a student by staff of their academy (the teachers' assignBook service): a WAITING result book
 * with the read method (FREE unless given). `student` defaults to a new one (createStudent), `by` to a teacher of the
 * student's academy (made when it has none), `book` to a new one of `pages` pages. `status` then moves the result
 * book straight to that status, for tests that start in the middle of the reading.
 */
export async function assignBook(
  options: {
    student?: { id: number };
    book?: { id: number };
    pages?: number;
    readMethod?: ReadMethod;
    status?: BookStatus;
    by?: { id: number; role: string; organisationId: number | null; authorities: readonly string[] };
  } = {},
) {
  const student = options.student ?? (await createStudent());
  const { organisationId } = await userRow(student.id);
  if (!organisationId) throw new Error('assignBook: the student belongs to no academy');
  const by = options.by ?? (await staffOf(organisationId)) ?? (await createStaff({ id: organisationId }, 'HEAD'));
  const book = options.book ?? (await createBook({ pages: options.pages }));
  const { resultBookId } = await assignBookService(by, student.id, { bookId: book.id, readMethod: options.readMethod ?? ReadMethod.FREE });
  if (options.status !== undefined && options.status !== BookStatus.WAITING) {
    await db().update(resultBooks).set({ status: options.status }).where(eq(resultBooks.id, resultBookId));
  }
  return { id: resultBookId, bookId: book.id, userId: student.id, student };
}

/** The Cookie header of a browser signed in as the user (a login id, or a user row). */
export async function cookieFor(user: TokenSubject | string): Promise<string> {
  const { setCookie } = await startSession(await subject(user));
  return cookieHeader(setCookie);
}

/** The Authorization header of an API client signed in as the user: `Bearer <access token>` (as /api/auth/login). */
export async function bearerFor(user: TokenSubject | string): Promise<string> {
  const who = await subject(user);
  return `Bearer ${apiTokens(who, await issueRefreshToken(who.id)).accessToken}`;
}

async function subject(user: TokenSubject | string): Promise<TokenSubject> {
  if (typeof user !== 'string') return user;
  const found = await findUserByLoginId(user);
  if (!found) throw new Error(`no account ${user}`);
  return found;
}

async function userRow(id: number) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

/**
 * A class (반) of the academy, taught by `teachers`, with `students` in it now (moved out of any other class): a
 * TEACHER acts only on the students of their classes.
 */
export async function createClass(
  academy: Pick<Academy, 'id'>,
  members: { teachers?: { id: number }[]; students?: { id: number }[]; name?: string } = {},
) {
  const [row] = await db()
    .insert(classes)
    .values({ organisationId: academy.id, name: members.name ?? unique('반_') })
    .returning();
  if (members.teachers?.length)
    await db()
      .insert(classTeachers)
      .values(members.teachers.map((t) => ({ classId: row.id, teacherId: t.id })));
  for (const student of members.students ?? []) {
    await db()
      .update(classMemberships)
      .set({ leftAt: now() })
      .where(and(eq(classMemberships.userId, student.id), isNull(classMemberships.leftAt)));
    await db().insert(classMemberships).values({ classId: row.id, userId: student.id });
  }
  return row;
}

/** The academy's first HEAD (academy staff who act on every student). */
async function staffOf(organisationId: number) {
  const [row] = await db()
    .select()
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.role, 'ADMIN'), sql`'HEAD' = any(${users.authorities})`))
    .orderBy(asc(users.id))
    .limit(1);
  return row ? member(row) : undefined;
}

function member(row: typeof users.$inferSelect): Member {
  return {
    id: row.id,
    loginId: row.loginId,
    name: row.name,
    role: row.role,
    authorities: row.authorities,
    organisationId: row.organisationId,
  };
}
