// Finding a forgotten login id or password (spec's 아이디 찾기 / 비밀번호 찾기), apart from signing in and registering
// (accounts.server.ts): masked ids by name and phone; a password by login id and name, then the security answer and a
// one-time code sent to the account's phone, with the same answers and cost for an account that does not exist.
import { createHmac } from 'node:crypto';
import { and, asc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { hashPassword, verifySecurityAnswer } from '~/auth/password.server';
import { allowCodeRequest, limitedAttempt } from '~/auth/rate-limit.server';
import { revokeAllForUser } from '~/auth/tokens.server';
import { config } from '~/config.server';
import { db } from '~/db/client.server';
import { users, verificationCodes } from '~/db/schema';
import { maskLoginId, normaliseLoginId, SECURITY_QUESTIONS, type MemberKind } from '~/domain/accounts';
import { now, nowMs } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { ACCOUNT_MESSAGES } from './accounts.server';
import { maskPhone } from './guardian-consent.server';
import { sendMessageSoon } from './messages.server';
import { codeMatches, codesSentLastHour, consumeCode, countFailedTry, issueCode, livePendingCode } from './one-time-codes.server';

const kindCondition = (kind: MemberKind) =>
  kind === 'student' ? sql`'STUDENT' = any(${users.authorities})` : sql`not ('STUDENT' = any(${users.authorities}))`;

/** Members of this kind with this name and phone (a student without a phone: their guardian's): their masked login ids. */
export async function findLoginIds(kind: MemberKind, name: string, phone: string): Promise<string[]> {
  const rows = await db()
    .select({ loginId: users.loginId })
    .from(users)
    .where(
      and(
        eq(users.role, 'USER'),
        eq(users.name, name.trim()),
        or(eq(users.phone, phone), and(isNull(users.phone), eq(users.guardianPhone, phone))),
        kindCondition(kind),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((r) => maskLoginId(r.loginId));
}

export const RECOVERY_CODE_TTL_MS = 10 * 60 * 1000;
export const RECOVERY_CODE_MAX_ATTEMPTS = 5;
const RECOVERY_PURPOSE = 'PASSWORD_RESET';
/** An argon2 hash of a random secret: verifying against it costs what a real check costs. */
const DECOY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$94p21Mf8TGDfOf4TvthFwA$xxG3wt4fWq5iWRuXABMg16oZIHLrSiqWK39ZQcIfsVQ';

async function findRecoverable(kind: MemberKind, loginId: string, name: string) {
  const [user] = await db()
    .select()
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.loginId})`, normaliseLoginId(loginId)),
        eq(users.name, name.trim()),
        eq(users.role, 'USER'),
        kindCondition(kind),
      ),
    );
  return user ?? null;
}

/**
 * Step 1 of finding a password: the account is identified by login id and name; a one-time code goes to its phone
 * (any earlier code stops working). Returns the security question to ask and where the code went.
 *
 * The answer is the same whether the account exists or not (no enumeration): for an unknown account, or one that
 * cannot recover by itself (no phone or security question), a decoy challenge derived from the input (a question and a
 * masked number that stay the same on every request), after the same kind of database work. Step 2 then fails as a
 * wrong answer would.
 */
export const CODE_REQUESTS_PER_HOUR = 5;

export async function startPasswordRecovery(kind: MemberKind, loginId: string, name: string) {
  if (!(await allowCodeRequest(`${kind}:${normaliseLoginId(loginId)}`))) {
    throw new DomainError('TOO_MANY_CODE_REQUESTS', ACCOUNT_MESSAGES.tooManyCodes, 429);
  }
  const user = await findRecoverable(kind, loginId, name);
  // A student registered without a phone of their own receives the code on their guardian's.
  const phone = user?.phone ?? user?.guardianPhone ?? null;
  if (!user || user.status !== 'ACTIVE' || !phone || !user.securityQuestion || !user.securityAnswerHash) {
    return decoyChallenge(kind, loginId, name);
  }
  // A phone receives at most CODE_REQUESTS_PER_HOUR codes an hour, whoever asks for them.
  if ((await codesSentLastHour(user.id, RECOVERY_PURPOSE)) >= CODE_REQUESTS_PER_HOUR) {
    throw new DomainError('TOO_MANY_CODE_REQUESTS', ACCOUNT_MESSAGES.tooManyCodes, 429);
  }
  const code = await issueCode(user.id, RECOVERY_PURPOSE, RECOVERY_CODE_TTL_MS);
  // Sent after this answer: waiting for the provider here would tell a real account from an unknown one.
  await sendMessageSoon({
    recipientUserId: user.id,
    phone,
    channel: 'SMS',
    kind: 'PASSWORD_RESET_CODE',
    body: `[리드인] 비밀번호 찾기 인증번호는 ${code} 입니다. 10분 안에 입력해 주세요.`,
  });
  return {
    loginId: user.loginId,
    question: SECURITY_QUESTIONS[user.securityQuestion - 1],
    maskedPhone: maskPhone(phone),
  };
}

/** The challenge shown for an account that cannot be recovered: stable for the same input, shaped like a real one. */
async function decoyChallenge(kind: MemberKind, loginId: string, name: string) {
  const digest = createHmac('sha256', config().sessionSecrets[0])
    .update(`recovery-decoy|${kind}|${normaliseLoginId(loginId)}|${name.trim()}`)
    .digest();
  // The same reads and writes a real request makes (a count, a transaction of one update), so the timing matches.
  await db()
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, 0), gte(verificationCodes.createdAt, new Date(nowMs() - 60 * 60 * 1000))));
  await db().transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: now() })
      .where(and(eq(verificationCodes.userId, 0), isNull(verificationCodes.consumedAt)));
  });
  return {
    loginId: normaliseLoginId(loginId),
    question: SECURITY_QUESTIONS[digest[0] % SECURITY_QUESTIONS.length],
    maskedPhone: `010-****-${String(digest.readUInt16BE(1) % 10000).padStart(4, '0')}`,
  };
}

/**
 * Step 2: the security answer AND the one-time code; then the new password is set and every session ends. Wrong
 * answers and codes count as failed sign-ins (the same rate limiter); a code allows 5 tries and lives 10 minutes.
 */
export async function completePasswordRecovery(
  kind: MemberKind,
  input: { loginId: string; name: string; answer: string; code: string; password: string },
  address: string | null,
) {
  const mismatch = (error: unknown) => error instanceof DomainError && error.code === 'RECOVERY_MISMATCH';
  return limitedAttempt(input.loginId, address, mismatch, () => recoverPassword(kind, input));
}

async function recoverPassword(kind: MemberKind, input: { loginId: string; name: string; answer: string; code: string; password: string }) {
  const user = await findRecoverable(kind, input.loginId, input.name);
  if (!user || !user.securityAnswerHash || user.status !== 'ACTIVE') {
    // The same answer as a wrong answer or code (and the same cost): step 2 does not tell whether the account exists.
    await verifySecurityAnswer(DECOY_HASH, input.answer);
    throw new DomainError('RECOVERY_MISMATCH', ACCOUNT_MESSAGES.recoveryMismatch, 400);
  }
  const pending = await livePendingCode(user.id, RECOVERY_PURPOSE, RECOVERY_CODE_MAX_ATTEMPTS);
  if (!pending) throw new DomainError('CODE_EXPIRED', ACCOUNT_MESSAGES.codeExpired, 410);
  const answerOk = await verifySecurityAnswer(user.securityAnswerHash, input.answer);
  if (!answerOk || !codeMatches(pending, input.code)) {
    await countFailedTry(pending);
    throw new DomainError('RECOVERY_MISMATCH', ACCOUNT_MESSAGES.recoveryMismatch, 400);
  }
  const passwordHash = await hashPassword(input.password);
  await db().transaction(async (tx) => {
    if (!(await consumeCode(tx, pending))) throw new DomainError('CODE_EXPIRED', ACCOUNT_MESSAGES.codeExpired, 410);
    await tx.update(users).set({ passwordHash, updatedAt: now() }).where(eq(users.id, user.id));
  });
  await revokeAllForUser(user.id);
  return { loginId: user.loginId };
}
