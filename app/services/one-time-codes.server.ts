import { createHmac, randomInt } from 'node:crypto';
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { config } from '~/config.server';
import { db, type Executor } from '~/db/client.server';
import { verificationCodes } from '~/db/schema';
import { now, nowMs } from '~/lib/clock.server';

// Six-digit codes sent by message (password recovery, a guardian's consent): one live code per account and purpose,
// stored only as an HMAC, with a lifetime, a number of tries and a limit per hour. The callers word the messages.

const hashCode = (userId: number, code: string) =>
  createHmac('sha256', config().sessionSecrets[0]).update(`${userId}:${code}`).digest('hex');

/** How many codes of this purpose the account was sent in the last hour. */
export async function codesSentLastHour(userId: number, purpose: string): Promise<number> {
  const [recent] = await db()
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        gte(verificationCodes.createdAt, new Date(nowMs() - 60 * 60 * 1000)),
      ),
    );
  return recent.n;
}

/** A new code for the account and purpose; any earlier one stops working. Returns the code to send. */
export async function issueCode(userId: number, purpose: string, ttlMs: number): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db().transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: now() })
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)));
    await tx.insert(verificationCodes).values({ userId, purpose, codeHash: hashCode(userId, code), expiresAt: new Date(nowMs() + ttlMs) });
  });
  return code;
}

export type PendingCode = { id: number; userId: number; codeHash: string };

/** The account's live code of this purpose; null when there is none, it expired, or its tries are used up. */
export async function livePendingCode(userId: number, purpose: string, maxAttempts: number): Promise<PendingCode | null> {
  const [pending] = await db()
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!pending || pending.expiresAt <= now() || pending.attempts >= maxAttempts) return null;
  return pending;
}

export const codeMatches = (pending: PendingCode, code: string) => hashCode(pending.userId, code.trim()) === pending.codeHash;

/** A wrong try counts against the code. */
export async function countFailedTry(pending: PendingCode) {
  await db()
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, pending.id));
}

/** Uses the code up, inside the caller's transaction; false when another request used it first. */
export async function consumeCode(tx: Executor, pending: PendingCode): Promise<boolean> {
  const used = await tx
    .update(verificationCodes)
    .set({ consumedAt: now() })
    .where(and(eq(verificationCodes.id, pending.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return used.length === 1;
}
