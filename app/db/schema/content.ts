import { boolean, index, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { FaqSection } from '~/domain/enums';

/** FAQ entries of the landing and user areas; operators edit them. */
export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    section: text('section').$type<FaqSection>().notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('faqs_section_idx').on(t.section, t.sortOrder)],
);

export type Faq = typeof faqs.$inferSelect;
