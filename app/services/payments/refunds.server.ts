import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { db, type Tx } from '~/db/client.server';
import { paymentRefunds, payments, type Payment, type PaymentRefund } from '~/db/schema';
import { PaymentMethod, PaymentStatus } from '~/domain/enums';
import { OPERATOR_PAYMENT_MESSAGES as M } from '~/domain/operator-payments';
import { now } from '~/lib/clock.server';
import { DomainError, isUniqueViolation } from '~/lib/errors';
import { recordAudit } from '~/services/operators/audit.server';
import { paymentGateway } from './gateway.server';
import type { GatewayPayment } from './gateway-types.server';
import { notifyPayer, won } from './outcomes.server';
import { followPayment } from './settlements.server';

// Refunds of SUCCESS payments, full or partial, asked by an operator (issue 14). The refund form carries a key made
// when the form was shown; it is the row's unique idempotency key and the provider's Idempotency-Key, so a double
// click (or a retried post) finds the first row and refunds once. The balance is amount − refundedAmount − the refunds
// still pending, checked under the payment's row lock, so two refunds racing for the same balance cannot both pass.
//
// Card and transfer refunds cancel at the provider (POST /v1/payments/{paymentKey}/cancel); a lost answer is settled
// by re-reading the payment's cancels, never by calling again under a new key. Deposits were paid into the company's
// account: the company sends the money back by bank transfer, so the refund is only recorded.

export type Refunder = { id: number };
export type RefundInput = { paymentId: number; amount: number; reason: string; key: string };
export type RefundOutcome = { refund: PaymentRefund; payment: Payment; replayed: boolean };

/** The key a refund form carries (made when the form is shown). */
export const newRefundKey = () => `refund-${randomUUID()}`;

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** What is left to refund: the amount less what was refunded and what is being refunded now. */
export async function refundableBalance(executor: Tx | ReturnType<typeof db>, payment: Payment): Promise<number> {
  const [{ pending }] = await executor
    .select({ pending: sql<number>`coalesce(sum(${paymentRefunds.amount}), 0)::int` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, payment.id), eq(paymentRefunds.state, 'PENDING')));
  return payment.amount - payment.refundedAmount - Number(pending);
}

/**
 * Refunds part or all of a payment. Returns the refund row (DONE) and the payment after it; the same key again returns
 * the first outcome without a second provider call. Throws a DomainError with the Korean message for a refusal.
 */
export async function refundPayment(operator: Refunder, input: RefundInput, origin: { address: string | null }): Promise<RefundOutcome> {
  if (!KEY_PATTERN.test(input.key)) throw new DomainError('REFUND_KEY', M.refundKeyMissing);
  if (!Number.isInteger(input.amount) || input.amount < 1) throw new DomainError('REFUND_AMOUNT', M.refundAmountInvalid);
  const reason = input.reason.trim().slice(0, 200);
  if (!reason) throw new DomainError('REFUND_REASON', M.refundReasonRequired);

  // 1. Reserve the amount under the payment's lock (or find the first attempt of this key).
  let reserved: { refund: PaymentRefund; payment: Payment; replayed: boolean };
  try {
    reserved = await db().transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for('update');
      if (!payment) throw new DomainError('PAYMENT_NOT_FOUND', M.paymentNotFound, 404);
      const [earlier] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, input.key));
      if (earlier) return { refund: earlier, payment, replayed: true };
      if (payment.status !== PaymentStatus.SUCCESS) throw new DomainError('NOT_REFUNDABLE', M.notRefundable, 409);
      const balance = await refundableBalance(tx, payment);
      if (input.amount > balance) throw new DomainError('REFUND_TOO_MUCH', M.refundTooMuch(won(Math.max(0, balance))), 409);
      if (payment.method !== PaymentMethod.DEPOSIT) {
        if (!payment.paymentKey) throw new DomainError('NO_PAYMENT_KEY', M.noPaymentKey, 409);
        if (!paymentGateway()) throw new DomainError('NO_GATEWAY', M.noGateway, 409);
      }
      const [refund] = await tx
        .insert(paymentRefunds)
        .values({ paymentId: payment.id, amount: input.amount, reason, idempotencyKey: input.key, requestedByUserId: operator.id })
        .returning();
      if (payment.method === PaymentMethod.DEPOSIT) {
        // Paid into the company's account: the company transfers the money back; the refund is recorded at once.
        const done = await completeRefund(tx, refund, null, operator, origin);
        return { refund: done.refund, payment: done.payment, replayed: false };
      }
      return { refund, payment, replayed: false };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      // The same key posted twice at once: the other request holds it.
      const [earlier] = await db().select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, input.key));
      if (earlier) return replay(earlier, input.paymentId);
    }
    throw error;
  }
  if (reserved.replayed) return replay(reserved.refund, input.paymentId);
  if (reserved.refund.state === 'DONE') return { ...reserved, replayed: false };

  // 2. Cancel at the provider under the form's key, outside any transaction.
  const gateway = paymentGateway()!;
  const result = await gateway.cancel(reserved.payment.paymentKey!, { cancelReason: reason, cancelAmount: input.amount }, input.key);
  if (result.ok) return settleFromProvider(reserved.refund, result.value, operator, origin);
  if (result.error.kind === 'provider') {
    const message = result.error.message.slice(0, 500);
    await db()
      .update(paymentRefunds)
      .set({ state: 'FAILED', error: `${result.error.code}: ${message}`, completedAt: now() })
      .where(and(eq(paymentRefunds.id, reserved.refund.id), eq(paymentRefunds.state, 'PENDING')));
    throw new DomainError('PROVIDER_REFUSED', `결제사가 환불을 거절했습니다: ${message}`, 409);
  }
  // 3. The answer was lost: the provider may or may not have cancelled. Read the payment back.
  const settled = await recheckRefund(reserved.refund.id, operator, origin);
  if (settled.refund.state === 'PENDING') throw new DomainError('REFUND_UNKNOWN', M.refundUnknown, 503);
  if (settled.refund.state === 'FAILED')
    throw new DomainError('PROVIDER_REFUSED', `환불하지 못했습니다: ${settled.refund.error ?? ''}`, 409);
  return settled;
}

/** The first outcome of a key, as the second post of the same form sees it. */
async function replay(refund: PaymentRefund, paymentId: number): Promise<RefundOutcome> {
  if (refund.paymentId !== paymentId) throw new DomainError('REFUND_KEY', M.refundKeyReused, 409);
  if (refund.state === 'PENDING') throw new DomainError('REFUND_PENDING', M.refundInProgress, 409);
  if (refund.state === 'FAILED') throw new DomainError('PROVIDER_REFUSED', `환불하지 못했습니다: ${refund.error ?? ''}`, 409);
  const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId));
  return { refund, payment, replayed: true };
}

/**
 * A PENDING refund whose provider answer was lost: re-reads the payment (never cancels again) and ends the refund DONE
 * when a cancel of its amount that no other refund claims is there, FAILED when the provider shows none, or leaves it
 * PENDING when the provider cannot be reached either.
 */
export async function recheckRefund(refundId: number, operator: Refunder, origin: { address: string | null }): Promise<RefundOutcome> {
  const [refund] = await db().select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
  if (!refund) throw new DomainError('REFUND_NOT_FOUND', '환불 요청을 찾을 수 없습니다.', 404);
  const [payment] = await db().select().from(payments).where(eq(payments.id, refund.paymentId));
  if (refund.state !== 'PENDING') return { refund, payment, replayed: true };
  const gateway = paymentGateway();
  if (!gateway || !payment.paymentKey) return { refund, payment, replayed: false };
  const read = await gateway.getPayment(payment.paymentKey);
  if (!read.ok) return { refund, payment, replayed: false };
  const claimed = await claimedTransactionKeys(payment.id);
  const ours = read.value.cancels.find((c) => !claimed.has(c.transactionKey) && c.cancelAmount === refund.amount);
  if (ours) return settleFromProvider(refund, read.value, operator, origin);
  const [failed] = await db()
    .update(paymentRefunds)
    .set({ state: 'FAILED', error: '결제사에 환불 기록이 없습니다.', completedAt: now() })
    .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.state, 'PENDING')))
    .returning();
  return { refund: failed ?? refund, payment, replayed: false };
}

async function claimedTransactionKeys(paymentId: number) {
  const rows = await db()
    .select({ key: paymentRefunds.transactionKey })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), isNotNull(paymentRefunds.transactionKey)));
  return new Set(rows.map((r) => r.key!));
}

/** The provider cancelled: the refund ends DONE with the cancel's transaction key (the newest unclaimed one of its amount). */
async function settleFromProvider(
  refund: PaymentRefund,
  provider: GatewayPayment,
  operator: Refunder,
  origin: { address: string | null },
): Promise<RefundOutcome> {
  const claimed = await claimedTransactionKeys(refund.paymentId);
  const cancel = [...provider.cancels].reverse().find((c) => !claimed.has(c.transactionKey) && c.cancelAmount === refund.amount);
  return db().transaction(async (tx) => {
    const [locked] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, refund.id)).for('update');
    if (locked.state !== 'PENDING') {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, refund.paymentId));
      return { refund: locked, payment, replayed: true };
    }
    const done = await completeRefund(tx, locked, cancel?.transactionKey ?? null, operator, origin);
    return { ...done, replayed: false };
  });
}

/**
 * In the caller's transaction: the refund DONE, the payment's refunded amount raised (REFUND when nothing is left), the
 * settlement line following it, the payer told, the operator's act audited.
 */
async function completeRefund(
  tx: Tx,
  refund: PaymentRefund,
  transactionKey: string | null,
  operator: Refunder,
  origin: { address: string | null },
): Promise<{ refund: PaymentRefund; payment: Payment }> {
  const at = now();
  const [done] = await tx
    .update(paymentRefunds)
    .set({ state: 'DONE', transactionKey, completedAt: at, error: null })
    .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.state, 'PENDING')))
    .returning();
  const [payment] = await tx
    .update(payments)
    .set({
      refundedAmount: sql`${payments.refundedAmount} + ${refund.amount}`,
      status: sql`case when ${payments.refundedAmount} + ${refund.amount} >= ${payments.amount} then ${PaymentStatus.REFUND} else ${payments.status} end`,
      updatedAt: at,
    })
    .where(and(eq(payments.id, refund.paymentId), inArray(payments.status, [PaymentStatus.SUCCESS])))
    .returning();
  if (!payment) throw new Error(`refund ${refund.id}: payment ${refund.paymentId} is no longer SUCCESS`);
  await followPayment(tx, refund.paymentId);
  const whole = payment.status === PaymentStatus.REFUND;
  await notifyPayer(tx, payment, {
    event: 'PAYMENT_REFUND',
    cause: `refund:${refund.id}`,
    variables: {
      주문명: payment.orderName || '이용료',
      환불금액: `${won(refund.amount)}${whole ? ' 전액' : ''}`,
      환불안내:
        payment.method === PaymentMethod.DEPOSIT
          ? '입금하신 계좌로 돌려드립니다.'
          : '결제하신 수단으로 돌려드리며, 카드사에 따라 며칠 걸릴 수 있습니다.',
      주문번호: payment.orderId,
    },
  });
  await recordAudit(tx, operator, origin, {
    action: 'payment.refund',
    targetType: 'payment',
    targetId: payment.id,
    before: { status: PaymentStatus.SUCCESS, refundedAmount: payment.refundedAmount - refund.amount },
    after: {
      status: payment.status,
      refundedAmount: payment.refundedAmount,
      refundId: done.id,
      amount: refund.amount,
      reason: refund.reason,
    },
  });
  return { refund: done, payment };
}

/** Who is told about the payment: the one who paid, else the academy's head. */
