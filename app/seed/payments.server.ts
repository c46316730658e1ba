import { and, asc, eq, inArray, isNotNull, like } from 'drizzle-orm';
import { PaymentMethod, PaymentStatus, SettlementStatus, Tier } from '~/domain/enums';
import { orderNameOf } from '~/domain/payments';
import { addMonths, seoulMonth } from '~/lib/dates';
import { createSettlementLine, share } from '~/services/payments/settlements.server';
import type { Tx } from '~/db/client.server';
import { agencies, organisations, paymentRefunds, payments, prices, settlements, users } from '~/db/schema';
import { DEMO_PRICES, insertDemoAcademy } from './base.server';

/**
 * The demo's price table (in effect from two years ago, so every demo month is priced), the demo branch's settlement
 * rate, and a third academy, 새봄 독서학원 (head `head3`), that has never paid anything: a fresh academy's first bill
 * (NEW and BASIC) to pay. BASIC covers 30 active students, ADD1 30 more, ADD2 60 more.
 */
export async function seedPayments(tx: Tx, at: Date) {
  const from = `${addMonths(seoulMonth(at), -24)}-01`;
  await tx.insert(prices).values([
    { plan: 'academy', tier: Tier.BASIC, amount: DEMO_PRICES.BASIC, studentLimit: 30, effectiveFrom: from },
    { plan: 'academy', tier: Tier.ADD1, amount: DEMO_PRICES.ADD1, studentLimit: 30, effectiveFrom: from },
    { plan: 'academy', tier: Tier.ADD2, amount: DEMO_PRICES.ADD2, studentLimit: 60, effectiveFrom: from },
    { plan: 'academy', tier: Tier.NEW, amount: DEMO_PRICES.NEW, studentLimit: null, effectiveFrom: from },
    { plan: 'personal', tier: Tier.BASIC, amount: DEMO_PRICES.PERSONAL, studentLimit: null, effectiveFrom: from },
  ]);
  await tx.update(organisations).set({ settlementRate: 1500 }).where(eq(organisations.kind, 'branch'));

  await insertDemoAcademy(
    tx,
    { name: '새봄 독서학원', code: 'SAEBOM', phone: '02-000-2003', address: '서울 마포구' },
    { loginId: 'head3', name: '한새봄', email: 'head3@readin.example', phone: '010-3000-0005' },
  );

  await completeDemoPayments(tx, at);
}

/** A moment on the 3rd of a Seoul month at 10:00 (or `at` when that is still to come). */
function inMonth(month: string, at: Date, day = 3) {
  const d = new Date(`${month}-${String(day).padStart(2, '0')}T10:00:00+09:00`);
  return d.getTime() < at.getTime() ? d : at;
}

/**
 * Gives the base step's demo payments (orderIds DEMO-…) what a real order has: its name, the payer, the card or bank
 * it was paid with, a cash receipt of each type (C, T and N), a depositor name, the provider's message on the failed
 * one, a DONE refund for the refunded one; then the demo branch's settlement lines: one per SUCCESS academy payment,
 * the older months' paid out, the refunded payment's REFUND (it had been paid out: to recover). head2's waiting deposit
 * of this month is left exactly as the base step wrote it (it is the order head2 still has to pay).
 */
async function completeDemoPayments(tx: Tx, at: Date) {
  const month = seoulMonth(at);
  const demo = await tx.select().from(payments).where(like(payments.orderId, 'DEMO-%')).orderBy(asc(payments.id));
  const heads = await tx
    .select({ id: users.id, loginId: users.loginId, organisationId: users.organisationId })
    .from(users)
    .where(inArray(users.loginId, ['head', 'head2', 'adult', 'super']));
  const byLogin = new Map(heads.map((h) => [h.loginId, h]));
  const payerOf = (organisationId: number) => heads.find((h) => h.organisationId === organisationId && h.loginId !== 'super')?.id ?? null;
  const operator = byLogin.get('super')?.id ?? null;
  const cards = ['신한카드 4330-12**-****-1234', '국민카드 9410-61**-****-5678', '현대카드 4048-01**-****-2468'];
  let card = 0;
  let cashReceipt = 0;

  for (const p of demo) {
    // head2's order of this month waits for its deposit: untouched.
    if (p.status === PaymentStatus.WAITING) continue;
    const approvedAt = p.status === PaymentStatus.SUCCESS || p.status === PaymentStatus.REFUND ? inMonth(p.paidMonth, at) : null;
    const common = {
      orderName: orderNameOf(p.tier, p.paidMonth),
      payerUserId: payerOf(p.organisationId),
      createdAt: inMonth(p.paidMonth, at, 2),
      updatedAt: approvedAt ?? inMonth(p.paidMonth, at, 2),
      approvedAt,
    };
    if (p.method === PaymentMethod.CARD) {
      const paid = p.status === PaymentStatus.SUCCESS || p.status === PaymentStatus.REFUND;
      await tx
        .update(payments)
        .set({
          ...common,
          paymentKey: paid ? `demo_pk_${p.orderId.toLowerCase()}` : null,
          paidWith: paid ? cards[card++ % cards.length] : null,
          receiptType: 'N',
          ...(p.status === PaymentStatus.FAIL
            ? { failCode: 'REJECT_CARD_PAYMENT', failMessage: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.' }
            : {}),
          ...(p.status === PaymentStatus.CANCEL
            ? { failCode: 'PAY_PROCESS_CANCELED', failMessage: '사용자에 의해 결제가 취소되었습니다.' }
            : {}),
          ...(p.status === PaymentStatus.REFUND ? { refundedAmount: p.amount } : {}),
        })
        .where(eq(payments.id, p.id));
    } else if (p.method === PaymentMethod.BANK_TRANSFER) {
      // A transfer with a personal cash receipt (소득공제, by phone number).
      await tx
        .update(payments)
        .set({
          ...common,
          paymentKey: `demo_pk_${p.orderId.toLowerCase()}`,
          paidWith: '국민은행 계좌이체',
          receiptType: 'C',
          cashReceiptIdentity: '010-3000-0001',
          cashReceiptKey: `demo_cr_${++cashReceipt}`,
        })
        .where(eq(payments.id, p.id));
    } else {
      // A deposit confirmed by an operator, with a business cash receipt (지출증빙, by registration number).
      await tx
        .update(payments)
        .set({
          ...common,
          paidWith: '무통장입금',
          receiptType: 'T',
          cashReceiptIdentity: '123-45-67890',
          cashReceiptKey: `demo_cr_${++cashReceipt}`,
          depositorName: '푸른솔독서교실',
          confirmedByUserId: operator,
        })
        .where(eq(payments.id, p.id));
    }
    if (p.status === PaymentStatus.REFUND) {
      await tx.insert(paymentRefunds).values({
        paymentId: p.id,
        amount: p.amount,
        reason: '학생 수가 줄어 추가 요금을 돌려드립니다.',
        idempotencyKey: `demo-refund-${p.orderId}`,
        state: 'DONE',
        transactionKey: `demo_tx_${p.id}`,
        requestedByUserId: operator,
        createdAt: inMonth(p.paidMonth, at, 20),
        completedAt: inMonth(p.paidMonth, at, 20),
      });
    }
  }

  // Settlement lines of the demo branch's academies: every SUCCESS payment, older months paid out on the 10th of the
  // month after; the refunded payment's line had been paid out and is to be recovered.
  const ended = await tx
    .select({ payment: payments, branchId: organisations.branchId, agencyId: organisations.agencyId })
    .from(payments)
    .innerJoin(organisations, eq(organisations.id, payments.organisationId))
    .where(
      and(
        like(payments.orderId, 'DEMO-%'),
        eq(organisations.kind, 'academy'),
        isNotNull(organisations.branchId),
        inArray(payments.status, [PaymentStatus.SUCCESS, PaymentStatus.REFUND]),
      ),
    )
    .orderBy(asc(payments.id));
  for (const { payment: p, branchId, agencyId } of ended) {
    const paidOut = p.paidMonth < month ? { paidOutAt: inMonth(addMonths(p.paidMonth, 1), at, 10), paidOutByUserId: operator } : {};
    if (p.status === PaymentStatus.SUCCESS) {
      await createSettlementLine(tx, p.id);
      if (p.paidMonth < month) {
        await tx
          .update(settlements)
          .set({ status: SettlementStatus.SUCCESS, ...paidOut })
          .where(eq(settlements.paymentId, p.id));
      }
      continue;
    }
    const [branch] = await tx.select({ rate: organisations.settlementRate }).from(organisations).where(eq(organisations.id, branchId!));
    const [agency] = agencyId ? await tx.select({ rate: agencies.settlementRate }).from(agencies).where(eq(agencies.id, agencyId)) : [];
    const agencyRate = agency?.rate ?? 0;
    await tx.insert(settlements).values({
      paymentId: p.id,
      academyId: p.organisationId,
      branchId: branchId!,
      agencyId,
      month: p.paidMonth,
      baseAmount: p.amount,
      branchRate: branch?.rate ?? 0,
      agencyRate,
      branchAmount: share(p.amount, branch?.rate ?? 0),
      agencyAmount: share(p.amount, agencyRate),
      status: SettlementStatus.REFUND,
      ...paidOut,
    });
  }
}
