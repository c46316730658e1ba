import { and, asc, count, desc, eq, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db, type Executor } from '~/db/client.server';
import { classes, classMemberships, classTeachers, users } from '~/db/schema';
import { CLASS_NAME_MAX } from '~/domain/classes';
import { DomainError } from '~/lib/errors';
import { positiveInt } from '~/lib/numbers';
import { type AcademyStaff, academyOf, classInScope, classesInScope, isHead } from './scope.server';
import { pageCount, searchIn } from '../paged-list.server';
import { withParticle } from '~/domain/korean';
import { GOAL_FIELDS, goalFields } from './goals.server';

// Classes (반) of an academy: a HEAD creates, renames and closes them, chooses their teachers and moves students in
// and out; a TEACHER sees the classes they teach. A student is in one class at a time; moving ends the old membership
// and starts a new one, so a class keeps its history. This file reads them; the head's changes are class-changes.server.ts.

export const CANDIDATES_PAGE_SIZE = 20;

export const CLASS_MESSAGES = {
  headOnly: '학원장만 접근 가능합니다.',
  nameRequired: '반 이름을 입력해 주세요.',
  nameTooLong: `반 이름은 ${CLASS_NAME_MAX}자 이하로 입력해 주세요.`,
  nameTaken: (name: string) => `운영 중인 반 중에 ${withParticle(`'${name}'`, '이/가')} 이미 있습니다. 다른 이름을 입력해 주세요.`,
  teacherRequired: '담당 선생님을 한 명 이상 골라 주세요.',
  teacherChoice: '추가할 선생님을 골라 주세요.',
  lastTeacher: '반에는 담당 선생님이 한 명 이상 있어야 합니다. 다른 선생님을 먼저 추가해 주세요.',
  teacherNotFound: '우리 학원 선생님을 찾을 수 없습니다.',
  teacherInactive: '비활성 선생님은 반에 배정할 수 없습니다.',
  closed: '종료된 반입니다. 종료된 반에는 학생이나 선생님을 추가할 수 없습니다.',
  studentsRequired: '반에 넣을 학생을 한 명 이상 골라 주세요.',
  notInClass: '이 반의 학생이 아닙니다.',
  created: (name: string) => `${withParticle(`'${name}'`, '을/를')} 만들었습니다.`,
  renamed: (name: string) => `반 이름을 ${withParticle(`'${name}'`, '으로/로')} 바꿨습니다.`,
  closedDone: (name: string, left: number) =>
    `${withParticle(`'${name}'`, '을/를')} 종료했습니다.${left ? ` 학생 ${left}명이 반에서 나왔습니다.` : ''}`,
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
  z.object({ intent: z.literal('goal'), ...goalFields }),
  z.object({ intent: z.literal('clearGoal') }),
]);

/** Where the class forms show a service's refusal (others: above the form). */
export const CLASS_FIELDS = {
  INVALID_CLASS_NAME: 'name',
  CLASS_NAME_TAKEN: 'name',
  TEACHER_REQUIRED: 'teacherId',
  TEACHER_INACTIVE: 'teacherId',
  ...GOAL_FIELDS,
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

export async function teachersOf(classIds: number[], ex: Executor = db()) {
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
