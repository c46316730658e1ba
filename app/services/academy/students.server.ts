import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { loginIdField, nameField, passwordField, studentResetSchema } from '~/auth/account-schemas.server';
import { hashPassword } from '~/auth/password.server';
import { revokeAllForUser } from '~/auth/tokens.server';
import { db, type Executor } from '~/db/client.server';
import { classes, classMemberships, userConsents, users } from '~/db/schema';
import { ACCOUNT_FIELD_MESSAGES, GRADES, normalisePhone } from '~/domain/accounts';
import type { MemberStatus } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { formatKoreanDate, formatDateTime } from '~/lib/dates';
import { DomainError, isUniqueViolation } from '~/lib/errors';
import { positiveInt } from '~/lib/numbers';
import type { Table } from '~/lib/spreadsheets.server';
import { onePage, searchIn } from '../paged-list.server';
import { classInScope, isHead, studentInScope, studentsInScope, type AcademyStaff } from './scope.server';

// The students of an academy as its head and teachers manage them (issue 11): added by hand with a temporary password
// (the first sign-in chooses the student's own), edited, moved between classes (history kept), paused and withdrawn.
// Every query is narrowed to the staff member's scope: a teacher acts only on their classes' students.

export const STUDENT_MESSAGES = {
  guardianConsent: '보호자의 개인정보 수집·이용 동의를 받았습니다.',
  guardianConsentRequired: '보호자의 개인정보 수집·이용 동의를 받았는지 확인해 주세요.',
  classRequired: '반을 선택해 주세요.',
  classNotOpen: '운영 중인 반에만 학생을 넣을 수 있습니다.',
  gradeRule: '학년을 선택해 주세요.',
  parentPhoneRule: ACCOUNT_FIELD_MESSAGES.phoneRule,
  notActive: '활동 중인 학생만 일시정지할 수 있습니다.',
  notSuspended: '일시정지된 학생만 다시 활동하게 할 수 있습니다.',
  withdrawn: '탈퇴한 학생입니다. 이 화면에서는 되돌릴 수 없습니다.',
} as const;

export const STUDENT_STATUS_LABELS: Partial<Record<MemberStatus, string>> = {
  ACTIVE: '활동',
  SUSPENDED: '일시정지',
  WITHDRAWN: '탈퇴',
  PENDING: '보호자 동의 대기',
  LOCKED: '잠김',
};
export const STUDENT_STATUS_FILTERS = ['ACTIVE', 'SUSPENDED', 'WITHDRAWN'] as const;
export type StudentStatusFilter = (typeof STUDENT_STATUS_FILTERS)[number];
export const statusLabel = (status: string) => STUDENT_STATUS_LABELS[status as MemberStatus] ?? status;

export const STUDENTS_PAGE_SIZE = 20;

// ── Form schemas (server only) ─────────────────────────────────────────────────────────────────────────────────

const optionalClassId = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  z.coerce.number().int().positive(STUDENT_MESSAGES.classRequired).optional(),
);
const gradeField = z.enum(GRADES, { errorMap: () => ({ message: STUDENT_MESSAGES.gradeRule }) });
const parentPhoneField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      const phone = normalisePhone(v);
      if (!phone) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: STUDENT_MESSAGES.parentPhoneRule });
        return z.NEVER;
      }
      return phone;
    })
    .optional(),
);

export const newStudentSchema = z.object({
  name: nameField,
  loginId: loginIdField,
  grade: gradeField,
  classId: optionalClassId,
  parentPhone: parentPhoneField,
  password: passwordField,
  guardianConsent: z.literal('on', {
    errorMap: () => ({ message: STUDENT_MESSAGES.guardianConsentRequired }),
  }),
});
export type NewStudent = z.infer<typeof newStudentSchema>;

export const editStudentSchema = z.object({
  name: nameField,
  grade: gradeField,
  classId: optionalClassId,
  parentPhone: parentPhoneField,
});
export type StudentEdit = z.infer<typeof editStudentSchema>;

/** The forms of the student list: a join request's decision (a head) and a password reset (a row's form, no intent). */
export const studentListSchema = z.preprocess(
  (v) => (v && typeof v === 'object' && !('intent' in v) ? { ...v, intent: 'reset' } : v),
  z.discriminatedUnion('intent', [
    z.object({ intent: z.enum(['approve', 'decline']), requestId: z.preprocess((r) => positiveInt(r) ?? 0, z.number()) }),
    studentResetSchema.extend({ intent: z.literal('reset') }),
  ]),
);

// ── Classes ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** The open class a student may be put into by this staff member, or an error (404 outside the scope). */
async function openClassFor(staff: AcademyStaff, classId: number, ex: Executor) {
  const row = await classInScope(staff, classId, ex);
  if (row.status !== 'OPEN') throw new DomainError('CLASS_CLOSED', STUDENT_MESSAGES.classNotOpen, 409);
  return row;
}

/**
 * Puts a student into a class in the caller's transaction: the current membership (if any, and if it is another
 * class) ends now and a new one starts, so the history stays. Placing a student into the class they are in does
 * nothing; `classId` null only ends the current membership.
 */
export async function placeInClass(tx: Executor, studentId: number, classId: number | null) {
  const [current] = await tx
    .select({ id: classMemberships.id, classId: classMemberships.classId })
    .from(classMemberships)
    .where(and(eq(classMemberships.userId, studentId), isNull(classMemberships.leftAt)))
    .for('update');
  if (current && current.classId === classId) return false;
  if (current) await tx.update(classMemberships).set({ leftAt: now() }).where(eq(classMemberships.id, current.id));
  if (classId !== null) await tx.insert(classMemberships).values({ classId, userId: studentId, joinedAt: now() });
  return true;
}

// ── Adding a student ────────────────────────────────────────────────────────────────────────────────────────────

export const loginIdTaken = () => new DomainError('LOGIN_ID_TAKEN', ACCOUNT_FIELD_MESSAGES.loginIdTaken, 409);

export async function isLoginIdInUse(loginId: string, ex: Executor = db()) {
  const [row] = await ex
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.loginId})`, loginId.trim().toLowerCase()));
  return Boolean(row);
}

/** The values of a new academy student (role USER, STUDENT, active, temporary password). */
export function newStudentValues(
  organisationId: number,
  input: { name: string; loginId: string; grade: string; parentPhone?: string | null },
  passwordHash: string,
) {
  return {
    loginId: input.loginId,
    passwordHash,
    name: input.name,
    role: 'USER' as const,
    authorities: ['STUDENT' as const],
    organisationId,
    status: 'ACTIVE' as const,
    grade: input.grade,
    parentPhone: input.parentPhone ?? null,
    mustChangePassword: true,
    guardianConsentAt: now(),
  };
}

/**
 * A student the academy registers itself: no join request; the guardian's consent the academy obtained is recorded
 * (a GUARDIAN consent row); the temporary password must be changed at the first sign-in. A teacher must put the
 * student into one of their classes.
 */
export async function addStudent(staff: AcademyStaff, input: NewStudent) {
  const organisationId = staff.organisationId;
  if (staff.role !== 'ADMIN' || !organisationId) throw new DomainError('STUDENT_NOT_FOUND', '학생을 찾을 수 없습니다.', 404);
  if (!isHead(staff) && !input.classId) throw new DomainError('CLASS_REQUIRED', STUDENT_MESSAGES.classRequired, 400);
  if (await isLoginIdInUse(input.loginId)) throw loginIdTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db().transaction(async (tx) => {
      if (input.classId) await openClassFor(staff, input.classId, tx);
      const [user] = await tx
        .insert(users)
        .values(newStudentValues(organisationId, input, passwordHash))
        .returning({ id: users.id, name: users.name, loginId: users.loginId });
      await tx.insert(userConsents).values({ userId: user.id, kind: 'GUARDIAN', policyCode: null });
      if (input.classId) await placeInClass(tx, user.id, input.classId);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw loginIdTaken();
    throw error;
  }
}

// ── One student ─────────────────────────────────────────────────────────────────────────────────────────────────

/** A student in scope with what the edit page shows. */
export async function getStudent(staff: AcademyStaff, studentId: number) {
  const student = await studentInScope(staff, studentId);
  const [row] = await db()
    .select({
      parentPhone: users.parentPhone,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
      classId: classes.id,
      className: classes.name,
    })
    .from(users)
    .leftJoin(classMemberships, and(eq(classMemberships.userId, users.id), isNull(classMemberships.leftAt)))
    .leftJoin(classes, eq(classes.id, classMemberships.classId))
    .where(eq(users.id, studentId));
  const history = await db()
    .select({ className: classes.name, joinedAt: classMemberships.joinedAt, leftAt: classMemberships.leftAt })
    .from(classMemberships)
    .innerJoin(classes, eq(classes.id, classMemberships.classId))
    .where(eq(classMemberships.userId, studentId))
    .orderBy(asc(classMemberships.joinedAt), asc(classMemberships.id));
  return { ...student, ...row, history };
}

/** Name, grade, parent's phone and class (a move ends the old membership and starts a new one). */
export async function updateStudent(staff: AcademyStaff, studentId: number, input: StudentEdit) {
  return db().transaction(async (tx) => {
    const student = await studentInScope(staff, studentId, tx, true);
    if (student.status === 'WITHDRAWN') throw new DomainError('STUDENT_WITHDRAWN', STUDENT_MESSAGES.withdrawn, 409);
    if (!isHead(staff) && !input.classId) throw new DomainError('CLASS_REQUIRED', STUDENT_MESSAGES.classRequired, 400);
    const [current] = await tx
      .select({ classId: classMemberships.classId })
      .from(classMemberships)
      .where(and(eq(classMemberships.userId, studentId), isNull(classMemberships.leftAt)));
    const target = input.classId ?? null;
    if (target !== (current?.classId ?? null)) {
      if (target !== null) await openClassFor(staff, target, tx);
      await placeInClass(tx, studentId, target);
    }
    await tx
      .update(users)
      .set({ name: input.name, grade: input.grade, parentPhone: input.parentPhone ?? null, updatedAt: now() })
      .where(eq(users.id, studentId));
    return { id: student.id, name: input.name, loginId: student.loginId };
  });
}

export type StatusChange = 'pause' | 'resume' | 'withdraw';

/**
 * 일시정지 (SUSPENDED: cannot sign in, every session ends), 다시 활동 (ACTIVE), 탈퇴 (WITHDRAWN: cannot sign in, the
 * current class membership ends, the history stays; not undone here). Repeating the same change is harmless.
 */
export async function changeStudentStatus(staff: AcademyStaff, studentId: number, change: StatusChange) {
  const result = await db().transaction(async (tx) => {
    const student = await studentInScope(staff, studentId, tx, true);
    const target: MemberStatus = change === 'pause' ? 'SUSPENDED' : change === 'resume' ? 'ACTIVE' : 'WITHDRAWN';
    if (student.status === target) return { student, changed: false };
    if (student.status === 'WITHDRAWN') throw new DomainError('STUDENT_WITHDRAWN', STUDENT_MESSAGES.withdrawn, 409);
    if (change === 'pause' && student.status !== 'ACTIVE') throw new DomainError('NOT_ACTIVE', STUDENT_MESSAGES.notActive, 409);
    if (change === 'resume' && student.status !== 'SUSPENDED') throw new DomainError('NOT_SUSPENDED', STUDENT_MESSAGES.notSuspended, 409);
    await tx.update(users).set({ status: target, updatedAt: now() }).where(eq(users.id, studentId));
    if (target === 'WITHDRAWN') await placeInClass(tx, studentId, null);
    return { student, changed: true };
  });
  if (change !== 'resume') await revokeAllForUser(studentId);
  return result.student;
}

// ── The list and the export ─────────────────────────────────────────────────────────────────────────────────────

export type StudentFilter = { classId?: number | null; status?: StudentStatusFilter | null; q?: string | null };

/** The list's filters from the page's address (a GET form, so it works without JavaScript): anything with a `url`. */
export function rosterFilter(page: { url: string }): StudentFilter {
  const params = new URL(page.url).searchParams;
  const status = params.get('status');
  return {
    classId: positiveInt(params.get('classId')),
    status: STUDENT_STATUS_FILTERS.includes(status as StudentStatusFilter) ? (status as StudentStatusFilter) : null,
    q: (params.get('q') ?? '').trim().slice(0, 50),
  };
}

/** The filters as a query string (kept by the page links and the downloads). */
export function filterQuery(filter: StudentFilter) {
  const params = new URLSearchParams();
  if (filter.classId) params.set('classId', String(filter.classId));
  if (filter.status) params.set('status', filter.status);
  if (filter.q) params.set('q', filter.q);
  return params.toString();
}

function filterWhere(staff: AcademyStaff, filter: StudentFilter): SQL {
  const parts: (SQL | undefined)[] = [studentsInScope(staff)];
  if (filter.classId) parts.push(eq(classMemberships.classId, filter.classId));
  if (filter.status) parts.push(eq(users.status, filter.status));
  parts.push(searchIn(filter.q?.trim(), users.name, users.loginId));
  return and(...parts)!;
}

const listColumns = {
  id: users.id,
  name: users.name,
  loginId: users.loginId,
  grade: users.grade,
  level: users.level,
  status: users.status,
  parentPhone: users.parentPhone,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  classId: classes.id,
  className: classes.name,
};

function rosterQuery(staff: AcademyStaff, filter: StudentFilter) {
  return db()
    .select(listColumns)
    .from(users)
    .leftJoin(classMemberships, and(eq(classMemberships.userId, users.id), isNull(classMemberships.leftAt)))
    .leftJoin(classes, eq(classes.id, classMemberships.classId))
    .where(filterWhere(staff, filter))
    .orderBy(asc(users.name), asc(users.id));
}

/** The students in scope, filtered by class, status and a search of name or login id; a page at a time. */
export async function listStudents(staff: AcademyStaff, filter: StudentFilter, page = 1) {
  return onePage(
    page,
    STUDENTS_PAGE_SIZE,
    rosterQuery(staff, filter),
    db()
      .select({ total: count() })
      .from(users)
      .leftJoin(classMemberships, and(eq(classMemberships.userId, users.id), isNull(classMemberships.leftAt)))
      .where(filterWhere(staff, filter)),
  );
}

/** The columns that say who a student is, with the same headers in the roster's download and its import's template. */
export const STUDENT_COLUMNS = [
  { key: 'name', header: '이름', width: 12 },
  { key: 'loginId', header: '아이디', width: 16 },
  { key: 'grade', header: '학년', width: 8 },
  { key: 'className', header: '반', width: 14 },
] as const;

const ROSTER_COLUMNS = [
  ...STUDENT_COLUMNS,
  { key: 'status', header: '상태', width: 10 },
  { key: 'level', header: '레벨', width: 8 },
  { key: 'parentPhone', header: '학부모 연락처', width: 16 },
  { key: 'createdAt', header: '등록일', width: 14 },
  { key: 'lastLoginAt', header: '최근 로그인', width: 20 },
] as const;
type RosterKey = (typeof ROSTER_COLUMNS)[number]['key'];

/** The whole roster in scope (with the list's filters) as a table for the xlsx and CSV downloads. */
export async function rosterTable(staff: AcademyStaff, filter: StudentFilter = {}): Promise<Table<RosterKey>> {
  const rows = await rosterQuery(staff, filter);
  return {
    columns: ROSTER_COLUMNS.map((c) => ({ ...c })),
    rows: rows.map((r) => ({
      name: r.name,
      loginId: r.loginId,
      grade: r.grade ?? '',
      className: r.className ?? '',
      status: statusLabel(r.status),
      level: r.level ?? '',
      parentPhone: r.parentPhone ?? '',
      createdAt: formatKoreanDate(r.createdAt),
      lastLoginAt: r.lastLoginAt ? formatDateTime(r.lastLoginAt) : '',
    })),
  };
}
