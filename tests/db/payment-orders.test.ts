import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '~/config.server';
import { db } from '~/db/client.server';
import { payments, users, type Payment } from '~/db/schema';
import { PaymentMethod, PaymentStatus, Tier } from '~/domain/enums';
import { nowMs, setClock } from '~/lib/clock.server';
import { hasBasicPay } from '~/services/payments/basic-pay.server';
import {
  expireOverdueOrders,
  handleFailReturn,
  handleSuccessReturn,
  handleWebhook,
  reconcileOrder,
} from '~/services/payments/order-confirmation.server';
import { checkoutParams, createOrder, ORDER_MESSAGES, type Payer } from '~/services/payments/orders.server';
import { loader as successLoader } from '~/routes/card-pay+/success';
import { customerKeyFor } from '~/services/payments/automatic.server';
import { paymentCustomerKey } from '~/services/payments/customer-key.server';
import { loader as failLoader } from '~/routes/card-pay+/fail';
import { action as webhookAction } from '~/routes/card-pay+/webhook';
import { createAcademy, createStaff, createStudent } from '../support/factories';
import { makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { startSimulator, type Simulator, type TestCard } from '../support/toss';

useTestDatabase();

// The order's life (issue 14): the amount comes from the bill, the success URL's amount must match or no confirm call
// is made, one request claims the confirmation, lost answers are settled by reading the payment back, orders expire,
// webhooks only trigger a re-read. Against the Toss simulator on a port of its own, through the real adapter.

const ORIGIN = 'http://readin.test';
let sim: Simulator;
const savedDeposit = config().payments.deposit;

beforeAll(async () => {
  sim = await startSimulator();
  // The company's account for 무통장입금 (PostgreSQL runs count as production, where it comes from the environment).
  config().payments.deposit = { bank: '국민은행', account: '000000-00-000000', holder: '주식회사 리드인' };
});
afterAll(async () => {
  config().payments.deposit = savedDeposit;
  await sim?.close();
});

/** A fresh academy that has paid nothing (its bill: BASIC and NEW) and its head. */
async function unpaidHead(): Promise<Payer> {
  const academy = await createAcademy({ paid: false });
  const head = await createStaff(academy, 'HEAD');
  return { id: head.id, role: 'ADMIN', authorities: ['HEAD'], organisationId: academy.id };
}

const card = (tier: Tier = Tier.BASIC) => ({ tier, method: PaymentMethod.CARD, window: 'page' as const });

/** The user who placed the order: the returns are served to a payer of its organisation only. */
async function payerOf(order: Payment) {
  const [user] = await db().select().from(users).where(eq(users.id, order.payerUserId!));
  return user;
}

/** The browser in the simulator's window, then back at our success or fail URL. */
async function payInWindow(order: Payment, testCard: TestCard | 'cancel', tamper?: (url: URL) => void, s: Simulator = sim) {
  const back = new URL(await s.windowPay(await checkoutParams(order, ORIGIN), testCard));
  tamper?.(back);
  const q = back.searchParams;
  if (back.pathname === '/card-pay/success') {
    return handleSuccessReturn(await payerOf(order), {
      paymentKey: q.get('paymentKey'),
      orderId: q.get('orderId'),
      amount: q.get('amount'),
    });
  }
  expect(back.pathname).toBe('/card-pay/fail');
  return handleFailReturn(await payerOf(order), { code: q.get('code'), message: q.get('message'), orderId: q.get('orderId') });
}

const row = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0];
const confirmCalls = async (orderId: string) => (await sim.calls()).confirm[orderId] ?? 0;

describe('creating an order', () => {
  it('fixes the amount from this month’s bill, with a Toss-valid order id, a name and a 30-minute window', async () => {
    const head = await unpaidHead();
    const before = nowMs();
    const order = await createOrder(head, card());
    expect(order).toMatchObject({ status: PaymentStatus.WAITING, amount: 99000, tier: Tier.BASIC, receiptType: 'N', payerUserId: head.id });
    expect(order.orderId).toMatch(/^RI-\d{8}-[A-Za-z0-9_-]{12}$/);
    expect(order.orderName).toMatch(/^리드인 기본 이용료 \d{4}년 \d{1,2}월$/);
    expect(order.expiresAt!.getTime() - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(order.expiresAt!.getTime() - before).toBeLessThanOrEqual(30 * 60_000 + 5000);
    const registration = await createOrder(head, card(Tier.NEW));
    expect(registration.amount).toBe(150000);
    // A tier the bill does not hold (no extra students), and a second order with its own id.
    await expect(createOrder(head, card(Tier.ADD1))).rejects.toThrow(ORDER_MESSAGES.tierNotDue);
    expect((await createOrder(head, card())).orderId).not.toBe(order.orderId);
  });

  it('asks a deposit for its depositor and a valid cash receipt identity, and waits seven days for it', async () => {
    const head = await unpaidHead();
    const deposit = { tier: Tier.BASIC, method: PaymentMethod.DEPOSIT, window: 'page' as const };
    await expect(createOrder(head, { ...deposit, receiptType: 'N' })).rejects.toThrow(ORDER_MESSAGES.depositorName);
    await expect(
      createOrder(head, { ...deposit, receiptType: 'T', cashReceiptIdentity: '123-45-6789', depositorName: '푸른솔' }),
    ).rejects.toThrow('현금영수증(지출증빙)을 받을 사업자등록번호 10자리를 입력해 주세요.');
    await expect(
      createOrder(head, { ...deposit, receiptType: 'C', cashReceiptIdentity: '12345', depositorName: '푸른솔' }),
    ).rejects.toThrow(ORDER_MESSAGES.personalIdentity);
    const order = await createOrder(head, { ...deposit, receiptType: 'T', cashReceiptIdentity: '123-45-67890', depositorName: '푸른솔' });
    expect(order).toMatchObject({
      method: 'm',
      receiptType: 'T',
      cashReceiptIdentity: '1234567890',
      depositorName: '푸른솔',
      amount: 99000,
    });
    expect(order.expiresAt!.getTime() - order.createdAt.getTime()).toBe(7 * 24 * 3600_000);
    // Asked again (a double submit): the same waiting order.
    const again = await createOrder(head, { ...deposit, receiptType: 'N', depositorName: '푸른솔' });
    expect(again.id).toBe(order.id);
  });

  it('lets an individual member pay their own BASIC, and no academy student', async () => {
    const adult = await createStudent({ adult: true });
    const order = await createOrder({ ...adult, role: 'USER', authorities: [] }, card());
    expect(order.amount).toBe(19000);
    const pupil = await createStudent();
    await expect(createOrder({ ...pupil, role: 'USER', authorities: ['STUDENT'] }, card())).rejects.toThrow(ORDER_MESSAGES.notPayer);
  });
});

describe('the provider’s window returns', () => {
  it('pays BASIC: SUCCESS with how it was paid, basicPay at once, the waiting deposit of the month cancelled', async () => {
    const head = await unpaidHead();
    const deposit = await createOrder(head, {
      tier: Tier.BASIC,
      method: PaymentMethod.DEPOSIT,
      receiptType: 'N',
      depositorName: '학원',
      window: 'page',
    });
    const order = await createOrder(head, card());
    expect(await hasBasicPay(head.organisationId)).toBe(false);
    const result = await payInWindow(order, 'ok');
    expect(result!.state).toBe('done');
    const paid = await row(order.id);
    expect(paid).toMatchObject({ status: PaymentStatus.SUCCESS, failCode: null });
    expect(paid.paymentKey).toBeTruthy();
    expect(paid.paidWith).toContain('43301234****123*');
    expect(paid.receiptUrl).toMatch(/^http/);
    expect(paid.approvedAt).toBeInstanceOf(Date);
    expect(await hasBasicPay(head.organisationId)).toBe(true);
    expect((await row(deposit.id)).status).toBe(PaymentStatus.CANCEL);
    expect(await confirmCalls(order.orderId)).toBe(1);
    // The same success URL again (a reload): nothing more is confirmed.
    await handleSuccessReturn(await payerOf(order), { paymentKey: paid.paymentKey, orderId: order.orderId, amount: String(order.amount) });
    expect(await confirmCalls(order.orderId)).toBe(1);
    // A second order for the paid tier is refused.
    await expect(createOrder(head, card())).rejects.toThrow(ORDER_MESSAGES.alreadyPaid);
  });

  it('makes no confirm call and FAILs when the success URL’s amount was changed', async () => {
    const head = await unpaidHead();
    const order = await createOrder(head, card());
    await payInWindow(order, 'ok', (url) => url.searchParams.set('amount', '1000'));
    expect(await row(order.id)).toMatchObject({
      status: PaymentStatus.FAIL,
      failCode: 'AMOUNT_MISMATCH',
      failMessage: ORDER_MESSAGES.amountMismatch,
    });
    expect(await confirmCalls(order.orderId)).toBe(0);
  });

  it('FAILs a refused card with the provider’s code and message', async () => {
    const head = await unpaidHead();
    const order = await createOrder(head, card());
    await payInWindow(order, 'reject');
    expect(await row(order.id)).toMatchObject({
      status: PaymentStatus.FAIL,
      failCode: 'REJECT_CARD_PAYMENT',
      failMessage: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.',
    });
    expect(await hasBasicPay(head.organisationId)).toBe(false);
  });

  it('settles ALREADY_PROCESSED_PAYMENT by reading the payment back: SUCCESS', async () => {
    const head = await unpaidHead();
    const order = await createOrder(head, card());
    await payInWindow(order, 'processed');
    expect((await row(order.id)).status).toBe(PaymentStatus.SUCCESS);
    expect(await confirmCalls(order.orderId)).toBe(1);
  });

  it('FAILs an authentication that expired at the provider', async () => {
    const head = await unpaidHead();
    const order = await createOrder(head, card());
    await payInWindow(order, 'expire');
    expect(await row(order.id)).toMatchObject({ status: PaymentStatus.FAIL, failCode: 'NOT_FOUND_PAYMENT_SESSION' });
  });

  it('CANCELs an order the payer gave up in the window', async () => {
    const head = await unpaidHead();
    const order = await createOrder(head, card());
    await payInWindow(order, 'cancel');
    expect(await row(order.id)).toMatchObject({ status: PaymentStatus.CANCEL, failCode: 'PAY_PROCESS_CANCELED' });
    expect(await confirmCalls(order.orderId)).toBe(0);
  });

  it('cancels the other waiting card order of the tier once one succeeds: it is never confirmed', async () => {
    const head = await unpaidHead();
    const first = await createOrder(head, card());
    const second = await createOrder(head, card());
    const secondBack = new URL(await sim.windowPay(await checkoutParams(second, ORIGIN), 'ok'));
    await payInWindow(first, 'ok');
    const q = secondBack.searchParams;
    await handleSuccessReturn(await payerOf(second), {
      paymentKey: q.get('paymentKey'),
      orderId: q.get('orderId'),
      amount: q.get('amount'),
    });
    expect((await row(second.id)).status).toBe(PaymentStatus.CANCEL);
    expect(await confirmCalls(second.orderId)).toBe(0);
    const successes = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.organisationId, head.organisationId!), eq(payments.status, PaymentStatus.SUCCESS)));
    expect(successes).toHaveLength(1);
  });

  it('sends a page order to its receipt and a popup order to /card-pay/close', async () => {
    const head = await unpaidHead();
    const page = await createOrder(head, card());
    const pageBack = new URL(await sim.windowPay(await checkoutParams(page, ORIGIN), 'ok'));
    const cookie = await sessionCookie((await payerOf(page)).loginId);
    const res = await respond(() =>
      successLoader({ request: makeRequest(pageBack.pathname + pageBack.search, { cookie }), params: {}, context: {} }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(`/admin/payments/${page.id}`);

    const popup = await createOrder(head, { ...card(Tier.NEW), window: 'popup' });
    const popupBack = new URL(await sim.windowPay(await checkoutParams(popup, ORIGIN), 'ok'));
    const res2 = await respond(() =>
      successLoader({ request: makeRequest(popupBack.pathname + popupBack.search, { cookie }), params: {}, context: {} }),
    );
    expect(res2.headers.get('Location')).toBe(`/card-pay/close?orderId=${popup.orderId}`);
    expect((await row(popup.id)).status).toBe(PaymentStatus.SUCCESS);
  });
});

describe('the customer key the provider sees', () => {
  it('is random per organisation (not its id), kept across orders, and the same for its automatic payments', async () => {
    const head = await unpaidHead();
    const first = await checkoutParams(await createOrder(head, card()), ORIGIN);
    const second = await checkoutParams(await createOrder(head, card(Tier.NEW)), ORIGIN);
    expect(first.customerKey).toMatch(/^ck_[A-Za-z0-9_-]{32}$/);
    expect(first.customerKey).not.toContain(String(head.organisationId));
    expect(second.customerKey).toBe(first.customerKey);
    const other = await checkoutParams(await createOrder(await unpaidHead(), card()), ORIGIN);
    expect(other.customerKey).not.toBe(first.customerKey);
    expect(await customerKeyFor(head.organisationId!)).toBe(first.customerKey);
    // Two first payments at once keep one key.
    const fresh = await unpaidHead();
    const keys = await Promise.all([paymentCustomerKey(fresh.organisationId!), paymentCustomerKey(fresh.organisationId!)]);
    expect(keys[0]).toBe(keys[1]);
  });
});

describe('the return URLs belong to the paying academy', () => {
  it('change nothing for a visitor (sent to sign in) or another academy (404), even with a forged amount or a failure', async () => {
    const head = await unpaidHead();
    const order = await createOrder(head, card());
    const back = new URL(await sim.windowPay(await checkoutParams(order, ORIGIN), 'ok'));
    const forged = `/card-pay/success?paymentKey=${back.searchParams.get('paymentKey')}&orderId=${order.orderId}&amount=1`;
    const failed = `/card-pay/fail?code=REJECT_CARD_PAYMENT&message=${encodeURIComponent('거절')}&orderId=${order.orderId}`;
    const other = await sessionCookie((await payerOf(await createOrder(await unpaidHead(), card()))).loginId);
    for (const [path, load] of [
      [forged, successLoader],
      [back.pathname + back.search, successLoader],
      [failed, failLoader],
    ] as const) {
      const anonymous = await respond(() => load({ request: makeRequest(path), params: {}, context: {} }));
      expect(anonymous).toHaveRedirect(`/member/login?redirectTo=${encodeURIComponent(path)}`);
      const foreign = await respond(() => load({ request: makeRequest(path, { cookie: other }), params: {}, context: {} }));
      expect(foreign.status).toBe(404);
      expect(await row(order.id)).toMatchObject({ status: PaymentStatus.WAITING, confirmStartedAt: null, failCode: null });
    }
    expect(await confirmCalls(order.orderId)).toBe(0);
    // The payer's own session confirms it.
    const own = await sessionCookie((await payerOf(order)).loginId);
    const res = await respond(() =>
      successLoader({ request: makeRequest(back.pathname + back.search, { cookie: own }), params: {}, context: {} }),
    );
    expect(res).toHaveRedirect(`/admin/payments/${order.id}`);
    expect((await row(order.id)).status).toBe(PaymentStatus.SUCCESS);
  });
});

describe('a confirm whose answer is lost', () => {
  let slowSim: Simulator;
  beforeAll(async () => {
    // The simulator answers the `slow` card's confirm after 1.5 s; the adapter gives up after 0.3 s (a network error).
    slowSim = await startSimulator({ confirmDelayMs: 1500, timeoutMs: 300 });
  });
  afterAll(async () => {
    await slowSim?.close();
  });

  it('ends SUCCESS after reading the payment back, with one payment at the provider', async () => {
    const head = await unpaidHead();
    const order = await createOrder(head, card());
    const result = await payInWindow(order, 'slow', undefined, slowSim);
    expect(result!.order.status).toBe(PaymentStatus.SUCCESS);
    const calls = await slowSim.calls();
    expect(calls.confirm[order.orderId]).toBe(1);
    expect(calls.getPaymentByOrderId[order.orderId]).toBeGreaterThanOrEqual(1);
    const atProvider = [...(slowSim.state.payments as Map<string, { orderId: string; status: string }>).values()].filter(
      (p) => p.orderId === order.orderId,
    );
    expect(atProvider.map((p) => p.status)).toEqual(['DONE']);
  });
});

describe('the sweeper', () => {
  it('expires an order never confirmed, and settles one the provider says is DONE as SUCCESS instead', async () => {
    const head = await unpaidHead();
    const abandoned = await createOrder(head, card());
    await sim.openWindow(await checkoutParams(abandoned, ORIGIN));
    const charged = await createOrder(head, card(Tier.NEW));
    // Confirmed at the provider, but our answer never came back (the process stopped before settling it).
    const back = new URL(await sim.windowPay(await checkoutParams(charged, ORIGIN), 'ok'));
    const confirmed = await sim.gateway.confirm(
      { paymentKey: back.searchParams.get('paymentKey')!, orderId: charged.orderId, amount: charged.amount },
      `confirm-${charged.orderId}`,
    );
    expect(confirmed.ok).toBe(true);

    expect(await expireOverdueOrders()).toEqual({ expired: 0, succeeded: 0, unknown: 0 });
    const later = Date.now() + 31 * 60_000;
    setClock(() => later);
    try {
      const counts = await expireOverdueOrders();
      expect(counts.succeeded).toBeGreaterThanOrEqual(1);
      expect(counts.expired).toBeGreaterThanOrEqual(1);
    } finally {
      setClock(undefined);
    }
    expect(await row(abandoned.id)).toMatchObject({
      status: PaymentStatus.FAIL,
      failCode: 'EXPIRED',
      failMessage: '결제 시간이 지나 주문이 만료되었습니다.',
    });
    expect((await row(charged.id)).status).toBe(PaymentStatus.SUCCESS);
  });

  it('expires a deposit not confirmed within seven days', async () => {
    const head = await unpaidHead();
    const order = await createOrder(head, {
      tier: Tier.BASIC,
      method: PaymentMethod.DEPOSIT,
      receiptType: 'N',
      depositorName: '학원',
      window: 'page',
    });
    const later = Date.now() + 8 * 24 * 3600_000;
    setClock(() => later);
    try {
      await expireOverdueOrders();
    } finally {
      setClock(undefined);
    }
    expect(await row(order.id)).toMatchObject({ status: PaymentStatus.FAIL, failCode: 'EXPIRED' });
  });
});

describe('webhooks', () => {
  it('change nothing when they contradict what the provider says; a waiting order the provider holds DONE succeeds', async () => {
    const head = await unpaidHead();
    const order = await createOrder(head, card());
    await payInWindow(order, 'ok');
    const paid = await row(order.id);
    for (const status of ['CANCELED', 'ABORTED']) {
      await handleWebhook({ eventType: 'PAYMENT_STATUS_CHANGED', data: { paymentKey: paid.paymentKey, orderId: order.orderId, status } });
    }
    expect(await row(order.id)).toMatchObject({ status: PaymentStatus.SUCCESS, refundedAmount: 0 });
    // Through the route: a server-to-server JSON post, no session and no form token, answered 200.
    const posted = await webhookAction({
      request: new Request('http://localhost/card-pay/webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          eventType: 'PAYMENT_STATUS_CHANGED',
          data: { paymentKey: paid.paymentKey, orderId: order.orderId, status: 'CANCELED' },
        }),
      }),
      params: {},
      context: {},
    });
    expect(posted.status).toBe(200);
    expect((await row(order.id)).status).toBe(PaymentStatus.SUCCESS);
    // An order we do not know, and a body that is not a webhook: ignored.
    await handleWebhook({ eventType: 'PAYMENT_STATUS_CHANGED', data: { paymentKey: 'nope', orderId: 'RI-00000000-unknown' } });
    await handleWebhook('not json at all');

    const other = await createOrder(head, card(Tier.NEW));
    const back = new URL(await sim.windowPay(await checkoutParams(other, ORIGIN), 'ok'));
    await sim.gateway.confirm(
      { paymentKey: back.searchParams.get('paymentKey')!, orderId: other.orderId, amount: other.amount },
      `confirm-${other.orderId}`,
    );
    await handleWebhook({
      eventType: 'PAYMENT_STATUS_CHANGED',
      data: { paymentKey: back.searchParams.get('paymentKey'), orderId: other.orderId, status: 'ABORTED' },
    });
    expect((await row(other.id)).status).toBe(PaymentStatus.SUCCESS);
  });

  it('turn a SUCCESS order REFUND when the provider says its whole balance was cancelled elsewhere', async () => {
    const head = await unpaidHead();
    const order = await createOrder(head, card());
    await payInWindow(order, 'ok');
    const paid = await row(order.id);
    const cancelled = await sim.gateway.cancel(paid.paymentKey!, { cancelReason: '가맹점 관리자에서 취소' }, `cancel-${order.orderId}`);
    expect(cancelled.ok).toBe(true);
    await handleWebhook({
      eventType: 'PAYMENT_STATUS_CHANGED',
      data: { paymentKey: paid.paymentKey, orderId: order.orderId, status: 'CANCELED' },
    });
    expect(await row(order.id)).toMatchObject({ status: PaymentStatus.REFUND, refundedAmount: order.amount });
    expect(await reconcileOrder(order.orderId)).toMatchObject({ status: PaymentStatus.REFUND });
  });
});

// PGlite runs one statement at a time, so only a real PostgreSQL can race ten requests: run with DATABASE_URL set.
describe.skipIf(!process.env.DATABASE_URL)('ten concurrent hits of the same success URL (PostgreSQL)', () => {
  it('make one confirm call and one SUCCESS row', async () => {
    const head = await unpaidHead();
    const order = await createOrder(head, card());
    const back = new URL(await sim.windowPay(await checkoutParams(order, ORIGIN), 'ok'));
    const q = back.searchParams;
    const payer = await payerOf(order);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        handleSuccessReturn(payer, { paymentKey: q.get('paymentKey'), orderId: q.get('orderId'), amount: q.get('amount') }),
      ),
    );
    expect(results.every((r) => r!.order.status === PaymentStatus.SUCCESS)).toBe(true);
    expect(await confirmCalls(order.orderId)).toBe(1);
    const rows = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.organisationId, head.organisationId!), eq(payments.status, PaymentStatus.SUCCESS)));
    expect(rows).toHaveLength(1);
  });
});
