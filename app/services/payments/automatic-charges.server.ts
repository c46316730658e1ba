import { and, asc, desc, eq, inArray, like, lt } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { billingKeys, organisations, payments, type BillingKey } from '~/db/schema';
import { PaymentMethod, PaymentStatus, Tier } from '~/domain/enums';
import { orderNameOf, won } from '~/domain/payments';
import { now } from '~/lib/clock.server';
import { seoulDayStart, seoulMonth } from '~/lib/dates';
import { isUniqueViolation } from '~/lib/errors';
import { enqueueJob } from '~/services/jobs/runner.server';
import { paymentGateway } from './gateway.server';
import type { GatewayError, GatewayPayment, PaymentGateway } from './gateway-types.server';
import { paidWithOf } from './paid-with.server';
import { markFailed, markSucceeded, notifyPayer } from './outcomes.server';
import { billFor } from './prices.server';

// The automatic monthly payment's charge (issue 14; the card is registered by automatic.server.ts): from the 1st of
// each Seoul month, a job charges the academy's unpaid lines of that month (all but NEW, the first registration, which
// the head pays once by hand) with its billing key. One charge per academy, month and tier, whatever runs twice: the
// job's key names the academy and month, each order's id names its tier, the provider's Idempotency-Key is derived
// from the order id, and an order whose outcome is unknown is read back from the provider before anything is charged
// again.

export const AUTOBILL_JOB = 'autobill';

/** What a tier is called on an automatic order (the provider's receipt and our history). */
/** The instant the Seoul month 'YYYY-MM' begins. */
export function monthStart(month: string): Date {
  return seoulDayStart(`${month}-01`)!;
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
