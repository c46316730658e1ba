import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { organisations, payments, users, type OrganisationStatus, type PricePlan } from '~/db/schema';
import { PaymentMethod, PaymentStatus, Tier } from '~/domain/enums';
import { BILL_LINE_STATE_LABELS, MONTH_STATE_LABELS, TIER_LABELS, won, type BillLineState, type MonthState } from '~/domain/payments';
import { now } from '~/lib/clock.server';
import { seoulMonth } from '~/lib/dates';
import { billedWithRecord, recordedMonthStudents } from './month-students.server';
import { composeBill, pricesForMonth, type Bill } from './prices.server';

// An organisation's billing state for a Seoul month: what the month's bill asks (BASIC, NEW until the registration is
// paid, the student packs its active students need), what was paid and refunded, what is being confirmed or waits for
// a deposit, and what is still due. Every screen that names a payer's month reads it: the head's dashboard, the
// payments page and the basicPay guard, the operators' lists and an academy's page, `/api/me`. A list of payers is
// read in a fixed number of queries whatever its length (the month's prices, the month's orders, the registrations).

export type BillingLine = {
  tier: Tier;
  label: string;
  /** Why the line is on the bill: '기본 이용료', '학생 34명: 기본 30명 초과', … */
  reason: string;
  amount: number;
  /**
   * paid: a SUCCESS order covers it (a partial refund keeps it paid, a whole refund does not); checking: a card or
   * transfer order's confirmation is under way; deposit: a 무통장입금 waits for the operator; due: nothing under way.
   */
  state: BillLineState;
  /** What was refunded of the order that paid it. */
  refunded: number;
  /** The 무통장입금 order that waits for this line, if one does. */
  waitingOrderId: number | null;
};

export type BillingState = {
  organisationId: number;
  month: string;
  plan: PricePlan;
  activeStudents: number;
  lines: BillingLine[];
  /** Tiers the bill needs that have no price yet (the bill cannot be paid until they do). */
  unpriced: Tier[];
  /** The month as one word: every line paid, every unpaid line under way, something due, unpriced, or closed. */
  state: MonthState;
  /** This month's BASIC is paid: the basicPay guard (spec §5). */
  basicPaid: boolean;
  /** The bill's total, in won. */
  owed: number;
  /** Paid for this month (orders that succeeded, refunded ones included). */
  paid: number;
  /** Refunded of this month's orders. */
  refunded: number;
  /** Of `due`: the lines being confirmed or waiting for a deposit. */
  pending: number;
  /** The unpaid lines' total. */
  due: number;
  /** The month in words, the same on every screen that names it (billingWords). */
  words: BillingWords;
};

/**
 * The month in words. `headline`: the month's word, naming the unpaid lines when part of the bill is paid ('학생 추가 1
 * 미결제' where BASIC is paid and the student pack is not; '미결제' when nothing is). `detail`: each line with its state,
 * '기본 이용료 결제 완료 · 학생 추가 1 ₩45,000 미결제' (a paid line's refund in brackets, unpriced tiers at the end).
 */
export type BillingWords = { headline: string; detail: string };

export function billingWords(s: { state: MonthState; lines: BillingLine[]; unpriced: Tier[] }): BillingWords {
  const monthWord = MONTH_STATE_LABELS[s.state];
  if (s.state === 'closed') return { headline: monthWord, detail: '' };
  const unpaid = s.lines.filter((l) => l.state !== 'paid');
  const partly = unpaid.length > 0 && unpaid.length < s.lines.length;
  const headline =
    (s.state === 'due' || s.state === 'waiting') && partly ? `${unpaid.map((l) => l.label).join('·')} ${monthWord}` : monthWord;
  const detail = [
    ...s.lines.map((l) =>
      l.state === 'paid'
        ? `${l.label} ${BILL_LINE_STATE_LABELS.paid}${l.refunded ? ` (환불 ${won(l.refunded)})` : ''}`
        : `${l.label} ${won(l.amount)} ${BILL_LINE_STATE_LABELS[l.state]}`,
    ),
    ...s.unpriced.map((t) => `${TIER_LABELS[t]} ${MONTH_STATE_LABELS.unpriced}`),
  ].join(' · ');
  return { headline, detail };
}

export type Payer = { id: number; status: OrganisationStatus; activeStudents: number };

/** The month state from the lines: closed and unpriced first, then paid, waiting (every unpaid line under way) or due. */
function monthStateOf(status: OrganisationStatus, lines: BillingLine[], unpriced: Tier[]): MonthState {
  if (status === 'CLOSED') return 'closed';
  if (unpriced.length > 0) return 'unpriced';
  const unpaid = lines.filter((l) => l.state !== 'paid');
  if (unpaid.length === 0) return 'paid';
  return unpaid.every((l) => l.state === 'checking' || l.state === 'deposit') ? 'waiting' : 'due';
}

type MonthOrder = {
  id: number;
  organisationId: number;
  tier: Tier;
  status: PaymentStatus;
  method: PaymentMethod;
  amount: number;
  refundedAmount: number;
  confirmStartedAt: Date | null;
};

/** The billing state of `bill` given the month's orders of its payer. */
function stateOf(payer: Payer, bill: Bill, orders: MonthOrder[]): BillingState {
  const lines: BillingLine[] = bill.lines.map((l) => {
    const ofTier = orders.filter((o) => o.tier === l.tier);
    const success = ofTier.find((o) => o.status === PaymentStatus.SUCCESS);
    const waiting = ofTier.filter((o) => o.status === PaymentStatus.WAITING);
    const deposit = waiting.find((o) => o.method === PaymentMethod.DEPOSIT);
    const checking = waiting.some((o) => o.method !== PaymentMethod.DEPOSIT && o.confirmStartedAt);
    const state: BillLineState = success ? 'paid' : checking ? 'checking' : deposit ? 'deposit' : 'due';
    return {
      tier: l.tier,
      label: TIER_LABELS[l.tier],
      reason: l.reason,
      amount: l.amount,
      state,
      refunded: success?.refundedAmount ?? 0,
      waitingOrderId: state === 'deposit' ? deposit!.id : null,
    };
  });
  const settled = orders.filter((o) => o.status === PaymentStatus.SUCCESS || o.status === PaymentStatus.REFUND);
  const unpaid = lines.filter((l) => l.state !== 'paid');
  const sum = (xs: { amount: number }[]) => xs.reduce((total, x) => total + x.amount, 0);
  const state = monthStateOf(payer.status, lines, bill.unpriced);
  return {
    organisationId: payer.id,
    month: bill.month,
    plan: bill.plan,
    activeStudents: bill.activeStudents,
    lines,
    unpriced: bill.unpriced,
    state,
    basicPaid: lines.some((l) => l.tier === Tier.BASIC && l.state === 'paid'),
    owed: sum(lines),
    paid: sum(settled),
    refunded: settled.reduce((total, o) => total + o.refundedAmount, 0),
    pending: sum(unpaid.filter((l) => l.state !== 'due')),
    due: sum(unpaid),
    words: billingWords({ state, lines, unpriced: bill.unpriced }),
  };
}

/**
 * The billing state of `month` of each payer in `payers` under `plan` (one price plan per call); `extraStudents` reads
 * the month as it would be with that many more active students (what adding or approving students would charge). The
 * current month counts the payers' `activeStudents` (today's); a past month of an academy counts the students recorded
 * for it (month-students.server.ts), today's only where the month has no record (before the records began).
 */
export async function billingStates(
  plan: PricePlan,
  payers: Payer[],
  month: string = seoulMonth(now()),
  extraStudents = 0,
): Promise<Map<number, BillingState>> {
  const map = new Map<number, BillingState>();
  const ids = payers.map((p) => p.id);
  if (ids.length === 0) return map;
  const past = plan === 'academy' && billedWithRecord(month);
  const [prices, recorded, rows] = await Promise.all([
    pricesForMonth(plan, month),
    past ? recordedMonthStudents(ids, month) : new Map<number, number>(),
    // The month's orders that count (paid, refunded, under way) and every registration ever paid: NEW is paid once in
    // an academy's life (a refunded registration is owed again).
    db()
      .select({
        id: payments.id,
        organisationId: payments.organisationId,
        paidMonth: payments.paidMonth,
        tier: payments.tier,
        status: payments.status,
        method: payments.method,
        amount: payments.amount,
        refundedAmount: payments.refundedAmount,
        confirmStartedAt: payments.confirmStartedAt,
      })
      .from(payments)
      .where(
        and(
          inArray(payments.organisationId, ids),
          or(
            and(
              eq(payments.paidMonth, month),
              inArray(payments.status, [PaymentStatus.SUCCESS, PaymentStatus.REFUND, PaymentStatus.WAITING]),
            ),
            and(eq(payments.tier, Tier.NEW), eq(payments.status, PaymentStatus.SUCCESS)),
          ),
        ),
      ),
  ]);
  // The month's orders by payer, grouped once (the operators' month lists 2,000 academies at a country's size).
  const ordersOf = new Map<number, typeof rows>();
  for (const o of rows) {
    if (o.paidMonth !== month) continue;
    const list = ordersOf.get(o.organisationId);
    if (list) list.push(o);
    else ordersOf.set(o.organisationId, [o]);
  }
  const registered = plan === 'academy' ? rows.filter((o) => o.tier === Tier.NEW && o.status === PaymentStatus.SUCCESS) : [];
  const everRegistered = new Set(registered.map((r) => r.organisationId));
  for (const payer of payers) {
    const mine = ordersOf.get(payer.id) ?? [];
    const input = {
      month,
      plan,
      prices,
      paidTiers: new Set(mine.filter((o) => o.status === PaymentStatus.SUCCESS).map((o) => o.tier)),
      newEverPaid: everRegistered.has(payer.id),
    };
    const students = recorded.get(payer.id) ?? payer.activeStudents;
    map.set(payer.id, stateOf(payer, composeBill({ ...input, activeStudents: students + extraStudents }), mine));
  }
  return map;
}

/** The billing state of one organisation (an academy, or an individual member's own) for `month`; null if none. */
export async function billingState(
  organisationId: number | null,
  month: string = seoulMonth(now()),
  extraStudents = 0,
): Promise<BillingState | null> {
  if (!organisationId) return null;
  const [org] = await db()
    .select({
      id: organisations.id,
      kind: organisations.kind,
      status: organisations.status,
      // Qualified by hand: a one-table select names its columns without their table, and u has an id too.
      activeStudents: sql<number>`(select count(*) from ${users} u
        where u.organisation_id = "organisations"."id" and u.role = 'USER' and u.status = 'ACTIVE')::int`.mapWith(Number),
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!org || org.kind === 'branch') return null;
  const plan: PricePlan = org.kind === 'academy' ? 'academy' : 'personal';
  const states = await billingStates(
    plan,
    [{ id: org.id, status: org.status, activeStudents: plan === 'academy' ? org.activeStudents : 1 }],
    month,
    plan === 'academy' ? extraStudents : 0,
  );
  return states.get(org.id) ?? null;
}

export type StudentCharge = {
  /** Active students now, and after the students the form would add. */
  students: number;
  after: number;
  /** The lines the bill gains (a student pack not on this month's bill yet). */
  lines: { tier: Tier; label: string; reason: string; amount: number }[];
  total: number;
  /** What the form says before it is confirmed: '… 이번 달 청구에 더해지는 금액: 학생 추가 1 ₩45,000 (…).' */
  message: string;
};

/**
 * What `more` more active students would add to this Seoul month's bill of the academy: null when the bill gains no
 * line (the pack is already on it, or the students fit in what is billed). Read by the forms that add students (학생
 * 추가, the join requests' 승인, 명단 가져오기) so that the head knows the charge before confirming.
 */
export async function studentCharge(
  organisationId: number | null,
  more: number,
  who = `학생 ${more}명을 더하면`,
): Promise<StudentCharge | null> {
  if (!organisationId || more <= 0) return null;
  const [before, after] = await Promise.all([billingState(organisationId), billingState(organisationId, seoulMonth(now()), more)]);
  if (!before || !after || before.plan !== 'academy' || before.state === 'closed') return null;
  const had = new Set(before.lines.map((l) => l.tier));
  const lines = after.lines.filter((l) => !had.has(l.tier)).map(({ tier, label, reason, amount }) => ({ tier, label, reason, amount }));
  if (lines.length === 0) return null;
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  return {
    students: before.activeStudents,
    after: after.activeStudents,
    lines,
    total,
    message: `${who} 활동 중인 학생이 ${before.activeStudents}명에서 ${after.activeStudents}명이 됩니다. 이번 달 청구에 더해지는 금액: ${lines
      .map((l) => `${l.label} ${won(l.amount)} (${l.reason})`)
      .join(', ')}.`,
  };
}
