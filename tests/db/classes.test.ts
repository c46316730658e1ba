import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '~/auth/password.server';
import { db } from '~/db/client.server';
import { classes, classMemberships, classTeachers, sessions, users } from '~/db/schema';
import { action as classAction, loader as classLoader } from '~/routes/admin+/classes_.$classId';
import { action as classesAction, loader as classesLoader } from '~/routes/admin+/classes';
import { action as teachersAction } from '~/routes/admin+/teachers';
import { currentClassOf, getClassDetail, listClassCandidates, listClasses } from '~/services/academy/classes.server';
import {
  addClassTeacher,
  addStudentsToClass,
  closeClass,
  createClass,
  moveStudentToClass,
  removeClassTeacher,
  removeStudentFromClass,
  renameClass,
} from '~/services/academy/class-changes.server';
import { openClassesInScope } from '~/services/academy/scope.server';
import { addTeacher, setTeacherActive, setTeacherClasses, updateTeacher } from '~/services/academy/teachers.server';
import { makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { replyErrors, replyValues } from '../support/form-reply';
import { createAcademy, createClass as makeClass, createStaff, createStudent } from '../support/factories';

useTestDatabase();

async function account(loginId: string) {
  const [u] = await db()
    .select({ id: users.id, role: users.role, organisationId: users.organisationId, authorities: users.authorities, name: users.name })
    .from(users)
    .where(eq(users.loginId, loginId));
  return u;
}

async function classNamed(name: string) {
  const [row] = await db().select().from(classes).where(eq(classes.name, name));
  return row;
}

async function membershipsOf(userId: number) {
  return db().select().from(classMemberships).where(eq(classMemberships.userId, userId)).orderBy(asc(classMemberships.id));
}

describe('classes of an academy', () => {
  it('a head creates, renames and closes a class; closing ends its memberships and keeps them as history', async () => {
    const academy = await createAcademy();
    const head = await createStaff(academy, 'HEAD');
    const teacher = await createStaff(academy);
    const student = await createStudent({ academy });
    const created = await createClass(head, { name: '  초록반 ', teacherIds: [teacher.id] });
    expect(created).toMatchObject({ name: '초록반', status: 'OPEN', organisationId: academy.id });
    expect(await db().select().from(classTeachers).where(eq(classTeachers.classId, created.id))).toHaveLength(1);

    await addStudentsToClass(head, created.id, [student.id]);
    expect((await currentClassOf([student.id])).get(student.id)).toEqual({ id: created.id, name: '초록반' });

    expect(await renameClass(head, created.id, '초록 1반')).toEqual({ id: created.id, name: '초록 1반' });
    const closed = await closeClass(head, created.id);
    expect(closed).toEqual({ id: created.id, name: '초록 1반', left: 1 });
    const [row] = await db().select().from(classes).where(eq(classes.id, created.id));
    expect(row.status).toBe('CLOSED');
    expect(row.closedAt).not.toBeNull();
    const [membership] = await membershipsOf(student.id);
    expect(membership.leftAt).not.toBeNull();
    // A second close (a double submit) changes nothing.
    expect(await closeClass(head, created.id)).toMatchObject({ left: 0 });

    const detail = await getClassDetail(head, created.id);
    expect(detail.students).toHaveLength(0);
    expect(detail.history.map((h) => h.id)).toEqual([student.id]);
    // A closed class takes no new students and is not offered in select boxes.
    await expect(addStudentsToClass(head, created.id, [student.id])).rejects.toMatchObject({ status: 409, code: 'CLASS_CLOSED' });
    expect((await openClassesInScope(head)).map((c) => c.id)).not.toContain(created.id);
    // Open classes first, the closed one still listed.
    const list = await listClasses(head);
    expect(list.at(-1)).toMatchObject({ id: created.id, status: 'CLOSED' });
  });

  it('refuses an empty, too long or duplicate open name, but a closed class name may be used again', async () => {
    const academy = await createAcademy();
    const head = await createStaff(academy, 'HEAD');
    await expect(createClass(head, { name: '   ', teacherIds: [head.id] })).rejects.toMatchObject({
      status: 400,
      message: '반 이름을 입력해 주세요.',
    });
    await expect(createClass(head, { name: '가'.repeat(31), teacherIds: [head.id] })).rejects.toMatchObject({
      message: '반 이름은 30자 이하로 입력해 주세요.',
    });
    await expect(createClass(head, { name: '하늘반', teacherIds: [] })).rejects.toMatchObject({
      message: '담당 선생님을 한 명 이상 골라 주세요.',
    });
    const first = await createClass(head, { name: '하늘반', teacherIds: [head.id] });
    await expect(createClass(head, { name: '하늘반', teacherIds: [head.id] })).rejects.toMatchObject({
      status: 409,
      message: "운영 중인 반 중에 '하늘반'이 이미 있습니다. 다른 이름을 입력해 주세요.",
    });
    const other = await createClass(head, { name: '바다반', teacherIds: [head.id] });
    await expect(renameClass(head, other.id, '하늘반')).rejects.toMatchObject({ status: 409 });
    await closeClass(head, first.id);
    expect(await createClass(head, { name: '하늘반', teacherIds: [head.id] })).toMatchObject({ name: '하늘반' });
    // Another academy may have a class of the same name.
    const elsewhere = await createAcademy();
    const head2 = await createStaff(elsewhere, 'HEAD');
    expect(await createClass(head2, { name: '하늘반', teacherIds: [head2.id] })).toMatchObject({ name: '하늘반' });
  });

  it('moving a student ends the old membership and starts a new one in one step, keeping the history', async () => {
    const academy = await createAcademy();
    const head = await createStaff(academy, 'HEAD');
    const student = await createStudent({ academy });
    const stay = await createStudent({ academy });
    const a = await makeClass(academy, { teachers: [head], students: [student, stay] });
    const b = await makeClass(academy, { teachers: [head] });
    const result = await addStudentsToClass(head, b.id, [student.id]);
    expect(result).toMatchObject({ added: 1, moved: 1 });
    const rows = await membershipsOf(student.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ classId: a.id });
    expect(rows[0].leftAt).not.toBeNull();
    expect(rows[1]).toMatchObject({ classId: b.id, leftAt: null });
    expect(rows[1].joinedAt.getTime()).toBe(rows[0].leftAt!.getTime());
    // Already there: nothing changes.
    expect(
      await db().transaction((tx) => moveStudentToClass(tx, { studentId: student.id, classId: b.id, organisationId: academy.id })),
    ).toEqual({
      changed: false,
      fromClassId: b.id,
    });
    expect(await membershipsOf(student.id)).toHaveLength(2);
    expect((await getClassDetail(head, a.id)).history.map((h) => h.id)).toEqual([student.id]);
    // The candidates of class b do not include its own student; they show the class the others are in.
    const candidates = await listClassCandidates(head, b.id, { q: stay.loginId });
    expect(candidates.rows).toEqual([expect.objectContaining({ id: stay.id, currentClass: a.name })]);
    expect((await listClassCandidates(head, b.id, { q: student.loginId })).rows).toHaveLength(0);

    // Removing a student ends their membership; they are then in no class.
    expect(await removeStudentFromClass(head, b.id, student.id)).toMatchObject({ name: student.name });
    expect((await currentClassOf([student.id])).has(student.id)).toBe(false);
    await expect(removeStudentFromClass(head, b.id, student.id)).rejects.toMatchObject({ code: 'NOT_IN_CLASS' });

    // A failing student in the batch leaves every student where they were.
    const outsider = await createStudent({ academy: await createAcademy() });
    await expect(addStudentsToClass(head, b.id, [stay.id, outsider.id])).rejects.toMatchObject({ status: 404 });
    expect((await currentClassOf([stay.id])).get(stay.id)?.id).toBe(a.id);

    // moveStudentToClass refuses another academy's class or student.
    const otherAcademy = await createAcademy();
    const otherClass = await makeClass(otherAcademy);
    await expect(
      db().transaction((tx) => moveStudentToClass(tx, { studentId: stay.id, classId: otherClass.id, organisationId: academy.id })),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('teachers of a class: added and removed by the head, never fewer than one', async () => {
    const academy = await createAcademy();
    const head = await createStaff(academy, 'HEAD');
    const t1 = await createStaff(academy);
    const t2 = await createStaff(academy);
    const k = await createClass(head, { name: '별반', teacherIds: [t1.id] });
    await expect(removeClassTeacher(head, k.id, t1.id)).rejects.toMatchObject({
      message: '반에는 담당 선생님이 한 명 이상 있어야 합니다. 다른 선생님을 먼저 추가해 주세요.',
    });
    await addClassTeacher(head, k.id, t2.id);
    await addClassTeacher(head, k.id, t2.id);
    expect((await getClassDetail(head, k.id)).teachers.map((t) => t.id).sort()).toEqual([t1.id, t2.id].sort());
    await removeClassTeacher(head, k.id, t1.id);
    expect((await getClassDetail(head, k.id)).teachers.map((t) => t.id)).toEqual([t2.id]);
    const stranger = await createStaff(await createAcademy());
    await expect(addClassTeacher(head, k.id, stranger.id)).rejects.toMatchObject({ status: 404 });
  });

  it('a teacher sees only their classes; another class or academy is 404; head-only changes are 403', async () => {
    const teacher = await account('teacher');
    const head = await account('head');
    const sun = await classNamed('햇살반');
    const moon = await classNamed('달빛반');
    const mine = await listClasses(teacher);
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(classMemberships)
      .where(and(eq(classMemberships.classId, sun.id), isNull(classMemberships.leftAt)));
    expect(mine[0]).toMatchObject({ name: '햇살반', studentCount: Number(n) });
    expect(Number(n)).toBeGreaterThan(10);
    // Their open class, and the closed class they taught (history); never 달빛반.
    expect(mine.map((c) => c.name)).toEqual(['햇살반', '겨울방학반']);
    expect((await openClassesInScope(teacher)).map((c) => c.name)).toEqual(['햇살반']);
    expect((await getClassDetail(teacher, sun.id)).students.length).toBeGreaterThan(0);
    await expect(getClassDetail(teacher, moon.id)).rejects.toMatchObject({ status: 404, message: '찾을 수 없는 반입니다.' });
    const sprout = await classNamed('새싹반');
    await expect(getClassDetail(head, sprout.id)).rejects.toMatchObject({ status: 404 });

    const headOnly = { status: 403, message: '학원장만 접근 가능합니다.' };
    await expect(createClass(teacher, { name: '몰래반', teacherIds: [teacher.id] })).rejects.toMatchObject(headOnly);
    await expect(renameClass(teacher, sun.id, '바꾼반')).rejects.toMatchObject(headOnly);
    await expect(closeClass(teacher, sun.id)).rejects.toMatchObject(headOnly);
    await expect(addClassTeacher(teacher, sun.id, teacher.id)).rejects.toMatchObject(headOnly);
    const reader13 = await account('reader13');
    await expect(addStudentsToClass(teacher, sun.id, [reader13.id])).rejects.toMatchObject(headOnly);
    expect((await currentClassOf([reader13.id])).get(reader13.id)?.name).toBe('달빛반');

    // Through the pages.
    const cookie = await sessionCookie('teacher');
    const page = await respond(() =>
      classLoader({ request: makeRequest(`/admin/classes/${moon.id}`, { cookie }), params: { classId: String(moon.id) }, context: {} }),
    );
    expect(page.status).toBe(404);
    const own = await respond(() =>
      classLoader({ request: makeRequest(`/admin/classes/${sun.id}`, { cookie }), params: { classId: String(sun.id) }, context: {} }),
    );
    expect(own.status).toBe(200);
    const body = (await own.json()) as { isHead: boolean; candidates: unknown };
    expect(body).toMatchObject({ isHead: false, candidates: null });
    const post = await respond(() =>
      classAction({
        request: makeRequest(`/admin/classes/${sun.id}`, { cookie, form: { intent: 'rename', name: '바꾼반' } }),
        params: { classId: String(sun.id) },
        context: {},
      }),
    );
    expect(post.status).toBe(403);
    expect(await post.text()).toBe('학원장만 접근 가능합니다.');
    const create = await respond(() =>
      classesAction({ request: makeRequest('/admin/classes', { cookie, form: { name: '몰래반' } }), params: {}, context: {} }),
    );
    expect(create.status).toBe(403);
    expect((await classNamed('햇살반')).name).toBe('햇살반');
  });

  it('the head creates a class through the page (PRG) and a duplicate name is shown with the typed value kept', async () => {
    const cookie = await sessionCookie('head');
    const head = await account('head');
    const ok = await respond(() =>
      classesAction({
        request: makeRequest('/admin/classes', { cookie, form: { name: '토요반', teacherId: String(head.id) } }),
        params: {},
        context: {},
      }),
    );
    expect(ok.status).toBe(302);
    const created = await classNamed('토요반');
    expect(ok.headers.get('Location')).toBe(`/admin/classes/${created.id}`);
    const dup = await respond(() =>
      classesAction({
        request: makeRequest('/admin/classes', { cookie, form: { name: '햇살반', teacherId: String(head.id) } }),
        params: {},
        context: {},
      }),
    );
    expect(dup.status).toBe(409);
    const refused = await dup.json();
    expect(replyErrors(refused)).toMatchObject({ name: expect.stringContaining('이미 있습니다') });
    expect(replyValues(refused)).toMatchObject({ name: '햇살반' });
    const list = await respond(() => classesLoader({ request: makeRequest('/admin/classes', { cookie }), params: {}, context: {} }));
    const data = (await list.json()) as { classes: { name: string; open: boolean }[] };
    const names = data.classes.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['햇살반', '달빛반', '겨울방학반', '토요반']));
    expect(data.classes.at(-1)).toMatchObject({ name: '겨울방학반', open: false });
  });
});

describe('teachers of an academy', () => {
  it('the head adds a teacher with a hashed temporary password they must change', async () => {
    const academy = await createAcademy();
    const head = await createStaff(academy, 'HEAD');
    const created = await addTeacher(head, { name: '새선생', loginId: 'newteach1', phone: '010-2222-3333', password: '새로운임시비번123' });
    const [row] = await db().select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({
      role: 'ADMIN',
      authorities: ['TEACHER'],
      organisationId: academy.id,
      status: 'ACTIVE',
      mustChangePassword: true,
    });
    expect(row.passwordHash).not.toContain('새로운임시비번123');
    expect(await verifyPassword(row.passwordHash, '새로운임시비번123')).toBe(true);
    await expect(
      addTeacher(head, { name: '또선생', loginId: 'NewTeach1'.toLowerCase(), phone: '010-2222-4444', password: '새로운임시비번123' }),
    ).rejects.toMatchObject({ status: 409, message: '이미 사용 중인 아이디입니다.' });
    const teacher = await createStaff(academy);
    await expect(
      addTeacher(teacher, { name: 'x', loginId: 'xteach1', phone: '010-1111-2222', password: '새로운임시비번123' }),
    ).rejects.toMatchObject({
      status: 403,
    });
  });

  it('the page validates the fields with the registration rules and keeps the typed values', async () => {
    const cookie = await sessionCookie('head');
    const bad = await respond(() =>
      teachersAction({
        request: makeRequest('/admin/teachers', { cookie, form: { name: '김선생', loginId: 'AB', phone: '12', password: 'password' } }),
        params: {},
        context: {},
      }),
    );
    expect(bad.status).toBe(400);
    const body = await bad.json();
    // The typed values come back, the password never.
    expect({ password: '', ...replyValues(body) }).toMatchObject({ name: '김선생', loginId: 'AB', phone: '12', password: '' });
    expect(replyErrors(body).loginId).toBe('아이디는 영문 소문자와 숫자 4~20자로 입력해 주세요.');
    expect(replyErrors(body).phone).toBe('휴대폰 번호를 정확히 입력해 주세요. (예: 010-1234-5678)');
    expect(replyErrors(body).password).toBeTruthy();
    const taken = await respond(() =>
      teachersAction({
        request: makeRequest('/admin/teachers', {
          cookie,
          form: { name: '김선생', loginId: 'teacher', phone: '010-1234-5678', password: '튼튼한임시비번77' },
        }),
        params: {},
        context: {},
      }),
    );
    expect(taken.status).toBe(409);
    expect(replyErrors(await taken.json()).loginId).toBe('이미 사용 중인 아이디입니다.');
    const ok = await respond(() =>
      teachersAction({
        request: makeRequest('/admin/teachers', {
          cookie,
          form: { name: '김선생', loginId: 'kimteach', phone: '010-1234-5678', password: '튼튼한임시비번77' },
        }),
        params: {},
        context: {},
      }),
    );
    expect(ok.status).toBe(302);
    expect((await account('kimteach')).organisationId).toBe((await account('head')).organisationId);
  });

  it('deactivating a teacher ends their sessions; they stay on their classes as inactive; the head cannot deactivate themself', async () => {
    const academy = await createAcademy();
    const head = await createStaff(academy, 'HEAD');
    const teacher = await createStaff(academy);
    const other = await createStaff(academy);
    const k = await makeClass(academy, { teachers: [teacher, other] });
    await sessionCookie(teacher.loginId);
    expect(
      await db()
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, teacher.id), isNull(sessions.revokedAt))),
    ).not.toHaveLength(0);
    await setTeacherActive(head, teacher.id, false);
    const [row] = await db().select().from(users).where(eq(users.id, teacher.id));
    expect(row.status).toBe('SUSPENDED');
    expect(
      await db()
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, teacher.id), isNull(sessions.revokedAt))),
    ).toHaveLength(0);
    const detail = await getClassDetail(head, k.id);
    expect(detail.teachers.find((t) => t.id === teacher.id)).toMatchObject({ active: false });
    await expect(setTeacherActive(head, head.id, false)).rejects.toMatchObject({ message: '본인 계정은 비활성화할 수 없습니다.' });
    await setTeacherActive(head, teacher.id, true);
    expect((await db().select().from(users).where(eq(users.id, teacher.id)))[0].status).toBe('ACTIVE');
    await updateTeacher(head, teacher.id, { name: '바뀐이름', phone: '010-5555-6666' });
    expect((await db().select().from(users).where(eq(users.id, teacher.id)))[0]).toMatchObject({
      name: '바뀐이름',
      phone: '010-5555-6666',
    });
    // Another academy's head finds no such teacher.
    const head2 = await createStaff(await createAcademy(), 'HEAD');
    await expect(setTeacherActive(head2, teacher.id, false)).rejects.toMatchObject({ status: 404 });
  });

  it('assigns a teacher to exactly the checked open classes, never leaving a class without a teacher', async () => {
    const academy = await createAcademy();
    const head = await createStaff(academy, 'HEAD');
    const teacher = await createStaff(academy);
    const other = await createStaff(academy);
    const a = await makeClass(academy, { teachers: [teacher] });
    const b = await makeClass(academy, { teachers: [other] });
    await expect(setTeacherClasses(head, teacher.id, [b.id])).rejects.toMatchObject({ status: 409, code: 'LAST_TEACHER' });
    await addClassTeacher(head, a.id, other.id);
    await setTeacherClasses(head, teacher.id, [b.id]);
    const rows = await db().select().from(classTeachers).where(eq(classTeachers.teacherId, teacher.id));
    expect(rows.map((r) => r.classId)).toEqual([b.id]);
    const foreign = await makeClass(await createAcademy());
    await expect(setTeacherClasses(head, teacher.id, [foreign.id])).rejects.toMatchObject({ status: 404 });
  });
});
