import { and, asc, eq, sql } from 'drizzle-orm';
import { hashPassword } from '~/auth/password.server';
import { revokeAllForUser } from '~/auth/tokens.server';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { ACCOUNT_MESSAGES } from './accounts.server';
import { studentsInScope, type AcademyStaff } from './academy/scope.server';

// The people of an academy as its head and teachers see them (admin area).

const memberColumns = {
  id: users.id,
  loginId: users.loginId,
  name: users.name,
  phone: users.phone,
  email: users.email,
  grade: users.grade,
  level: users.level,
  status: users.status,
  lastLoginAt: users.lastLoginAt,
  authorities: users.authorities,
};

/** Teachers and the head of an academy. */
export function listAcademyStaff(organisationId: number) {
  return db()
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.role, 'ADMIN')))
    .orderBy(sql`case when 'HEAD' = any(${users.authorities}) then 0 else 1 end`, asc(users.name));
}

/**
 * spec: POST student/changePassword { studentId, password }. A head or teacher sets a temporary password for a
 * student in their scope (a teacher: their classes' students); the student's sessions end and the next sign-in must
 * choose the student's own password first.
 */
export async function resetStudentPassword(actor: AcademyStaff, studentId: number, password: string) {
  const notOurs = () => new DomainError('STUDENT_NOT_FOUND', ACCOUNT_MESSAGES.notOurStudent, 404);
  if (actor.role !== 'ADMIN' || !actor.organisationId || !Number.isInteger(studentId) || studentId <= 0) throw notOurs();
  const passwordHash = await hashPassword(password);
  const updated = await db()
    .update(users)
    .set({ passwordHash, mustChangePassword: true, updatedAt: now() })
    .where(and(eq(users.id, studentId), studentsInScope(actor)))
    .returning({ id: users.id, name: users.name, loginId: users.loginId });
  if (updated.length !== 1) throw notOurs();
  await revokeAllForUser(studentId);
  return updated[0];
}
