import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, optionalRef, serialId } from './columns';
import type { OrganisationKind } from '~/domain/enums';

export type OrganisationStatus = 'ACTIVE' | 'CLOSED';

/** An agency (대리점) belongs to one branch (지사). */
export const agencies = pgTable('agencies', {
  id: serialId(),
  branchId: integer('branch_id').notNull(),
  name: text('name').notNull(),
  contactName: text('contact_name'),
  phone: text('phone'),
  /** The agency's share of its academies' payments, in basis points (1000 = 10 %). */
  settlementRate: integer('settlement_rate').notNull().default(1000),
  createdAt: createdAt(),
});

/**
 * Organisations of the three kinds the spec names: `student` (an individual membership), `academy` and `branch`.
 * A branch covers a region; an academy belongs to a branch and one of its agencies.
 */
export const organisations = pgTable(
  'organisations',
  {
    id: serialId(),
    kind: text('kind').$type<OrganisationKind>().notNull(),
    name: text('name').notNull(),
    /** Academy code a student gives when registering; academies only. */
    code: text('code'),
    /** Region served, for branches. */
    region: text('region'),
    branchId: integer('branch_id'),
    agencyId: optionalRef('agency_id', () => agencies.id),
    /** The academy's contact person (원장 or 담당자) and numbers. */
    contactName: text('contact_name'),
    phone: text('phone'),
    address: text('address'),
    /**
     * ACTIVE, or CLOSED (해지) for an academy whose contract ended: its code takes no new registrations and it is not
     * billed; its members' histories stay.
     */
    status: text('status').$type<OrganisationStatus>().notNull().default('ACTIVE'),
    /** A branch's share of its academies' payments, in basis points (1500 = 15 %); branches only. */
    settlementRate: integer('settlement_rate'),
    /**
     * The customerKey the payment provider knows the organisation by: random (Toss advises one that cannot be guessed),
     * made at its first payment and kept (app/services/payments/customer-key.server.ts).
     */
    paymentCustomerKey: text('payment_customer_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organisations_code_key')
      .on(t.code)
      .where(sql`${t.code} is not null`),
    index('organisations_branch_idx').on(t.branchId),
    // The operators' academy list by name (docs/decisions/042).
    index('organisations_kind_name_idx').on(t.kind, t.name, t.id),
    uniqueIndex('organisations_payment_customer_key_key')
      .on(t.paymentCustomerKey)
      .where(sql`${t.paymentCustomerKey} is not null`),
  ],
);

export type Organisation = typeof organisations.$inferSelect;
