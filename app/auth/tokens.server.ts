import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { config } from '~/config.server';
import { db } from '~/db/client.server';
import { refreshTokens, sessions } from '~/db/schema';
import type { Authority, UserRole } from '~/domain/enums';
import { z } from 'zod';
import { now, nowMs } from '~/lib/clock.server';

// Access tokens: short-lived, HMAC-signed, stateless. Refresh tokens: opaque, stored hashed, rotated on every use.
// Lifetimes can be shortened by environment (the end-to-end tests of the extend-login prompt do).
export const ACCESS_TOKEN_TTL_MS = Number(process.env.ACCESS_TOKEN_TTL_SECONDS ?? 15 * 60) * 1000;
export const REFRESH_TOKEN_TTL_MS = Number(process.env.REFRESH_TOKEN_TTL_SECONDS ?? 2 * 60 * 60) * 1000;
/** The absolute lifetime of a session (12 hours after sign-in): no refresh or 'extend' moves a session past it. */
export const SESSION_ABSOLUTE_TTL_MS = Number(process.env.SESSION_ABSOLUTE_SECONDS ?? 12 * 60 * 60) * 1000;
/** A just-rotated refresh token is still honoured this long, so parallel requests of one page all succeed. */
export const ROTATION_GRACE_MS = 30 * 1000;
/** The page asks '로그인을 연장하시겠습니까?' this long before the refresh token expires (spec §9). */
export const EXTEND_PROMPT_BEFORE_MS = 10 * 60 * 1000;

export type AccessClaims = { sub: number; role: UserRole; auth: Authority[]; fam: string; exp: number };

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

function sign(payload: string, secret: string) {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function signAccessToken(claims: Omit<AccessClaims, 'exp'>, ttlMs = ACCESS_TOKEN_TTL_MS): { token: string; expiresAt: Date } {
  const exp = nowMs() + ttlMs;
  const payload = b64url(JSON.stringify({ ...claims, exp }));
  return { token: `${payload}.${sign(payload, config().sessionSecrets[0])}`, expiresAt: new Date(exp) };
}

export type AccessCheck = { ok: true; claims: AccessClaims } | { ok: false; reason: 'invalid' | 'expired'; claims?: AccessClaims };

/** Verifies the signature with any of the configured secrets (rotation), then the expiry. */
export function verifyAccessToken(token: string | undefined | null): AccessCheck {
  if (!token) return { ok: false, reason: 'invalid' };
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return { ok: false, reason: 'invalid' };
  const given = Buffer.from(signature);
  const valid = config().sessionSecrets.some((secret) => {
    const expected = Buffer.from(sign(payload, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) return { ok: false, reason: 'invalid' };
  let claims: AccessClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof claims.exp !== 'number' || claims.exp <= nowMs()) return { ok: false, reason: 'expired', claims };
  return { ok: true, claims };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type IssuedRefresh = { token: string; familyId: string; expiresAt: Date };

/** The absolute end of a session (its family), made on first use; an unknown family gets a fresh row. */
async function sessionEnd(userId: number, familyId: string): Promise<Date> {
  const [row] = await db().select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, familyId));
  if (row) return row.expiresAt;
  const expiresAt = new Date(nowMs() + SESSION_ABSOLUTE_TTL_MS);
  await db().insert(sessions).values({ id: familyId, userId, createdAt: now(), expiresAt }).onConflictDoNothing();
  return expiresAt;
}

/**
 * Starts a new token family, which is a new session (a sign-in), or continues one (a rotation). The refresh token
 * never outlives its session's absolute end.
 */
export async function issueRefreshToken(userId: number, familyId: string = randomUUID()): Promise<IssuedRefresh> {
  const token = randomBytes(32).toString('base64url');
  const end = await sessionEnd(userId, familyId);
  const expiresAt = new Date(Math.min(nowMs() + REFRESH_TOKEN_TTL_MS, end.getTime()));
  await db()
    .insert(refreshTokens)
    .values({ userId, familyId, tokenHash: hashToken(token), expiresAt });
  return { token, familyId, expiresAt };
}

/**
 * Whether the session (token family) still grants access: not revoked (logout, password reset), inside its absolute
 * lifetime, and owned by the user the token names. One primary-key lookup, made on every request.
 */
export async function isSessionLive(familyId: string | undefined | null, userId: number): Promise<boolean> {
  if (!familyId || !UUID.test(familyId)) return false;
  const [row] = await db()
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(eq(sessions.id, familyId));
  return Boolean(row && row.userId === userId && !row.revokedAt && row.expiresAt > now());
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type RefreshResult =
  /** Rotated: the caller must hand the new token to the client. */
  | { kind: 'rotated'; userId: number; familyId: string; next: IssuedRefresh }
  /** Used moments ago by a parallel request: honoured, but the client already has (or is getting) the new one. */
  | { kind: 'grace'; userId: number; familyId: string; expiresAt: Date }
  | { kind: 'failed'; reason: 'unknown' | 'expired' | 'revoked' | 'replayed' };

/**
 * Uses a refresh token. Exactly one request rotates it (a guarded UPDATE … WHERE used_at IS NULL); requests racing it
 * within the grace window are honoured without a second rotation; a replay after that revokes the family.
 */
export async function consumeRefreshToken(token: string | undefined | null): Promise<RefreshResult> {
  if (!token) return { kind: 'failed', reason: 'unknown' };
  const [row] = await db()
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!row) return { kind: 'failed', reason: 'unknown' };
  if (row.revokedAt) return { kind: 'failed', reason: 'revoked' };
  const at = now();
  if (row.expiresAt <= at) return { kind: 'failed', reason: 'expired' };

  if (!row.usedAt) {
    const claimed = await db()
      .update(refreshTokens)
      .set({ usedAt: at })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 1) {
      const next = await issueRefreshToken(row.userId, row.familyId);
      return { kind: 'rotated', userId: row.userId, familyId: row.familyId, next };
    }
    // Lost the race to a parallel request: read what it wrote and fall through to the grace check.
    const [again] = await db().select().from(refreshTokens).where(eq(refreshTokens.id, row.id));
    if (!again?.usedAt || again.revokedAt) return { kind: 'failed', reason: 'revoked' };
    row.usedAt = again.usedAt;
  }

  if (at.getTime() - row.usedAt!.getTime() <= ROTATION_GRACE_MS) {
    return { kind: 'grace', userId: row.userId, familyId: row.familyId, expiresAt: row.expiresAt };
  }
  await revokeFamily(row.familyId);
  return { kind: 'failed', reason: 'replayed' };
}

/** Checks a refresh token without using it (spec: auth/checkToken). */
export async function isRefreshTokenValid(token: string | undefined | null): Promise<boolean> {
  if (!token) return false;
  const [row] = await db()
    .select({ expiresAt: refreshTokens.expiresAt, usedAt: refreshTokens.usedAt, revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return Boolean(row && !row.revokedAt && !row.usedAt && row.expiresAt > now());
}

export async function revokeFamily(familyId: string) {
  await db()
    .update(sessions)
    .set({ revokedAt: now() })
    .where(and(eq(sessions.id, familyId), isNull(sessions.revokedAt)));
  await db()
    .update(refreshTokens)
    .set({ revokedAt: now() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Signs a user out everywhere (password change, password reset). */
export async function revokeAllForUser(userId: number) {
  await db()
    .update(sessions)
    .set({ revokedAt: now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await db()
    .update(refreshTokens)
    .set({ revokedAt: now() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Signs a user out everywhere except the given session (password change on the my page). */
export async function revokeOtherFamilies(userId: number, keepFamilyId: string) {
  await db()
    .update(sessions)
    .set({ revokedAt: now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepFamilyId)));
  await db()
    .update(refreshTokens)
    .set({ revokedAt: now() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), ne(refreshTokens.familyId, keepFamilyId)));
}

/** The token pair of the JSON API (spec: auth/login, auth/refreshToken). expireDate is the refresh token's expiry. */
/** The answer of sign-in and refresh (the OpenAPI document's schema of `apiTokens`). */
export const apiTokensAnswer = z.object({
  accessToken: z.string(),
  accessTokenExpireDate: z.string().datetime(),
  /** When the refresh token expires (spec §7's expireDate). */
  expireDate: z.string().datetime(),
  refreshToken: z.string(),
});

export function apiTokens(
  user: { id: number; role: UserRole; authorities: Authority[] },
  refresh: IssuedRefresh,
): z.infer<typeof apiTokensAnswer> {
  const access = signAccessToken({ sub: user.id, role: user.role, auth: user.authorities, fam: refresh.familyId });
  return {
    accessToken: access.token,
    accessTokenExpireDate: access.expiresAt.toISOString(),
    expireDate: refresh.expiresAt.toISOString(),
    refreshToken: refresh.token,
  };
}
