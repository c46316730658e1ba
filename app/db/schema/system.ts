import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Seed steps already applied, so that demo data is written once whatever the number of restarts. */
export const seedRuns = pgTable('seed_runs', {
  step: text('step').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
