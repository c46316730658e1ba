import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { organisations } from '~/db/schema';

/**
 * The customerKey the payment provider knows an organisation by (its payment window, its billing key). Toss advises a
 * random one: a key like `readin-org-7` lets anyone who guesses it ask the provider about that customer. It is made at
 * the organisation's first payment (24 random bytes, `ck_` and 32 URL-safe characters, within Toss's 2–50 letters,
 * digits, `-` and `_`) and kept; two first payments at once keep the same one.
 */
export async function paymentCustomerKey(organisationId: number): Promise<string> {
  const [known] = await db()
    .select({ key: organisations.paymentCustomerKey })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (known?.key) return known.key;
  const fresh = `ck_${randomBytes(24).toString('base64url')}`;
  const [kept] = await db()
    .update(organisations)
    .set({ paymentCustomerKey: sql`coalesce(${organisations.paymentCustomerKey}, ${fresh})` })
    .where(eq(organisations.id, organisationId))
    .returning({ key: organisations.paymentCustomerKey });
  if (!kept?.key) throw new Error(`no organisation ${organisationId}`);
  return kept.key;
}
