import { paymentCustomerKey } from './customer-key.server';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '~/services/users.server';
import { config } from '~/config.server';
import { db } from '~/db/client.server';
import { billingKeys, payments, users } from '~/db/schema';
import { won } from '~/domain/payments';
import { now } from '~/lib/clock.server';
import { addMonths, seoulMonth } from '~/lib/dates';
import { DomainError, isDomainError } from '~/lib/errors';
import { log } from '~/lib/log.server';
import { activeSince, monthStart } from './automatic-charges.server';
import { paymentGateway } from './gateway.server';
import type { PaymentGateway } from './gateway-types.server';

// The optional automatic monthly payment (issue 14), the head's side: the HEAD registers a card in the provider's
// billing window; the provider's billing key is kept (never shown, logged or sent to a browser); the card is replaced
// or turned off, and the page shows it with the next charge. A card registered during a month is first charged on the
// 1st of the next month: opting in never charges at once. The monthly charge itself is automatic-charges.server.ts.

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

/**
 * The academy's customerKey for the provider: opaque (no id, name or phone), unguessable, valid for Toss. The key of
 * the academy's latest registration when it has one (a key registered before the academy's random key existed stays
 * the same); otherwise the academy's random key (customer-key.server.ts), which its ordinary payments use too.
 */
export async function customerKeyFor(organisationId: number): Promise<string> {
  const [latest] = await db()
    .select({ customerKey: billingKeys.customerKey })
    .from(billingKeys)
    .where(eq(billingKeys.organisationId, organisationId))
    .orderBy(desc(billingKeys.id))
    .limit(1);
  if (latest) return latest.customerKey;
  return paymentCustomerKey(organisationId);
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
