import { eq } from 'drizzle-orm';
import { allowCodeRequest, limitedAttempt } from '~/auth/rate-limit.server';
import { db } from '~/db/client.server';
import { parentProfiles, users } from '~/db/schema';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { ACCOUNT_MESSAGES } from '../accounts.server';
import { sendMessageSoon } from '../messages.server';
import { codeMatches, codesSentLastHour, consumeCode, countFailedTry, issueCode, livePendingCode } from '../one-time-codes.server';
import { activeChildren, formatPhone, linkByPhoneOnFile, PARENT_MESSAGES, parsePhone } from './links.server';

// A parent signs in without a password (docs/decisions/040-parent-sign-in-by-phone-code.md): the phone the academy or
// the registration recorded, then a six-digit code sent to it by SMS through the message outbox. Step 1 answers alike
// whether the phone is on file or not; step 2 counts a wrong code as a failed sign-in (the same limiter as passwords).
// Only a parent who proved the phone is told that the academy turned every child's access off.

export const PARENT_CODE_PURPOSE = 'PARENT_SIGN_IN';
export const PARENT_CODE_TTL_MS = 10 * 60 * 1000;
export const PARENT_CODE_MAX_ATTEMPTS = 5;
export const PARENT_CODES_PER_HOUR = 5;

const limiterKey = (digits: string) => `parent:${digits}`;
const tooManyCodes = () => new DomainError('TOO_MANY_CODE_REQUESTS', ACCOUNT_MESSAGES.tooManyCodes, 429);
const mismatch = () => new DomainError('PARENT_CODE_MISMATCH', PARENT_MESSAGES.codeMismatch, 400);

/** Step 1: a code to the phone when it is on file (linking the parent to those children); the same answer otherwise. */
export async function requestParentCode(phoneInput: string): Promise<{ phone: string }> {
  const digits = parsePhone(phoneInput);
  if (!(await allowCodeRequest(limiterKey(digits)))) throw tooManyCodes();
  const parentId = await linkByPhoneOnFile(digits);
  if (parentId !== null) {
    if ((await codesSentLastHour(parentId, PARENT_CODE_PURPOSE)) >= PARENT_CODES_PER_HOUR) throw tooManyCodes();
    const code = await issueCode(parentId, PARENT_CODE_PURPOSE, PARENT_CODE_TTL_MS);
    // Sent after this answer: waiting for the provider would tell a phone on file from one that is not.
    await sendMessageSoon({
      recipientUserId: parentId,
      phone: formatPhone(digits),
      channel: 'SMS',
      kind: 'PARENT_SIGN_IN_CODE',
      body: `[리드인] 보호자 로그인 인증번호는 ${code} 입니다. 10분 안에 입력해 주세요.`,
    });
  }
  return { phone: formatPhone(digits) };
}

/** Step 2: the code; returns the parent's account for the session. Refused when no child's access is on. */
export async function verifyParentCode(phoneInput: string, code: string, address: string | null) {
  const digits = parsePhone(phoneInput);
  const isMismatch = (error: unknown) => error instanceof DomainError && error.code === 'PARENT_CODE_MISMATCH';
  return limitedAttempt(limiterKey(digits), address, isMismatch, async () => {
    const [profile] = await db()
      .select({ userId: parentProfiles.userId, role: users.role, authorities: users.authorities, status: users.status })
      .from(parentProfiles)
      .innerJoin(users, eq(users.id, parentProfiles.userId))
      .where(eq(parentProfiles.phoneDigits, digits));
    if (!profile) throw mismatch();
    const pending = await livePendingCode(profile.userId, PARENT_CODE_PURPOSE, PARENT_CODE_MAX_ATTEMPTS);
    if (!pending) throw new DomainError('CODE_EXPIRED', ACCOUNT_MESSAGES.codeExpired, 410);
    if (!codeMatches(pending, code)) {
      await countFailedTry(pending);
      throw mismatch();
    }
    await db().transaction(async (tx) => {
      if (!(await consumeCode(tx, pending))) throw new DomainError('CODE_EXPIRED', ACCOUNT_MESSAGES.codeExpired, 410);
      await tx.update(users).set({ lastLoginAt: now() }).where(eq(users.id, profile.userId));
    });
    if (profile.status !== 'ACTIVE' || (await activeChildren(profile.userId)).length === 0)
      throw new DomainError('PARENT_NO_ACTIVE_CHILD', PARENT_MESSAGES.noActiveChild, 403);
    return { id: profile.userId, role: profile.role, authorities: profile.authorities };
  });
}
