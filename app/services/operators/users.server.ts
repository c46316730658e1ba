import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { hashPassword } from '~/auth/password.server';
import { revokeAllForUser } from '~/auth/tokens.server';
import { config } from '~/config.server';
import { db, type Tx } from '~/db/client.server';
import { organisations, refreshTokens, resultBooks, users, verificationCodes } from '~/db/schema';
import { BookStatus, type Authority, type MemberStatus, type UserRole } from '~/domain/enums';
import { nextAuthorities, OPERATOR_MESSAGES, STAFF_AUTHORITIES, type StaffAuthority } from '~/domain/operators';
import { now, nowMs } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { sendMessage } from '../messages.server';
import { accountWithOrganisation } from '../users.server';
import { indexedSearch, onePage } from '../paged-list.server';
import { recordAudit, statusChange } from './audit.server';

// The operators' user console (super area, ADMIN1 and ADMIN2): search, a user's page, lock and unlock, authorities,
// staff accounts and operator-started password resets. An operator never sets or sees a password: a reset sends the
// user a one-time link. Every change is written to the audit trail in its own transaction.

export type Operator = { id: number; authorities: Authority[] };
export type Origin = { address: string | null; origin: string };

export const USERS_PAGE_SIZE = 20;

export type UserFilters = {
  q?: string;
  role?: UserRole;
  authority?: Authority;
  status?: MemberStatus;
  organisationId?: number;
  joinedFrom?: Date;
  joinedTo?: Date;
};

/** Search by name, login id, phone or email, with filters; newest first. Two queries whatever the page. */
export async function searchUsers(filters: UserFilters, page: number) {
  const where: SQL[] = [];
  // One or two letters have no trigram: the grams index (drizzle/0022) finds the users holding them, the ILIKE confirms.
  if (filters.q) where.push(indexedSearch(filters.q, users.name, users.loginId, users.phone, users.email)!);
  if (filters.role) where.push(eq(users.role, filters.role));
  if (filters.authority) where.push(sql`${filters.authority} = any(${users.authorities})`);
  if (filters.status) where.push(eq(users.status, filters.status));
  if (filters.organisationId) where.push(eq(users.organisationId, filters.organisationId));
  if (filters.joinedFrom) where.push(gte(users.createdAt, filters.joinedFrom));
  if (filters.joinedTo) where.push(lt(users.createdAt, filters.joinedTo));
  const condition = where.length ? and(...where) : undefined;
  const listed = (where: SQL | undefined) =>
    db()
      .select({
        id: users.id,
        loginId: users.loginId,
        name: users.name,
        role: users.role,
        authorities: users.authorities,
        status: users.status,
        organisationName: organisations.name,
        lastLoginAt: users.lastLoginAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(organisations, eq(organisations.id, users.organisationId))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id));
  return onePage(page, USERS_PAGE_SIZE, listed(condition), db().select({ total: count() }).from(users).where(condition), {
    estimate: true,
    // The page's ids first (users_created_idx), then their academies: a late page joins 20 rows, not every row skipped.
    pageRows: (limit, offset) =>
      listed(
        inArray(
          users.id,
          db()
            .select({ id: users.id })
            .from(users)
            .where(condition)
            .orderBy(desc(users.createdAt), desc(users.id))
            .limit(limit)
            .offset(offset),
        ),
      ),
  });
}

/**
 * Organisations for the filter's select: the branches by name, and the organisation the list is filtered by when it is
 * an academy (an academy's members are opened from its page: /super/organisations/:id links here with `org`). Not every
 * academy: a country's 2,000 would make the page a list of them (and a select no one can use).
 */
export async function organisationChoices(selected?: number) {
  const wanted = selected ? or(eq(organisations.kind, 'branch'), eq(organisations.id, selected)) : eq(organisations.kind, 'branch');
  return db()
    .select({ id: organisations.id, name: organisations.name, kind: organisations.kind })
    .from(organisations)
    .where(and(wanted, or(eq(organisations.kind, 'academy'), eq(organisations.kind, 'branch'))))
    .orderBy(asc(organisations.kind), asc(organisations.name));
}

/** A user's page: the account, its organisation, its live sessions and, for students, a reading summary. */
export async function userDetail(id: number) {
  const user = await accountWithOrganisation(id, { status: users.status, grade: users.grade });
  if (!user) return null;
  const [[sessions], [reading]] = await Promise.all([
    db()
      .select({ live: sql<number>`count(distinct ${refreshTokens.familyId})`.mapWith(Number) })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.userId, id),
          isNull(refreshTokens.revokedAt),
          isNull(refreshTokens.usedAt),
          gt(refreshTokens.expiresAt, now()),
        ),
      ),
    db()
      .select({
        assigned: sql<number>`count(*) filter (where ${resultBooks.status} <> ${BookStatus.EXCLUDE})`.mapWith(Number),
        completed: sql<number>`count(*) filter (where ${resultBooks.status} = ${BookStatus.COMPLETE})`.mapWith(Number),
      })
      .from(resultBooks)
      .where(eq(resultBooks.userId, id)),
  ]);
  return { ...user, liveSessions: sessions.live, reading: user.role === 'USER' ? reading : null };
}

async function loadTarget(id: number) {
  const [user] = await db()
    .select({ id: users.id, role: users.role, authorities: users.authorities, status: users.status, phone: users.phone, name: users.name })
    .from(users)
    .where(eq(users.id, id));
  if (!user) throw new DomainError('USER_NOT_FOUND', OPERATOR_MESSAGES.userNotFound, 404);
  return user;
}

function notYourself(actor: Operator, targetId: number) {
  if (actor.id === targetId) throw new DomainError('NOT_YOURSELF', OPERATOR_MESSAGES.notYourself, 400);
}

type UserChange = { set: Partial<Pick<typeof users.$inferInsert, 'status' | 'authorities'>>; before: unknown; after: unknown };

/** Sets the account's columns and writes the operator's `action` on it, before and after, to the audit trail: one transaction. */
async function changeUser(actor: Operator, origin: Origin, id: number, action: string, { set, before, after }: UserChange) {
  await db().transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...set, updatedAt: now() })
      .where(eq(users.id, id));
    await recordAudit(tx, actor, origin, { action, targetType: 'user', targetId: id, before, after });
  });
}

/** Locks an account: every session ends at once and sign-in says the account is locked. */
export async function lockUser(actor: Operator, id: number, origin: Origin) {
  notYourself(actor, id);
  const target = await loadTarget(id);
  if (target.status === 'LOCKED') throw new DomainError('ALREADY_LOCKED', OPERATOR_MESSAGES.alreadyLocked, 409);
  await changeUser(actor, origin, id, 'user.lock', { set: { status: 'LOCKED' }, ...statusChange(target.status, 'LOCKED') });
  await revokeAllForUser(id);
  return target;
}

/** Unlocks a locked account (back to ACTIVE). */
export async function unlockUser(actor: Operator, id: number, origin: Origin) {
  const target = await loadTarget(id);
  if (target.status !== 'LOCKED') throw new DomainError('NOT_LOCKED', OPERATOR_MESSAGES.notLocked, 409);
  await changeUser(actor, origin, id, 'user.unlock', { set: { status: 'ACTIVE' }, ...statusChange('LOCKED', 'ACTIVE') });
  return target;
}

/**
 * Sets a staff account's operator authorities to `requested` (only STAFF_AUTHORITIES move; ADMIN1 and ADMIN2 only by
 * an ADMIN1). The account's sessions end so the new authorities apply at once.
 */
export async function setStaffAuthorities(actor: Operator, id: number, requested: Authority[], origin: Origin) {
  notYourself(actor, id);
  const target = await loadTarget(id);
  if (target.role !== 'SUPER') throw new DomainError('NOT_STAFF', OPERATOR_MESSAGES.notStaff, 400);
  const next = nextAuthorities(actor.authorities, target.authorities, requested);
  if (!next) throw new DomainError('ONLY_ADMIN1', OPERATOR_MESSAGES.onlyAdmin1, 403);
  if (!next.some((a) => (STAFF_AUTHORITIES as readonly Authority[]).includes(a))) {
    throw new DomainError('NO_AUTHORITY', OPERATOR_MESSAGES.noAuthority, 400);
  }
  const before = [...target.authorities].sort();
  const after = [...next].sort();
  if (before.join() === after.join()) return { target, changed: false };
  await changeUser(actor, origin, id, 'user.authorities', {
    set: { authorities: next },
    before: { authorities: before },
    after: { authorities: after },
  });
  await revokeAllForUser(id);
  return { target, changed: true };
}

export type NewStaff = { loginId: string; name: string; phone: string; email?: string; authority: StaffAuthority };

/**
 * A staff account (role SUPER) with one authority. It gets no password an operator could know: a one-time link to set
 * it is sent to the staff member's phone.
 */
export async function createStaff(actor: Operator, input: NewStaff, origin: Origin) {
  const next = nextAuthorities(actor.authorities, [], [input.authority]);
  if (!next) throw new DomainError('ONLY_ADMIN1', OPERATOR_MESSAGES.onlyAdmin1, 403);
  // An unusable hash until the staff member sets a password through the link.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const token = randomBytes(24).toString('base64url');
  const created = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        loginId: input.loginId,
        name: input.name,
        phone: input.phone,
        email: input.email ?? null,
        role: 'SUPER',
        authorities: next,
        passwordHash,
      })
      .onConflictDoNothing()
      .returning({ id: users.id, name: users.name, loginId: users.loginId });
    if (!row) throw new DomainError('LOGIN_ID_TAKEN', '이미 사용 중인 아이디입니다.', 409);
    await insertResetToken(tx, row.id, token);
    await recordAudit(tx, actor, origin, {
      action: 'user.create-staff',
      targetType: 'user',
      targetId: row.id,
      after: { loginId: input.loginId, name: input.name, role: 'SUPER', authorities: next },
    });
    return row;
  });
  await sendResetLink({ id: created.id, phone: input.phone }, token, origin, 'welcome');
  return created;
}

// ── Operator-started password reset: a one-time link ─────────────────────────────────────────────────────────────

const RESET_PURPOSE = 'OPERATOR_RESET';
export const RESET_LINK_TTL_MS = 24 * 60 * 60 * 1000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function insertResetToken(tx: Tx, userId: number, token: string) {
  await tx
    .update(verificationCodes)
    .set({ consumedAt: now() })
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, RESET_PURPOSE), isNull(verificationCodes.consumedAt)));
  await tx.insert(verificationCodes).values({
    userId,
    purpose: RESET_PURPOSE,
    codeHash: hashToken(token),
    expiresAt: new Date(nowMs() + RESET_LINK_TTL_MS),
  });
}

async function sendResetLink(user: { id: number; phone: string }, token: string, origin: Origin, kind: 'welcome' | 'reset') {
  const link = `${config().publicUrl ?? origin.origin}/member/reset/${token}`;
  const body =
    kind === 'welcome'
      ? `[리드인] 운영 계정이 만들어졌습니다. 24시간 안에 아래 링크에서 비밀번호를 정해 주세요.\n${link}`
      : `[리드인] 운영팀이 비밀번호 재설정을 시작했습니다. 24시간 안에 아래 링크에서 새 비밀번호를 정해 주세요.\n${link}`;
  await sendMessage({ recipientUserId: user.id, phone: user.phone, channel: 'SMS', kind: 'PASSWORD_RESET_LINK', body });
}

/**
 * Starts a password reset for an account with a phone: a one-time link (24 hours) is sent to it; an earlier link stops
 * working. Students without a phone are reset by their academy (spec student/changePassword).
 */
export async function startOperatorReset(actor: Operator, id: number, origin: Origin) {
  const target = await loadTarget(id);
  if (!target.phone) throw new DomainError('NO_PHONE', OPERATOR_MESSAGES.noPhone, 409);
  const token = randomBytes(24).toString('base64url');
  await db().transaction(async (tx) => {
    await insertResetToken(tx, id, token);
    await recordAudit(tx, actor, origin, { action: 'user.reset-start', targetType: 'user', targetId: id });
  });
  await sendResetLink({ id, phone: target.phone }, token, origin, 'reset');
  return target;
}

async function findResetToken(token: string) {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [row] = await db()
    .select({ id: verificationCodes.id, userId: verificationCodes.userId, loginId: users.loginId, name: users.name })
    .from(verificationCodes)
    .innerJoin(users, eq(users.id, verificationCodes.userId))
    .where(
      and(
        eq(verificationCodes.purpose, RESET_PURPOSE),
        eq(verificationCodes.codeHash, hashToken(token)),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now()),
      ),
    );
  return row ?? null;
}

/** Whom a reset link is for (null: unknown, used or expired). */
export async function resetLinkAccount(token: string) {
  const row = await findResetToken(token);
  return row ? { loginId: row.loginId, name: row.name } : null;
}

/** Sets the new password through a reset link: once only; every session of the account ends. */
export async function completeOperatorReset(token: string, password: string) {
  const row = await findResetToken(token);
  if (!row) throw new DomainError('RESET_LINK_INVALID', OPERATOR_MESSAGES.resetLinkInvalid, 410);
  const passwordHash = await hashPassword(password);
  await db().transaction(async (tx) => {
    const used = await tx
      .update(verificationCodes)
      .set({ consumedAt: now() })
      .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    if (used.length === 0) throw new DomainError('RESET_LINK_INVALID', OPERATOR_MESSAGES.resetLinkInvalid, 410);
    await tx.update(users).set({ passwordHash, updatedAt: now() }).where(eq(users.id, row.userId));
  });
  await revokeAllForUser(row.userId);
  return { loginId: row.loginId };
}
