import { normaliseLoginId } from '~/domain/accounts';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { isIP } from 'node:net';
import { DomainError } from '~/lib/errors';
import { eq, sql } from 'drizzle-orm';
import { config } from '~/config.server';
import { db } from '~/db/client.server';
import { rateLimits } from '~/db/schema';
import { now } from '~/lib/clock.server';

// Failed sign-ins (wrong password, wrong security answer, wrong one-time code) are counted per account (strict: 5 in
// 15 minutes) and per IP address (generous: 100 in 15 minutes, because a whole classroom shares one address).
// The counts live in memory on the embedded database and in PostgreSQL (the rate_limits table) when DATABASE_URL is
// set, so several app servers share them (docs/decisions/008-rate-limits.md).

export const RATE_LIMIT_MESSAGE = '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요.';
export const RATE_LIMIT_CODE = 'TOO_MANY_ATTEMPTS';

const WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_FAILURES = 5;
export const IP_FAILURES = 100;

/**
 * A counter of points per key in a fixed window: `take` one point (false, and nothing taken, when none is left),
 * `give` one back, `clear` a key. In memory for one process; in PostgreSQL when several servers share a database.
 */
type Counter = { take(key: string): Promise<boolean>; give(key: string): Promise<void>; clear(key: string): Promise<void> };

function memoryCounter(keyPrefix: string, points: number, duration: number): Counter {
  const limiter = new RateLimiterMemory({ keyPrefix, points, duration });
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return true;
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        await limiter.reward(key, 1);
        return false;
      }
    },
    async give(key) {
      await limiter.reward(key, 1);
    },
    async clear(key) {
      await limiter.delete(key);
    },
  };
}

/** The same counter in the rate_limits table: one atomic upsert per take, so parallel servers cannot overshoot. */
export function postgresCounter(keyPrefix: string, points: number, duration: number): Counter {
  const rowKey = (key: string) => `${keyPrefix}:${key}`;
  return {
    async take(key) {
      const at = now();
      const until = new Date(at.getTime() + duration * 1000);
      const atIso = at.toISOString(); // raw values in sql`` go to the driver as they are: strings, not Dates
      const [row] = await db()
        .insert(rateLimits)
        .values({ key: rowKey(key), points: 1, expiresAt: until })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            points: sql`case when ${rateLimits.expiresAt} <= ${atIso}::timestamptz then 1 else ${rateLimits.points} + 1 end`,
            expiresAt: sql`case when ${rateLimits.expiresAt} <= ${atIso}::timestamptz then ${until.toISOString()}::timestamptz else ${rateLimits.expiresAt} end`,
          },
        })
        .returning({ points: rateLimits.points });
      if (row.points <= points) return true;
      await this.give(key);
      return false;
    },
    async give(key) {
      await db()
        .update(rateLimits)
        .set({ points: sql`greatest(${rateLimits.points} - 1, 0)` })
        .where(eq(rateLimits.key, rowKey(key)));
    },
    async clear(key) {
      await db()
        .delete(rateLimits)
        .where(eq(rateLimits.key, rowKey(key)));
    },
  };
}

const counter = (keyPrefix: string, points: number, duration: number) =>
  (config().databaseUrl ? postgresCounter : memoryCounter)(keyPrefix, points, duration);

const makeCounters = () => ({
  account: counter('signin-account', ACCOUNT_FAILURES, WINDOW_SECONDS),
  ip: counter('signin-ip', IP_FAILURES, WINDOW_SECONDS),
  logs: counter('client-logs', 30, 60),
  codeRequests: counter('recovery-codes', 5, 60 * 60),
});
let counters = makeCounters();

const accountKey = (loginId: string) => normaliseLoginId(loginId);

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The TCP peer's address, set by the HTTP server from the socket (never from a header). */
    clientAddress?: string;
  }
}

const socketAddresses = new WeakMap<Request, string>();

/** Records the socket address the server put in the load context, for the limits of this request. */
export function noteClientAddress(request: Request, context: { clientAddress?: string } | undefined) {
  if (context?.clientAddress) socketAddresses.set(request, context.clientAddress);
}

/** One bucket per IPv4 address; per /64 for IPv6 (one household or classroom gets a whole /64). */
function bucketOf(address: string | undefined | null): string | null {
  if (!address) return null;
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  const kind = isIP(plain);
  if (kind === 4) return plain;
  if (kind !== 6) return null;
  const [head, tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.padStart(4, '0').toLowerCase())
    .join(':')}::/64`;
}

/**
 * The client's address for the per-address limits. By default the socket's peer address (the server hands it over
 * in the load context): a client cannot choose it. Behind a declared proxy (TRUST_PROXY) the address the proxy
 * appended to X-Forwarded-For (the last entry; everything before it is whatever the client sent) or X-Real-IP.
 * Unknown → null, and only the per-account limit applies.
 */
export function clientIp(request: Request, context?: { clientAddress?: string }): string | null {
  if (config().trustProxy) {
    const forwarded = request.headers.get('X-Forwarded-For')?.split(',').at(-1)?.trim();
    return bucketOf(forwarded || request.headers.get('X-Real-IP')?.trim());
  }
  return bucketOf(context?.clientAddress ?? socketAddresses.get(request));
}

const tooMany = () => new DomainError(RATE_LIMIT_CODE, RATE_LIMIT_MESSAGE, 429);

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
  const { account, ip } = counters;
  // The address first: a flood from one address (new login ids each time) is refused with one write per attempt.
  if (address && !(await ip.take(address))) throw tooMany();
  if (!(await account.take(key))) {
    if (address) await ip.give(address);
    throw tooMany();
  }
  let failed = false;
  try {
    const result = await work();
    await account.clear(key);
    return result;
  } catch (error) {
    failed = isFailure(error);
    if (!failed) await account.give(key);
    throw error;
  } finally {
    if (address && !failed) await ip.give(address);
  }
}

/** Counts a failure without an attempt (tests fill a bucket with it). */
export async function recordSignInFailure(loginId: string, address: string | null) {
  await counters.account.take(accountKey(loginId));
  if (address) await counters.ip.take(address);
}

/**
 * Password-recovery codes: 5 requests an hour per login id, whether the account exists or not (so the limit itself does
 * not tell). The database also caps the codes a phone receives.
 */
export function allowCodeRequest(key: string): Promise<boolean> {
  return counters.codeRequests.take(key);
}

/** Client error logs: 30 a minute per address (or per session when the address is unknown). */
export function allowClientLog(key: string): Promise<boolean> {
  return counters.logs.take(key);
}

/** Tests only: forget every counter (the shared ones too, once a database is open; a fresh one has none). */
export async function resetRateLimits() {
  counters = makeCounters();
  if (!config().databaseUrl) return;
  let database;
  try {
    database = db();
  } catch {
    return;
  }
  await database.delete(rateLimits);
}
