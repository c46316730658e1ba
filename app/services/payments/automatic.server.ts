import { createHmac } from 'node:crypto';
import { and, asc, desc, eq, inArray, like, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '~/services/users.server';
import { config } from '~/config.server';
import { db } from '~/db/client.server';
import { billingKeys, organisations, payments, users, type BillingKey } from '~/db/schema';
import { PaymentMethod, PaymentStatus, Tier } from '~/domain/enums';
import { orderNameOf, won } from '~/domain/payments';
import { now } from '~/lib/clock.server';
import { addMonths, seoulDayStart, seoulMonth } from '~/lib/dates';
import { DomainError, isDomainError, isUniqueViolation } from '~/lib/errors';
import { log } from '~/lib/log.server';
import { enqueueJob } from '~/services/jobs/runner.server';
import { paymentGateway } from './gateway.server';
import type { GatewayError, GatewayPayment, PaymentGateway } from './gateway-types.server';
import { paidWithOf } from './orders.server';
import { markFailed, markSucceeded, notifyPayer } from './outcomes.server';
import { billFor } from './prices.server';

// The optional automatic monthly payment (issue 14): the HEAD registers a card in the provider's billing window; the
// provider's billing key is kept (never shown, logged or sent to a browser) and, from the 1st of each Seoul month, a
// job charges the academy's unpaid lines of that month (all but NEW, the first registration, which the head pays
// once by hand). A card registered during a month is first charged on the 1st of the next month: opting in never
// charges at once. One charge per academy, month and tier, whatever runs twice: the job's key names the academy and
// month, each order's id names its tier, the provider's Idempotency-Key is derived from the order id, and an order
// whose outcome is unknown is read back from the provider before anything is charged again.

export const AUTOMATIC_MESSAGES = {
  unavailable: '지금은 카드 자동 결제를 등록할 수 없습니다. 고객센터로 문의해 주세요.',
  needsJavaScript: '카드 등록 창은 자바스크립트가 켜져 있어야 열립니다. 브라우저의 자바스크립트를 켠 뒤 다시 시도해 주세요.',
  wrongAcademy: '카드 등록 정보가 이 학원의 것이 아닙니다. 결제 페이지에서 다시 시도해 주세요.',
  badReturn: '카드 등록 결과를 확인할 수 없습니다. 다시 시도해 주세요.',
  registered: '자동 결제 카드를 등록했습니다. 다음 달 1일부터 매달 자동으로 결제됩니다.',
  replaced: '자동 결제 카드를 바꿨습니다. 다음 결제부터 새 카드로 결제됩니다.',
  turnedOff: '자동 결제를 해지했습니다. 다음 달부터는 직접 결제해 주세요.',
  alreadyOff: '자동 결제가 이미 해지되어 있습니다.',
  cancelled: '카드 등록을 취소했습니다.',
  failed: (message: string) => `카드를 등록하지 못했습니다: ${message}`,
  unknownRequest: '알 수 없는 요청입니다.',
} as const;

/** The page's two forms: register (or replace) the card (`js=1` when the page opens the window itself), turn it off. */
export const automaticIntents = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('register'), js: z.string().optional() }),
  z.object({ intent: z.literal('off') }),
]);

export const AUTOBILL_JOB = 'autobill';

/** What a tier is called on an automatic order (the provider's receipt and our history). */
/** The instant the Seoul month 'YYYY-MM' begins. */
export function monthStart(month: string): Date {
  return seoulDayStart(`${month}-01`)!;
}

/**
 * The academy's customerKey for the provider: opaque (no id, name or phone), unguessable, valid for Toss (letters,
 * digits, '_', 43 characters). The key of the academy's latest registration when it has one, so that it stays the
 * same when the session secret is rotated; otherwise derived from the academy with the server's secret (the return
 * from the billing window is matched against it, so no row is needed before the card is registered).
 */
export async function customerKeyFor(organisationId: number): Promise<string> {
  const [latest] = await db()
    .select({ customerKey: billingKeys.customerKey })
    .from(billingKeys)
    .where(eq(billingKeys.organisationId, organisationId))
    .orderBy(desc(billingKeys.id))
    .limit(1);
  if (latest) return latest.customerKey;
  const secret = config().sessionSecrets[0];
  return `ck_${createHmac('sha256', secret).update(`billing-customer:${organisationId}`).digest('hex').slice(0, 40)}`;
}

function academyOf(user: AuthUser): number {
  if (!user.organisationId) throw new DomainError('NO_ACADEMY', '학원 정보를 찾을 수 없습니다.', 404);
  return user.organisationId;
}

function requireGateway(): PaymentGateway {
  const gateway = paymentGateway();
  if (!gateway) throw new DomainError('PAYMENTS_UNAVAILABLE', AUTOMATIC_MESSAGES.unavailable, 503);
  return gateway;
}

/** Where the billing window returns to: our resource routes, on PUBLIC_URL or the request's own origin. */
export function billingReturnUrls(requestUrl: string) {
  const origin = config().publicUrl ?? new URL(requestUrl).origin;
  return { successUrl: `${origin}/card-pay/billing/success`, failUrl: `${origin}/card-pay/billing/fail` };
}

/**
 * What the browser needs to open the billing-key window: a plain address for browsers without JavaScript (the
 * simulator's window; null with Toss, whose window needs its SDK), and the SDK's parameters for `requestBillingAuth`.
 * Never the billing key.
 */
export async function startCardRegistration(user: AuthUser, requestUrl: string) {
  const organisationId = academyOf(user);
  const gateway = requireGateway();
  const customerKey = await customerKeyFor(organisationId);
  const urls = billingReturnUrls(requestUrl);
  return {
    windowUrl: gateway.billingWindowUrl({ customerKey, ...urls }),
    sdk: { clientKey: gateway.clientKey, sdkUrl: gateway.sdkUrl, customerKey, ...urls },
  };
}

/** Where a browser without JavaScript registers the card: the provider's window when it is a plain page. */
export function registrationWindow(start: { windowUrl: string | null }): string {
  if (!start.windowUrl) throw new DomainError('NEEDS_JAVASCRIPT', AUTOMATIC_MESSAGES.needsJavaScript, 400);
  return start.windowUrl;
}

/**
 * The window's return (`/card-pay/billing/success?customerKey&authKey`): the customerKey must be the signed-in head's
 * academy's; the provider issues the billing key from the authKey, and it becomes the academy's active key, the
 * previous one (if any) deactivated in the same transaction. Returns whether a card was replaced.
 */
export async function completeCardRegistration(user: AuthUser, input: { customerKey: string; authKey: string }) {
  const organisationId = academyOf(user);
  if (!input.customerKey || !input.authKey || input.authKey.length > 300) {
    throw new DomainError('BAD_RETURN', AUTOMATIC_MESSAGES.badReturn);
  }
  if (input.customerKey !== (await customerKeyFor(organisationId))) {
    throw new DomainError('WRONG_ACADEMY', AUTOMATIC_MESSAGES.wrongAcademy, 403);
  }
  const gateway = requireGateway();
  const issued = await gateway.issueBillingKey({ authKey: input.authKey, customerKey: input.customerKey });
  if (!issued.ok) {
    const message = issued.error.kind === 'provider' ? issued.error.message : '카드사와 연결되지 않았습니다. 잠시 후 다시 시도해 주세요.';
    log.warn({ organisationId, code: issued.error.kind === 'provider' ? issued.error.code : 'NETWORK' }, 'billing key not issued');
    throw new DomainError('BILLING_KEY_FAILED', AUTOMATIC_MESSAGES.failed(message), 502);
  }
  const at = now();
  return db().transaction(async (tx) => {
    const previous = await tx
      .update(billingKeys)
      .set({ active: false, disabledAt: at })
      .where(and(eq(billingKeys.organisationId, organisationId), eq(billingKeys.active, true)))
      .returning({ id: billingKeys.id });
    await tx.insert(billingKeys).values({
      organisationId,
      customerKey: input.customerKey,
      billingKey: issued.value.billingKey,
      cardSummary: issued.value.cardSummary?.slice(0, 100) ?? null,
      active: true,
      createdByUserId: user.id,
      // A replacement starts the instant the previous card stops: automatic payment has stayed on (see activeSince).
      createdAt: at,
    });
    return { replaced: previous.length > 0 };
  });
}

/** Turns automatic payment off: the active key is deactivated (nothing is charged from then on). */
export async function turnOffAutomaticPayment(user: AuthUser): Promise<boolean> {
  const organisationId = academyOf(user);
  const rows = await db()
    .update(billingKeys)
    .set({ active: false, disabledAt: now() })
    .where(and(eq(billingKeys.organisationId, organisationId), eq(billingKeys.active, true)))
    .returning({ id: billingKeys.id });
  return rows.length > 0;
}

type KeyRow = Pick<BillingKey, 'id' | 'organisationId' | 'createdAt' | 'disabledAt' | 'active'>;

/**
 * Since when automatic payment has been on without a break: the active key's start, carried back through the cards
 * it replaced (a replaced card stops the instant its successor starts). `rows` are the academy's keys, newest first.
 */
export function activeSince(rows: KeyRow[]): Date | null {
  const active = rows.find((r) => r.active);
  if (!active) return null;
  let since = active.createdAt;
  for (const row of rows) {
    if (row.id === active.id || row.createdAt.getTime() > since.getTime()) continue;
    if (row.disabledAt && row.disabledAt.getTime() === since.getTime()) since = row.createdAt;
  }
  return since;
}

/** The HEAD's page: the card (its summary only), since when, the next charge date, this month's automatic orders. */
export async function automaticPaymentState(user: AuthUser) {
  const organisationId = academyOf(user);
  const at = now();
  const month = seoulMonth(at);
  const [keys, autoOrders] = await Promise.all([
    db()
      .select({
        id: billingKeys.id,
        organisationId: billingKeys.organisationId,
        cardSummary: billingKeys.cardSummary,
        active: billingKeys.active,
        createdAt: billingKeys.createdAt,
        disabledAt: billingKeys.disabledAt,
        registeredBy: users.name,
      })
      .from(billingKeys)
      .leftJoin(users, eq(users.id, billingKeys.createdByUserId))
      .where(eq(billingKeys.organisationId, organisationId))
      .orderBy(desc(billingKeys.createdAt), desc(billingKeys.id)),
    db()
      .select({
        orderId: payments.orderId,
        orderName: payments.orderName,
        amount: payments.amount,
        status: payments.status,
        paidMonth: payments.paidMonth,
        failMessage: payments.failMessage,
        approvedAt: payments.approvedAt,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(and(eq(payments.organisationId, organisationId), eq(payments.automatic, true)))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(12),
  ]);
  const active = keys.find((k) => k.active) ?? null;
  const since = activeSince(keys);
  // The next charge: this month's 1st has passed, so the 1st of next month (a key on since before this month was
  // charged this month already, or its charge is under way).
  const nextCharge = active ? monthStart(addMonths(month, 1)) : null;
  return {
    month,
    active: active
      ? { cardSummary: active.cardSummary ?? '등록된 카드', registeredBy: active.registeredBy, since: since!.toISOString() }
      : null,
    nextCharge: nextCharge?.toISOString() ?? null,
    chargedThisMonth: Boolean(since && since.getTime() < monthStart(month).getTime()),
    orders: autoOrders.map((o) => ({
      ...o,
      amountText: won(o.amount),
      approvedAt: o.approvedAt?.toISOString() ?? null,
      createdAt: o.createdAt.toISOString(),
    })),
  };
}

/**
 * The hourly schedule: enqueues this Seoul month's charge of every academy whose automatic payment has been on since
 * before the month began. The job's key names academy and month, so running this any number of times (and in any
 * number of runners) adds one job per academy and month.
 */
export async function enqueueMonthlyCharges(at: Date = now()): Promise<number> {
  const month = seoulMonth(at);
  const start = monthStart(month);
  // Every key of the academies with an active key, newest first, to find since when each has been on.
  const rows = await db()
    .select({
      id: billingKeys.id,
      organisationId: billingKeys.organisationId,
      createdAt: billingKeys.createdAt,
      disabledAt: billingKeys.disabledAt,
      active: billingKeys.active,
    })
    .from(billingKeys)
    .innerJoin(organisations, eq(organisations.id, billingKeys.organisationId))
    .where(
      and(
        eq(organisations.kind, 'academy'),
        // A closed (해지) academy is not billed, whatever card it registered.
        eq(organisations.status, 'ACTIVE'),
        lt(billingKeys.createdAt, start),
        inArray(
          billingKeys.organisationId,
          db().select({ id: billingKeys.organisationId }).from(billingKeys).where(eq(billingKeys.active, true)),
        ),
      ),
    )
    .orderBy(asc(billingKeys.organisationId), desc(billingKeys.createdAt), desc(billingKeys.id));
  const byAcademy = new Map<number, KeyRow[]>();
  for (const row of rows) byAcademy.set(row.organisationId, [...(byAcademy.get(row.organisationId) ?? []), row]);
  let added = 0;
  for (const [organisationId, keys] of byAcademy) {
    const since = activeSince(keys);
    if (!since || since.getTime() >= start.getTime()) continue;
    const job = await enqueueJob(db(), {
      kind: AUTOBILL_JOB,
      key: `autobill:${organisationId}:${month}`,
      payload: { organisationId, month },
    });
    if (job) added += 1;
  }
  return added;
}

/** 'AUTO-12-202612-1': the order of one academy, month and tier; a second run finds it instead of adding another. */
export const automaticOrderId = (organisationId: number, month: string, tier: Tier) =>
  `AUTO-${organisationId}-${month.replace('-', '')}-${tier}`;

/** How long an automatic order may stay unsettled before the payments sweeper reads it back and ends it. */
const AUTOMATIC_ORDER_TTL_MS = 3 * 60 * 60_000;

/** Thrown when the outcome of a charge is not known yet: the job is retried later, and re-reads before charging. */
class OutcomeUnknown extends Error {}

export type ChargeOutcome = { tier: Tier; orderId: string; result: 'SUCCESS' | 'FAIL' | 'SKIPPED' };

/**
 * The job: charges the unpaid lines of `month` (all but NEW) with the academy's active billing key. Nothing happens
 * when automatic payment was turned off meanwhile, the card was registered during the month, or the academy was
 * closed. Throws (so the job is retried with backoff) while an outcome is unknown.
 */
export async function chargeMonth(organisationId: number, month: string): Promise<ChargeOutcome[]> {
  // Closed (해지) after the charge was queued: nothing is charged.
  const [academy] = await db().select({ status: organisations.status }).from(organisations).where(eq(organisations.id, organisationId));
  if (!academy || academy.status === 'CLOSED') return [];
  const keys = await db()
    .select()
    .from(billingKeys)
    .where(eq(billingKeys.organisationId, organisationId))
    .orderBy(desc(billingKeys.createdAt), desc(billingKeys.id));
  const key = keys.find((k) => k.active);
  const since = activeSince(keys);
  if (!key || !since || since.getTime() >= monthStart(month).getTime()) return [];
  const gateway = paymentGateway();
  if (!gateway) throw new Error('no payment gateway is configured');
  const bill = await billFor(organisationId, 'academy', month);
  const outcomes: ChargeOutcome[] = [];
  let unknown: string | null = null;
  for (const line of bill.lines) {
    if (line.paid || line.tier === Tier.NEW) continue;
    try {
      outcomes.push(await chargeLine(gateway, key, month, line.tier, line.amount));
    } catch (error) {
      if (!(error instanceof OutcomeUnknown)) throw error;
      unknown = error.message;
    }
  }
  if (unknown) throw new Error(unknown);
  return outcomes;
}

/** The order of this line: found (a second run) or written WAITING, claimed for confirmation, before any charge. */
async function orderFor(key: BillingKey, month: string, tier: Tier, amount: number) {
  const orderId = automaticOrderId(key.organisationId, month, tier);
  const [existing] = await db().select().from(payments).where(eq(payments.orderId, orderId));
  if (existing) return { order: existing, created: false };
  const at = now();
  try {
    const [row] = await db()
      .insert(payments)
      .values({
        orderId,
        organisationId: key.organisationId,
        tier,
        method: PaymentMethod.CARD,
        status: PaymentStatus.WAITING,
        amount,
        paidMonth: month,
        orderName: `${orderNameOf(tier, month)} (자동 결제)`,
        payerUserId: key.createdByUserId,
        // Claimed for confirmation: of this order and a card payment the head starts by hand, one goes through.
        confirmStartedAt: at,
        expiresAt: new Date(at.getTime() + AUTOMATIC_ORDER_TTL_MS),
        automatic: true,
      })
      .onConflictDoNothing({ target: payments.orderId })
      .returning();
    if (row) return { order: row, created: true };
    const [again] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    return { order: again, created: false };
  } catch (error) {
    // Another order of this tier and month is being confirmed (the head is paying by hand): leave the line to it.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

async function chargeLine(gateway: PaymentGateway, key: BillingKey, month: string, tier: Tier, amount: number): Promise<ChargeOutcome> {
  const found = await orderFor(key, month, tier, amount);
  const orderId = automaticOrderId(key.organisationId, month, tier);
  if (!found) return { tier, orderId, result: 'SKIPPED' };
  const order = found.order;
  if (order.status !== PaymentStatus.WAITING) {
    return {
      tier,
      orderId,
      result: order.status === PaymentStatus.SUCCESS ? 'SUCCESS' : order.status === PaymentStatus.FAIL ? 'FAIL' : 'SKIPPED',
    };
  }
  // A WAITING order may have been charged by an earlier run whose answer was lost: read it back first.
  if (!found.created) {
    const read = await gateway.getPaymentByOrderId(orderId);
    if (read.ok) return settle(order.id, orderId, tier, read.value);
    if (read.error.kind === 'network') throw new OutcomeUnknown(`${orderId}: 결제 결과를 다시 읽지 못했습니다 (${read.error.message})`);
    if (read.error.code !== 'NOT_FOUND_PAYMENT') throw new OutcomeUnknown(`${orderId}: ${read.error.code}`);
  }
  const charged = await gateway.chargeBillingKey(
    key.billingKey,
    { customerKey: key.customerKey, amount: order.amount, orderId, orderName: order.orderName },
    `autobill-${orderId}`,
  );
  if (charged.ok) return settle(order.id, orderId, tier, charged.value);
  return failedCharge(gateway, order.id, orderId, tier, charged.error);
}

async function failedCharge(
  gateway: PaymentGateway,
  paymentId: number,
  orderId: string,
  tier: Tier,
  error: GatewayError,
): Promise<ChargeOutcome> {
  const unknownOutcome =
    error.kind === 'network' ||
    error.status >= 500 ||
    error.status === 409 ||
    error.code === 'ALREADY_PROCESSED_PAYMENT' ||
    error.code === 'DUPLICATED_ORDER_ID';
  if (unknownOutcome) {
    // Lost, or answered by an earlier request: the provider's record of the order decides, never a second charge.
    const read = await gateway.getPaymentByOrderId(orderId);
    if (read.ok) return settle(paymentId, orderId, tier, read.value);
    throw new OutcomeUnknown(`${orderId}: ${error.kind === 'network' ? error.message : error.code}`);
  }
  await refuse(paymentId, { code: error.code, message: error.message });
  return { tier, orderId, result: 'FAIL' };
}

/** The provider's record of the order decides: DONE succeeds, ABORTED/EXPIRED/CANCELED fail, anything else is retried. */
async function settle(paymentId: number, orderId: string, tier: Tier, payment: GatewayPayment): Promise<ChargeOutcome> {
  if (payment.status === 'DONE') {
    await db().transaction((tx) =>
      markSucceeded(tx, paymentId, {
        paymentKey: payment.paymentKey,
        approvedAt: payment.approvedAt ? new Date(payment.approvedAt) : now(),
        paidWith: paidWithOf(payment),
        receiptUrl: payment.receiptUrl,
      }),
    );
    return { tier, orderId, result: 'SUCCESS' };
  }
  if (payment.status === 'ABORTED' || payment.status === 'EXPIRED' || payment.status === 'CANCELED') {
    await refuse(paymentId, payment.failure ?? { code: payment.status, message: '카드 결제가 승인되지 않았습니다.' });
    return { tier, orderId, result: 'FAIL' };
  }
  throw new OutcomeUnknown(`${orderId}: ${payment.status}`);
}

/** A refused charge: the order FAILs with the provider's message, and the head is told by talk (same transaction). */
async function refuse(paymentId: number, failure: { code: string; message: string }) {
  await db().transaction(async (tx) => {
    const [order] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (!(await markFailed(tx, paymentId, failure))) return;
    await notifyPayer(tx, order, {
      event: 'AUTOMATIC_PAYMENT_FAILED',
      cause: `payment:${order.id}:automatic-failed`,
      variables: { 주문명: order.orderName, 금액: won(order.amount), 사유: failure.message },
    });
  });
}

/** The automatic orders of an academy (tests, the page). */
export async function automaticOrders(organisationId: number) {
  return db()
    .select()
    .from(payments)
    .where(and(eq(payments.organisationId, organisationId), like(payments.orderId, 'AUTO-%')))
    .orderBy(asc(payments.id));
}

/**
 * The billing-key window's return as the head reads it: the card registered (or replaced), or why not. A refusal is
 * an outcome here, not an error: the head lands on the automatic-payment page with its message either way.
 */
export async function cardRegistrationOutcome(
  user: AuthUser,
  input: { customerKey: string; authKey: string },
): Promise<{ ok: boolean; message: string }> {
  try {
    const { replaced } = await completeCardRegistration(user, input);
    return { ok: true, message: replaced ? AUTOMATIC_MESSAGES.replaced : AUTOMATIC_MESSAGES.registered };
  } catch (error) {
    if (isDomainError(error)) return { ok: false, message: error.message };
    throw error;
  }
}
