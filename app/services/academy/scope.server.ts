import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { db, type Executor } from '~/db/client.server';
import { classes, users } from '~/db/schema';
import { DomainError } from '~/lib/errors';

// Who in an academy a staff member may see and act on (issue 11): a HEAD the whole academy, a TEACHER the students of
// the open classes they teach. Every admin service narrows its queries with these, so another academy's ids, and for
// a teacher another class's ids, answer 404 the same way an id that does not exist does.

export type AcademyStaff = { id: number; role: string; organisationId: number | null; authorities: readonly string[] };

export const SCOPE_MESSAGES = {
  studentNotFound: '학생을 찾을 수 없습니다.',
  classNotFound: '찾을 수 없는 반입니다.',
} as const;

export const isHead = (staff: Pick<AcademyStaff, 'authorities'>) => staff.authorities.includes('HEAD');

/** The staff member's academy, or a 404 for anyone who is not academy staff. */
export function academyOf(
  staff: AcademyStaff,
  notFound = () => new DomainError('STUDENT_NOT_FOUND', SCOPE_MESSAGES.studentNotFound, 404),
): number {
  if (staff.role !== 'ADMIN' || !staff.organisationId) throw notFound();
  return staff.organisationId;
}

/** The student (column `userId`, default users.id) is in an open class this teacher teaches, now. */
export function taughtBy(teacherId: number, userId: AnyPgColumn | SQL = users.id): SQL {
  return sql`exists (select 1 from class_memberships cm join class_teachers ct on ct.class_id = cm.class_id
    join classes c on c.id = cm.class_id
    where cm.user_id = ${userId} and cm.left_at is null and c.status = 'OPEN' and ct.teacher_id = ${teacherId})`;
}

/**
 * The condition on `users` (joined as the student) for the students this staff member may see: the academy's
 * students (role USER) and, for a teacher, only those of their classes.
 */
export function studentsInScope(
  staff: AcademyStaff,
  student: { id: AnyPgColumn; organisationId: AnyPgColumn; role: AnyPgColumn } = users,
): SQL {
  const organisationId = academyOf(staff);
  const academy = and(eq(student.organisationId, organisationId), eq(student.role, 'USER'))!;
  return isHead(staff) ? academy : and(academy, taughtBy(staff.id, student.id))!;
}

/**
 * The ids of the students this staff member may see, as a subquery (`user_id in (…)`): read from the academy's index
 * (users by organisation and role), for queries that need the students' ids only, or their names by a join.
 */
export const studentIdsInScope = (staff: AcademyStaff): SQL => sql`select users.id from users where ${studentsInScope(staff)}`;

/** The condition on `classes` for the classes this staff member may see: all of the academy's, or the ones they teach. */
export function classesInScope(staff: AcademyStaff): SQL {
  const organisationId = academyOf(staff, () => new DomainError('CLASS_NOT_FOUND', SCOPE_MESSAGES.classNotFound, 404));
  const academy = eq(classes.organisationId, organisationId);
  return isHead(staff)
    ? academy
    : and(academy, sql`exists (select 1 from class_teachers ct where ct.class_id = ${classes.id} and ct.teacher_id = ${staff.id})`)!;
}

/** A student this staff member may act on (optionally locked for the rest of the transaction), or a 404. */
export async function studentInScope(staff: AcademyStaff, studentId: number, ex: Executor = db(), lock = false) {
  const where = studentsInScope(staff);
  if (!Number.isInteger(studentId) || studentId <= 0) throw new DomainError('STUDENT_NOT_FOUND', SCOPE_MESSAGES.studentNotFound, 404);
  const query = ex
    .select({ id: users.id, name: users.name, loginId: users.loginId, grade: users.grade, level: users.level, status: users.status })
    .from(users)
    .where(and(eq(users.id, studentId), where));
  const [student] = lock ? await query.for('update') : await query;
  if (!student) throw new DomainError('STUDENT_NOT_FOUND', SCOPE_MESSAGES.studentNotFound, 404);
  return student;
}

/** A class this staff member may see (open or closed), or a 404. */
export async function classInScope(staff: AcademyStaff, classId: number, ex: Executor = db()) {
  const where = classesInScope(staff);
  if (!Number.isInteger(classId) || classId <= 0) throw new DomainError('CLASS_NOT_FOUND', SCOPE_MESSAGES.classNotFound, 404);
  const [row] = await ex
    .select()
    .from(classes)
    .where(and(eq(classes.id, classId), where));
  if (!row) throw new DomainError('CLASS_NOT_FOUND', SCOPE_MESSAGES.classNotFound, 404);
  return row;
}

/** The open classes in scope, by name (a teacher: the ones they teach), for the select boxes of the admin forms. */
export function openClassesInScope(staff: AcademyStaff, ex: Executor = db()): Promise<{ id: number; name: string }[]> {
  return ex
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(classesInScope(staff), eq(classes.status, 'OPEN')))
    .orderBy(asc(classes.name), asc(classes.id));
}
