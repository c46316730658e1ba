import { normaliseLoginId } from '~/domain/accounts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { loginIdField, nameField, passwordField, studentResetSchema } from '~/auth/account-schemas.server';
import { hashPassword } from '~/auth/password.server';
import { revokeAllForUser } from '~/auth/tokens.server';
import { db, type Executor } from '~/db/client.server';
import { classes, classMemberships, userConsents, users } from '~/db/schema';
import { ACCOUNT_FIELD_MESSAGES, GRADES, normalisePhone } from '~/domain/accounts';
import type { MemberStatus } from '~/domain/enums';
import { now } from '~/lib/clock.server';

import { DomainError, isUniqueViolation } from '~/lib/errors';
import { positiveInt } from '~/lib/numbers';

import { classInScope, isHead, studentInScope, type AcademyStaff } from './scope.server';

// The students of an academy as its head and teachers manage them (issue 11): added by hand with a temporary password
// (the first sign-in chooses the student's own), edited, moved between classes (history kept), paused and withdrawn.
// Every query is narrowed to the staff member's scope: a teacher acts only on their classes' students. The list and its
// download are roster.server.ts.

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
    .where(eq(sql`lower(${users.loginId})`, normaliseLoginId(loginId)));
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
