import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { isIP } from 'node:net';
import { DomainError } from '~/lib/errors';
import { config } from '~/config.server';

// Failed sign-ins (wrong password, wrong security answer, wrong one-time code) are counted per account (strict: 5 in
// 15 minutes) and per IP address (generous: 100 in 15 minutes, because a whole classroom shares one address).
// In memory: the app runs as one process (docs/decisions/008-rate-limits.md says what to change when it does not).

export const RATE_LIMIT_MESSAGE = '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요.';
export const RATE_LIMIT_CODE = 'TOO_MANY_ATTEMPTS';

const WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_FAILURES = 5;
export const IP_FAILURES = 100;

let account = new RateLimiterMemory({ keyPrefix: 'signin-account', points: ACCOUNT_FAILURES, duration: WINDOW_SECONDS });
let ip = new RateLimiterMemory({ keyPrefix: 'signin-ip', points: IP_FAILURES, duration: WINDOW_SECONDS });
let logs = new RateLimiterMemory({ keyPrefix: 'client-logs', points: 30, duration: 60 });
let codeRequests = new RateLimiterMemory({ keyPrefix: 'recovery-codes', points: 5, duration: 60 * 60 });

const accountKey = (loginId: string) => loginId.trim().toLowerCase();

/**
 * The client's address as the proxy in front of the app reports it, when TRUST_PROXY says there is one (without a proxy
 * the headers are whatever the client sent). Unknown (no proxy, or no header) → null, and the per-IP
 * limit does not apply: otherwise every direct client would share one bucket. Of X-Forwarded-For the last entry counts:
 * the proxy appends the address it saw, and everything before it is whatever the client chose to send.
 */
export function clientIp(request: Request): string | null {
  if (!config().trustProxy) return null;
  const forwarded = request.headers.get('X-Forwarded-For')?.split(',').at(-1)?.trim();
  const candidate = forwarded || request.headers.get('X-Real-IP')?.trim();
  return candidate && isIP(candidate) ? candidate : null;
}

const tooMany = () => new DomainError(RATE_LIMIT_CODE, RATE_LIMIT_MESSAGE, 429);

/** Takes one point; false (and nothing taken) when none is left. */
async function take(limiter: RateLimiterMemory, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    await limiter.reward(key, 1);
    return false;
  }
}

/**
 * Runs one attempt at a secret (a password, a security answer with its code) under the limits. Throws
 * TOO_MANY_ATTEMPTS (429) before `work` when the account or the address has used up its failures. The attempt is
 * counted as it starts, so parallel attempts cannot all pass the check while none has failed yet; it is given back
 * unless `work` throws an error `isFailure` accepts. Success clears the account's failures (not the address's).
 */
export async function limitedAttempt<T>(
  loginId: string,
  address: string | null,
  isFailure: (error: unknown) => boolean,
  work: () => Promise<T>,
): Promise<T> {
  const key = accountKey(loginId);
  if (!(await take(account, key))) throw tooMany();
  if (address && !(await take(ip, address))) {
    await account.reward(key, 1);
    throw tooMany();
  }
  let failed = false;
  try {
    const result = await work();
    await account.delete(key);
    return result;
  } catch (error) {
    failed = isFailure(error);
    if (!failed) await account.reward(key, 1);
    throw error;
  } finally {
    if (address && !failed) await ip.reward(address, 1);
  }
}

/** Counts a failure without an attempt (tests fill a bucket with it). */
export async function recordSignInFailure(loginId: string, address: string | null) {
  await take(account, accountKey(loginId));
  if (address) await take(ip, address);
}

/**
 * Password-recovery codes: 5 requests an hour per login id, whether the account exists or not (so the limit itself does
 * not tell). The database also caps the codes a phone receives.
 */
export async function allowCodeRequest(key: string): Promise<boolean> {
  try {
    await codeRequests.consume(key);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

/** Client error logs: 30 a minute per address (or per session when the address is unknown). */
export async function allowClientLog(key: string): Promise<boolean> {
  try {
    await logs.consume(key);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

/** Tests only: forget every counter. */
export function resetRateLimits() {
  account = new RateLimiterMemory({ keyPrefix: 'signin-account', points: ACCOUNT_FAILURES, duration: WINDOW_SECONDS });
  ip = new RateLimiterMemory({ keyPrefix: 'signin-ip', points: IP_FAILURES, duration: WINDOW_SECONDS });
  logs = new RateLimiterMemory({ keyPrefix: 'client-logs', points: 30, duration: 60 });
  codeRequests = new RateLimiterMemory({ keyPrefix: 'recovery-codes', points: 5, duration: 60 * 60 });
}
