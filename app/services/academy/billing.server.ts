import { count, desc, eq } from 'drizzle-orm';
import { config } from '~/config.server';
import { db } from '~/db/client.server';
import { payments } from '~/db/schema';
import { DEMO_PRICES } from '~/db/seed/base.server';
import { PaymentMethod, PaymentStatus, Tier } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { formatKoreanDate, seoulMonth } from '~/lib/dates';
import { hasBasicPay } from '~/services/payments/basic-pay.server';
import { won } from '~/services/payments/outcomes.server';
import { academyOf, type AcademyStaff } from './scope.server';

// The academy's payments as its head sees them (product.md §3 "payments (HEAD only)"): what this month's basic fee is,
// whether it is paid, and every payment so far. Read-only: a payment is recorded by the card flow or, for a deposit,
// by an operator who confirms it.

export const TIER_LABELS: Record<Tier, string> = {
  [Tier.BASIC]: '기본 이용료',
  [Tier.ADD1]: '학생 추가 1',
  [Tier.ADD2]: '학생 추가 2',
  [Tier.NEW]: '신규 등록',
  [Tier.NONE]: '없음',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  [PaymentMethod.CARD]: '카드',
  [PaymentMethod.BANK_TRANSFER]: '계좌이체',
  [PaymentMethod.DEPOSIT]: '무통장입금',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  [PaymentStatus.WAITING]: '결제 대기',
  [PaymentStatus.CANCEL]: '결제 취소',
  [PaymentStatus.REFUND]: '환불',
  [PaymentStatus.FAIL]: '결제 실패',
  [PaymentStatus.SUCCESS]: '결제 완료',
};

/**
 * The monthly basic fee. There is no price table yet: operators will set prices there; until then the price is the
 * one the demo data charges (DEMO_PRICES.BASIC).
 */
export const BASIC_MONTHLY_PRICE: number = DEMO_PRICES.BASIC;

export const PAYMENTS_PAGE_SIZE = 12;

export { won };

export async function billingOverview(staff: AcademyStaff, page = 1) {
  const organisationId = academyOf(staff);
  const month = seoulMonth(now());
  const p = Math.max(1, Math.floor(page));
  const mine = eq(payments.organisationId, organisationId);
  const [paid, [{ total }], rows] = await Promise.all([
    hasBasicPay(organisationId),
    db().select({ total: count() }).from(payments).where(mine),
    db()
      .select()
      .from(payments)
      .where(mine)
      .orderBy(desc(payments.paidMonth), desc(payments.createdAt), desc(payments.id))
      .limit(PAYMENTS_PAGE_SIZE)
      .offset((p - 1) * PAYMENTS_PAGE_SIZE),
  ]);
  const business = config().business;
  return {
    month,
    due: { tier: TIER_LABELS[Tier.BASIC], amount: BASIC_MONTHLY_PRICE, display: won(BASIC_MONTHLY_PRICE) },
    paid,
    history: rows.map((r) => ({
      id: r.id,
      month: r.paidMonth,
      tier: TIER_LABELS[r.tier] ?? String(r.tier),
      method: PAYMENT_METHOD_LABELS[r.method] ?? r.method,
      status: PAYMENT_STATUS_LABELS[r.status] ?? String(r.status),
      success: r.status === PaymentStatus.SUCCESS,
      amount: won(r.amount),
      approvedOn: r.approvedAt ? formatKoreanDate(r.approvedAt) : null,
    })),
    page: p,
    pages: Math.max(1, Math.ceil(Number(total) / PAYMENTS_PAGE_SIZE)),
    total: Number(total),
    /** Who to ask for the deposit account: the company's customer service from the business details. */
    contact: { name: business.name, phone: business.phone, email: business.email, hours: business.hours },
  };
}
