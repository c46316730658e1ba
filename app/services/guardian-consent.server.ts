import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { config } from '~/config.server';
import { db } from '~/db/client.server';
import { userConsents, users, type User } from '~/db/schema';
import { now, nowMs } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { sendMessage } from './messages.server';
import { codeMatches, codesSentLastHour, consumeCode, countFailedTry, issueCode, livePendingCode } from './one-time-codes.server';
import { withParticle } from '~/domain/korean';

// The legal guardian's consent (법정대리인 동의) for a member under 14 (decision 018). Registration leaves the account
// PENDING and sends a one-time code to the guardian's phone; the guardian's code, entered on
// /member/guardian/{token}, activates the account. The token names the pending account only: it signs the user id and
// an expiry, and is worth nothing once the account is active.

export const GUARDIAN_MESSAGES = {
  linkExpired: '보호자 동의 페이지의 유효 기간이 지났습니다. 가입한 아이디로 로그인하면 다시 이어서 할 수 있어요.',
  wrongCode: '인증번호가 올바르지 않습니다. 보호자 휴대폰으로 받은 6자리를 다시 확인해 주세요.',
  codeExpired: '인증번호가 만료되었습니다. 인증번호를 다시 받아 주세요.',
  tooManyCodes: '인증번호 요청이 너무 많습니다. 1시간 뒤에 다시 시도해 주세요.',
  resent: '보호자 휴대폰으로 인증번호를 다시 보냈습니다.',
} as const;

const PURPOSE = 'GUARDIAN_CONSENT';
export const GUARDIAN_CODE_TTL_MS = 10 * 60 * 1000;
export const GUARDIAN_CODE_MAX_ATTEMPTS = 5;
export const GUARDIAN_CODES_PER_HOUR = 5;
/** How long the link to the guardian page works (a sign-in of the pending account makes a new one). */
export const GUARDIAN_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const sign = (payload: string) => createHmac('sha256', config().sessionSecrets[0]).update(`guardian|${payload}`).digest('base64url');

export const maskPhone = (phone: string) =>
  phone.replace(/^(\d{3})-?(\d{3,4})-?(\d{4})$/, (_, a, b, c) => `${a}-${'*'.repeat(b.length)}-${c}`);

/** The token of the guardian page for this pending account. */
export function guardianToken(userId: number): string {
  const payload = `${userId}.${nowMs() + GUARDIAN_LINK_TTL_MS}`;
  return `${payload}.${sign(payload)}`;
}

function userIdOf(token: string): number | null {
  const match = /^(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(sign(`${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(match[2]) < nowMs()) return null;
  return Number(match[1]);
}

/** The pending account a guardian page is for; GUARDIAN_LINK_EXPIRED (410) for a bad, old or used link. */
async function pendingAccount(token: string): Promise<User> {
  const userId = userIdOf(token);
  const [user] = userId ? await db().select().from(users).where(eq(users.id, userId)) : [];
  if (!user || user.status !== 'PENDING' || !user.guardianPhone) {
    throw new DomainError('GUARDIAN_LINK_EXPIRED', GUARDIAN_MESSAGES.linkExpired, 410);
  }
  return user;
}

/** What the guardian page shows. */
export async function guardianPage(token: string) {
  const user = await pendingAccount(token);
  return { name: user.name, guardianName: user.guardianName ?? '', maskedGuardianPhone: maskPhone(user.guardianPhone!) };
}

/** A new code to the guardian's phone (earlier codes stop working); at most 5 an hour per account. */
export async function sendGuardianCode(user: Pick<User, 'id' | 'name' | 'guardianName' | 'guardianPhone'>) {
  if ((await codesSentLastHour(user.id, PURPOSE)) >= GUARDIAN_CODES_PER_HOUR) {
    throw new DomainError('TOO_MANY_CODE_REQUESTS', GUARDIAN_MESSAGES.tooManyCodes, 429);
  }
  const code = await issueCode(user.id, PURPOSE, GUARDIAN_CODE_TTL_MS);
  await sendMessage({
    recipientUserId: user.id,
    phone: user.guardianPhone!,
    channel: 'SMS',
    kind: 'GUARDIAN_CONSENT_CODE',
    body:
      `[리드인] ${user.guardianName}님, ${user.name}님이 리드인 회원가입에 보호자(법정대리인) 동의를 요청했습니다. ` +
      `동의하시면 인증번호 ${withParticle(code, '을/를')} 10분 안에 입력해 주세요.`,
  });
}

/** '인증번호 다시 받기' on the guardian page. */
export async function resendGuardianCode(token: string) {
  await sendGuardianCode(await pendingAccount(token));
}

/**
 * The guardian's code: the account becomes ACTIVE and the consent is recorded, once (a second submit of the same code
 * finds the account active and the link used). A wrong code counts against the code's 5 tries.
 */
export async function confirmGuardianConsent(token: string, code: string): Promise<User> {
  const user = await pendingAccount(token);
  const pending = await livePendingCode(user.id, PURPOSE, GUARDIAN_CODE_MAX_ATTEMPTS);
  if (!pending) throw new DomainError('CODE_EXPIRED', GUARDIAN_MESSAGES.codeExpired, 410);
  if (!codeMatches(pending, code)) {
    await countFailedTry(pending);
    throw new DomainError('GUARDIAN_CODE_MISMATCH', GUARDIAN_MESSAGES.wrongCode, 400);
  }
  return db().transaction(async (tx) => {
    if (!(await consumeCode(tx, pending))) throw new DomainError('GUARDIAN_LINK_EXPIRED', GUARDIAN_MESSAGES.linkExpired, 410);
    const [active] = await tx
      .update(users)
      .set({ status: 'ACTIVE', guardianConsentAt: now(), updatedAt: now() })
      .where(and(eq(users.id, user.id), eq(users.status, 'PENDING')))
      .returning();
    await tx.insert(userConsents).values({ userId: user.id, kind: 'GUARDIAN' });
    return active;
  });
}
