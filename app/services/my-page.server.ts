import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { hashPassword, normalisePassword, verifyPassword } from '~/auth/password.server';
import { limitedAttempt } from '~/auth/rate-limit.server';
import { revokeOtherFamilies } from '~/auth/tokens.server';
import { BookStatus, type Authority, type UserRole } from '~/domain/enums';
import { db } from '~/db/client.server';
import { resultBooks, users } from '~/db/schema';
import { levelLabel } from '~/domain/catalogue';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { ACCOUNT_MESSAGES } from './accounts.server';
import { PROFILE_IMAGE_MESSAGES, processProfileImage } from './images.server';
import { hasBasicPay } from './payments/basic-pay.server';
import { storage } from './storage.server';
import { accountWithOrganisation } from './users.server';
import { z } from 'zod';
import { ORGANISATION_KINDS } from '~/domain/enums';

// The my page of every area (user, admin, super): one service behind /…/my-page, /…/my-page/me and the API calls
// super/user/editMyPage, super/user/editMyPage2 and user/edit/image.

export const PROFILE_MESSAGES = {
  saved: '내 정보를 저장했습니다.',
  passwordChanged: '비밀번호를 변경했습니다. 다른 기기의 로그인은 종료되었습니다.',
  imageSaved: '프로필 사진을 변경했습니다.',
  ...PROFILE_IMAGE_MESSAGES,
} as const;

/** The JSON API's shape of `getSubProfile`. */
export const subProfileAnswer = z.object({
  userId: z.number().int(),
  loginId: z.string(),
  userName: z.string(),
  level: z.number().nullable(),
  levelLabel: z.string().nullable(),
  organisationName: z.string().nullable(),
  organisationKind: z.enum(ORGANISATION_KINDS).nullable(),
  profileImageUrl: z.string().nullable(),
  /** How many of the student's books are in each status (the status number as the key). */
  books: z.record(z.number().int()),
});

/** The account and its organisation, for the my page and the student's small profile. */
async function profileOf(userId: number) {
  const row = await accountWithOrganisation(userId, { profileImage: users.profileImage });
  if (!row) throw new DomainError('USER_NOT_FOUND', '계정을 찾을 수 없습니다.', 404);
  return row;
}

export async function getMyPage(userId: number) {
  const row = await profileOf(userId);
  // The month's payment is the payer's to see: a head, an individual member. An academy's student or teacher is not
  // shown the academy's billing (docs/decisions/031).
  const payer = row.organisationKind === 'student' || (row.role === 'ADMIN' && row.authorities.includes('HEAD'));
  return { ...row, basicPay: payer ? await hasBasicPay(row.organisationId) : null };
}

/**
 * spec: GET user/activity/subProfile — the small profile beside a student's activity: who, where, the level, the
 * picture's address and how many of their books are in each status (EXCLUDE not counted). Two queries.
 */
export async function getSubProfile(userId: number): Promise<z.infer<typeof subProfileAnswer>> {
  const row = await profileOf(userId);
  const counts = await db()
    .select({ status: resultBooks.status, n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(resultBooks)
    .where(and(eq(resultBooks.userId, userId), ne(resultBooks.status, BookStatus.EXCLUDE)))
    .groupBy(resultBooks.status);
  return {
    userId: row.id,
    loginId: row.loginId,
    userName: row.name,
    level: row.level,
    levelLabel: row.level ? levelLabel(row.level) : null,
    organisationName: row.organisationName,
    organisationKind: row.organisationKind,
    profileImageUrl: row.profileImage ? `/resources/profile-image/${row.id}?v=${encodeURIComponent(row.profileImage.slice(0, 8))}` : null,
    books: Object.fromEntries(counts.map((c) => [String(c.status), c.n])) as Record<string, number>,
  };
}

/** spec: POST super/user/editMyPage { userName, userEmail } */
export async function updateProfile(userId: number, input: { name: string; email?: string | null }) {
  await db()
    .update(users)
    .set({ name: input.name, email: input.email || null, updatedAt: now() })
    .where(eq(users.id, userId));
}

/**
 * spec: POST super/user/editMyPage2 { password, newPassword }. A wrong current password counts as a failed sign-in;
 * on success every other session of the account ends, this one stays.
 */
export async function changePassword(
  user: { id: number; loginId: string },
  input: { password: string; newPassword: string },
  keepFamilyId: string,
) {
  const wrongPassword = (error: unknown) => error instanceof DomainError && error.code === 'WRONG_PASSWORD';
  await limitedAttempt(user.loginId, null, wrongPassword, async () => {
    const [row] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    if (!row || !(await verifyPassword(row.passwordHash, input.password))) {
      throw new DomainError('WRONG_PASSWORD', ACCOUNT_MESSAGES.wrongCurrentPassword, 400);
    }
  });
  if (normalisePassword(input.password) === normalisePassword(input.newPassword))
    throw new DomainError('SAME_PASSWORD', ACCOUNT_MESSAGES.samePassword, 400);
  await db()
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: now() })
    .where(eq(users.id, user.id));
  await revokeOtherFamilies(user.id, keepFamilyId);
}

/** The storage key of a picture (local folder DATA_DIR/uploads/profile, or the S3 bucket: docs/storage.md). */
const profileKey = (file: string) => `profile/${file}`;
const PROFILE_FILE = /^[0-9a-f-]{36}\.webp$/;

/**
 * A new profile picture. The type is read from the bytes (never the name or the declared type): JPEG, PNG or WebP
 * only, at most 5 MB; re-encoded to a 256×256 WebP without metadata and kept in the upload storage.
 */
export async function saveProfileImage(userId: number, bytes: Uint8Array) {
  const webp = await processProfileImage(bytes);
  const file = `${randomUUID()}.webp`;
  await storage().put(profileKey(file), webp, 'image/webp');
  const [before] = await db().select({ profileImage: users.profileImage }).from(users).where(eq(users.id, userId));
  await db().update(users).set({ profileImage: file, updatedAt: now() }).where(eq(users.id, userId));
  if (before?.profileImage && PROFILE_FILE.test(before.profileImage)) await storage().delete(profileKey(before.profileImage));
  return file;
}

export type ProfileViewer = { id: number; role: UserRole; authorities: Authority[]; organisationId: number | null };

/** Who may see a member's picture: the member, the staff (ADMIN) of the member's academy, and ADMIN1/ADMIN2. */
export function canViewProfileImage(viewer: ProfileViewer, owner: { id: number; organisationId: number | null }) {
  if (viewer.id === owner.id) return true;
  if (viewer.role === 'ADMIN') return viewer.organisationId !== null && viewer.organisationId === owner.organisationId;
  return viewer.role === 'SUPER' && viewer.authorities.some((a) => a === 'ADMIN1' || a === 'ADMIN2');
}

/** The stored picture of a user, for a viewer allowed to see it; null otherwise (the same answer as no picture). */
export async function readProfileImage(viewer: ProfileViewer, userId: number): Promise<{ file: string; bytes: Buffer } | null> {
  const [row] = await db()
    .select({ id: users.id, organisationId: users.organisationId, profileImage: users.profileImage })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || !canViewProfileImage(viewer, row)) return null;
  const file = row.profileImage;
  if (!file || !PROFILE_FILE.test(file)) return null;
  const stored = await storage().get(profileKey(file));
  return stored ? { file, bytes: stored.bytes } : null;
}
