import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, optionalRef, ref, serialId, timestampNow, timestampTz, updatedAt } from './columns';
import type { PaymentMethod, PaymentStatus, ReceiptType, SendState, SettlementStatus, Tier } from '~/domain/enums';
import { agencies, organisations } from './organisations';
import { users } from './users';

/** How the browser came to the provider's window, so the return leads back the same way. */
export type PaymentWindow = 'popup' | 'page';

/**
 * One order: one tier for one month of one organisation (an academy, or an individual member's own organisation).
 * Written WAITING with its amount fixed on the server before any provider window opens; moves only forward:
 * WAITING → SUCCESS | FAIL | CANCEL, SUCCESS → REFUND when the whole amount has been refunded.
 */
export const payments = pgTable(
  'payments',
  {
    id: serialId(),
    /** Our order id, fixed before the provider's window opens; confirmations are matched on it. */
    orderId: text('order_id').notNull(),
    organisationId: ref('organisation_id', () => organisations.id),
    tier: smallint('tier').$type<Tier>().notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    status: smallint('status').$type<PaymentStatus>().notNull(),
    amount: integer('amount').notNull(),
    /** Month the payment covers, 'YYYY-MM' on the Asia/Seoul calendar. */
    paidMonth: text('paid_month').notNull(),
    receiptType: text('receipt_type').$type<ReceiptType>().notNull().default('N'),
    approvedAt: timestampTz('approved_at'),
    createdAt: createdAt(),
    /** What the provider's window and receipt call the order: '리드인 기본 이용료 2026년 11월'. */
    orderName: text('order_name').notNull().default(''),
    /** Who placed the order (the head, or the individual member). */
    payerUserId: optionalRef('payer_user_id', () => users.id, 'set null'),
    window: text('window').$type<PaymentWindow>().notNull().default('page'),
    /** The provider's key for the payment, known from the success URL (or the billing charge) on. */
    paymentKey: text('payment_key'),
    /** Set when one request claimed the confirmation: no other request calls the provider's confirm for this order. */
    confirmStartedAt: timestampTz('confirm_started_at'),
    /** An order not confirmed by then is expired by the sweeper (after re-reading it from the provider). */
    expiresAt: timestampTz('expires_at'),
    /** Sum of the refunds done; the balance is amount - refundedAmount. */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    failCode: text('fail_code'),
    failMessage: text('fail_message'),
    /** '신한카드 4330-12**-****-1234' or '국민은행 계좌이체': what the receipt shows of the means of payment. */
    paidWith: text('paid_with'),
    /** The provider's receipt page. */
    receiptUrl: text('receipt_url'),
    /** The cash receipt's identity (phone number for C, business registration number for T) and its result. */
    cashReceiptIdentity: text('cash_receipt_identity'),
    cashReceiptKey: text('cash_receipt_key'),
    cashReceiptUrl: text('cash_receipt_url'),
    /** 무통장입금: the name the deposit is sent under, and the operator who confirmed it. */
    depositorName: text('depositor_name'),
    confirmedByUserId: optionalRef('confirmed_by_user_id', () => users.id, 'set null'),
    /** Charged with the academy's billing key by the monthly job. */
    automatic: boolean('automatic').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_order_id_key').on(t.orderId),
    index('payments_basic_pay_idx').on(t.organisationId, t.paidMonth, t.tier, t.status),
    uniqueIndex('payments_payment_key_key')
      .on(t.paymentKey)
      .where(sql`${t.paymentKey} is not null`),
    // One tier of one month is paid once: at most one order is being confirmed or has succeeded.
    uniqueIndex('payments_one_success_key')
      .on(t.organisationId, t.paidMonth, t.tier)
      .where(sql`${t.status} = 999 or (${t.status} = 1 and ${t.confirmStartedAt} is not null)`),
    index('payments_waiting_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 1`),
    // The operators' payment list, newest first (docs/decisions/042).
    index('payments_created_idx').on(t.createdAt, t.id),
  ],
);

export type Payment = typeof payments.$inferSelect;

/**
 * A refund (full or partial) of a SUCCESS payment, asked by an operator. The form carries a key made when it was
 * shown, so a double click finds the first row and refunds once.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serialId(),
    paymentId: ref('payment_id', () => payments.id),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    state: text('state').$type<'PENDING' | 'DONE' | 'FAILED'>().notNull().default('PENDING'),
    transactionKey: text('transaction_key'),
    error: text('error'),
    requestedByUserId: optionalRef('requested_by_user_id', () => users.id, 'set null'),
    createdAt: createdAt(),
    completedAt: timestampTz('completed_at'),
  },
  (t) => [uniqueIndex('payment_refunds_key').on(t.idempotencyKey), index('payment_refunds_payment_idx').on(t.paymentId)],
);

export type PaymentRefund = typeof paymentRefunds.$inferSelect;

/** Who a price is for: an academy, or an individual (adult) member paying their own BASIC. */
export type PricePlan = 'academy' | 'personal';

/**
 * The price of a tier from a Seoul date on, set by operators. The price of a month is the newest row whose
 * effectiveFrom is on or before the month's first day.
 */
export const prices = pgTable(
  'prices',
  {
    id: serialId(),
    plan: text('plan').$type<PricePlan>().notNull(),
    tier: smallint('tier').$type<Tier>().notNull(),
    amount: integer('amount').notNull(),
    /** Active students the tier covers (BASIC: the first N; ADD1/ADD2: N more); null where size does not matter. */
    studentLimit: integer('student_limit'),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    createdByUserId: optionalRef('created_by_user_id', () => users.id, 'set null'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('prices_plan_tier_from_key').on(t.plan, t.tier, t.effectiveFrom)],
);

export type Price = typeof prices.$inferSelect;

/**
 * An academy's Seoul month (the academy-month rollup, decisions 047 and 048).
 *
 * `activeStudents`: its active students as the month's bill counts them (the student packs ADD1/ADD2), recorded while
 * the month is current by the job runner's hourly schedule (month-students.server.ts), the last record of a month
 * standing for it once it has passed, so that a past month's bill is read with that month's students, not today's.
 * Null (and `recordedAt` null) where the month has reading but no record yet.
 *
 * The reading columns: its members' reading in the month (the sums of their reading_months rows: readers are the
 * members with a session in it), kept exact by triggers (drizzle/0023): a change of a member's month adds its
 * difference, a member who joins or leaves the academy brings or takes every month of theirs, so the columns always
 * equal the sums over today's members, as the settlement page showed them when it summed reading_months itself.
 */
export const academyMonths = pgTable(
  'academy_months',
  {
    organisationId: ref('organisation_id', () => organisations.id, 'cascade'),
    /** 'YYYY-MM' on the Asia/Seoul calendar. */
    month: text('month').notNull(),
    activeStudents: integer('active_students'),
    recordedAt: timestampTz('recorded_at'),
    readers: integer('readers').notNull().default(0),
    minutes: integer('minutes').notNull().default(0),
    pages: integer('pages').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
    completed: integer('completed').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.month] }),
    // A month of every academy (the operators' month of every branch: its totals, decision 048).
    index('academy_months_month_idx').on(t.month, t.organisationId),
  ],
);

/**
 * A settlement line (the spec's second status): each SUCCESS academy payment yields one for its branch and agency
 * at their rates; WAITING until paid out (SUCCESS); REFUND or CANCEL when the payment is refunded or cancelled.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: serialId(),
    paymentId: ref('payment_id', () => payments.id),
    academyId: ref('academy_id', () => organisations.id),
    branchId: ref('branch_id', () => organisations.id),
    agencyId: optionalRef('agency_id', () => agencies.id),
    /** The payment's month, 'YYYY-MM'. */
    month: text('month').notNull(),
    /** The payment's balance the shares are computed on (amount - refunds). */
    baseAmount: integer('base_amount').notNull(),
    branchRate: integer('branch_rate').notNull(),
    agencyRate: integer('agency_rate').notNull(),
    branchAmount: integer('branch_amount').notNull(),
    agencyAmount: integer('agency_amount').notNull(),
    status: smallint('status').$type<SettlementStatus>().notNull(),
    paidOutAt: timestampTz('paid_out_at'),
    paidOutByUserId: optionalRef('paid_out_by_user_id', () => users.id, 'set null'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('settlements_payment_key').on(t.paymentId),
    index('settlements_branch_month_idx').on(t.branchId, t.month),
    // A month of every branch, an academy's lines in it (the operators' settlement month, a page of academies: decision 048).
    index('settlements_month_academy_idx').on(t.month, t.academyId),
  ],
);

export type Settlement = typeof settlements.$inferSelect;

/** An academy's card for the automatic monthly payment (the HEAD opts in); one per academy, replaced on re-registration. */
export const billingKeys = pgTable(
  'billing_keys',
  {
    id: serialId(),
    organisationId: ref('organisation_id', () => organisations.id),
    customerKey: text('customer_key').notNull(),
    /** The provider's billing key: never shown, never logged. */
    billingKey: text('billing_key').notNull(),
    cardSummary: text('card_summary'),
    active: boolean('active').notNull().default(true),
    createdByUserId: optionalRef('created_by_user_id', () => users.id, 'set null'),
    createdAt: createdAt(),
    disabledAt: timestampTz('disabled_at'),
  },
  (t) => [
    uniqueIndex('billing_keys_active_key')
      .on(t.organisationId)
      .where(sql`${t.active}`),
  ],
);

export type BillingKey = typeof billingKeys.$inferSelect;

/**
 * Background jobs (architecture.md §8): written in the transaction of the change that causes them (or by a schedule,
 * under a key that makes a second run a no-op), claimed with FOR UPDATE SKIP LOCKED, retried with backoff.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serialId(),
    kind: text('kind').notNull(),
    /** Deduplication key: a second job with the same key is not added. */
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: smallint('state').$type<SendState>().notNull(),
    runAt: timestampNow('run_at'),
    attempts: smallint('attempts').notNull().default(0),
    lockedAt: timestampTz('locked_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestampTz('finished_at'),
  },
  (t) => [
    uniqueIndex('jobs_key').on(t.key),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.state} in (1, 2)`),
  ],
);

export type Job = typeof jobs.$inferSelect;
