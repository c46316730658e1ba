import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { classes, classMemberships, classTeachers, users } from '~/db/schema';
import { now } from '~/lib/clock.server';
import { DomainError, isUniqueViolation } from '~/lib/errors';
import { type AcademyStaff, classInScope, SCOPE_MESSAGES } from './scope.server';
import { CLASS_MESSAGES, className, requireHeadStaff, teachersOf } from './classes.server';

// The changes a HEAD makes to the classes (spec: 반 관리): create, rename, close, teachers in and out, students moved in
// and out; reading the classes is classes.server.ts.

async function refuseTakenName(ex: Executor, organisationId: number, name: string, exceptId = 0) {
  const [taken] = await ex
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.organisationId, organisationId), eq(classes.status, 'OPEN'), eq(classes.name, name), ne(classes.id, exceptId)));
  if (taken) throw new DomainError('CLASS_NAME_TAKEN', CLASS_MESSAGES.nameTaken(name), 409);
}

/** Teachers (staff) of the academy with these ids; every id must be one. */
async function academyTeachers(ex: Executor, organisationId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await ex
    .select({ id: users.id, name: users.name, status: users.status })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.organisationId, organisationId), eq(users.role, 'ADMIN')));
  if (rows.length !== new Set(ids).size) throw new DomainError('TEACHER_NOT_FOUND', CLASS_MESSAGES.teacherNotFound, 404);
  if (rows.some((r) => r.status !== 'ACTIVE')) throw new DomainError('TEACHER_INACTIVE', CLASS_MESSAGES.teacherInactive, 400);
  return rows;
}

// ── Changes (HEAD only) ─────────────────────────────────────────────────────────────────────────────────────────

/** A new open class with its teachers. */
export async function createClass(staff: AcademyStaff, input: { name: unknown; teacherIds: number[] }) {
  const organisationId = requireHeadStaff(staff);
  const name = className(input.name);
  const teacherIds = [...new Set(input.teacherIds)];
  if (teacherIds.length === 0) throw new DomainError('TEACHER_REQUIRED', CLASS_MESSAGES.teacherRequired, 400);
  try {
    return await db().transaction(async (tx) => {
      await refuseTakenName(tx, organisationId, name);
      await academyTeachers(tx, organisationId, teacherIds);
      const [row] = await tx.insert(classes).values({ organisationId, name }).returning();
      await tx.insert(classTeachers).values(teacherIds.map((teacherId) => ({ classId: row.id, teacherId })));
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('CLASS_NAME_TAKEN', CLASS_MESSAGES.nameTaken(name), 409);
    throw error;
  }
}

export async function renameClass(staff: AcademyStaff, classId: number, rawName: unknown) {
  const organisationId = requireHeadStaff(staff);
  const row = await classInScope(staff, classId);
  const name = className(rawName);
  if (row.status === 'OPEN') await refuseTakenName(db(), organisationId, name, row.id);
  try {
    await db().update(classes).set({ name }).where(eq(classes.id, row.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('CLASS_NAME_TAKEN', CLASS_MESSAGES.nameTaken(name), 409);
    throw error;
  }
  return { id: row.id, name };
}

/** Closes a class: it takes no new students, and its students leave it now. Closing a closed class changes nothing. */
export async function closeClass(staff: AcademyStaff, classId: number) {
  requireHeadStaff(staff);
  return db().transaction(async (tx) => {
    const row = await classInScope(staff, classId, tx);
    const [closed] = await tx
      .update(classes)
      .set({ status: 'CLOSED', closedAt: now() })
      .where(and(eq(classes.id, row.id), eq(classes.status, 'OPEN')))
      .returning({ id: classes.id });
    if (!closed) return { id: row.id, name: row.name, left: 0 };
    const left = await tx
      .update(classMemberships)
      .set({ leftAt: now() })
      .where(and(eq(classMemberships.classId, row.id), isNull(classMemberships.leftAt)))
      .returning({ id: classMemberships.id });
    return { id: row.id, name: row.name, left: left.length };
  });
}

export async function addClassTeacher(staff: AcademyStaff, classId: number, teacherId: number) {
  const organisationId = requireHeadStaff(staff);
  const row = await classInScope(staff, classId);
  if (row.status !== 'OPEN') throw new DomainError('CLASS_CLOSED', CLASS_MESSAGES.closed, 409);
  const [teacher] = await academyTeachers(db(), organisationId, [teacherId]);
  await db().insert(classTeachers).values({ classId: row.id, teacherId }).onConflictDoNothing();
  return { name: teacher.name };
}

export async function removeClassTeacher(staff: AcademyStaff, classId: number, teacherId: number) {
  requireHeadStaff(staff);
  return db().transaction(async (tx) => {
    const row = await classInScope(staff, classId, tx);
    // Lock the class so two removals at once cannot leave it without a teacher.
    await tx.select({ id: classes.id }).from(classes).where(eq(classes.id, row.id)).for('update');
    const current = (await teachersOf([row.id], tx)).get(row.id) ?? [];
    const teacher = current.find((t) => t.id === teacherId);
    if (!teacher) throw new DomainError('TEACHER_NOT_FOUND', CLASS_MESSAGES.teacherNotFound, 404);
    if (current.length <= 1) throw new DomainError('LAST_TEACHER', CLASS_MESSAGES.lastTeacher, 409);
    await tx.delete(classTeachers).where(and(eq(classTeachers.classId, row.id), eq(classTeachers.teacherId, teacherId)));
    return { name: teacher.name };
  });
}

/**
 * Puts a student in a class inside the caller's transaction: the current membership (if any) ends and a new one
 * starts. Nothing changes when the student is in that class already. The class must be an open class of the academy
 * and the student a student of it.
 */
export async function moveStudentToClass(tx: Executor, input: { studentId: number; classId: number; organisationId: number }) {
  const [student] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.studentId), eq(users.organisationId, input.organisationId), eq(users.role, 'USER')))
    .for('update');
  if (!student) throw new DomainError('STUDENT_NOT_FOUND', SCOPE_MESSAGES.studentNotFound, 404);
  const [target] = await tx
    .select({ id: classes.id, status: classes.status })
    .from(classes)
    .where(and(eq(classes.id, input.classId), eq(classes.organisationId, input.organisationId)));
  if (!target) throw new DomainError('CLASS_NOT_FOUND', SCOPE_MESSAGES.classNotFound, 404);
  if (target.status !== 'OPEN') throw new DomainError('CLASS_CLOSED', CLASS_MESSAGES.closed, 409);
  const [current] = await tx
    .select({ id: classMemberships.id, classId: classMemberships.classId })
    .from(classMemberships)
    .where(and(eq(classMemberships.userId, student.id), isNull(classMemberships.leftAt)));
  if (current?.classId === target.id) return { changed: false, fromClassId: target.id };
  const at = now();
  if (current) await tx.update(classMemberships).set({ leftAt: at }).where(eq(classMemberships.id, current.id));
  await tx.insert(classMemberships).values({ classId: target.id, userId: student.id, joinedAt: at });
  return { changed: true, fromClassId: current?.classId ?? null };
}

/** Puts the chosen students in this class (moving those in another class), all or none. */
export async function addStudentsToClass(staff: AcademyStaff, classId: number, studentIds: number[]) {
  const organisationId = requireHeadStaff(staff);
  const ids = [...new Set(studentIds)];
  if (ids.length === 0) throw new DomainError('STUDENTS_REQUIRED', CLASS_MESSAGES.studentsRequired, 400);
  return db().transaction(async (tx) => {
    const row = await classInScope(staff, classId, tx);
    if (row.status !== 'OPEN') throw new DomainError('CLASS_CLOSED', CLASS_MESSAGES.closed, 409);
    let added = 0;
    let moved = 0;
    for (const studentId of ids.sort((a, b) => a - b)) {
      const result = await moveStudentToClass(tx, { studentId, classId: row.id, organisationId });
      if (result.changed) added += 1;
      if (result.changed && result.fromClassId) moved += 1;
    }
    return { name: row.name, added, moved };
  });
}

/** Takes a student out of this class (the membership ends; the student is then in no class). */
export async function removeStudentFromClass(staff: AcademyStaff, classId: number, studentId: number) {
  requireHeadStaff(staff);
  return db().transaction(async (tx) => {
    const row = await classInScope(staff, classId, tx);
    const [ended] = await tx
      .update(classMemberships)
      .set({ leftAt: now() })
      .where(and(eq(classMemberships.classId, row.id), eq(classMemberships.userId, studentId), isNull(classMemberships.leftAt)))
      .returning({ userId: classMemberships.userId });
    if (!ended) throw new DomainError('NOT_IN_CLASS', CLASS_MESSAGES.notInClass, 404);
    const [student] = await tx.select({ name: users.name }).from(users).where(eq(users.id, studentId));
    return { name: student?.name ?? '' };
  });
}
