import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db, type Executor } from '~/db/client.server';
import { classes, classMemberships, classTeachers, users } from '~/db/schema';
import { now } from '~/lib/clock.server';
import { CLASS_NAME_MAX } from '~/domain/classes';
import { DomainError, isUniqueViolation } from '~/lib/errors';
import { positiveInt } from '~/lib/numbers';
import { type AcademyStaff, academyOf, classInScope, classesInScope, isHead, SCOPE_MESSAGES } from './scope.server';
import { pageCount, searchIn } from '../paged-list.server';

// Classes (반) of an academy: a HEAD creates, renames and closes them, chooses their teachers and moves students in
// and out; a TEACHER sees the classes they teach. A student is in one class at a time; moving ends the old membership
// and starts a new one, so a class keeps its history.

export const CANDIDATES_PAGE_SIZE = 20;

export const CLASS_MESSAGES = {
  headOnly: '학원장만 접근 가능합니다.',
  nameRequired: '반 이름을 입력해 주세요.',
  nameTooLong: `반 이름은 ${CLASS_NAME_MAX}자 이하로 입력해 주세요.`,
  nameTaken: (name: string) => `운영 중인 반 중에 '${name}'이(가) 이미 있습니다. 다른 이름을 입력해 주세요.`,
  teacherRequired: '담당 선생님을 한 명 이상 골라 주세요.',
  teacherChoice: '추가할 선생님을 골라 주세요.',
  lastTeacher: '반에는 담당 선생님이 한 명 이상 있어야 합니다. 다른 선생님을 먼저 추가해 주세요.',
  teacherNotFound: '우리 학원 선생님을 찾을 수 없습니다.',
  teacherInactive: '비활성 선생님은 반에 배정할 수 없습니다.',
  closed: '종료된 반입니다. 종료된 반에는 학생이나 선생님을 추가할 수 없습니다.',
  studentsRequired: '반에 넣을 학생을 한 명 이상 골라 주세요.',
  notInClass: '이 반의 학생이 아닙니다.',
  created: (name: string) => `'${name}'을(를) 만들었습니다.`,
  renamed: (name: string) => `반 이름을 '${name}'(으)로 바꿨습니다.`,
  closedDone: (name: string, left: number) => `'${name}'을(를) 종료했습니다.${left ? ` 학생 ${left}명이 반에서 나왔습니다.` : ''}`,
  teacherAdded: (name: string) => `${name} 선생님을 담당으로 추가했습니다.`,
  teacherRemoved: (name: string) => `${name} 선생님을 담당에서 뺐습니다.`,
  studentsAdded: (count: number, moved: number) =>
    count === 0
      ? '고른 학생은 모두 이미 이 반에 있습니다.'
      : `학생 ${count}명을 반에 넣었습니다.${moved ? ` (다른 반에서 옮긴 학생 ${moved}명)` : ''}`,
  studentRemoved: (name: string) => `${name} 학생을 반에서 뺐습니다.`,
} as const;

// ── Form schemas (server only) ─────────────────────────────────────────────────────────────────────────────────

/** Repeated id fields (checkboxes): the whole numbers among the values (none checked is an empty list). */
export const idListField = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).map(positiveInt).filter((n): n is number => n !== null),
  z.array(z.number()),
);
/** The id a row's form carries: 0 (found nowhere, the service's 404) when it is not one. */
export const rowIdField = z.preprocess((v) => positiveInt(v) ?? 0, z.number());

/** The new class form; the name's rules are the service's (`className`), shared with the renaming. */
export const newClassSchema = z.object({ name: z.string().optional(), teacherId: idListField });

/** The forms of a class page, by intent. */
export const classPageSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('rename'), name: z.string().optional() }),
  z.object({ intent: z.literal('close') }),
  z.object({
    intent: z.literal('addTeacher'),
    teacherId: z.preprocess((v) => positiveInt(v) ?? undefined, z.number({ required_error: CLASS_MESSAGES.teacherChoice })),
  }),
  z.object({ intent: z.literal('removeTeacher'), teacherId: rowIdField }),
  z.object({ intent: z.literal('addStudents'), studentId: idListField }),
  z.object({ intent: z.literal('removeStudent'), studentId: rowIdField }),
]);

/** Where the class forms show a service's refusal (others: above the form). */
export const CLASS_FIELDS = {
  INVALID_CLASS_NAME: 'name',
  CLASS_NAME_TAKEN: 'name',
  TEACHER_REQUIRED: 'teacherId',
  TEACHER_INACTIVE: 'teacherId',
} as const;

export function requireHeadStaff(staff: AcademyStaff) {
  if (!isHead(staff)) throw new DomainError('FORBIDDEN', CLASS_MESSAGES.headOnly, 403);
  return academyOf(staff);
}

/** A class name as typed, trimmed and checked: required, at most 30 characters. */
export function className(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.trim().replace(/\s+/g, ' ') : '';
  if (!name) throw new DomainError('INVALID_CLASS_NAME', CLASS_MESSAGES.nameRequired, 400);
  if ([...name].length > CLASS_NAME_MAX) throw new DomainError('INVALID_CLASS_NAME', CLASS_MESSAGES.nameTooLong, 400);
  return name;
}

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

// ── Reading ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** The classes in scope, open ones first, with their teachers and how many students they have now. */
export async function listClasses(staff: AcademyStaff) {
  const rows = await db()
    .select({
      id: classes.id,
      name: classes.name,
      status: classes.status,
      createdAt: classes.createdAt,
      closedAt: classes.closedAt,
    })
    .from(classes)
    .where(classesInScope(staff))
    .orderBy(sql`case when ${classes.status} = 'OPEN' then 0 else 1 end`, desc(classes.closedAt), asc(classes.name), asc(classes.id));
  const classIds = rows.map((r) => r.id);
  const [teachers, counts] = await Promise.all([
    teachersOf(classIds),
    classIds.length
      ? db()
          .select({ classId: classMemberships.classId, students: count() })
          .from(classMemberships)
          .where(and(inArray(classMemberships.classId, classIds), isNull(classMemberships.leftAt)))
          .groupBy(classMemberships.classId)
      : [],
  ]);
  const studentsOf = new Map(counts.map((c) => [c.classId, Number(c.students)]));
  return rows.map((r) => ({ ...r, studentCount: studentsOf.get(r.id) ?? 0, teachers: teachers.get(r.id) ?? [] }));
}

async function teachersOf(classIds: number[], ex: Executor = db()) {
  const map = new Map<number, { id: number; name: string; loginId: string; active: boolean }[]>();
  if (classIds.length === 0) return map;
  const rows = await ex
    .select({ classId: classTeachers.classId, id: users.id, name: users.name, loginId: users.loginId, status: users.status })
    .from(classTeachers)
    .innerJoin(users, eq(users.id, classTeachers.teacherId))
    .where(inArray(classTeachers.classId, classIds))
    .orderBy(asc(users.name), asc(users.id));
  for (const r of rows) {
    const list = map.get(r.classId) ?? [];
    list.push({ id: r.id, name: r.name, loginId: r.loginId, active: r.status === 'ACTIVE' });
    map.set(r.classId, list);
  }
  return map;
}

/** The class each of these students is in now (students in no class are absent from the map). */
export async function currentClassOf(studentIds: number[], ex: Executor = db()) {
  const map = new Map<number, { id: number; name: string }>();
  if (studentIds.length === 0) return map;
  const rows = await ex
    .select({ userId: classMemberships.userId, id: classes.id, name: classes.name })
    .from(classMemberships)
    .innerJoin(classes, eq(classes.id, classMemberships.classId))
    .where(and(inArray(classMemberships.userId, studentIds), isNull(classMemberships.leftAt)));
  for (const r of rows) map.set(r.userId, { id: r.id, name: r.name });
  return map;
}

/** The class's members with their memberships: those in it now by name, or (`left`) its former ones, the latest first. */
function classMembers(classId: number, left: boolean) {
  return db()
    .select({
      membershipId: classMemberships.id,
      id: users.id,
      name: users.name,
      loginId: users.loginId,
      grade: users.grade,
      joinedAt: classMemberships.joinedAt,
      leftAt: classMemberships.leftAt,
    })
    .from(classMemberships)
    .innerJoin(users, eq(users.id, classMemberships.userId))
    .where(and(eq(classMemberships.classId, classId), left ? isNotNull(classMemberships.leftAt) : isNull(classMemberships.leftAt)))
    .orderBy(...(left ? [desc(classMemberships.leftAt), desc(classMemberships.id)] : [asc(users.name), asc(users.id)]));
}

/** A class page: the class, its teachers, its students now and its former members. */
export async function getClassDetail(staff: AcademyStaff, classId: number) {
  const row = await classInScope(staff, classId);
  const [teachers, current, former] = await Promise.all([teachersOf([row.id]), classMembers(row.id, false), classMembers(row.id, true)]);
  return {
    class: row,
    teachers: teachers.get(row.id) ?? [],
    students: current.map(({ leftAt: _, ...student }) => student),
    history: former.map(({ grade: _, ...member }) => ({ ...member, leftAt: member.leftAt! })),
  };
}

/** The academy's active staff a head may make a teacher of a class. */
export function listTeacherChoices(staff: AcademyStaff) {
  const organisationId = requireHeadStaff(staff);
  return db()
    .select({ id: users.id, name: users.name, loginId: users.loginId })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.role, 'ADMIN'), eq(users.status, 'ACTIVE')))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * The academy's students not in this class now (a head only), a page at a time, searched by name or login id; each
 * with the class they are in now, since adding them moves them.
 */
export async function listClassCandidates(staff: AcademyStaff, classId: number, options: { q?: string; page?: number } = {}) {
  const organisationId = requireHeadStaff(staff);
  const row = await classInScope(staff, classId);
  const q = (options.q ?? '').trim().slice(0, 30);
  const where = and(
    eq(users.organisationId, organisationId),
    eq(users.role, 'USER'),
    notExists(
      db()
        .select({ one: sql`1` })
        .from(classMemberships)
        .where(and(eq(classMemberships.userId, users.id), eq(classMemberships.classId, row.id), isNull(classMemberships.leftAt))),
    ),
    searchIn(q, users.name, users.loginId),
  );
  const [{ total }] = await db().select({ total: count() }).from(users).where(where);
  const pages = pageCount(Number(total), CANDIDATES_PAGE_SIZE);
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1) || 1), pages);
  const rows = await db()
    .select({ id: users.id, name: users.name, loginId: users.loginId, grade: users.grade })
    .from(users)
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(CANDIDATES_PAGE_SIZE)
    .offset((page - 1) * CANDIDATES_PAGE_SIZE);
  const current = await currentClassOf(rows.map((r) => r.id));
  return {
    q,
    page,
    pages,
    total: Number(total),
    rows: rows.map((r) => ({ ...r, currentClass: current.get(r.id)?.name ?? null })),
  };
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
