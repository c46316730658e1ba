import { parse } from 'csv-parse/sync';
import { and, desc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { agencies, auditEvents, messages, organisations, paymentRefunds, payments, settlements, users } from '~/db/schema';
import { PaymentMethod, PaymentStatus, SettlementStatus, Tier, type ReceiptType } from '~/domain/enums';
import { OPERATOR_PAYMENT_MESSAGES as M } from '~/domain/operator-payments';
import { now } from '~/lib/clock.server';
import { addMonths, seoulDay, seoulMonth } from '~/lib/dates';
import { isDomainError } from '~/lib/errors';
import * as branchPage from '~/routes/super+/tax.u.region.agency';
import * as csvExport from '~/routes/super+/tax.u.region.agency_.export[.]csv';
import * as paymentPage from '~/routes/super+/payments.$paymentId';
import { findUserByLoginId } from '~/services/accounts.server';
import { addPrice } from '~/services/operators/prices.server';
import { cancelOrder, confirmDeposit } from '~/services/operators/payments.server';
import { hasBasicPay } from '~/services/payments/basic-pay.server';
import { paymentGateway, useGateway } from '~/services/payments/gateway.server';
import type { PaymentGateway } from '~/services/payments/gateway-types.server';
import { markSucceeded } from '~/services/payments/outcomes.server';
import { billFor } from '~/services/payments/prices.server';
import { newRefundKey, refundPayment } from '~/services/payments/refunds.server';
import { settlementCsv, settlementTable } from '~/services/payments/settlement-export.server';
import { settlementLineBatches, settlementLines } from '~/services/payments/settlement-lines.server';
import { settlementReport, vatSplit } from '~/services/payments/settlement-report.server';
import { toCsv } from '~/lib/spreadsheets.server';
import { makeRequest, respond, sessionCookie } from '../support/auth';
import { onPostgres, useTestDatabase } from '../support/db';
import { createStaff, unique } from '../support/factories';
import { startSimulator, type Simulator } from '../support/toss';

// The operators' side of payments: confirming a 무통장입금, cancelling a waiting order, refunds (full, partial, never
// more than the balance, once per form key, one winner of two racing refunds), price effective dates, and the branch
// settlement (its totals equal its export's; a BRANCH user sees only its own branch).

useTestDatabase();

let sim: Simulator;
const origin = { address: '127.0.0.1', origin: 'http://localhost' };
let operator: { id: number; authorities: ['ADMIN1'] };

beforeAll(async () => {
  sim = await startSimulator();
  const superUser = await findUserByLoginId('super');
  operator = { id: superUser!.id, authorities: ['ADMIN1'] };
});

afterAll(async () => {
  await sim?.close();
});

const month = () => seoulMonth(now());

/** A branch (20 %) with an agency (5 %) and an academy of its own, with a head whose phone receives the messages. */
async function branchAcademy() {
  const n = unique('');
  const [branch] = await db()
    .insert(organisations)
    .values({ kind: 'branch', name: `시험 지사 ${n}`, settlementRate: 2000 })
    .returning();
  const [agency] = await db()
    .insert(agencies)
    .values({ branchId: branch.id, name: `시험 대리점 ${n}`, settlementRate: 500 })
    .returning();
  const [academy] = await db()
    .insert(organisations)
    .values({ kind: 'academy', name: `정산 시험 학원 ${n}`, code: `PAYOPS${n}`, branchId: branch.id, agencyId: agency.id })
    .returning();
  const head = await createStaff({ id: academy.id }, 'HEAD');
  await db()
    .update(users)
    .set({ phone: `010-5${n.padStart(3, '0')}-0000` })
    .where(eq(users.id, head.id));
  return { branch, agency, academy, head };
}

/** A WAITING order as the order flow writes it. */
async function waitingOrder(
  organisationId: number,
  options: {
    tier?: Tier;
    method?: PaymentMethod;
    amount?: number;
    payerUserId?: number;
    receiptType?: ReceiptType;
    identity?: string;
  } = {},
) {
  const [row] = await db()
    .insert(payments)
    .values({
      orderId: `ORD_ops_${unique('')}_${Date.now().toString(36)}`,
      organisationId,
      tier: options.tier ?? Tier.BASIC,
      method: options.method ?? PaymentMethod.CARD,
      status: PaymentStatus.WAITING,
      amount: options.amount ?? 99_000,
      paidMonth: month(),
      orderName: '리드인 기본 이용료',
      payerUserId: options.payerUserId ?? null,
      receiptType: options.receiptType ?? 'N',
      cashReceiptIdentity: options.identity ?? null,
      depositorName: options.method === PaymentMethod.DEPOSIT ? '시험학원' : null,
    })
    .returning();
  return row;
}

/** A card payment made in the simulator's window and confirmed, as the card flow ends it. */
async function paidByCard(organisationId: number, options: { tier?: Tier; amount?: number; payerUserId?: number } = {}) {
  const order = await waitingOrder(organisationId, options);
  const location = new URL(
    await sim.windowPay(
      {
        method: 'CARD',
        orderId: order.orderId,
        orderName: order.orderName,
        amount: order.amount,
        customerKey: `org_${organisationId}`,
        successUrl: 'http://127.0.0.1:9/card-pay/success',
        failUrl: 'http://127.0.0.1:9/card-pay/fail',
      },
      'ok',
    ),
  );
  const paymentKey = location.searchParams.get('paymentKey')!;
  const confirmed = await paymentGateway()!.confirm(
    { paymentKey, orderId: order.orderId, amount: order.amount },
    `confirm-${order.orderId}`,
  );
  if (!confirmed.ok) throw new Error(JSON.stringify(confirmed.error));
  await db().transaction((tx) => markSucceeded(tx, order.id, { paymentKey, paidWith: '시험카드', approvedAt: now() }));
  const [paid] = await db().select().from(payments).where(eq(payments.id, order.id));
  expect(paid.status).toBe(PaymentStatus.SUCCESS);
  return paid;
}

async function lineOf(paymentId: number) {
  const [line] = await db().select().from(settlements).where(eq(settlements.paymentId, paymentId));
  return line;
}

async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (isDomainError(error)) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}

const cancelCalls = async () => Object.values((await sim.calls()).cancel ?? {}).reduce((a, b) => a + b, 0);

describe('deposits', () => {
  it('confirming a deposit makes it SUCCESS, lifts basicPay, writes the line at the branch and agency rates, issues the cash receipt', async () => {
    const { academy, branch, agency, head } = await branchAcademy();
    const order = await waitingOrder(academy.id, {
      method: PaymentMethod.DEPOSIT,
      payerUserId: head.id,
      receiptType: 'T',
      identity: '123-45-67890',
    });
    expect(await hasBasicPay(academy.id)).toBe(false);

    const done = await confirmDeposit(operator, order.id, origin);
    expect(done.cashReceipt).toBe('issued');
    const [paid] = await db().select().from(payments).where(eq(payments.id, order.id));
    expect(paid).toMatchObject({ status: PaymentStatus.SUCCESS, confirmedByUserId: operator.id, paidWith: '무통장입금' });
    expect(paid.cashReceiptKey).toBeTruthy();
    expect(await hasBasicPay(academy.id)).toBe(true);

    const line = await lineOf(order.id);
    expect(line).toMatchObject({
      branchId: branch.id,
      agencyId: agency.id,
      month: month(),
      baseAmount: 99_000,
      branchRate: 2000,
      agencyRate: 500,
      branchAmount: 19_800,
      agencyAmount: 4_950,
      status: SettlementStatus.WAITING,
    });
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'payment.confirm-deposit'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(audit).toMatchObject({ actorId: operator.id, targetType: 'payment', targetId: order.id });

    // A second click changes nothing.
    expect(await refusal(confirmDeposit(operator, order.id, origin))).toBe(M.notWaiting);
  });

  it('a deposit is refunded by recording it (the company transfers the money back): no provider call', async () => {
    const { academy, head } = await branchAcademy();
    const order = await waitingOrder(academy.id, { method: PaymentMethod.DEPOSIT, payerUserId: head.id });
    await confirmDeposit(operator, order.id, origin);
    const before = await cancelCalls();
    const outcome = await refundPayment(operator, { paymentId: order.id, amount: 99_000, reason: '해지', key: newRefundKey() }, origin);
    expect(outcome.refund).toMatchObject({ state: 'DONE', transactionKey: null });
    expect(outcome.payment).toMatchObject({ status: PaymentStatus.REFUND, refundedAmount: 99_000 });
    expect((await lineOf(order.id)).status).toBe(SettlementStatus.REFUND);
    expect(await cancelCalls()).toBe(before);
    const [told] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.recipientUserId, head.id), eq(messages.kind, 'PAYMENT_REFUND')));
    expect(told.body).toContain('입금하신 계좌로 돌려드립니다.');
  });

  it('refuses a deposit for a tier already paid that month, with a Korean message', async () => {
    const { academy } = await branchAcademy();
    await paidByCard(academy.id);
    const deposit = await waitingOrder(academy.id, { method: PaymentMethod.DEPOSIT });
    expect(await refusal(confirmDeposit(operator, deposit.id, origin))).toBe(
      '이 학원은 이미 이 달의 같은 항목을 결제했습니다. 입금을 확인할 수 없습니다. 입금액은 환불해 주세요.',
    );
    const [row] = await db().select().from(payments).where(eq(payments.id, deposit.id));
    expect(row.status).toBe(PaymentStatus.WAITING);
  });

  it('cancels a waiting order (voided before settlement) and not one already paid', async () => {
    const { academy } = await branchAcademy();
    const order = await waitingOrder(academy.id, { method: PaymentMethod.DEPOSIT, tier: Tier.ADD1, amount: 45_000 });
    await cancelOrder(operator, order.id, origin);
    const [row] = await db().select().from(payments).where(eq(payments.id, order.id));
    expect(row).toMatchObject({ status: PaymentStatus.CANCEL, failCode: 'CANCELED_BY_OPERATOR' });
    expect(await lineOf(order.id)).toBeUndefined();
    expect(await refusal(cancelOrder(operator, order.id, origin))).toBe(M.notWaiting);
  });
});

describe('refunds', () => {
  it('refunds part, then the rest: REFUND, the line REFUND, refundedAmount, the provider balance 0, the payer told', async () => {
    const { academy, head } = await branchAcademy();
    const paid = await paidByCard(academy.id, { payerUserId: head.id });
    const first = await refundPayment(
      operator,
      { paymentId: paid.id, amount: 30_000, reason: '학생 수 감소', key: newRefundKey() },
      origin,
    );
    expect(first.payment).toMatchObject({ status: PaymentStatus.SUCCESS, refundedAmount: 30_000 });
    expect(first.refund).toMatchObject({ state: 'DONE', amount: 30_000 });
    expect(first.refund.transactionKey).toBeTruthy();
    expect(await lineOf(paid.id)).toMatchObject({
      status: SettlementStatus.WAITING,
      baseAmount: 69_000,
      branchAmount: 13_800,
      agencyAmount: 3_450,
    });

    const rest = await refundPayment(operator, { paymentId: paid.id, amount: 69_000, reason: '이용 해지', key: newRefundKey() }, origin);
    expect(rest.payment).toMatchObject({ status: PaymentStatus.REFUND, refundedAmount: 99_000 });
    expect((await lineOf(paid.id)).status).toBe(SettlementStatus.REFUND);
    const provider = await paymentGateway()!.getPayment(paid.paymentKey!);
    expect(provider.ok && provider.value.balanceAmount).toBe(0);
    expect(provider.ok && provider.value.cancels.length).toBe(2);
    const refunds = await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paid.id));
    expect(refunds.map((r) => [r.amount, r.state])).toEqual([
      [30_000, 'DONE'],
      [69_000, 'DONE'],
    ]);
    const told = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.recipientUserId, head.id), eq(messages.kind, 'PAYMENT_REFUND')));
    expect(told.map((m) => m.channel)).toEqual(['TALK', 'TALK']);
    expect(told[1].body).toContain('₩69,000 전액 환불');
    // Nothing is left to refund.
    expect(await refusal(refundPayment(operator, { paymentId: paid.id, amount: 1, reason: '다시', key: newRefundKey() }, origin))).toBe(
      M.notRefundable,
    );
  });

  it('refuses more than the balance, in Korean, without calling the provider', async () => {
    const { academy } = await branchAcademy();
    const paid = await paidByCard(academy.id, { tier: Tier.ADD1, amount: 45_000 });
    await refundPayment(operator, { paymentId: paid.id, amount: 5_000, reason: '일부', key: newRefundKey() }, origin);
    const before = await cancelCalls();
    expect(
      await refusal(refundPayment(operator, { paymentId: paid.id, amount: 40_001, reason: '초과', key: newRefundKey() }, origin)),
    ).toBe('환불 금액이 환불 가능한 금액(₩40,000)보다 많습니다.');
    expect(await cancelCalls()).toBe(before);
  });

  it('posting the same form key twice refunds once: one provider call, one refund row', async () => {
    const { academy } = await branchAcademy();
    const paid = await paidByCard(academy.id);
    const key = newRefundKey();
    const before = await cancelCalls();
    const cookie = await sessionCookie('super');
    const post = () =>
      respond(() =>
        paymentPage.action({
          request: makeRequest(`/super/payments/${paid.id}`, {
            cookie,
            form: { intent: 'refund', amount: '99,000', reason: '중복 클릭 시험', refundKey: key },
          }),
          params: { paymentId: String(paid.id) },
          context: {},
        }),
      );
    const first = await post();
    const second = await post();
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    expect(await cancelCalls()).toBe(before + 1);
    const rows = await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paid.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ idempotencyKey: key, state: 'DONE', amount: 99_000 });
    const [after] = await db().select().from(payments).where(eq(payments.id, paid.id));
    expect(after).toMatchObject({ status: PaymentStatus.REFUND, refundedAmount: 99_000 });
  });

  it('a lost cancel answer is settled by reading the payment back, never by cancelling again', async () => {
    const { academy } = await branchAcademy();
    const real = paymentGateway()!;
    /** The provider does (or does not) cancel, and the answer never arrives. */
    const lossy = (cancels: boolean): PaymentGateway =>
      Object.assign(Object.create(real) as PaymentGateway, {
        cancel: async (...args: Parameters<PaymentGateway['cancel']>) => {
          if (cancels) await real.cancel(...args);
          return { ok: false as const, error: { kind: 'network' as const, message: 'timeout' } };
        },
      });
    try {
      const paid = await paidByCard(academy.id);
      const before = await cancelCalls();
      useGateway(lossy(true));
      const outcome = await refundPayment(
        operator,
        { paymentId: paid.id, amount: 20_000, reason: '응답 유실', key: newRefundKey() },
        origin,
      );
      expect(outcome.refund).toMatchObject({ state: 'DONE', amount: 20_000 });
      expect(outcome.refund.transactionKey).toBeTruthy();
      expect(outcome.payment.refundedAmount).toBe(20_000);
      expect(await cancelCalls()).toBe(before + 1);

      // The provider never saw it: the refund fails and its amount is refundable again.
      useGateway(lossy(false));
      expect(
        await refusal(refundPayment(operator, { paymentId: paid.id, amount: 79_000, reason: '응답 유실', key: newRefundKey() }, origin)),
      ).toBe('환불하지 못했습니다: 결제사에 환불 기록이 없습니다.');
      const [after] = await db().select().from(payments).where(eq(payments.id, paid.id));
      expect(after).toMatchObject({ status: PaymentStatus.SUCCESS, refundedAmount: 20_000 });
      useGateway(real);
      const rest = await refundPayment(operator, { paymentId: paid.id, amount: 79_000, reason: '다시', key: newRefundKey() }, origin);
      expect(rest.payment).toMatchObject({ status: PaymentStatus.REFUND, refundedAmount: 99_000 });
    } finally {
      useGateway(real);
    }
  });

  // Two operators refunding the whole balance at once (different form keys): the payment's row lock lets one reserve
  // the balance; the other sees nothing left. PGlite runs one statement at a time, so only PostgreSQL can race.
  it.skipIf(!onPostgres())('two concurrent refunds of the whole balance: one succeeds', async () => {
    const { academy } = await branchAcademy();
    const paid = await paidByCard(academy.id);
    const before = await cancelCalls();
    const results = await Promise.allSettled(
      [newRefundKey(), newRefundKey()].map((key) =>
        refundPayment(operator, { paymentId: paid.id, amount: 99_000, reason: '동시 환불', key }, origin),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    // The loser waits for the winner's row lock: it finds the balance reserved (nothing left), or, when the winner's
    // provider call has already ended, the payment refunded in whole (no longer a completed payment).
    expect(['환불 금액이 환불 가능한 금액(₩0)보다 많습니다.', '결제 완료된 결제만 환불할 수 있습니다.']).toContain(
      (rejected.reason as Error).message,
    );
    expect(await cancelCalls()).toBe(before + 1);
    const rows = await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paid.id));
    expect(rows).toHaveLength(1);
  });
});

describe('prices', () => {
  it('a price from next month does not change this month’s bill; a past date and a duplicate are refused', async () => {
    const [adult] = await db().select().from(users).where(eq(users.loginId, 'adult'));
    const thisMonth = month();
    const nextMonth = addMonths(thisMonth, 1);
    const before = await billFor(adult.organisationId!, 'student', thisMonth);
    const price = { plan: 'personal', tier: Tier.BASIC, amount: '25,000', studentLimit: '', effectiveFrom: `${nextMonth}-01` };
    const row = await addPrice(operator, price, origin);
    expect(row).toMatchObject({ amount: 25_000, studentLimit: null, effectiveFrom: `${nextMonth}-01` });
    const after = await billFor(adult.organisationId!, 'student', thisMonth);
    expect(after.lines).toEqual(before.lines);
    expect((await billFor(adult.organisationId!, 'student', nextMonth)).lines[0].amount).toBe(25_000);

    expect(await refusal(addPrice(operator, price, origin))).toBe(M.priceDuplicate);
    const yesterday = seoulDay(new Date(now().getTime() - 24 * 60 * 60 * 1000));
    expect(await refusal(addPrice(operator, { ...price, effectiveFrom: yesterday }, origin))).toBe(
      '적용일은 오늘 이후여야 합니다. 지난 청구 금액은 바꿀 수 없습니다.',
    );
    expect(await refusal(addPrice(operator, { ...price, plan: 'academy', tier: Tier.ADD1, studentLimit: '' }, origin))).toBe(
      M.priceLimitRequired,
    );
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'price.create'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(audit).toMatchObject({ targetType: 'price', targetId: row.id });
  });
});

describe('branch settlement', () => {
  it('the report’s totals equal the export’s, REFUND lines count for nothing, and the invoice splits VAT', async () => {
    const { academy, branch } = await branchAcademy();
    await paidByCard(academy.id);
    const add1 = await paidByCard(academy.id, { tier: Tier.ADD1, amount: 45_000 });
    await paidByCard(academy.id, { tier: Tier.NEW, amount: 150_000 });
    await refundPayment(operator, { paymentId: add1.id, amount: 45_000, reason: '취소', key: newRefundKey() }, origin);

    const report = await settlementReport({ branchId: branch.id, month: month() });
    expect(report.totals).toEqual({ count: 2, base: 249_000, branchAmount: 49_800, agencyAmount: 12_450 });
    expect(report.invoice.branch).toEqual({ total: 49_800, supply: 45_273, vat: 4_527 });
    expect(vatSplit(12_450)).toEqual({ total: 12_450, supply: 11_318, vat: 1_132 });

    // The CSV a BRANCH user of that branch downloads.
    const branchUser = await createBranchUser(branch.id);
    const res = await respond(() =>
      csvExport.loader({
        request: makeRequest(`/super/tax/u/region/agency/export.csv?month=${month()}`, { cookie: branchUser }),
        params: {},
        context: {},
      }),
    );
    expect(res.status).toBe(200);
    const rows = parse((await res.text()).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const total = rows.find((r) => r['정산월'] === '합계')!;
    expect(Number(total['정산 기준 금액'])).toBe(report.totals.base);
    expect(Number(total['지사 정산액'])).toBe(report.totals.branchAmount);
    expect(Number(total['대리점 정산액'])).toBe(report.totals.agencyAmount);
    expect(rows.filter((r) => r['주문번호']?.startsWith('ORD_ops_'))).toHaveLength(3);
    expect(settlementTable(report).rows).toHaveLength(report.lines.length + 2);
  });

  it('the CSV streams the lines a batch at a time: the same bytes as the whole table, every line once in the report’s order', async () => {
    const one = await branchAcademy();
    const two = await branchAcademy();
    await paidByCard(one.academy.id);
    await paidByCard(two.academy.id);
    await paidByCard(one.academy.id, { tier: Tier.NEW, amount: 150_000 });
    const paidOut = await paidByCard(two.academy.id, { tier: Tier.ADD1, amount: 45_000 });
    await refundPayment(operator, { paymentId: paidOut.id, amount: 45_000, reason: '취소', key: newRefundKey() }, origin);
    const scope = { branchId: null, month: month() };
    const all = await settlementLines(scope);
    expect(all.length).toBeGreaterThanOrEqual(5);
    for (const size of [1, 2, 3, all.length, all.length + 1]) {
      const seen: number[] = [];
      for await (const batch of settlementLineBatches(scope, size)) {
        expect(batch.length).toBeLessThanOrEqual(size);
        seen.push(...batch.map((l) => l.id));
      }
      expect(seen).toEqual(all.map((l) => l.id));
    }
    const streamed = Buffer.from(await new Response(settlementCsv(scope)).arrayBuffer());
    expect(streamed.equals(toCsv(settlementTable(await settlementReport(scope))))).toBe(true);
  });

  it('a page of academies: its academies and their lines, the totals, statuses, branches and agencies of all of them', async () => {
    const one = await branchAcademy();
    const two = await branchAcademy();
    await paidByCard(one.academy.id);
    await paidByCard(two.academy.id);
    await paidByCard(one.academy.id, { tier: Tier.NEW, amount: 150_000 });
    const refunded = await paidByCard(two.academy.id, { tier: Tier.ADD1, amount: 45_000 });
    await refundPayment(operator, { paymentId: refunded.id, amount: 45_000, reason: '취소', key: newRefundKey() }, origin);
    const scope = { branchId: null, month: month() };
    const whole = await settlementReport(scope);
    expect(whole.academies.length).toBeGreaterThanOrEqual(3);
    for (const size of [1, 2, whole.academies.length]) {
      const pages = Math.ceil(whole.academies.length / size);
      const academies: number[] = [];
      const lines: number[] = [];
      for (let page = 1; page <= pages; page++) {
        const part = await settlementReport(scope, { page, size });
        expect(part).toMatchObject({ page, pages, academyCount: whole.academies.length });
        expect(part.academies.length).toBeLessThanOrEqual(size);
        // The figures above the tables are every academy's, on every page.
        expect({
          totals: part.totals,
          recover: part.recover,
          byStatus: part.byStatus,
          branches: part.branches,
          agencies: part.agencies,
        }).toEqual({
          totals: whole.totals,
          recover: whole.recover,
          byStatus: whole.byStatus,
          branches: whole.branches,
          agencies: whole.agencies,
        });
        // The lines are the page's academies' lines.
        const ids = new Set(part.academies.map((a) => a.academyId));
        expect(part.lines.every((l) => ids.has(l.academyId))).toBe(true);
        academies.push(...part.academies.map((a) => a.academyId));
        lines.push(...part.lines.map((l) => l.id));
      }
      expect(academies).toEqual(whole.academies.map((a) => a.academyId));
      expect(lines).toEqual(whole.lines.map((l) => l.id));
    }
    // A page past the last shows the last; a page that drills into an academy shows its lines, all of them.
    expect((await settlementReport(scope, { page: 999, size: 1 })).page).toBe(whole.academies.length);
    const drilled = await settlementReport({ ...scope, academyId: one.academy.id }, { page: 1, size: 1 });
    expect(drilled.lines.map((l) => l.id)).toEqual(whole.lines.filter((l) => l.academyId === one.academy.id).map((l) => l.id));
    // …and names it, whichever page it is on.
    expect(drilled.drilled).toEqual(whole.academies.find((a) => a.academyId === one.academy.id));
    // The whole report's totals are its lines' (the rules the CSV adds up with).
    const counted = whole.lines.filter((l) => l.status === SettlementStatus.WAITING || l.status === SettlementStatus.SUCCESS);
    expect(whole.totals).toEqual({
      count: counted.length,
      base: counted.reduce((t, l) => t + l.baseAmount, 0),
      branchAmount: counted.reduce((t, l) => t + l.branchAmount, 0),
      agencyAmount: counted.reduce((t, l) => t + l.agencyAmount, 0),
    });
  });

  it('a BRANCH user sees only its own branch’s lines, whatever it asks for; operators see every branch and pay out', async () => {
    const mine = await branchAcademy();
    const other = await branchAcademy();
    const minePaid = await paidByCard(mine.academy.id);
    const otherPaid = await paidByCard(other.academy.id);
    const cookie = await createBranchUser(mine.branch.id);
    const load = async (query: string, as = cookie) => {
      const res = await respond(() =>
        branchPage.loader({ request: makeRequest(`/super/tax/u/region/agency?${query}`, { cookie: as }), params: {}, context: {} }),
      );
      expect(res.status).toBe(200);
      return (await res.json()) as { report: { lines: { orderId: string; branchId: number }[] } };
    };
    for (const query of [
      `month=${month()}`,
      `month=${month()}&branch=${other.branch.id}`,
      `month=${month()}&academy=${other.academy.id}`,
    ]) {
      const { report } = await load(query);
      expect(report.lines.every((l) => l.branchId === mine.branch.id)).toBe(true);
      expect(report.lines.map((l) => l.orderId)).not.toContain(otherPaid.orderId);
    }
    expect((await load(`month=${month()}`)).report.lines.map((l) => l.orderId)).toEqual([minePaid.orderId]);
    // The demo branch user sees neither test branch.
    const demo = await load(`month=${month()}`, await sessionCookie('branch'));
    expect(demo.report.lines.map((l) => l.orderId)).not.toContain(minePaid.orderId);
    expect(demo.report.lines.some((l) => l.orderId.startsWith('DEMO-'))).toBe(true);

    // An operator sees every branch, a row each (decision 049), each branch's lines on its own month, and pays the
    // other branch's month out.
    const operatorCookie = await sessionCookie('super');
    const country = (await load(`month=${month()}`, operatorCookie)) as unknown as {
      view: string;
      report?: unknown;
      settlement: { branches: { branchId: number; count: number; waiting: { count: number; base: number } }[] };
    };
    expect(country.view).toBe('country');
    expect(country.report).toBeUndefined();
    for (const branch of [mine.branch, other.branch])
      expect(country.settlement.branches.find((b) => b.branchId === branch.id)).toMatchObject({
        count: 1,
        waiting: { count: 1, base: 99_000 },
      });
    // The country's figures are its lines' (the spreadsheet's report of every branch), a branch's row its own month's.
    const everyLine = await settlementReport({ branchId: null, month: month() });
    const countryFigures = (await load(`month=${month()}`, operatorCookie)) as unknown as {
      settlement: { totals: unknown; byStatus: unknown; recover: unknown; branches: { branchId: number }[] };
    };
    expect(countryFigures.settlement.totals).toEqual(everyLine.totals);
    expect(countryFigures.settlement.byStatus).toEqual(everyLine.byStatus);
    expect(countryFigures.settlement.recover).toEqual(everyLine.recover);
    const mineMonth = await settlementReport({ branchId: mine.branch.id, month: month() });
    expect(countryFigures.settlement.branches.find((b) => b.branchId === mine.branch.id)).toEqual(mineMonth.branches[0]);
    expect((await load(`month=${month()}&branch=${other.branch.id}`, operatorCookie)).report.lines.map((l) => l.orderId)).toEqual([
      otherPaid.orderId,
    ]);
    const paidOut = await respond(() =>
      branchPage.action({
        request: makeRequest('/super/tax/u/region/agency', {
          cookie: operatorCookie,
          form: { intent: 'payout', branch: String(other.branch.id), month: month() },
        }),
        params: {},
        context: {},
      }),
    );
    expect(paidOut.status).toBe(302);
    expect(await lineOf(otherPaid.id)).toMatchObject({ status: SettlementStatus.SUCCESS, paidOutByUserId: operator.id });
    expect((await lineOf(minePaid.id)).status).toBe(SettlementStatus.WAITING);
    // A BRANCH user cannot pay out.
    const refused = await respond(() =>
      branchPage.action({
        request: makeRequest('/super/tax/u/region/agency', {
          cookie,
          form: { intent: 'payout', branch: String(mine.branch.id), month: month() },
        }),
        params: {},
        context: {},
      }),
    );
    expect(refused.status).toBe(403);
    // A paid-out line refunded later is to be recovered.
    await refundPayment(operator, { paymentId: otherPaid.id, amount: 99_000, reason: '환불', key: newRefundKey() }, origin);
    const report = await settlementReport({ branchId: other.branch.id, month: month() });
    expect(report.recover).toMatchObject({ count: 1, branchAmount: 19_800 });
    expect(report.totals.count).toBe(0);
  });
});

describe('demo data', () => {
  it('has receipts of each type, a refund row for the refunded payment, and settlement lines for the demo branch', async () => {
    // The payments of the base demo academies and member (head, head2, adult); later steps add their own.
    const payers = await db()
      .select()
      .from(users)
      .where(inArray(users.loginId, ['head', 'head2', 'adult']));
    const demo = await db()
      .select()
      .from(payments)
      .where(
        and(
          like(payments.orderId, 'DEMO-%'),
          inArray(
            payments.organisationId,
            payers.map((u) => u.organisationId!),
          ),
        ),
      );
    expect(new Set(demo.map((p) => p.receiptType))).toEqual(new Set(['C', 'T', 'N']));
    const refunded = demo.find((p) => p.status === PaymentStatus.REFUND)!;
    expect(refunded.refundedAmount).toBe(refunded.amount);
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, refunded.id))).toHaveLength(1);
    expect((await lineOf(refunded.id)).status).toBe(SettlementStatus.REFUND);
    expect(demo.find((p) => p.status === PaymentStatus.FAIL)?.failMessage).toBeTruthy();
    const waiting = demo.filter((p) => p.status === PaymentStatus.WAITING);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ method: PaymentMethod.DEPOSIT, paidMonth: month(), orderName: '' });
    const [head3] = await db().select().from(users).where(eq(users.loginId, 'head3'));
    expect(await db().select().from(payments).where(eq(payments.organisationId, head3.organisationId!))).toHaveLength(0);
    for (const p of demo.filter((d) => d.status === PaymentStatus.SUCCESS)) {
      const [org] = await db().select().from(organisations).where(eq(organisations.id, p.organisationId));
      const line = await lineOf(p.id);
      if (org.kind === 'academy') expect(line.status).toBe(p.paidMonth < month() ? SettlementStatus.SUCCESS : SettlementStatus.WAITING);
      else expect(line).toBeUndefined();
    }
  });
});

/** A BRANCH account of `branchId`, signed in: the Cookie header. */
async function createBranchUser(branchId: number) {
  const loginId = unique('branch_');
  const demo = await findUserByLoginId('branch');
  const [row] = await db()
    .insert(users)
    .values({
      loginId,
      passwordHash: demo!.passwordHash,
      name: '시험 지사',
      role: 'SUPER',
      authorities: ['BRANCH'],
      organisationId: branchId,
    })
    .returning();
  return sessionCookie(row.loginId);
}
