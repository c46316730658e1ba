import { eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { db } from '~/db/client.server';
import { preparedQuery } from '~/db/prepared.server';
import { organisations, sessions, users } from '~/db/schema';
import { now } from '~/lib/clock.server';

/** What the app knows of the signed-in user on every request. */
export type AuthUser = Awaited<ReturnType<typeof findAuthUser>> & {};

/** Who an account is and how to reach it: the columns every view of one account starts with. */
const accountColumns = {
  id: users.id,
  loginId: users.loginId,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  authorities: users.authorities,
};

const authUserFields = {
  ...accountColumns,
  organisationId: users.organisationId,
  status: users.status,
  profileImage: users.profileImage,
  level: users.level,
  mustChangePassword: users.mustChangePassword,
};

export async function findAuthUser(id: number) {
  const [row] = await db().select(authUserFields).from(users).where(eq(users.id, id));
  return row ?? null;
}

/**
 * One account with its level, last sign-in, creation and organisation (name and kind; null outside one), and the
 * `more` columns of the view: the my page and the operators' user page. Null when there is no such account.
 */
export async function accountWithOrganisation<More extends SelectedFields>(id: number, more: More) {
  const [row] = await db()
    .select({
      ...accountColumns,
      ...more,
      level: users.level,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
      organisationId: users.organisationId,
      organisationName: organisations.name,
      organisationKind: organisations.kind,
    })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, id));
  return row ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Made on every signed-in page: prepared once (app/db/prepared.server.ts). */
const sessionUserQuery = preparedQuery((executor) =>
  executor
    .select({
      ...authUserFields,
      sessionUserId: sessions.userId,
      sessionExpiresAt: sessions.expiresAt,
      sessionRevokedAt: sessions.revokedAt,
    })
    .from(users)
    .leftJoin(sessions, eq(sessions.id, sql.placeholder('familyId')))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('session_user'),
);

/**
 * The user a page's access token names and whether its session (token family) still grants access: not revoked
 * (logout, a password reset), inside its absolute lifetime and owned by that user. One query by primary keys, made on
 * every signed-in page (the guards); `findAuthUser` and `isSessionLive` answer the same in two.
 */
export async function findSessionUser(
  userId: number,
  familyId: string | undefined | null,
): Promise<{ user: AuthUser | null; live: boolean }> {
  if (!familyId || !UUID.test(familyId)) return { user: null, live: false };
  const [row] = await sessionUserQuery(db()).execute({ userId, familyId });
  if (!row) return { user: null, live: false };
  const { sessionUserId, sessionExpiresAt, sessionRevokedAt, ...user } = row;
  return { user, live: sessionUserId === userId && !sessionRevokedAt && sessionExpiresAt !== null && sessionExpiresAt > now() };
}
