import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PaymentMethod, PaymentStatus, ReceiptType, Tier } from '~/domain/enums';
import { organisations } from './organisations';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** Our order id, fixed before the provider's window opens; confirmations are matched on it. */
    orderId: text('order_id').notNull(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    tier: smallint('tier').$type<Tier>().notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    status: smallint('status').$type<PaymentStatus>().notNull(),
    amount: integer('amount').notNull(),
    /** Month the payment covers, 'YYYY-MM' on the Asia/Seoul calendar. */
    paidMonth: text('paid_month').notNull(),
    receiptType: text('receipt_type').$type<ReceiptType>().notNull().default('N'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_order_id_key').on(t.orderId),
    index('payments_basic_pay_idx').on(t.organisationId, t.paidMonth, t.tier, t.status),
  ],
);

export type Payment = typeof payments.$inferSelect;
