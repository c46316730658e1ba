import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { organisations, parentLinks, parentProfiles, phoneDigitsSql, users, type ParentLinkStatus } from '~/db/schema';
import { phoneDigits } from '~/domain/talk';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { studentInScope, type AcademyStaff } from '../academy/scope.server';
import { PARENT_MESSAGES } from '~/domain/parents';

export { PARENT_MESSAGES };

// Parents and their children (issue 32; docs/decisions/040-parent-sign-in-by-phone-code.md): one parent account per
// phone, linked to each child by a parent_links row. A link comes from the phone the academy or the registration
// recorded (guardianPhone, parentPhone: linked when the parent first asks for a code) or from academy staff, who add a
// second parent on the student's page. Staff may turn a link off (and on again); only ACTIVE links open anything.

/** A child may have two parents (the academy adds the second). */
export const MAX_PARENTS_PER_CHILD = 2;

const PHONE = /^01[016789]\d{7,8}$/;

/** The phone as digits, or a 400 with the Korean message. */
export function parsePhone(input: string): string {
  const digits = phoneDigits(input);
  if (!PHONE.test(digits)) throw new DomainError('PARENT_PHONE_INVALID', PARENT_MESSAGES.phoneInvalid, 400);
  return digits;
}

/** '01012345678' → '010-1234-5678'. */
export const formatPhone = (digits: string) => digits.replace(/^(\d{3})(\d{3,4})(\d{4})$/, '$1-$2-$3');

const childNotFound = () => new DomainError('CHILD_NOT_FOUND', PARENT_MESSAGES.childNotFound, 404);

/** The parent account of this phone, created when missing (inside the caller's transaction). */
export async function ensureParentAccount(tx: Executor, digits: string, name: string) {
  const [existing] = await tx.select({ userId: parentProfiles.userId }).from(parentProfiles).where(eq(parentProfiles.phoneDigits, digits));
  if (existing) return existing.userId;
  const [user] = await tx
    .insert(users)
    .values({
      loginId: `parent-${digits}`,
      // No password: a parent signs in with a code sent to the phone. No argon2 hash ever matches this value.
      passwordHash: '!parent-code-only',
      name,
      phone: formatPhone(digits),
      role: 'USER',
      authorities: ['PARENT'],
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const userId =
    user?.id ??
    (
      await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.loginId, `parent-${digits}`))
    )[0].id;
  await tx.insert(parentProfiles).values({ userId, phoneDigits: digits }).onConflictDoNothing();
  return userId;
}

/**
 * Links the parent of this phone to every student who has it on file as the guardian's or parent's phone (a link the
 * academy turned off stays off). Returns the parent's id, or null when no student has this phone and no link exists.
 */
export async function linkByPhoneOnFile(digits: string): Promise<number | null> {
  return db().transaction(async (tx) => {
    const children = await tx
      .select({ id: users.id, guardianName: users.guardianName })
      .from(users)
      .where(
        and(
          eq(users.role, 'USER'),
          sql`'STUDENT' = any(${users.authorities})`,
          or(sql`${phoneDigitsSql(users.guardianPhone)} = ${digits}`, sql`${phoneDigitsSql(users.parentPhone)} = ${digits}`),
        ),
      )
      .orderBy(asc(users.id));
    const [profile] = await tx.select({ userId: parentProfiles.userId }).from(parentProfiles).where(eq(parentProfiles.phoneDigits, digits));
    if (children.length === 0) return profile?.userId ?? null;
    const parentId = profile?.userId ?? (await ensureParentAccount(tx, digits, children[0].guardianName ?? '보호자'));
    await tx
      .insert(parentLinks)
      .values(children.map((c) => ({ parentId, studentId: c.id })))
      .onConflictDoNothing();
    return parentId;
  });
}

export type ParentChild = { id: number; name: string; grade: string | null; academy: string | null; organisationId: number | null };

/** The children this parent may see now (ACTIVE links), in the order they were linked. */
export async function activeChildren(parentId: number, ex: Executor = db()): Promise<ParentChild[]> {
  return ex
    .select({ id: users.id, name: users.name, grade: users.grade, academy: organisations.name, organisationId: users.organisationId })
    .from(parentLinks)
    .innerJoin(users, eq(users.id, parentLinks.studentId))
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(parentLinks.parentId, parentId), eq(parentLinks.status, 'ACTIVE'), eq(users.status, 'ACTIVE')))
    .orderBy(asc(parentLinks.id));
}

/** One child of this parent (ACTIVE link), or a 404 that does not tell whether the child exists. */
export async function childOfParent(parentId: number, childId: number): Promise<ParentChild> {
  if (!Number.isInteger(childId) || childId <= 0) throw childNotFound();
  const children = await activeChildren(parentId);
  const child = children.find((c) => c.id === childId);
  if (!child) throw childNotFound();
  return child;
}

/** Who may see this student's record: each parent with the state of their access (the student's and staff pages). */
export async function parentsOfStudent(studentId: number) {
  const rows = await db()
    .select({
      linkId: parentLinks.id,
      name: users.name,
      phone: users.phone,
      status: parentLinks.status,
      addedBy: parentLinks.addedBy,
      createdAt: parentLinks.createdAt,
      changedAt: parentLinks.changedAt,
    })
    .from(parentLinks)
    .innerJoin(users, eq(users.id, parentLinks.parentId))
    .where(eq(parentLinks.studentId, studentId))
    .orderBy(asc(parentLinks.id));
  return rows.map((r) => ({ ...r, fromAcademy: r.addedBy !== null }));
}

/** Staff add a parent (the second, usually) to a student of their scope by name and phone. */
export async function addParent(staff: AcademyStaff, studentId: number, input: { name: string; phone: string }) {
  const student = await studentInScope(staff, studentId);
  const name = input.name.trim();
  if (!name) throw new DomainError('PARENT_NAME_REQUIRED', PARENT_MESSAGES.nameRequired, 400);
  const digits = parsePhone(input.phone);
  return db().transaction(async (tx) => {
    const existing = await tx.select({ parentId: parentLinks.parentId }).from(parentLinks).where(eq(parentLinks.studentId, student.id));
    const parentId = await ensureParentAccount(tx, digits, name);
    if (existing.some((e) => e.parentId === parentId)) throw new DomainError('PARENT_ALREADY_LINKED', PARENT_MESSAGES.alreadyLinked, 409);
    if (existing.length >= MAX_PARENTS_PER_CHILD) throw new DomainError('TOO_MANY_PARENTS', PARENT_MESSAGES.tooManyParents, 409);
    const [link] = await tx.insert(parentLinks).values({ parentId, studentId: student.id, addedBy: staff.id }).returning();
    return link;
  });
}

/** Staff turn a parent's access to a student of their scope off or on again. */
export async function setParentAccess(staff: AcademyStaff, studentId: number, linkId: number, status: ParentLinkStatus) {
  const student = await studentInScope(staff, studentId);
  const [row] = await db()
    .update(parentLinks)
    .set({ status, changedBy: staff.id, changedAt: now() })
    .where(and(eq(parentLinks.id, linkId), eq(parentLinks.studentId, student.id)))
    .returning();
  if (!row) throw new DomainError('PARENT_LINK_NOT_FOUND', PARENT_MESSAGES.linkNotFound, 404);
  return row;
}

/** The parents (with an ACTIVE link and 알림톡 not turned off) of each student: who hears about a child's events. */
export async function talkingParents(ex: Executor, studentIds: number[]) {
  if (studentIds.length === 0) return [];
  return ex
    .select({ studentId: parentLinks.studentId, parentId: users.id, phone: users.phone })
    .from(parentLinks)
    .innerJoin(users, eq(users.id, parentLinks.parentId))
    .innerJoin(parentProfiles, eq(parentProfiles.userId, users.id))
    .where(
      and(
        inArray(parentLinks.studentId, studentIds),
        eq(parentLinks.status, 'ACTIVE'),
        eq(users.status, 'ACTIVE'),
        sql`${parentProfiles.talkOptOutAt} is null`,
      ),
    )
    .orderBy(asc(parentLinks.id));
}

/** The parent's settings page: whether their 알림톡 are on. */
export async function parentSettings(parentId: number) {
  const [row] = await db().select().from(parentProfiles).where(eq(parentProfiles.userId, parentId));
  return { talkOn: !row?.talkOptOutAt, phone: row ? formatPhone(row.phoneDigits) : null };
}

/** One click: 알림톡 off (or on again). */
export async function setParentTalk(parentId: number, on: boolean) {
  await db()
    .update(parentProfiles)
    .set({ talkOptOutAt: on ? null : now(), updatedAt: now() })
    .where(eq(parentProfiles.userId, parentId));
}

/** A student of this age or more sees who can see their record (PIPA: their own personal information). */
export const OWN_RECORD_AGE = 14;

/** Full years on `today` ('YYYY-MM-DD') of someone born on `birthDate`. */
export function ageOn(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/**
 * Who can see this student's record, for the student's own page: null unless the student is 14 or more (by the
 * recorded date of birth); each parent with a masked phone, since when, and whether the access is on.
 */
export async function recordViewersFor(studentId: number, today: string) {
  const [me] = await db().select({ birthDate: users.birthDate }).from(users).where(eq(users.id, studentId));
  if (!me?.birthDate || ageOn(me.birthDate, today) < OWN_RECORD_AGE) return null;
  return (await parentsOfStudent(studentId)).map((p) => ({
    name: p.name,
    phone: p.phone ? p.phone.replace(/^(\d{3})-?(\d{3,4})-?(\d{4})$/, (_, a, b, c) => `${a}-${'*'.repeat(b.length)}-${c}`) : null,
    since: p.createdAt.toISOString(),
    on: p.status === 'ACTIVE',
  }));
}
