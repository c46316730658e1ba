import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestampNow } from './columns';

/** Seed steps already applied, so that demo data is written once whatever the number of restarts. */
export const seedRuns = pgTable('seed_runs', {
  step: text('step').primaryKey(),
  appliedAt: timestampNow('applied_at'),
});
