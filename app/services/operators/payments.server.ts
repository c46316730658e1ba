import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db } from '~/db/client.server';
import { agencies, organisations, paymentRefunds, payments, settlements, users, type Payment } from '~/db/schema';
import { PaymentMethod, PaymentStatus, ReceiptType } from '~/domain/enums';
import { OPERATOR_PAYMENT_MESSAGES as M } from '~/domain/operator-payments';
import { now } from '~/lib/clock.server';
import { DomainError, isUniqueViolation } from '~/lib/errors';
import { paymentGateway } from '~/services/payments/gateway.server';
import { markSucceeded } from '~/services/payments/outcomes.server';
import { newRefundKey, refundableBalance } from '~/services/payments/refunds.server';
import { followPayment } from '~/services/payments/settlements.server';
import { sameTierAndMonth } from '~/services/payments/tier-month.server';
import { onePage, searchIn, shortSearch } from '../paged-list.server';
import { recordAudit, statusChange } from './audit.server';
import type { Operator, Origin } from './users.server';

// The operators' payments console (super area, ADMIN1 and ADMIN2): every order of every academy and member, with
// filters; one order with everything it has; and the acts on it: confirm a 무통장입금 that arrived in the company's
// account, cancel an order still waiting, refund (services/payments/refunds.server.ts). Every act is a guarded change
// audited in its own transaction.

export const PAYMENTS_CONSOLE_PAGE_SIZE = 20;

export type PaymentFilters = { status?: number; method?: string; month?: string; academy?: string };

/** The list, newest first, with the payer organisation's name; two queries whatever the page. */
export async function listPayments(filters: PaymentFilters, page: number) {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(payments.status, filters.status as PaymentStatus));
  if (filters.method) where.push(eq(payments.method, filters.method as PaymentMethod));
  if (filters.month) where.push(eq(payments.paidMonth, filters.month));
  if (filters.academy) where.push(searchIn(filters.academy, organisations.name)!);
  // One or two letters: the payers holding them by the organisations' grams index (name and code, drizzle/0024); the
  // ILIKE above keeps those whose name has them.
  const short = shortSearch(filters.academy, organisations.name, organisations.code);
  if (short) where.push(short);
  const condition = where.length ? and(...where) : undefined;
  return onePage(
    page,
    PAYMENTS_CONSOLE_PAGE_SIZE,
    db()
      .select({
        id: payments.id,
        orderId: payments.orderId,
        organisationName: organisations.name,
        organisationKind: organisations.kind,
        tier: payments.tier,
        method: payments.method,
        status: payments.status,
        amount: payments.amount,
        refundedAmount: payments.refundedAmount,
        paidMonth: payments.paidMonth,
        createdAt: payments.createdAt,
        approvedAt: payments.approvedAt,
        depositorName: payments.depositorName,
      })
      .from(payments)
      .innerJoin(organisations, eq(organisations.id, payments.organisationId))
      .where(condition)
      .orderBy(desc(payments.createdAt), desc(payments.id)),
    db().select({ total: count() }).from(payments).innerJoin(organisations, eq(organisations.id, payments.organisationId)).where(condition),
    { estimate: true },
  );
}

/** One order with its payer, refunds, settlement line, what is left to refund, and a fresh key for the refund form. */
export async function paymentDetail(id: number) {
  const payer = alias(users, 'payer');
  const confirmer = alias(users, 'confirmer');
  const branch = alias(organisations, 'branch');
  const [row] = await db()
    .select({
      payment: payments,
      organisationName: organisations.name,
      organisationKind: organisations.kind,
      payerName: payer.name,
      payerLoginId: payer.loginId,
      confirmedByName: confirmer.name,
    })
    .from(payments)
    .innerJoin(organisations, eq(organisations.id, payments.organisationId))
    .leftJoin(payer, eq(payer.id, payments.payerUserId))
    .leftJoin(confirmer, eq(confirmer.id, payments.confirmedByUserId))
    .where(eq(payments.id, id));
  if (!row) return null;
  const requester = alias(users, 'requester');
  const payoutBy = alias(users, 'payout_by');
  const [refunds, [line], balance, others] = await Promise.all([
    db()
      .select({ refund: paymentRefunds, requestedBy: requester.name })
      .from(paymentRefunds)
      .leftJoin(requester, eq(requester.id, paymentRefunds.requestedByUserId))
      .where(eq(paymentRefunds.paymentId, id))
      .orderBy(asc(paymentRefunds.id)),
    db()
      .select({
        line: settlements,
        branchName: branch.name,
        agencyName: agencies.name,
        paidOutBy: payoutBy.name,
      })
      .from(settlements)
      .innerJoin(branch, eq(branch.id, settlements.branchId))
      .leftJoin(agencies, eq(agencies.id, settlements.agencyId))
      .leftJoin(payoutBy, eq(payoutBy.id, settlements.paidOutByUserId))
      .where(eq(settlements.paymentId, id)),
    refundableBalance(db(), row.payment),
    // Orders of the same organisation, month and tier: a deposit for a tier already paid shows why it is refused.
    db()
      .select({ id: payments.id, orderId: payments.orderId, status: payments.status, method: payments.method })
      .from(payments)
      .where(and(sameTierAndMonth(row.payment), ne(payments.id, id)))
      .orderBy(asc(payments.id)),
  ]);
  return {
    ...row,
    refunds: refunds.map((r) => ({ ...r.refund, requestedBy: r.requestedBy })),
    settlement: line ? { ...line.line, branchName: line.branchName, agencyName: line.agencyName, paidOutBy: line.paidOutBy } : null,
    balance: row.payment.status === PaymentStatus.SUCCESS ? Math.max(0, balance) : 0,
    sameTier: others,
    refundKey: newRefundKey(),
    gateway: paymentGateway() !== null,
  };
}

async function loadPayment(id: number): Promise<Payment> {
  const [payment] = await db().select().from(payments).where(eq(payments.id, id));
  if (!payment) throw new DomainError('PAYMENT_NOT_FOUND', M.paymentNotFound, 404);
  return payment;
}

export type DepositConfirmation = { payment: Payment; cashReceipt: 'issued' | 'failed' | 'none'; cashReceiptError?: string };

/**
 * An operator saw a 무통장입금 arrive: the WAITING deposit order turns SUCCESS (markSucceeded: its settlement line, other
 * waiting orders of the tier cancelled, the receipt message), confirmed by the operator. A tier already paid for that
 * month is refused (the money is then sent back). A cash receipt of type C or T is then issued through the gateway
 * when one is configured; a failure there leaves the payment paid and the receipt to issue again from its page.
 */
export async function confirmDeposit(operator: Operator, id: number, origin: Origin): Promise<DepositConfirmation> {
  const existing = await loadPayment(id);
  if (existing.method !== PaymentMethod.DEPOSIT) throw new DomainError('NOT_DEPOSIT', M.notDeposit, 409);
  let payment: Payment;
  try {
    payment = await db().transaction(async (tx) => {
      const [locked] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
      if (locked.status !== PaymentStatus.WAITING) throw new DomainError('NOT_WAITING', M.notWaiting, 409);
      const [paid] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(sameTierAndMonth(locked), eq(payments.status, PaymentStatus.SUCCESS)))
        .limit(1);
      if (paid) throw new DomainError('ALREADY_PAID', M.alreadyPaid, 409);
      const ok = await markSucceeded(tx, id, { confirmedByUserId: operator.id, paidWith: '무통장입금' });
      if (!ok) throw new DomainError('NOT_WAITING', M.notWaiting, 409);
      await recordAudit(tx, operator, origin, {
        action: 'payment.confirm-deposit',
        targetType: 'payment',
        targetId: id,
        before: { status: PaymentStatus.WAITING },
        after: { status: PaymentStatus.SUCCESS, amount: locked.amount, depositorName: locked.depositorName },
      });
      const [after] = await tx.select().from(payments).where(eq(payments.id, id));
      return after;
    });
  } catch (error) {
    // Another order of the tier is being confirmed (payments_one_success_key).
    if (isUniqueViolation(error)) throw new DomainError('ALREADY_PAID', M.alreadyPaid, 409);
    throw error;
  }
  if (payment.receiptType === ReceiptType.NONE || !paymentGateway()) return { payment, cashReceipt: 'none' };
  return issueCashReceiptFor(operator, id, origin);
}

/** Issues the cash receipt (C: 소득공제, T: 지출증빙) of a paid deposit that has none yet; keeps its key and URL. */
export async function issueCashReceiptFor(operator: Operator, id: number, origin: Origin): Promise<DepositConfirmation> {
  const payment = await loadPayment(id);
  const gateway = paymentGateway();
  if (payment.method !== PaymentMethod.DEPOSIT || payment.status !== PaymentStatus.SUCCESS || payment.receiptType === ReceiptType.NONE) {
    throw new DomainError('NO_CASH_RECEIPT', '현금영수증을 발급할 결제가 아닙니다.', 409);
  }
  if (payment.cashReceiptKey) return { payment, cashReceipt: 'issued' };
  if (!gateway) return { payment, cashReceipt: 'failed', cashReceiptError: '결제사 연동이 설정되지 않았습니다.' };
  const identity = (payment.cashReceiptIdentity ?? '').replace(/\D/g, '');
  if (!identity) return { payment, cashReceipt: 'failed', cashReceiptError: '현금영수증 발급 번호가 없습니다.' };
  const result = await gateway.issueCashReceipt(
    {
      amount: payment.amount,
      orderId: payment.orderId,
      orderName: payment.orderName || '리드인 이용료',
      customerIdentityNumber: identity,
      type: payment.receiptType === ReceiptType.BUSINESS ? '지출증빙' : '소득공제',
    },
    // One receipt per order: a retry after a lost answer gets the first receipt back (Toss keeps a key 15 days).
    `cash-receipt-${payment.orderId}`,
  );
  if (!result.ok) {
    const message = result.error.kind === 'provider' ? result.error.message : '결제사에 연결하지 못했습니다.';
    return { payment, cashReceipt: 'failed', cashReceiptError: message.slice(0, 300) };
  }
  const issued = await db().transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({ cashReceiptKey: result.value.receiptKey, cashReceiptUrl: result.value.receiptUrl, updatedAt: now() })
      .where(and(eq(payments.id, id), eq(payments.status, PaymentStatus.SUCCESS)))
      .returning();
    await recordAudit(tx, operator, origin, {
      action: 'payment.cash-receipt',
      targetType: 'payment',
      targetId: id,
      after: { receiptType: payment.receiptType, issueNumber: result.value.issueNumber },
    });
    return row ?? payment;
  });
  return { payment: issued, cashReceipt: 'issued' };
}

/**
 * Voids an order still WAITING (before any money was taken): CANCEL. An order whose card confirmation has started is
 * left to it.
 */
export async function cancelOrder(operator: Operator, id: number, origin: Origin): Promise<Payment> {
  await loadPayment(id);
  return db().transaction(async (tx) => {
    const [locked] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
    if (locked.status !== PaymentStatus.WAITING) throw new DomainError('NOT_WAITING', M.notWaiting, 409);
    if (locked.confirmStartedAt) throw new DomainError('CONFIRMING', M.confirming, 409);
    const [row] = await tx
      .update(payments)
      .set({
        status: PaymentStatus.CANCEL,
        failCode: 'CANCELED_BY_OPERATOR',
        failMessage: '결제 전에 운영자가 주문을 취소했습니다.',
        updatedAt: now(),
      })
      .where(and(eq(payments.id, id), eq(payments.status, PaymentStatus.WAITING)))
      .returning();
    await followPayment(tx, id);
    await recordAudit(tx, operator, origin, {
      action: 'payment.cancel',
      targetType: 'payment',
      targetId: id,
      ...statusChange(PaymentStatus.WAITING, PaymentStatus.CANCEL),
    });
    return row;
  });
}
