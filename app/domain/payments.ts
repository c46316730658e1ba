import { monthLabel } from '~/lib/dates';
import { enumRecord, PaymentMethod, PaymentStatus, SettlementStatus, Tier } from './enums';

export { monthLabel };

// The words every payment page uses (the head's and the individual member's pages, receipts, the operators' console,
// settlement, the demo data): one place, so a tier or a state reads the same everywhere.
// Shared by server and client code: no server imports here.

export const TIER_LABELS = enumRecord(Tier, {
  BASIC: '기본 이용료',
  ADD1: '학생 추가 1',
  ADD2: '학생 추가 2',
  NEW: '신규 등록',
  NONE: '없음',
});

export const PAYMENT_METHOD_LABELS = enumRecord(PaymentMethod, { CARD: '카드', BANK_TRANSFER: '계좌이체', DEPOSIT: '무통장입금' });

export const PAYMENT_STATUS_LABELS = enumRecord(PaymentStatus, {
  WAITING: '결제 대기',
  CANCEL: '결제 취소',
  REFUND: '환불',
  FAIL: '결제 실패',
  SUCCESS: '결제 완료',
});

export const SETTLEMENT_STATUS_LABELS = enumRecord(SettlementStatus, {
  WAITING: '지급 대기',
  SUCCESS: '지급 완료',
  REFUND: '환불',
  CANCEL: '취소',
});

/** A line of a month's bill: paid, being confirmed (a window's payment), waiting for a 무통장입금, or due. */
export type BillLineState = 'paid' | 'checking' | 'deposit' | 'due';
export const BILL_LINE_STATE_LABELS: Record<BillLineState, string> = {
  paid: '결제 완료',
  checking: '결제 확인 중',
  deposit: '입금 대기',
  due: '미결제',
};

/** Where a payer's month stands (the head's dashboard and payments page, the operators' lists, /api/me). */
export type MonthState = 'paid' | 'waiting' | 'due' | 'unpriced' | 'closed';
export const MONTH_STATE_LABELS: Record<MonthState, string> = {
  paid: '결제 완료',
  waiting: '결제 확인 중',
  due: '미결제',
  unpriced: '가격 미정',
  closed: '해지 (자동 결제 없음)',
};

/** An order's state as lists name it: a SUCCESS order partly refunded reads '부분 환불', not '결제 완료'. */
export function paymentStatusLabel(p: { status: PaymentStatus; amount: number; refundedAmount: number }): string {
  if (p.status === PaymentStatus.SUCCESS && p.refundedAmount > 0 && p.refundedAmount < p.amount) return '부분 환불';
  return PAYMENT_STATUS_LABELS[p.status] ?? String(p.status);
}

/** '₩99,000' */
export const won = (amount: number) => `₩${amount.toLocaleString('ko-KR')}`;

/** What the provider's window and the receipt call an order: '리드인 기본 이용료 2026년 11월'. */
export function orderNameOf(tier: Tier, month: string): string {
  const name = tier === Tier.NEW ? '신규 등록비' : TIER_LABELS[tier];
  return `리드인 ${name} ${monthLabel(month)}`;
}
