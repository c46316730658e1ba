import { paymentCustomerKey } from './customer-key.server';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { config } from '~/config.server';
import { db } from '~/db/client.server';
import { organisations, payments, type Payment, type PaymentWindow } from '~/db/schema';
import { PaymentMethod, PaymentStatus, ReceiptType, Tier, type OrganisationKind } from '~/domain/enums';
import { orderNameOf } from '~/domain/payments';
import { now } from '~/lib/clock.server';
import { seoulDay, seoulMonth } from '~/lib/dates';
import { DomainError } from '~/lib/errors';
import { paymentGateway } from './gateway.server';
import type { CheckoutParams } from './gateway-types.server';
import { billFor } from './prices.server';
import { sameTierAndMonth } from './tier-month.server';

// Placing an order (product.md §3, issue 14): who pays, the order written WAITING with its amount taken from the bill
// before any provider window opens, the window's parameters, and finding an order again. How the order ends (the
// window's return, the confirmation, the sweeper, the webhook) is in order-confirmation.server.ts.

export const ORDER_MESSAGES = {
  tierNotDue: '이번 달에 결제할 항목이 아닙니다.',
  alreadyPaid: '이미 결제된 항목입니다.',
  unpriced: '아직 가격이 정해지지 않은 항목입니다. 고객센터에 문의해 주세요.',
  notPayer: '결제할 수 있는 계정이 아닙니다.',
  methodInvalid: '결제 수단을 선택해 주세요.',
  cardUnavailable: '지금은 카드·계좌이체 결제를 이용할 수 없습니다. 무통장입금으로 결제해 주세요.',
  depositUnavailable: '지금은 무통장입금을 이용할 수 없습니다. 고객센터에 문의해 주세요.',
  receiptTypeInvalid: '현금영수증 종류를 선택해 주세요.',
  personalIdentity: '현금영수증(소득공제)을 받을 휴대폰 번호를 숫자 10~11자리로 입력해 주세요.',
  businessIdentity: '현금영수증(지출증빙)을 받을 사업자등록번호 10자리를 입력해 주세요.',
  depositorName: '입금자명을 1~20자로 입력해 주세요.',
  amountMismatch: '결제 금액이 주문 금액과 다릅니다. 다시 결제해 주세요.',
  expired: '결제 시간이 지나 주문이 만료되었습니다.',
  checking: '결제를 확인하고 있습니다',
} as const;

/** Card and transfer windows die unauthenticated after 30 minutes; an authenticated payment must be confirmed within 10. */
export const WINDOW_MINUTES = 30;
export const CONFIRM_MINUTES = 10;
/** A 무통장입금 order waits a week for the deposit. */
export const DEPOSIT_DAYS = 7;

const MINUTE = 60_000;

/** Who pays: a HEAD for their academy, or an individual member for their own organisation (kind 'student'). */
export type Payer = { id: number; role: string; authorities: readonly string[]; organisationId: number | null };

export type PayerOrganisation = { id: number; kind: OrganisationKind; name: string };

/** The organisation `payer` pays for, or a 403. */
export async function payerOrganisation(payer: Payer): Promise<PayerOrganisation> {
  if (!payer.organisationId) throw new DomainError('NOT_PAYER', ORDER_MESSAGES.notPayer, 403);
  const [org] = await db()
    .select({ id: organisations.id, kind: organisations.kind, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, payer.organisationId));
  const head = payer.role === 'ADMIN' && payer.authorities.includes('HEAD') && org?.kind === 'academy';
  const individual = payer.role === 'USER' && org?.kind === 'student';
  if (!org || !(head || individual)) throw new DomainError('NOT_PAYER', ORDER_MESSAGES.notPayer, 403);
  return org;
}

/** Where the payer reads an order's receipt. */
export function receiptPath(paymentId: number, kind: OrganisationKind): string {
  return kind === 'academy' ? `/admin/payments/${paymentId}` : `/user/my-page/payments/${paymentId}`;
}

export type OrderInput = {
  tier: Tier;
  method: PaymentMethod;
  receiptType?: ReceiptType;
  cashReceiptIdentity?: string | null;
  depositorName?: string | null;
  window: PaymentWindow;
};

const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');

/** The order id: Toss accepts 6–64 characters of [A-Za-z0-9_-]. */
export function newOrderId(at: Date = now()): string {
  return `RI-${seoulDay(at).replace(/-/g, '')}-${randomBytes(9).toString('base64url')}`;
}

function validReceipt(input: OrderInput): { receiptType: ReceiptType; identity: string | null } {
  if (input.method === PaymentMethod.CARD) return { receiptType: ReceiptType.NONE, identity: null };
  const type = input.receiptType;
  if (type !== ReceiptType.PERSONAL && type !== ReceiptType.BUSINESS && type !== ReceiptType.NONE) {
    throw new DomainError('RECEIPT_TYPE', ORDER_MESSAGES.receiptTypeInvalid);
  }
  if (type === ReceiptType.NONE) return { receiptType: type, identity: null };
  const d = digits(input.cashReceiptIdentity);
  if (type === ReceiptType.PERSONAL && !/^01\d{8,9}$/.test(d)) throw new DomainError('RECEIPT_IDENTITY', ORDER_MESSAGES.personalIdentity);
  if (type === ReceiptType.BUSINESS && !/^\d{10}$/.test(d)) throw new DomainError('RECEIPT_IDENTITY', ORDER_MESSAGES.businessIdentity);
  return { receiptType: type, identity: d };
}

/**
 * Writes a WAITING order for one unpaid line of this Seoul month's bill. The amount comes only from the bill.
 * A 무통장입금 asked for again while one is waiting for the same tier answers the waiting one (a double submit).
 */
export async function createOrder(payer: Payer, input: OrderInput): Promise<Payment> {
  const org = await payerOrganisation(payer);
  const at = now();
  const month = seoulMonth(at);
  if (![PaymentMethod.CARD, PaymentMethod.BANK_TRANSFER, PaymentMethod.DEPOSIT].includes(input.method)) {
    throw new DomainError('METHOD', ORDER_MESSAGES.methodInvalid);
  }
  const bill = await billFor(org.id, org.kind, month);
  const line = bill.lines.find((l) => l.tier === input.tier);
  if (!line) {
    if (bill.unpriced.includes(input.tier)) throw new DomainError('UNPRICED', ORDER_MESSAGES.unpriced, 409);
    throw new DomainError('TIER_NOT_DUE', ORDER_MESSAGES.tierNotDue, 409);
  }
  if (line.paid) throw new DomainError('ALREADY_PAID', ORDER_MESSAGES.alreadyPaid, 409);
  const { receiptType, identity } = validReceipt(input);
  let depositorName: string | null = null;
  if (input.method === PaymentMethod.DEPOSIT) {
    if (!config().payments.deposit) throw new DomainError('DEPOSIT_UNAVAILABLE', ORDER_MESSAGES.depositUnavailable, 409);
    depositorName = (input.depositorName ?? '').trim();
    if (depositorName.length < 1 || depositorName.length > 20) throw new DomainError('DEPOSITOR', ORDER_MESSAGES.depositorName);
    const [waiting] = await db()
      .select()
      .from(payments)
      .where(
        and(
          sameTierAndMonth({ organisationId: org.id, paidMonth: month, tier: input.tier }),
          eq(payments.method, PaymentMethod.DEPOSIT),
          eq(payments.status, PaymentStatus.WAITING),
        ),
      )
      .limit(1);
    if (waiting) return waiting;
  } else if (!paymentGateway()) {
    throw new DomainError('CARD_UNAVAILABLE', ORDER_MESSAGES.cardUnavailable, 409);
  }
  const expiresAt = new Date(at.getTime() + (input.method === PaymentMethod.DEPOSIT ? DEPOSIT_DAYS * 24 * 60 : WINDOW_MINUTES) * MINUTE);
  const [row] = await db()
    .insert(payments)
    .values({
      orderId: newOrderId(at),
      organisationId: org.id,
      tier: input.tier,
      method: input.method,
      status: PaymentStatus.WAITING,
      amount: line.amount,
      paidMonth: month,
      receiptType,
      cashReceiptIdentity: identity,
      depositorName,
      orderName: orderNameOf(input.tier, month),
      payerUserId: payer.id,
      window: input.method === PaymentMethod.DEPOSIT ? 'page' : input.window,
      expiresAt,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row;
}

/** What the provider's window is opened with (the organisation's random customer key: customer-key.server.ts). */
export async function checkoutParams(order: Payment, origin: string): Promise<CheckoutParams> {
  return {
    method: order.method === PaymentMethod.BANK_TRANSFER ? 'TRANSFER' : 'CARD',
    orderId: order.orderId,
    orderName: order.orderName,
    amount: order.amount,
    customerKey: await paymentCustomerKey(order.organisationId),
    successUrl: `${origin}/card-pay/success`,
    failUrl: `${origin}/card-pay/fail`,
  };
}

/** Our origin for the provider's return URLs: PUBLIC_URL, else that of the page's address (anything with a `url`). */
export function originOf(page: { url: string }): string {
  return config().publicUrl ?? new URL(page.url).origin;
}

export async function findOrder(orderId: string): Promise<Payment | null> {
  if (!/^[A-Za-z0-9_-]{6,64}$/.test(orderId)) return null;
  const [row] = await db().select().from(payments).where(eq(payments.orderId, orderId));
  return row ?? null;
}

export async function organisationKindOf(organisationId: number): Promise<OrganisationKind> {
  const [org] = await db().select({ kind: organisations.kind }).from(organisations).where(eq(organisations.id, organisationId));
  return org?.kind ?? 'academy';
}
