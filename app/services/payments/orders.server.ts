import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { config } from '~/config.server';
import { db } from '~/db/client.server';
import { organisations, payments, type Payment, type PaymentWindow } from '~/db/schema';
import { PaymentMethod, PaymentStatus, ReceiptType, Tier, type OrganisationKind } from '~/domain/enums';
import { orderNameOf } from '~/domain/payments';
import { now } from '~/lib/clock.server';
import { seoulDay, seoulMonth } from '~/lib/dates';
import { DomainError, isUniqueViolation } from '~/lib/errors';
import { log } from '~/lib/log.server';
import { paymentGateway } from './gateway.server';
import type { CheckoutParams, GatewayError, GatewayPayment, GatewayResult } from './gateway-types.server';
import { markFailed, markSucceeded } from './outcomes.server';
import { billFor } from './prices.server';
import { followPayment } from './settlements.server';

// The life of an order (product.md §3, issue 14). The order is written WAITING with its amount taken from the bill
// before any provider window opens. The provider's window returns to our success URL (a resource route with no
// session: the order is found by its id); the amount it carries must equal the stored one, or no confirm call is made.
// One request claims the confirmation with a guarded UPDATE (the partial unique index payments_one_success_key also
// refuses a claim while another order of the same tier and month is being confirmed or has succeeded); only the
// claimer calls the provider's confirm, with an Idempotency-Key derived from the order. A refusal fails the order; an
// ALREADY_PROCESSED_PAYMENT or a lost answer is settled by reading the payment back, never by confirming again with a
// new key. An unauthenticated window dies after 30 minutes and an authenticated payment must be confirmed within 10,
// so the sweeper expires what is left (after reading it back). The provider's webhook only triggers a re-read.

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
/** How long a request that lost the confirmation claim waits for the claimer's outcome. */
const LOSER_WAIT_MS = 5_000;

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
          eq(payments.organisationId, org.id),
          eq(payments.paidMonth, month),
          eq(payments.tier, input.tier),
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

/** The opaque customer key the provider sees for an organisation (no name, no phone). */
export const customerKeyOf = (organisationId: number) => `readin-org-${organisationId}`;

/** What the provider's window is opened with. */
export function checkoutParams(order: Payment, origin: string): CheckoutParams {
  return {
    method: order.method === PaymentMethod.BANK_TRANSFER ? 'TRANSFER' : 'CARD',
    orderId: order.orderId,
    orderName: order.orderName,
    amount: order.amount,
    customerKey: customerKeyOf(order.organisationId),
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

async function reload(id: number): Promise<Payment> {
  const [row] = await db().select().from(payments).where(eq(payments.id, id));
  return row;
}

// Toss's card issuer and bank codes (개발자센터 코드 목록), for the receipt's "paid with".
const CARD_ISSUERS: Record<string, string> = {
  '3K': '기업비씨',
  '46': '광주은행',
  '71': '롯데카드',
  '30': 'KDB산업은행',
  '31': 'BC카드',
  '51': '삼성카드',
  '38': '새마을금고',
  '41': '신한카드',
  '62': '신협',
  '36': '씨티카드',
  '33': '우리카드',
  '37': '우체국예금보험',
  '39': '저축은행중앙회',
  '35': '전북은행',
  '42': '제주은행',
  '15': '카카오뱅크',
  '3A': '케이뱅크',
  '24': '토스뱅크',
  '21': '하나카드',
  '61': '현대카드',
  '11': 'KB국민카드',
  '91': 'NH농협카드',
  '34': 'Sh수협은행',
  '4V': '해외 VISA',
  '4M': '해외 MASTER',
  '4J': '해외 JCB',
};
const BANKS: Record<string, string> = {
  '39': '경남은행',
  '34': '광주은행',
  '12': '단위농협',
  '32': '부산은행',
  '45': '새마을금고',
  '64': '산림조합',
  '88': '신한은행',
  '48': '신협',
  '27': '씨티은행',
  '20': '우리은행',
  '71': '우체국예금보험',
  '50': '저축은행중앙회',
  '37': '전북은행',
  '35': '제주은행',
  '90': '카카오뱅크',
  '89': '케이뱅크',
  '92': '토스뱅크',
  '81': '하나은행',
  '54': '홍콩상하이은행',
  '03': 'IBK기업은행',
  '06': 'KB국민은행',
  '31': 'DGB대구은행',
  '02': 'KDB산업은행',
  '11': 'NH농협은행',
  '23': 'SC제일은행',
  '07': 'Sh수협은행',
};

/** '신한카드 4330-12**-****-1234' or '국민은행 계좌이체'. */
export function paidWithOf(p: GatewayPayment): string | null {
  if (p.card) return `${(p.card.issuerCode && CARD_ISSUERS[p.card.issuerCode]) || '카드'} ${p.card.number}`.trim();
  if (p.transfer) return `${(p.transfer.bankCode && BANKS[p.transfer.bankCode]) || '은행'} 계좌이체`;
  return p.method;
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
export async function handleSuccessReturn(input: {
  paymentKey: string | null;
  orderId: string | null;
  amount: string | null;
}): Promise<ReturnOutcome | null> {
  const order = input.orderId ? await findOrder(input.orderId) : null;
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
export async function handleFailReturn(input: {
  code: string | null;
  message: string | null;
  orderId: string | null;
}): Promise<ReturnOutcome | null> {
  const order = input.orderId ? await findOrder(input.orderId) : null;
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

export async function organisationKindOf(organisationId: number): Promise<OrganisationKind> {
  const [org] = await db().select({ kind: organisations.kind }).from(organisations).where(eq(organisations.id, organisationId));
  return org?.kind ?? 'academy';
}
