import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { isIP } from 'node:net';
import { DomainError } from '~/lib/errors';

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

const accountKey = (loginId: string) => loginId.trim().toLowerCase();

/**
 * The client's address as the proxy in front of the app reports it. Unknown (no proxy header) → null, and the per-IP
 * limit does not apply: otherwise every direct client would share one bucket.
 */
export function clientIp(request: Request): string | null {
  const forwarded = request.headers.get('X-Forwarded-For')?.split(',')[0]?.trim();
  const candidate = forwarded || request.headers.get('X-Real-IP')?.trim();
  return candidate && isIP(candidate) ? candidate : null;
}

async function exhausted(limiter: RateLimiterMemory, key: string) {
  const res = await limiter.get(key);
  return res !== null && res.consumedPoints >= limiter.points;
}

/** Throws TOO_MANY_ATTEMPTS (429) when the account or the address has used up its failures. */
export async function assertSignInAllowed(loginId: string, address: string | null) {
  if ((await exhausted(account, accountKey(loginId))) || (address && (await exhausted(ip, address)))) {
    throw new DomainError(RATE_LIMIT_CODE, RATE_LIMIT_MESSAGE, 429);
  }
}

async function consume(limiter: RateLimiterMemory, key: string) {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
  }
}

export async function recordSignInFailure(loginId: string, address: string | null) {
  await consume(account, accountKey(loginId));
  if (address) await consume(ip, address);
}

/** A successful sign-in clears the account's failures (not the address's). */
export async function clearSignInFailures(loginId: string) {
  await account.delete(accountKey(loginId));
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
}
