import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { organisations, payments, users } from '~/db/schema';
import { PaymentMethod, PaymentStatus, Tier } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { addMonths, seoulMonth } from '~/lib/dates';
import * as me from '~/routes/api+/me';
import * as editStudent from '~/routes/admin+/students_.$studentId_.edit';
import { findUserByLoginId } from '~/services/accounts.server';
import { billingOverview } from '~/services/academy/billing.server';
import { academyDashboard } from '~/services/academy/dashboard.server';
import { branchActivity } from '~/services/operators/branch.server';
import { listAcademies } from '~/services/operators/organisations.server';
import { confirmDeposit } from '~/services/operators/payments.server';
import { hasBasicPay } from '~/services/payments/basic-pay.server';
import { billingState, studentCharge } from '~/services/payments/billing-state.server';
import { recordedMonthStudents, recordMonthStudents } from '~/services/payments/month-students.server';
import { newRefundKey, refundPayment } from '~/services/payments/refunds.server';
import { makeRequest, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { createAcademy, createStaff, unique, type Academy, type Member } from '../support/factories';

// One billing state per payer and month (billing-state.server.ts), read by every screen that names it: after a student
// taken past the 30 BASIC covers, a partial refund and a confirmed deposit, the head's dashboard, the payments page,
// the basicPay guard, the operators' list and /api/me say the same. The forms that add students say what they add.

useTestDatabase();

const origin = { address: '127.0.0.1', origin: 'http://localhost' };
let operator: { id: number; authorities: ['ADMIN1'] };

beforeAll(async () => {
  const superUser = await findUserByLoginId('super');
  operator = { id: superUser!.id, authorities: ['ADMIN1'] };
});

/** `n` active students of the academy, written as rows. */
async function addStudents(academy: Academy, n: number) {
  await db()
    .insert(users)
    .values(
      Array.from({ length: n }, () => {
        const loginId = unique('billstudent');
        return { loginId, passwordHash: 'x', name: loginId, role: 'USER' as const, status: 'ACTIVE' as const, organisationId: academy.id };
      }),
    );
}

/** An academy registered last month (NEW paid then), BASIC paid this month, with 30 active students and its head. */
async function fullAcademy(): Promise<{ academy: Academy; head: Member }> {
  const academy = await createAcademy();
  // Under the demo's branch, whose month (the settlement page of one branch) lists its academies with their bills.
  const [branchUser] = await db().select({ branchId: users.organisationId }).from(users).where(eq(users.loginId, 'branch'));
  await db().update(organisations).set({ branchId: branchUser.branchId }).where(eq(organisations.id, academy.id));
  await db()
    .insert(payments)
    .values({
      orderId: `TEST-NEW-${academy.code}`,
      organisationId: academy.id,
      tier: Tier.NEW,
      method: PaymentMethod.CARD,
      status: PaymentStatus.SUCCESS,
      amount: 150_000,
      paidMonth: addMonths(seoulMonth(now()), -1),
      approvedAt: now(),
    });
  await addStudents(academy, 30);
  return { academy, head: await createStaff(academy, 'HEAD') };
}

/** The login id of one active student of the academy. */
async function firstActive(academyId: number) {
  const [row] = await db()
    .select({ loginId: users.loginId })
    .from(users)
    .where(and(eq(users.organisationId, academyId), eq(users.role, 'USER'), eq(users.status, 'ACTIVE')))
    .limit(1);
  return row?.loginId ?? null;
}

const headOf = (head: Member) => ({ ...head, role: 'ADMIN' as const, authorities: ['HEAD' as const] });

/**
 * What each screen says of this month: the dashboard card, the payments page, the operators' list, the branch's
 * settlement page (/super/tax/u/region/agency, the academy's branch), /api/me.
 */
async function screens(academy: Academy, head: Member) {
  const [dashboard, page, list, settlement, api] = await Promise.all([
    academyDashboard(headOf(head)),
    billingOverview(headOf(head)),
    listAcademies({ q: academy.code }, 1),
    (async () => {
      const [row] = await db().select({ branchId: organisations.branchId }).from(organisations).where(eq(organisations.id, academy.id));
      return branchActivity(row.branchId, seoulMonth(now()), 1, 10_000);
    })(),
    (async () => {
      const res = await me.loader({
        request: new Request('http://localhost/api/me', { headers: { Cookie: await sessionCookie(head.loginId) } }),
        params: {},
        context: {},
      });
      return (
        (await res.json()) as { data: { basicPay: boolean; billing: { state: string; due: number; refunded: number; pending: number } } }
      ).data;
    })(),
  ]);
  const row = list.rows[0];
  const bill = settlement.rows.find((r) => r.academyId === academy.id)!.bill;
  return {
    /** The month in words on the dashboard card, the payments page, the operators' list and the settlement. */
    words: {
      dashboard: [dashboard.billing!.label, dashboard.billing!.detail],
      page: page.summary.stateLabel,
      list: [row.month.headline, row.month.detail],
      settlement: [bill.headline, bill.detail],
    },
    settlement: { state: bill.state, due: bill.due, refunded: bill.refunded },
    dashboard: { state: dashboard.billing!.state, due: dashboard.billing!.due, basicPaid: dashboard.basicPaid },
    page: { state: page.summary.state, due: page.summary.due, refunded: page.summary.refunded, basicPaid: page.paid },
    list: { state: row.month.state, due: row.month.due, refunded: row.month.refunded },
    api: { state: api.billing.state, due: api.billing.due, refunded: api.billing.refunded, basicPaid: api.basicPay },
  };
}

describe('the billing state every screen reads', () => {
  it('agrees after a student past 30, a deposit confirmed and a partial refund', async () => {
    const { academy, head } = await fullAcademy();
    let s = await screens(academy, head);
    expect(s.words).toEqual({
      dashboard: ['결제 완료', '기본 이용료 결제 완료'],
      page: '결제 완료',
      list: ['결제 완료', '기본 이용료 결제 완료'],
      settlement: ['결제 완료', '기본 이용료 결제 완료'],
    });
    expect(s.dashboard).toEqual({ state: 'paid', due: null, basicPaid: true });
    expect(s.page).toEqual({ state: 'paid', due: '₩0', refunded: null, basicPaid: true });
    expect(s.list).toEqual({ state: 'paid', due: 0, refunded: 0 });
    expect(s.settlement).toEqual(s.list);
    expect(s.api).toEqual({ state: 'paid', due: 0, refunded: 0, basicPaid: true });

    // The form that adds the 31st says it before it is sent; at 31 the pack is already on the bill.
    const charge = await studentCharge(academy.id, 1, '이 학생을 추가하면');
    expect(charge).toMatchObject({ students: 30, after: 31, total: 45_000, lines: [{ tier: Tier.ADD1, amount: 45_000 }] });
    expect(charge!.message).toBe(
      '이 학생을 추가하면 활동 중인 학생이 30명에서 31명이 됩니다. 이번 달 청구에 더해지는 금액: 학생 추가 1 ₩45,000 (학생 31명: 기본 30명 초과).',
    );
    expect((await studentCharge(academy.id, 31, '31명을 등록하면'))!.lines.map((l) => [l.tier, l.amount])).toEqual([
      [Tier.ADD1, 45_000],
      [Tier.ADD2, 80_000],
    ]);

    // A student past 30: ADD1 is due on every screen; BASIC still holds (the guard reads the same state).
    await addStudents(academy, 1);
    expect(await studentCharge(academy.id, 1)).toBeNull();
    s = await screens(academy, head);
    // Said as it is: the basic fee paid, the student pack's amount due (not a bare 미결제), alike on every screen.
    const packDue = ['학생 추가 1 미결제', '기본 이용료 결제 완료 · 학생 추가 1 ₩45,000 미결제'];
    expect(s.words).toEqual({ dashboard: packDue, page: '학생 추가 1 미결제', list: packDue, settlement: packDue });
    expect(s.dashboard).toEqual({ state: 'due', due: '₩45,000', basicPaid: true });
    expect(s.page).toEqual({ state: 'due', due: '₩45,000', refunded: null, basicPaid: true });
    expect(s.list).toEqual({ state: 'due', due: 45_000, refunded: 0 });
    expect(s.settlement).toEqual(s.list);
    expect(s.api).toEqual({ state: 'due', due: 45_000, refunded: 0, basicPaid: true });
    expect(await hasBasicPay(academy.id)).toBe(true);
    const page = await billingOverview(headOf(head));
    expect(page.lines.map((l) => [l.label, l.reason, l.state])).toEqual([
      ['기본 이용료', '기본 이용료', 'paid'],
      ['학생 추가 1', '학생 31명: 기본 30명 초과', 'due'],
    ]);

    // A 무통장입금 announced for ADD1: every screen says it is being confirmed, then paid once the operator confirms.
    const [deposit] = await db()
      .insert(payments)
      .values({
        orderId: `TEST-ADD1-${academy.code}`,
        organisationId: academy.id,
        tier: Tier.ADD1,
        method: PaymentMethod.DEPOSIT,
        status: PaymentStatus.WAITING,
        amount: 45_000,
        paidMonth: seoulMonth(now()),
        depositorName: '시험학원',
        payerUserId: head.id,
      })
      .returning();
    s = await screens(academy, head);
    expect([s.dashboard.state, s.page.state, s.list.state, s.settlement.state, s.api.state]).toEqual([
      'waiting',
      'waiting',
      'waiting',
      'waiting',
      'waiting',
    ]);
    const packWaiting = ['학생 추가 1 결제 확인 중', '기본 이용료 결제 완료 · 학생 추가 1 ₩45,000 입금 대기'];
    expect(s.words).toEqual({ dashboard: packWaiting, page: '학생 추가 1 결제 확인 중', list: packWaiting, settlement: packWaiting });
    expect((await billingState(academy.id))!.pending).toBe(45_000);
    await confirmDeposit(operator, deposit.id, origin);
    s = await screens(academy, head);
    expect(s.dashboard).toEqual({ state: 'paid', due: null, basicPaid: true });
    expect(s.list).toEqual({ state: 'paid', due: 0, refunded: 0 });
    expect(s.settlement).toEqual(s.list);
    expect(s.api).toMatchObject({ state: 'paid', due: 0 });

    // ₩30,000 of the ADD1 deposit refunded: still paid (a partial refund keeps the payment), the refund on every screen,
    // and the history says 부분 환불 rather than 결제 완료.
    await refundPayment(operator, { paymentId: deposit.id, amount: 30_000, reason: '학생 수 감소', key: newRefundKey() }, origin);
    s = await screens(academy, head);
    expect(s.page).toEqual({ state: 'paid', due: '₩0', refunded: '₩30,000', basicPaid: true });
    expect(s.words.dashboard).toEqual(['결제 완료', '기본 이용료 결제 완료 · 학생 추가 1 결제 완료 (환불 ₩30,000)']);
    expect(s.words.list).toEqual(s.words.dashboard);
    expect(s.list).toEqual({ state: 'paid', due: 0, refunded: 30_000 });
    expect(s.settlement).toEqual(s.list);
    expect(s.api).toMatchObject({ state: 'paid', refunded: 30_000 });
    const history = (await billingOverview(headOf(head))).history.find((h) => h.id === deposit.id)!;
    expect(history).toMatchObject({ status: '부분 환불', amount: '₩45,000', refunded: '₩30,000' });
  });

  it('says the charge before a paused student is made active again, as adding and approving do', async () => {
    const { academy, head } = await fullAcademy();
    const loginId = unique('paused');
    const [paused] = await db()
      .insert(users)
      .values({ loginId, passwordHash: 'x', name: loginId, role: 'USER', status: 'SUSPENDED', organisationId: academy.id })
      .returning({ id: users.id });
    const load = async () => {
      const request = makeRequest(`/admin/students/${paused.id}/edit`, { cookie: await sessionCookie(head.loginId) });
      const res = (await editStudent.loader({ request, params: { studentId: String(paused.id) }, context: {} })) as Response;
      return ((await res.json()) as { resumeCharge: string | null }).resumeCharge;
    };
    // The 31st active student: the same sentence the add form and the approve button read (studentCharge).
    expect(await load()).toBe(
      '다시 활동으로 바꾸면 활동 중인 학생이 30명에서 31명이 됩니다. 이번 달 청구에 더해지는 금액: 학생 추가 1 ₩45,000 (학생 31명: 기본 30명 초과).',
    );
    expect(await load()).toBe((await studentCharge(academy.id, 1, '다시 활동으로 바꾸면'))!.message);
    // Below the threshold nothing is said.
    await db()
      .update(users)
      .set({ status: 'SUSPENDED' })
      .where(eq(users.loginId, (await firstActive(academy.id))!));
    expect(await load()).toBeNull();
  });

  it('shows a head3-like academy’s unpaid registration on the dashboard, and no billing to a student', async () => {
    const academy = await createAcademy();
    const head = await createStaff(academy, 'HEAD');
    const dashboard = await academyDashboard(headOf(head));
    // BASIC is paid but NEW is not: the month is not 결제 완료.
    expect(dashboard.basicPaid).toBe(true);
    expect(dashboard.billing).toMatchObject({
      state: 'due',
      due: '₩150,000',
      unpaid: ['신규 등록'],
      label: '신규 등록 미결제',
      detail: '기본 이용료 결제 완료 · 신규 등록 ₩150,000 미결제',
    });
    // A teacher's dashboard carries no billing.
    const teacher = await createStaff(academy, 'TEACHER');
    expect((await academyDashboard({ ...teacher, role: 'ADMIN', authorities: ['TEACHER'] })).billing).toBeNull();
  });

  it('gives an academy’s student basicPay true and no billing, whether or not the academy paid', async () => {
    const cookie = await sessionCookie('student14');
    const res = await me.loader({
      request: new Request('http://localhost/api/me', { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    });
    const data = ((await res.json()) as { data: { basicPay: boolean; billing: unknown } }).data;
    expect(data).toMatchObject({ basicPay: true, billing: null });
    const student = await findUserByLoginId('student14');
    expect(await hasBasicPay(student!.organisationId)).toBe(false);
    // The individual member pays their own: billing is theirs.
    const adult = await me.loader({
      request: new Request('http://localhost/api/me', { headers: { Cookie: await sessionCookie('adult') } }),
      params: {},
      context: {},
    });
    expect(((await adult.json()) as { data: { billing: { state: string } | null } }).data.billing).not.toBeNull();
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.loginId, 'student14'));
    expect(row).toBeTruthy();
  });

  it('reads a past month with the students recorded for it, not today’s', async () => {
    const { academy, head } = await fullAcademy();
    const month = seoulMonth(now());
    const lastMonth = addMonths(month, -1);
    // Last month the academy had 34 active students: the hourly record of that month says so.
    await addStudents(academy, 4);
    expect(await recordMonthStudents(new Date(`${lastMonth}-20T15:00:00+09:00`))).toBeGreaterThan(0);
    expect((await recordedMonthStudents([academy.id], lastMonth)).get(academy.id)).toBe(34);
    // Today six of them are paused: 28 active.
    const six = await db()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.organisationId, academy.id), eq(users.role, 'USER'), eq(users.status, 'ACTIVE')))
      .limit(6);
    await db()
      .update(users)
      .set({ status: 'SUSPENDED' })
      .where(
        inArray(
          users.id,
          six.map((r) => r.id),
        ),
      );

    // Last month's bill counts its 34 (the 학생 추가 1 pack it owed then); this month's counts today's 28.
    const past = (await billingState(academy.id, lastMonth))!;
    expect(past.activeStudents).toBe(34);
    expect(past.lines.map((l) => [l.label, l.reason, l.state])).toEqual([
      ['기본 이용료', '기본 이용료', 'due'],
      ['신규 등록', '신규 등록비 (처음 한 번)', 'paid'],
      ['학생 추가 1', '학생 34명: 기본 30명 초과', 'due'],
    ]);
    const current = (await billingState(academy.id))!;
    expect(current.activeStudents).toBe(28);
    expect(current.lines.map((l) => l.label)).toEqual(['기본 이용료']);

    // The settlement of last month shows the month's students and bill; this month's, today's.
    const lastRow = (await branchActivity(null, lastMonth, 1, 10_000)).rows.find((r) => r.academyId === academy.id)!;
    expect(lastRow.students).toBe(34);
    expect(lastRow.bill).toMatchObject({ students: 34, tiers: [Tier.BASIC, Tier.NEW, Tier.ADD1], due: 99_000 + 45_000 });
    expect(lastRow.bill.detail).toBe('기본 이용료 ₩99,000 미결제 · 신규 등록 결제 완료 · 학생 추가 1 ₩45,000 미결제');
    const thisRow = (await branchActivity(null, month, 1, 10_000)).rows.find((r) => r.academyId === academy.id)!;
    expect(thisRow.students).toBe(28);
    expect(thisRow.bill).toMatchObject({ students: 28, tiers: [Tier.BASIC], state: 'paid' });
    // The head's dashboard reads this month: 28 and paid.
    expect((await academyDashboard(headOf(head))).billing).toMatchObject({ state: 'paid', label: '결제 완료' });

    // A month without a record (before the records began) is read with today's count.
    expect((await billingState(academy.id, addMonths(month, -2)))!.activeStudents).toBe(28);
    // This month's record follows today's count each time the schedule runs.
    await recordMonthStudents(now());
    expect((await recordedMonthStudents([academy.id], month)).get(academy.id)).toBe(28);
  });
});
