import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { loginIdField, nameField, passwordField, phoneField } from '~/auth/account-schemas.server';
import { hashPassword } from '~/auth/password.server';
import { revokeAllForUser } from '~/auth/tokens.server';
import { db } from '~/db/client.server';
import { classes, classTeachers, users } from '~/db/schema';
import { ACCOUNT_FIELD_MESSAGES } from '~/domain/accounts';
import { now } from '~/lib/clock.server';
import { DomainError, isUniqueViolation } from '~/lib/errors';
import { listAcademyStaff } from '../academy-members.server';
import { isLoginIdTaken } from '../accounts.server';
import { CLASS_MESSAGES, idListField, requireHeadStaff } from './classes.server';
import type { AcademyStaff } from './scope.server';

// The academy's teachers as its head manages them: add one with a temporary password (changed at the first sign-in),
// edit the name and phone, deactivate (cannot sign in; their sessions end; they stay on their classes' lists, shown
// as 비활성) and reactivate, and choose the open classes they teach.

export const TEACHER_MESSAGES = {
  notFound: '우리 학원 선생님을 찾을 수 없습니다.',
  notSelf: '본인 계정은 비활성화할 수 없습니다.',
  added: (name: string, loginId: string) => `${name} 선생님(${loginId})을 추가했습니다. 처음 로그인할 때 비밀번호를 바꾸게 됩니다.`,
  saved: (name: string) => `${name} 선생님의 정보를 저장했습니다.`,
  deactivated: (name: string) => `${name} 선생님을 비활성으로 바꿨습니다. 이제 로그인할 수 없습니다.`,
  reactivated: (name: string) => `${name} 선생님을 다시 활성으로 바꿨습니다.`,
  classesSaved: (name: string) => `${name} 선생님의 담당 반을 저장했습니다.`,
  lastTeacherOf: (className: string) => `'${className}'에는 담당 선생님이 한 명 이상 있어야 합니다. 다른 선생님을 먼저 배정해 주세요.`,
} as const;

/** The new teacher form (the same login id and password rules as registration). */
export const teacherSchema = z.object({ name: nameField, loginId: loginIdField, phone: phoneField, password: passwordField });
export const teacherEditSchema = z.object({ name: nameField, phone: phoneField });
/** The forms of a teacher's page, by intent. */
export const teacherPageSchema = z.discriminatedUnion('intent', [
  teacherEditSchema.extend({ intent: z.literal('edit') }),
  z.object({ intent: z.enum(['deactivate', 'reactivate']) }),
  z.object({ intent: z.literal('classes'), classId: idListField }),
]);

/** The academy's staff, the head first, each with the open classes they teach. */
export async function listTeachers(staff: AcademyStaff) {
  const organisationId = requireHeadStaff(staff);
  const rows = await listAcademyStaff(organisationId);
  const taught = await openClassesOf(rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, isHead: r.authorities.includes('HEAD'), classes: taught.get(r.id) ?? [] }));
}

async function openClassesOf(teacherIds: number[]) {
  const map = new Map<number, { id: number; name: string }[]>();
  if (teacherIds.length === 0) return map;
  const rows = await db()
    .select({ teacherId: classTeachers.teacherId, id: classes.id, name: classes.name })
    .from(classTeachers)
    .innerJoin(classes, eq(classes.id, classTeachers.classId))
    .where(and(inArray(classTeachers.teacherId, teacherIds), eq(classes.status, 'OPEN')))
    .orderBy(asc(classes.name));
  for (const r of rows) map.set(r.teacherId, [...(map.get(r.teacherId) ?? []), { id: r.id, name: r.name }]);
  return map;
}

/** One staff member of the head's academy, or a 404. */
export async function getTeacher(staff: AcademyStaff, teacherId: number) {
  const organisationId = requireHeadStaff(staff);
  const [row] = await db()
    .select({
      id: users.id,
      name: users.name,
      loginId: users.loginId,
      phone: users.phone,
      status: users.status,
      authorities: users.authorities,
      mustChangePassword: users.mustChangePassword,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(and(eq(users.id, teacherId), eq(users.organisationId, organisationId), eq(users.role, 'ADMIN')));
  if (!row) throw new DomainError('TEACHER_NOT_FOUND', TEACHER_MESSAGES.notFound, 404);
  const taught = await openClassesOf([row.id]);
  return { ...row, isHead: row.authorities.includes('HEAD'), classes: taught.get(row.id) ?? [] };
}

/** A new teacher of the head's academy with a temporary password they must change at their first sign-in. */
export async function addTeacher(staff: AcademyStaff, input: z.infer<typeof teacherSchema>) {
  const organisationId = requireHeadStaff(staff);
  if (await isLoginIdTaken(input.loginId)) throw new DomainError('LOGIN_ID_TAKEN', ACCOUNT_FIELD_MESSAGES.loginIdTaken, 409);
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db()
      .insert(users)
      .values({
        loginId: input.loginId,
        passwordHash,
        name: input.name,
        phone: input.phone,
        role: 'ADMIN',
        authorities: ['TEACHER'],
        organisationId,
        status: 'ACTIVE',
        mustChangePassword: true,
      })
      .returning({ id: users.id, name: users.name, loginId: users.loginId });
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('LOGIN_ID_TAKEN', ACCOUNT_FIELD_MESSAGES.loginIdTaken, 409);
    throw error;
  }
}

export async function updateTeacher(staff: AcademyStaff, teacherId: number, input: z.infer<typeof teacherEditSchema>) {
  const teacher = await getTeacher(staff, teacherId);
  await db().update(users).set({ name: input.name, phone: input.phone, updatedAt: now() }).where(eq(users.id, teacher.id));
  return { id: teacher.id, name: input.name };
}

/** Deactivates (SUSPENDED: the guards refuse them and their sessions end) or reactivates a teacher; never the head themself. */
export async function setTeacherActive(staff: AcademyStaff, teacherId: number, active: boolean) {
  const teacher = await getTeacher(staff, teacherId);
  if (!active && teacher.id === staff.id) throw new DomainError('CANNOT_DEACTIVATE_SELF', TEACHER_MESSAGES.notSelf, 400);
  const status = active ? 'ACTIVE' : 'SUSPENDED';
  await db()
    .update(users)
    .set({ status, updatedAt: now() })
    .where(and(eq(users.id, teacher.id), inArray(users.status, active ? ['SUSPENDED'] : ['ACTIVE'])));
  if (!active) await revokeAllForUser(teacher.id);
  return { id: teacher.id, name: teacher.name };
}

/**
 * The open classes this teacher teaches become exactly the checked ones (closed classes keep their history). A class
 * that would be left without a teacher is refused.
 */
export async function setTeacherClasses(staff: AcademyStaff, teacherId: number, classIds: number[]) {
  const organisationId = requireHeadStaff(staff);
  const teacher = await getTeacher(staff, teacherId);
  const wanted = [...new Set(classIds)];
  return db().transaction(async (tx) => {
    const open = await tx
      .select({ id: classes.id, name: classes.name })
      .from(classes)
      .where(and(eq(classes.organisationId, organisationId), eq(classes.status, 'OPEN')))
      .for('update');
    const openIds = new Set(open.map((c) => c.id));
    if (wanted.some((id) => !openIds.has(id))) throw new DomainError('CLASS_NOT_FOUND', '찾을 수 없는 반입니다.', 404);
    if (wanted.length && teacher.status !== 'ACTIVE') throw new DomainError('TEACHER_INACTIVE', CLASS_MESSAGES.teacherInactive, 400);
    const currentIds = teacher.classes.map((c) => c.id);
    const removed = currentIds.filter((id) => !wanted.includes(id));
    const added = wanted.filter((id) => !currentIds.includes(id));
    for (const classId of removed) {
      const [{ others }] = await tx
        .select({ others: sql<number>`count(*)::int` })
        .from(classTeachers)
        .where(and(eq(classTeachers.classId, classId), sql`${classTeachers.teacherId} <> ${teacher.id}`));
      if (Number(others) === 0)
        throw new DomainError('LAST_TEACHER', TEACHER_MESSAGES.lastTeacherOf(open.find((c) => c.id === classId)!.name), 409);
    }
    if (removed.length)
      await tx.delete(classTeachers).where(and(eq(classTeachers.teacherId, teacher.id), inArray(classTeachers.classId, removed)));
    if (added.length)
      await tx
        .insert(classTeachers)
        .values(added.map((classId) => ({ classId, teacherId: teacher.id })))
        .onConflictDoNothing();
    return { name: teacher.name };
  });
}
