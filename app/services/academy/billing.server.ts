import { and, asc, count, desc, eq } from 'drizzle-orm';
import { config } from '~/config.server';
import { db } from '~/db/client.server';
import { paymentRefunds, payments } from '~/db/schema';
import { PaymentMethod, PaymentStatus, ReceiptType, Tier } from '~/domain/enums';
import { monthLabel, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, paymentStatusLabel, TIER_LABELS, won } from '~/domain/payments';
import { now } from '~/lib/clock.server';
import { formatKoreanDate, formatDateTime, seoulMonth } from '~/lib/dates';
import { DomainError } from '~/lib/errors';
import { billingState } from '~/services/payments/billing-state.server';
import { paymentGateway } from '~/services/payments/gateway.server';
import { ORDER_MESSAGES, payerOrganisation, receiptPath, type Payer, type PayerOrganisation } from '~/services/payments/orders.server';
import { pageCount } from '../paged-list.server';

// The payments page of a payer (product.md §3 "payments (HEAD only)"; an individual member's own from their my page):
// this Seoul month's billing state (billing-state.server.ts: each line paid, being confirmed, waiting for a deposit, or
// due; what was paid, refunded and is still due), how to pay it (card and transfer through the provider's window, 무통장입금 to the company's account), the history, and
// each order's receipt.

export const RECEIPT_TYPE_LABELS: Record<ReceiptType, string> = {
  [ReceiptType.PERSONAL]: '소득공제용 (휴대폰 번호)',
  [ReceiptType.BUSINESS]: '지출증빙용 (사업자등록번호)',
  [ReceiptType.NONE]: '발급 안 함',
};

export const PAYMENTS_PAGE_SIZE = 12;

/** The payments page of the organisation `org` pays for. */
export async function paymentsOverview(org: PayerOrganisation, page = 1) {
  const month = seoulMonth(now());
  const p = Math.max(1, Math.floor(page));
  const mine = eq(payments.organisationId, org.id);
  const [bill, [{ total }], rows, waiting] = await Promise.all([
    billingState(org.id, month),
    db().select({ total: count() }).from(payments).where(mine),
    db()
      .select()
      .from(payments)
      .where(mine)
      .orderBy(desc(payments.paidMonth), desc(payments.createdAt), desc(payments.id))
      .limit(PAYMENTS_PAGE_SIZE)
      .offset((p - 1) * PAYMENTS_PAGE_SIZE),
    db()
      .select()
      .from(payments)
      .where(and(mine, eq(payments.paidMonth, month), eq(payments.status, PaymentStatus.WAITING)))
      .orderBy(asc(payments.createdAt)),
  ]);
  if (!bill) throw new DomainError('PAYMENT_NOT_FOUND', '결제 내역을 찾을 수 없습니다.', 404);
  const lines = bill.lines.map((l) => ({
    tier: l.tier,
    label: l.label,
    reason: l.reason,
    amount: l.amount,
    display: won(l.amount),
    state: l.state,
    refunded: l.refunded ? won(l.refunded) : null,
    waitingOrderId: l.waitingOrderId,
  }));
  const basic = bill.lines.find((l) => l.tier === Tier.BASIC);
  const payments_ = config().payments;
  const business = config().business;
  return {
    month,
    monthLabel: monthLabel(month),
    due: basic ? { tier: TIER_LABELS[Tier.BASIC], amount: basic.amount, display: won(basic.amount) } : null,
    paid: bill.basicPaid,
    summary: {
      state: bill.state,
      stateLabel: bill.words.headline,
      owed: won(bill.owed),
      paid: won(bill.paid),
      refunded: bill.refunded ? won(bill.refunded) : null,
      pending: bill.pending ? won(bill.pending) : null,
      due: won(bill.due),
      dueAmount: bill.due,
    },
    lines,
    unpriced: bill.unpriced.map((t) => TIER_LABELS[t]),
    payable: lines.filter((l) => l.state !== 'paid' && l.state !== 'checking'),
    cardAvailable: paymentGateway() !== null,
    deposit: payments_.deposit,
    waitingDeposits: waiting
      .filter((w) => w.method === PaymentMethod.DEPOSIT)
      .map((w) => ({
        id: w.id,
        tier: TIER_LABELS[w.tier],
        amount: won(w.amount),
        depositorName: w.depositorName,
        until: w.expiresAt ? formatKoreanDate(w.expiresAt) : null,
      })),
    history: rows.map((r) => ({
      id: r.id,
      month: r.paidMonth,
      tier: TIER_LABELS[r.tier] ?? String(r.tier),
      method: PAYMENT_METHOD_LABELS[r.method] ?? r.method,
      status: paymentStatusLabel(r),
      success: r.status === PaymentStatus.SUCCESS,
      amount: won(r.amount),
      refunded: r.refundedAmount > 0 ? won(r.refundedAmount) : null,
      approvedOn: r.approvedAt ? formatKoreanDate(r.approvedAt) : null,
      href: receiptPath(r.id, org.kind),
    })),
    page: p,
    pages: pageCount(Number(total), PAYMENTS_PAGE_SIZE),
    total: Number(total),
    contact: { name: business.name, phone: business.phone, email: business.email, hours: business.hours },
  };
}

/** The HEAD's page: their academy's payments. */
export async function billingOverview(head: Payer, page = 1) {
  return paymentsOverview(await payerOrganisation(head), page);
}

const maskIdentity = (type: ReceiptType, identity: string | null) => {
  if (!identity) return null;
  if (type === ReceiptType.BUSINESS) return `${identity.slice(0, 3)}-${identity.slice(3, 5)}-*****`;
  return `${identity.slice(0, 3)}-****-${identity.slice(-4)}`;
};

/** One order's receipt, for the payer of its organisation (another organisation's id answers 404). */
export async function paymentReceipt(payer: Payer, paymentId: number) {
  const org = await payerOrganisation(payer);
  const [row] = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.organisationId, org.id)));
  if (!row) throw new DomainError('PAYMENT_NOT_FOUND', '결제 내역을 찾을 수 없습니다.', 404);
  const refunds = await db()
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, row.id))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  const deposit = config().payments.deposit;
  const waiting = row.status === PaymentStatus.WAITING;
  return {
    id: row.id,
    organisationName: org.name,
    status: row.status,
    statusLabel: PAYMENT_STATUS_LABELS[row.status],
    checking: waiting && row.method !== PaymentMethod.DEPOSIT && Boolean(row.confirmStartedAt),
    checkingMessage: ORDER_MESSAGES.checking,
    amount: won(row.amount),
    balance: won(row.amount - row.refundedAmount),
    refunded: row.refundedAmount > 0 ? won(row.refundedAmount) : null,
    tier: TIER_LABELS[row.tier],
    orderName: row.orderName,
    month: monthLabel(row.paidMonth),
    method: PAYMENT_METHOD_LABELS[row.method],
    paidWith: row.paidWith,
    approvedAt:
      row.approvedAt && (row.status === PaymentStatus.SUCCESS || row.status === PaymentStatus.REFUND)
        ? formatDateTime(row.approvedAt)
        : null,
    createdAt: formatDateTime(row.createdAt),
    orderId: row.orderId,
    receiptUrl: row.receiptUrl && /^https?:\/\//.test(row.receiptUrl) ? row.receiptUrl : null,
    cashReceipt:
      row.method === PaymentMethod.CARD
        ? null
        : {
            type: RECEIPT_TYPE_LABELS[row.receiptType],
            identity: maskIdentity(row.receiptType, row.cashReceiptIdentity),
            url: row.cashReceiptUrl && /^https?:\/\//.test(row.cashReceiptUrl) ? row.cashReceiptUrl : null,
          },
    failure: row.failMessage ? { code: row.failCode, message: row.failMessage } : null,
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: won(r.amount),
      reason: r.reason,
      state: r.state === 'DONE' ? '환불 완료' : r.state === 'FAILED' ? '환불 실패' : '환불 처리 중',
      at: formatDateTime(r.completedAt ?? r.createdAt),
    })),
    deposit:
      waiting && row.method === PaymentMethod.DEPOSIT && deposit
        ? { ...deposit, depositorName: row.depositorName, until: row.expiresAt ? formatDateTime(row.expiresAt) : null }
        : null,
    listHref: org.kind === 'academy' ? '/admin/payments' : '/user/my-page/payments',
  };
}

export type PaymentReceipt = Awaited<ReturnType<typeof paymentReceipt>>;
export type PaymentsOverview = Awaited<ReturnType<typeof paymentsOverview>>;
