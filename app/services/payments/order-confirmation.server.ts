import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { payments, type Payment } from '~/db/schema';
import { PaymentMethod, PaymentStatus } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { isUniqueViolation } from '~/lib/errors';
import { log } from '~/lib/log.server';
import { paymentGateway } from './gateway.server';
import type { GatewayError, GatewayPayment, GatewayResult } from './gateway-types.server';
import {
  CONFIRM_MINUTES,
  findOrder,
  ORDER_MESSAGES,
  organisationKindOf,
  payerOrganisation,
  receiptPath,
  type Payer,
} from './orders.server';
import { markFailed, markSucceeded } from './outcomes.server';
import { paidWithOf } from './paid-with.server';
import { followPayment } from './settlements.server';

// How an order ends (product.md §3, issue 14; it is placed WAITING by orders.server.ts): the provider's window, its
// confirmation, the sweeper and the webhook. The provider's window returns to our success or fail URL (a top-level
// navigation, which carries the SameSite=Lax session): the order is found by its id and served only to a payer of its
// own organisation (anyone else changes nothing: another academy gets a 404, a visitor signs in first); the amount it carries must equal the stored one, or no confirm call is made.
// One request claims the confirmation with a guarded UPDATE (the partial unique index payments_one_success_key also
// refuses a claim while another order of the same tier and month is being confirmed or has succeeded); only the
// claimer calls the provider's confirm, with an Idempotency-Key derived from the order. A refusal fails the order; an
// ALREADY_PROCESSED_PAYMENT or a lost answer is settled by reading the payment back, never by confirming again with a
// new key. An unauthenticated window dies after 30 minutes and an authenticated payment must be confirmed within 10,
// so the sweeper expires what is left (after reading it back). The provider's webhook only triggers a re-read.

/** How long a request that lost the confirmation claim waits for the claimer's outcome. */
const LOSER_WAIT_MS = 5_000;

const MINUTE = 60_000;

async function reload(id: number): Promise<Payment> {
  const [row] = await db().select().from(payments).where(eq(payments.id, id));
  return row;
}

export type ReturnOutcome = {
  order: Payment;
  /** 'done' when the order has ended (SUCCESS, FAIL, CANCEL, REFUND); 'checking' while its outcome is unknown. */
  state: 'done' | 'checking';
};

const outcome = (order: Payment): ReturnOutcome => ({ order, state: order.status === PaymentStatus.WAITING ? 'checking' : 'done' });

/** Ends an order from what the provider says of it; true when the provider's answer settled it. */
async function settleFrom(order: Payment, remote: GatewayPayment): Promise<boolean> {
  if (remote.orderId !== order.orderId) return false;
  if (remote.status === 'DONE' || remote.status === 'PARTIAL_CANCELED' || (remote.status === 'CANCELED' && remote.approvedAt)) {
    if (remote.totalAmount !== order.amount) {
      log.error({ orderId: order.orderId, amount: order.amount, provider: remote.totalAmount }, 'payment amount differs from the order');
      return false;
    }
    if (order.status === PaymentStatus.WAITING) {
      await db().transaction((tx) =>
        markSucceeded(tx, order.id, {
          paymentKey: remote.paymentKey,
          approvedAt: remote.approvedAt ? new Date(remote.approvedAt) : now(),
          paidWith: paidWithOf(remote),
          receiptUrl: remote.receiptUrl,
        }),
      );
    }
    // A cancel made at the provider (its dashboard) after the success: the whole balance gone turns the order REFUND.
    if (remote.status !== 'DONE') await followRemoteRefund(order.id, remote);
    return true;
  }
  if (remote.status === 'ABORTED' || remote.status === 'EXPIRED' || remote.status === 'CANCELED') {
    if (order.status !== PaymentStatus.WAITING) return true;
    const code = remote.failure?.code ?? remote.status;
    const message = remote.failure?.message ?? (remote.status === 'EXPIRED' ? ORDER_MESSAGES.expired : '결제가 완료되지 않았습니다.');
    await db().transaction((tx) =>
      markFailed(tx, order.id, { code, message, status: remote.status === 'CANCELED' ? PaymentStatus.CANCEL : PaymentStatus.FAIL }),
    );
    return true;
  }
  return false;
}

/** SUCCESS → REFUND when the provider's balance is 0 after a cancel made elsewhere; the refunded sum only grows. */
async function followRemoteRefund(paymentId: number, remote: GatewayPayment) {
  const refunded = remote.totalAmount - remote.balanceAmount;
  await db().transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({
        refundedAmount: refunded,
        ...(remote.balanceAmount === 0 ? { status: PaymentStatus.REFUND } : {}),
        updatedAt: now(),
      })
      .where(and(eq(payments.id, paymentId), eq(payments.status, PaymentStatus.SUCCESS), sql`${payments.refundedAmount} < ${refunded}`))
      .returning({ id: payments.id });
    if (row) await followPayment(tx, paymentId);
  });
}

/** Reads the order back from the provider and settles it when the answer says how it ended. */
async function reread(order: Payment): Promise<Payment> {
  const gateway = paymentGateway();
  if (!gateway) return order;
  const read = await gateway.getPaymentByOrderId(order.orderId);
  if (read.ok) await settleFrom(order, read.value);
  else if (read.error.kind === 'network' || read.error.status >= 500)
    log.warn({ orderId: order.orderId, error: describe(read.error) }, 'payment re-read failed');
  return reload(order.id);
}

const describe = (e: GatewayError) => (e.kind === 'network' ? `network: ${e.message}` : `${e.status} ${e.code}`);

const UNSETTLED_CODES = new Set(['ALREADY_PROCESSED_PAYMENT', 'IDEMPOTENT_REQUEST_PROCESSING', 'PROVIDER_ERROR']);

/** The confirm call and what follows from its answer (only the claimer gets here). */
async function confirmClaimed(order: Payment, paymentKey: string): Promise<Payment> {
  const gateway = paymentGateway();
  if (!gateway) return order;
  const result: GatewayResult<GatewayPayment> = await gateway.confirm(
    { paymentKey, orderId: order.orderId, amount: order.amount },
    confirmKeyOf(order.orderId),
  );
  if (result.ok) {
    if (await settleFrom(order, result.value)) return reload(order.id);
    return reread(order);
  }
  const error = result.error;
  // The outcome is unknown (a lost answer, the provider's own failure, a replay of the key still running) or already
  // decided (ALREADY_PROCESSED_PAYMENT): read it back, never confirm again under a new key.
  if (error.kind === 'network' || error.status >= 500 || UNSETTLED_CODES.has(error.code)) {
    log.warn({ orderId: order.orderId, error: describe(error) }, 'payment confirm unsettled: reading it back');
    return reread(order);
  }
  await db().transaction((tx) => markFailed(tx, order.id, { code: error.code, message: error.message }));
  return reload(order.id);
}

/** The Idempotency-Key of an order's confirmation: one per order, never reused across orders. */
export const confirmKeyOf = (orderId: string) => `confirm-${orderId}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForOutcome(id: number): Promise<Payment> {
  const until = Date.now() + LOSER_WAIT_MS;
  let row = await reload(id);
  while (row.status === PaymentStatus.WAITING && Date.now() < until) {
    await sleep(150);
    row = await reload(id);
  }
  return row;
}

/** The provider's window came back to our success URL. Returns null for an order we do not know. */
/** Who followed a return URL: a payer (the head of an academy, an individual member) of the order's organisation only. */
export type ReturnVisitor = Payer;

/** The visitor's order by its id, or null when there is none or it belongs to another organisation (nothing changes). */
async function visitorsOrder(visitor: ReturnVisitor, orderId: string | null): Promise<Payment | null> {
  const order = orderId ? await findOrder(orderId) : null;
  if (!order) return null;
  const own = await payerOrganisation(visitor).then(
    (org) => org.id === order.organisationId,
    () => false,
  );
  return own ? order : null;
}

export async function handleSuccessReturn(
  visitor: ReturnVisitor,
  input: {
    paymentKey: string | null;
    orderId: string | null;
    amount: string | null;
  },
): Promise<ReturnOutcome | null> {
  const order = await visitorsOrder(visitor, input.orderId);
  if (!order) return null;
  if (order.status !== PaymentStatus.WAITING) return outcome(order);
  if (order.method === PaymentMethod.DEPOSIT) return outcome(order);
  const paymentKey = (input.paymentKey ?? '').trim();
  const amountOk = /^\d{1,10}$/.test(input.amount ?? '') && Number(input.amount) === order.amount;
  if (!amountOk || !paymentKey || paymentKey.length > 200) {
    // Never confirmed: an order whose confirmation is already under way is left to its claimer.
    if (!order.confirmStartedAt) {
      await db().transaction((tx) => markFailed(tx, order.id, { code: 'AMOUNT_MISMATCH', message: ORDER_MESSAGES.amountMismatch }));
    }
    return outcome(await waitForOutcome(order.id));
  }
  const at = now();
  let claimed: Payment | undefined;
  try {
    [claimed] = await db()
      .update(payments)
      .set({
        confirmStartedAt: at,
        paymentKey,
        expiresAt: sql`least(coalesce(${payments.expiresAt}, ${new Date(at.getTime() + CONFIRM_MINUTES * MINUTE)}), ${new Date(at.getTime() + CONFIRM_MINUTES * MINUTE)})`,
        updatedAt: at,
      })
      .where(and(eq(payments.id, order.id), eq(payments.status, PaymentStatus.WAITING), isNull(payments.confirmStartedAt)))
      .returning();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another order of the same tier and month is being confirmed or has succeeded (or the key belongs to another order).
    await db().transaction((tx) => markFailed(tx, order.id, { code: 'ALREADY_PAID', message: ORDER_MESSAGES.alreadyPaid }));
    return outcome(await reload(order.id));
  }
  if (!claimed) return outcome(await waitForOutcome(order.id));
  return outcome(await confirmClaimed(claimed, paymentKey));
}

/** The provider's window came back to our fail URL: the payer gave up (CANCEL) or the provider refused (FAIL). */
export async function handleFailReturn(
  visitor: ReturnVisitor,
  input: { code: string | null; message: string | null; orderId: string | null },
): Promise<ReturnOutcome | null> {
  const order = await visitorsOrder(visitor, input.orderId);
  if (!order) return null;
  if (order.status === PaymentStatus.WAITING && !order.confirmStartedAt && order.method !== PaymentMethod.DEPOSIT) {
    const code = (input.code ?? 'UNKNOWN').slice(0, 100) || 'UNKNOWN';
    const message = (input.message ?? '').trim() || '결제가 완료되지 않았습니다.';
    await db().transaction((tx) =>
      markFailed(tx, order.id, { code, message, status: code === 'PAY_PROCESS_CANCELED' ? PaymentStatus.CANCEL : PaymentStatus.FAIL }),
    );
  }
  return outcome(await reload(order.id));
}

/**
 * Reads an order back from the provider and settles it (the result page's reload, the webhook, the sweeper). A
 * claimed order the provider holds authenticated but unconfirmed is confirmed again with its own key (a replay of
 * the key cannot charge twice); a SUCCESS order follows a cancel made at the provider.
 */
export async function reconcileOrder(orderId: string): Promise<Payment | null> {
  const order = await findOrder(orderId);
  if (!order) return null;
  if (order.method === PaymentMethod.DEPOSIT && !order.paymentKey) return order;
  if (order.status !== PaymentStatus.WAITING && order.status !== PaymentStatus.SUCCESS) return order;
  const gateway = paymentGateway();
  if (!gateway) return order;
  const read = await gateway.getPaymentByOrderId(order.orderId);
  if (!read.ok) return order;
  if (await settleFrom(order, read.value)) return reload(order.id);
  const stillWaiting =
    order.status === PaymentStatus.WAITING && order.confirmStartedAt && order.paymentKey && read.value.status === 'IN_PROGRESS';
  if (stillWaiting && order.expiresAt && order.expiresAt > now()) return confirmClaimed(order, order.paymentKey!);
  return reload(order.id);
}

/**
 * The sweeper: WAITING orders past their expiresAt. Card and transfer orders are read back first (the provider may
 * have charged them: then they succeed); the rest FAIL 'EXPIRED'. An order claimed or changed after it was read is
 * left alone (the row is locked and checked again before it fails). Returns how many ended each way.
 */
export async function expireOverdueOrders(at: Date = now()): Promise<{ expired: number; succeeded: number; unknown: number }> {
  const overdue = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.status, PaymentStatus.WAITING), lte(payments.expiresAt, at)))
    .orderBy(asc(payments.expiresAt))
    .limit(200);
  const counts = { expired: 0, succeeded: 0, unknown: 0 };
  const gateway = paymentGateway();
  for (const order of overdue) {
    if (order.method !== PaymentMethod.DEPOSIT && gateway) {
      const read = await gateway.getPaymentByOrderId(order.orderId);
      if (read.ok) {
        if (await settleFrom(order, read.value)) {
          const after = await reload(order.id);
          if (after.status === PaymentStatus.SUCCESS) counts.succeeded++;
          else counts.expired++;
          continue;
        }
      } else if (read.error.kind === 'network' || read.error.status >= 500) {
        counts.unknown++; // the next sweep asks again
        continue;
      }
    }
    const ended = await db().transaction(async (tx) => {
      const [locked] = await tx.select().from(payments).where(eq(payments.id, order.id)).for('update');
      if (
        !locked ||
        locked.status !== PaymentStatus.WAITING ||
        !locked.expiresAt ||
        locked.expiresAt > at ||
        locked.confirmStartedAt?.getTime() !== order.confirmStartedAt?.getTime()
      )
        return false;
      return markFailed(tx, order.id, { code: 'EXPIRED', message: ORDER_MESSAGES.expired });
    });
    if (ended) counts.expired++;
  }
  return counts;
}

/** The provider's status webhook: unsigned, so it only makes us read the payment back. Unknown orders are ignored. */
export async function handleWebhook(body: unknown): Promise<void> {
  const gateway = paymentGateway();
  if (!gateway) return;
  const hint = gateway.parseWebhook(body);
  if (!hint) return;
  let order: Payment | null = hint.orderId ? await findOrder(hint.orderId) : null;
  if (!order && hint.paymentKey) {
    const [row] = await db().select().from(payments).where(eq(payments.paymentKey, hint.paymentKey));
    order = row ?? null;
  }
  if (!order) return;
  await reconcileOrder(order.orderId);
}

/** Where the browser goes after the provider's window: a popup to /card-pay/close, a full page to the receipt. */
export async function returnDestination(order: Payment): Promise<string> {
  if (order.window === 'popup') return `/card-pay/close?orderId=${encodeURIComponent(order.orderId)}`;
  return receiptPath(order.id, await organisationKindOf(order.organisationId));
}
