// The optional automatic monthly payment (issue 14): a head registers a card in the simulator's billing window; from
// the 1st of the next Seoul month the schedule enqueues one job per academy and month, and the job charges each
// unpaid line but NEW once, whatever runs twice. A refused card FAILs and the head is told; a lost answer is read back
// instead of charging again; the billing key never reaches the page.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFlash } from '~/web/session.server';
import { db } from '~/db/client.server';
import { billingKeys, jobs, messages, payments, users } from '~/db/schema';
import { PaymentStatus, SendState, Tier } from '~/domain/enums';
import { setClock } from '~/lib/clock.server';
import { addMonths, seoulMonth } from '~/lib/dates';
import { action as pageAction, loader as pageLoader } from '~/routes/admin+/payments_.automatic';
import { loader as failLoader } from '~/routes/card-pay+/billing.fail';
import { loader as successLoader } from '~/routes/card-pay+/billing.success';
import { registerAppJobs } from '~/services/jobs/catalogue.server';
import { runDueJobs, runDueSchedules } from '~/services/jobs/runner.server';
import { hasBasicPay } from '~/services/payments/basic-pay.server';
import { automaticOrderId, chargeMonth, enqueueMonthlyCharges, monthStart } from '~/services/payments/automatic-charges.server';
import { AUTOMATIC_MESSAGES } from '~/services/payments/automatic.server';
import { cookieHeader, makeRequest, respond } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { cookieFor, createAcademy, createStaff, unique, type Academy, type Member } from '../support/factories';
import { startSimulator, type Simulator, type TestCard } from '../support/toss';

useTestDatabase();

let sim: Simulator;
beforeAll(async () => {
  // The `slow` card answers after 1.5 s, the adapter gives up after 0.5 s: a lost answer.
  sim = await startSimulator({ timeoutMs: 500, confirmDelayMs: 1_500 });
  registerAppJobs();
});
afterAll(async () => {
  setClock(undefined);
  await sim?.close();
});

const PAGE = '/admin/payments/automatic';
const HOUR = 3600_000;
const thisMonth = seoulMonth(new Date());
const nextMonth = addMonths(thisMonth, 1);
/** Two hours into the 1st of next month, Seoul time. */
const firstOfNextMonth = monthStart(nextMonth).getTime() + 2 * HOUR;

type Head = Member & { cookie: string; phone: string };

async function academyWithHead(students = 0): Promise<{ academy: Academy; head: Head }> {
  const academy = await createAcademy({ paid: false });
  const head = await createStaff(academy, 'HEAD');
  const phone = `010-5${String(head.id).padStart(3, '0').slice(-3)}-${String(head.id).padStart(4, '0').slice(-4)}`;
  await db().update(users).set({ phone }).where(eq(users.id, head.id));
  if (students) {
    await db()
      .insert(users)
      .values(
        Array.from({ length: students }, () => {
          const loginId = unique('autostudent');
          return {
            loginId,
            passwordHash: 'x',
            name: loginId,
            role: 'USER' as const,
            status: 'ACTIVE' as const,
            organisationId: academy.id,
          };
        }),
      );
  }
  return { academy, head: { ...head, phone, cookie: await cookieFor(head) } };
}

async function flashOf(response: Response) {
  const setCookie = response.headers.get('Set-Cookie');
  if (!setCookie) return null;
  return (await readFlash(new Request('http://localhost/', { headers: { Cookie: cookieHeader(setCookie) } }))).flash;
}

/** The head registers a card without JavaScript: our form → the simulator's billing window → our success route. */
async function registerCard(head: Head, card: TestCard = 'ok') {
  const start = await respond(() =>
    pageAction({ request: makeRequest(PAGE, { cookie: head.cookie, form: { intent: 'register' } }), params: {}, context: {} }),
  );
  expect(start.status).toBe(302);
  const windowUrl = new URL(start.headers.get('Location')!);
  expect(windowUrl.href.startsWith(`${sim.url}/v2/billing-window?`)).toBe(true);
  const params = {
    customerKey: windowUrl.searchParams.get('customerKey')!,
    successUrl: windowUrl.searchParams.get('successUrl')!,
    failUrl: windowUrl.searchParams.get('failUrl')!,
  };
  expect(params.successUrl).toBe('http://localhost/card-pay/billing/success');
  // The academy's random customer key (customer-key.server.ts), the same as its ordinary payments'.
  expect(params.customerKey).toMatch(/^ck_[A-Za-z0-9_-]{32}$/);
  const back = new URL(await sim.billingAuth(params, card));
  const landed = await respond(() =>
    successLoader({ request: makeRequest(back.pathname + back.search, { cookie: head.cookie }), params: {}, context: {} }),
  );
  return { landed, customerKey: params.customerKey, back };
}

async function pageData(head: Head) {
  // Signed in under the test's clock (a session made before the clock moved a month on has expired).
  const cookie = await cookieFor(head);
  const response = await respond(() => pageLoader({ request: makeRequest(PAGE, { cookie }), params: {}, context: {} }));
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, data: JSON.parse(text) };
}

const activeKey = async (organisationId: number) =>
  (
    await db()
      .select()
      .from(billingKeys)
      .where(and(eq(billingKeys.organisationId, organisationId), eq(billingKeys.active, true)))
  )[0];

const ordersOf = async (organisationId: number) =>
  db()
    .select()
    .from(payments)
    .where(and(eq(payments.organisationId, organisationId), eq(payments.automatic, true)))
    .orderBy(payments.tier);

describe('registering a card', () => {
  test("through the billing window: an active key, the page shows the card summary and next month's 1st, never the key", async () => {
    setClock(undefined);
    const { academy, head } = await academyWithHead();
    const before = await sim.calls();
    const { landed, customerKey } = await registerCard(head);
    expect(landed.status).toBe(302);
    expect(landed.headers.get('Location')).toBe(PAGE);
    expect(await flashOf(landed)).toMatchObject({ kind: 'success', message: AUTOMATIC_MESSAGES.registered });
    expect((await sim.calls()).billingIssue[customerKey]).toBe((before.billingIssue[customerKey] ?? 0) + 1);

    const key = await activeKey(academy.id);
    expect(key).toMatchObject({ customerKey, active: true, createdByUserId: head.id });
    expect(key.billingKey).toMatch(/^bill_/);
    expect(key.cardSummary).toBeTruthy();

    const { text, data } = await pageData(head);
    expect(text).not.toContain(key.billingKey);
    expect(data.active).toMatchObject({ cardSummary: key.cardSummary });
    expect(data.nextCharge).toBe(monthStart(nextMonth).toISOString());
    // Registered this month: this month is not charged (the page says so).
    expect(data.chargedThisMonth).toBe(false);

    // Replacing the card: the previous key is deactivated, one active key remains.
    const again = await registerCard(head);
    expect(await flashOf(again.landed)).toMatchObject({ message: AUTOMATIC_MESSAGES.replaced });
    const keys = await db().select().from(billingKeys).where(eq(billingKeys.organisationId, academy.id));
    expect(keys.map((k) => k.active).sort()).toEqual([false, true]);
    expect(keys.find((k) => !k.active)!.disabledAt!.getTime()).toBe(keys.find((k) => k.active)!.createdAt.getTime());
  });

  test("another academy's customerKey is refused before the provider is asked", async () => {
    const first = await academyWithHead();
    const other = await academyWithHead();
    const start = await respond(() =>
      pageAction({ request: makeRequest(PAGE, { cookie: first.head.cookie, form: { intent: 'register' } }), params: {}, context: {} }),
    );
    const windowUrl = new URL(start.headers.get('Location')!);
    const back = new URL(
      await sim.billingAuth({
        customerKey: windowUrl.searchParams.get('customerKey')!,
        successUrl: windowUrl.searchParams.get('successUrl')!,
        failUrl: windowUrl.searchParams.get('failUrl')!,
      }),
    );
    const before = await sim.calls();
    const landed = await respond(() =>
      successLoader({ request: makeRequest(back.pathname + back.search, { cookie: other.head.cookie }), params: {}, context: {} }),
    );
    expect(landed.headers.get('Location')).toBe(PAGE);
    expect(await flashOf(landed)).toMatchObject({ kind: 'error', message: AUTOMATIC_MESSAGES.wrongAcademy });
    expect(await sim.calls()).toEqual(before);
    expect(await activeKey(other.academy.id)).toBeUndefined();
    expect(await activeKey(first.academy.id)).toBeUndefined();
  });

  test("the fail return shows the provider's message; a cancelled window says so; nothing is stored", async () => {
    const { academy, head } = await academyWithHead();
    const failed = await respond(() =>
      failLoader({
        request: makeRequest(`/card-pay/billing/fail?code=INVALID_CARD&message=${encodeURIComponent('<b>유효하지 않은 카드</b>')}`, {
          cookie: head.cookie,
        }),
        params: {},
        context: {},
      }),
    );
    expect(await flashOf(failed)).toEqual({ kind: 'error', message: '카드를 등록하지 못했습니다: <b>유효하지 않은 카드</b>' });
    const cancelled = await respond(() =>
      failLoader({
        request: makeRequest('/card-pay/billing/fail?code=PAY_PROCESS_CANCELED&message=x', { cookie: head.cookie }),
        params: {},
        context: {},
      }),
    );
    expect(await flashOf(cancelled)).toEqual({ kind: 'info', message: AUTOMATIC_MESSAGES.cancelled });
    expect(await activeKey(academy.id)).toBeUndefined();
  });

  test('turning it off (a confirmation step through ?off=1): nothing is charged afterwards', async () => {
    setClock(undefined);
    const { academy, head } = await academyWithHead();
    await registerCard(head);
    const asked = await respond(() =>
      pageLoader({ request: makeRequest(`${PAGE}?off=1`, { cookie: head.cookie }), params: {}, context: {} }),
    );
    expect((await asked.json()).confirmOff).toBe(true);
    const off = await respond(() =>
      pageAction({ request: makeRequest(PAGE, { cookie: head.cookie, form: { intent: 'off' } }), params: {}, context: {} }),
    );
    expect(off.headers.get('Location')).toBe(PAGE);
    expect(await flashOf(off)).toMatchObject({ message: AUTOMATIC_MESSAGES.turnedOff });
    const twice = await respond(() =>
      pageAction({ request: makeRequest(PAGE, { cookie: head.cookie, form: { intent: 'off' } }), params: {}, context: {} }),
    );
    expect(await flashOf(twice)).toMatchObject({ message: AUTOMATIC_MESSAGES.alreadyOff });
    expect(await activeKey(academy.id)).toBeUndefined();
    expect((await pageData(head)).data.active).toBeNull();

    setClock(() => firstOfNextMonth);
    expect(await chargeMonth(academy.id, nextMonth)).toEqual([]);
    expect(await ordersOf(academy.id)).toEqual([]);
    setClock(undefined);
  });
});

describe('the monthly charge', () => {
  test('from the 1st of the next month: one SUCCESS per tier (not NEW), basicPay; schedule and job run twice charge once', async () => {
    setClock(undefined);
    // 35 active students: BASIC (30) and ADD1 are due; NEW was never paid but is not charged automatically.
    const { academy, head } = await academyWithHead(35);
    await registerCard(head);

    // Mid-month (this month): the schedule adds nothing for it, and the job would charge nothing.
    await runDueSchedules(new Map());
    expect(
      await db()
        .select()
        .from(jobs)
        .where(eq(jobs.key, `autobill:${academy.id}:${thisMonth}`)),
    ).toEqual([]);
    expect(await chargeMonth(academy.id, thisMonth)).toEqual([]);

    setClock(() => firstOfNextMonth);
    const jobKey = `autobill:${academy.id}:${nextMonth}`;
    await runDueSchedules(new Map());
    await runDueSchedules(new Map());
    expect(await enqueueMonthlyCharges()).toBe(0);
    expect(await db().select().from(jobs).where(eq(jobs.key, jobKey))).toHaveLength(1);
    await runDueJobs({ limit: 100 });
    expect((await db().select().from(jobs).where(eq(jobs.key, jobKey)))[0]).toMatchObject({ state: SendState.COMPLETE, attempts: 1 });

    const orders = await ordersOf(academy.id);
    expect(orders.map((o) => [o.tier, o.status, o.orderId, o.amount])).toEqual([
      [Tier.BASIC, PaymentStatus.SUCCESS, automaticOrderId(academy.id, nextMonth, Tier.BASIC), 99000],
      [Tier.ADD1, PaymentStatus.SUCCESS, automaticOrderId(academy.id, nextMonth, Tier.ADD1), 45000],
    ]);
    expect(orders.every((o) => o.automatic && o.paidMonth === nextMonth && o.paymentKey && o.payerUserId === head.id)).toBe(true);
    expect(await hasBasicPay(academy.id)).toBe(true);
    // The receipts are queued for the head (the outbox delivers them).
    const receipts = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.recipientUserId, head.id), eq(messages.kind, 'PAYMENT_RECEIPT')));
    expect(receipts).toHaveLength(2);

    const calls = await sim.calls();
    for (const o of orders) expect(calls.billingCharge[o.orderId]).toBe(1);
    // Again, by every way in: nothing is charged twice.
    await runDueSchedules(new Map());
    await runDueJobs({ limit: 100 });
    expect((await chargeMonth(academy.id, nextMonth)).map((r) => r.result)).toEqual([]);
    await db().update(jobs).set({ state: SendState.WAITING }).where(eq(jobs.key, jobKey));
    await runDueJobs({ limit: 100 });
    expect(await sim.calls()).toEqual(calls);
    expect(await ordersOf(academy.id)).toHaveLength(2);

    // The page shows the automatic orders.
    const { data } = await pageData(head);
    expect(data.orders.map((o: { status: number }) => o.status)).toEqual([PaymentStatus.SUCCESS, PaymentStatus.SUCCESS]);
    expect(data.chargedThisMonth).toBe(true);
    setClock(undefined);
  });

  test("a refused card FAILs with the provider's message and the head is told by talk; it is not charged again", async () => {
    setClock(undefined);
    const { academy, head } = await academyWithHead();
    await registerCard(head, 'reject');
    setClock(() => firstOfNextMonth);
    await enqueueMonthlyCharges();
    await runDueJobs({ limit: 100 });
    const [order] = await ordersOf(academy.id);
    expect(order).toMatchObject({
      tier: Tier.BASIC,
      status: PaymentStatus.FAIL,
      failCode: 'REJECT_CARD_PAYMENT',
      failMessage: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.',
    });
    const [talk] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.recipientUserId, head.id), eq(messages.kind, 'AUTOMATIC_PAYMENT_FAILED')));
    expect(talk).toMatchObject({ channel: 'TALK', phone: head.phone, sendState: SendState.WAITING });
    expect(talk.body).toBe(
      `[리드인] ${order.orderName} ₩99,000 자동 결제에 실패했습니다. 사유: 한도초과 혹은 잔액부족으로 결제에 실패했습니다. 결제 페이지에서 카드를 바꾸거나 직접 결제해 주세요.`,
    );
    expect(await hasBasicPay(academy.id)).toBe(false);
    const calls = await sim.calls();
    expect(calls.billingCharge[order.orderId]).toBe(1);
    await chargeMonth(academy.id, nextMonth);
    expect((await sim.calls()).billingCharge[order.orderId]).toBe(1);
    const { data } = await pageData(head);
    expect(data.orders[0]).toMatchObject({ status: PaymentStatus.FAIL, failMessage: order.failMessage });
    setClock(undefined);
  });

  // `slow`: the answer is lost (the adapter times out); `processed`: the provider answers ALREADY_PROCESSED_PAYMENT.
  test.each(['slow', 'processed'] as const)('the %s card is read back by order id and ends SUCCESS with one charge', async (card) => {
    setClock(undefined);
    const { academy, head } = await academyWithHead();
    await registerCard(head, card);
    setClock(() => firstOfNextMonth);
    await enqueueMonthlyCharges();
    await runDueJobs({ limit: 100 });
    const [order] = await ordersOf(academy.id);
    expect(order).toMatchObject({ tier: Tier.BASIC, status: PaymentStatus.SUCCESS });
    const calls = await sim.calls();
    expect(calls.billingCharge[order.orderId]).toBe(1);
    expect(calls.getPaymentByOrderId[order.orderId]).toBeGreaterThanOrEqual(1);
    expect(await hasBasicPay(academy.id)).toBe(true);
    setClock(undefined);
  });
});
