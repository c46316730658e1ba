import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '~/db/client.server';
import { payments, users, type Payment } from '~/db/schema';
import { PaymentStatus } from '~/domain/enums';
import { won } from '~/domain/payments';
import { now } from '~/lib/clock.server';
import type { TalkEvent } from '~/domain/talk';
import { enqueueEventTalk } from '~/services/talk/events.server';
import { createSettlementLine } from './settlements.server';
import { sameTierAndMonth } from './tier-month.server';

// How an order ends, whoever ends it (the card confirmation, the sweeper, an operator confirming a deposit, the
// monthly billing charge). States only move forward: every change is a guarded UPDATE … WHERE status = WAITING, so of
// two racing requests one wins and the other changes nothing.

export { won };

export type SuccessDetails = {
  paymentKey?: string | null;
  approvedAt?: Date | null;
  paidWith?: string | null;
  receiptUrl?: string | null;
  confirmedByUserId?: number | null;
  cashReceiptKey?: string | null;
  cashReceiptUrl?: string | null;
};

/**
 * WAITING → SUCCESS in the caller's transaction: writes the settlement line, cancels the other orders still waiting
 * for the same tier and month (a deposit announced, then paid by card), and queues the receipt message to the payer.
 * Returns false when the order was not WAITING (another request ended it first).
 */
export async function markSucceeded(tx: Tx, paymentId: number, details: SuccessDetails = {}): Promise<boolean> {
  const at = now();
  const [row] = await tx
    .update(payments)
    .set({
      status: PaymentStatus.SUCCESS,
      approvedAt: details.approvedAt ?? at,
      ...(details.paymentKey ? { paymentKey: details.paymentKey } : {}),
      ...(details.paidWith ? { paidWith: details.paidWith } : {}),
      ...(details.receiptUrl ? { receiptUrl: details.receiptUrl } : {}),
      ...(details.confirmedByUserId ? { confirmedByUserId: details.confirmedByUserId } : {}),
      ...(details.cashReceiptKey ? { cashReceiptKey: details.cashReceiptKey } : {}),
      ...(details.cashReceiptUrl ? { cashReceiptUrl: details.cashReceiptUrl } : {}),
      failCode: null,
      failMessage: null,
      updatedAt: at,
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, PaymentStatus.WAITING)))
    .returning();
  if (!row) return false;
  await createSettlementLine(tx, row.id);
  await tx
    .update(payments)
    .set({
      status: PaymentStatus.CANCEL,
      failCode: 'PAID_BY_ANOTHER_ORDER',
      failMessage: '같은 달의 다른 결제가 완료되어 취소되었습니다.',
      updatedAt: at,
    })
    .where(and(sameTierAndMonth(row), eq(payments.status, PaymentStatus.WAITING), ne(payments.id, row.id)));
  await notifyPayer(tx, row, {
    event: 'PAYMENT_RECEIPT',
    cause: `payment:${row.id}:receipt`,
    variables: { 주문명: row.orderName || '이용료', 금액: won(row.amount), 주문번호: row.orderId },
  });
  return true;
}

/** WAITING → FAIL (or CANCEL when the payer gave up in the window), keeping the provider's code and message as given. */
export async function markFailed(
  tx: Tx,
  paymentId: number,
  failure: { code: string; message: string; status?: typeof PaymentStatus.FAIL | typeof PaymentStatus.CANCEL },
): Promise<boolean> {
  const [row] = await tx
    .update(payments)
    .set({
      status: failure.status ?? PaymentStatus.FAIL,
      failCode: failure.code.slice(0, 100),
      failMessage: failure.message.slice(0, 500),
      updatedAt: now(),
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, PaymentStatus.WAITING)))
    .returning({ id: payments.id });
  return Boolean(row);
}

/**
 * Who hears about an order: the user who placed it; else the academy's first active head; else (an individual
 * member's own organisation) its member. Null when nobody is left.
 */
export async function payerOf(tx: Tx, payment: Pick<Payment, 'payerUserId' | 'organisationId'>) {
  const person = { id: users.id, phone: users.phone };
  if (payment.payerUserId) {
    const [payer] = await tx.select(person).from(users).where(eq(users.id, payment.payerUserId));
    if (payer) return payer;
  }
  const active = and(eq(users.organisationId, payment.organisationId), eq(users.status, 'ACTIVE'));
  const [head] = await tx
    .select(person)
    .from(users)
    .where(and(active, sql`'HEAD' = any(${users.authorities})`))
    .orderBy(users.id)
    .limit(1);
  if (head) return head;
  const [member] = await tx.select(person).from(users).where(active).orderBy(users.id).limit(1);
  return member ?? null;
}

/**
 * Queues a talk message about an order to its payer (see payerOf), in the transaction of the change it reports: the
 * event's template with these variables, once per `cause`.
 */
export async function notifyPayer(
  tx: Tx,
  payment: Pick<Payment, 'payerUserId' | 'organisationId'>,
  message: { event: TalkEvent; cause: string; variables: Record<string, string> },
) {
  const recipient = await payerOf(tx, payment);
  if (!recipient?.phone) return;
  await enqueueEventTalk(tx, { ...message, recipients: [{ userId: recipient.id, phone: recipient.phone, role: 'payer' }] });
}
