import { seedRuns } from '~/db/schema';
import type { Database, Tx } from '~/db/client.server';
import { seedBase } from './base.server';
import { seedJourney } from './journey.server';
import { seedReading } from './reading.server';
import { seedProblems } from './problems.server';
import { seedNotes } from './notes.server';
import { seedAccounts, seedJoinRequests } from './accounts.server';
import { seedClasses } from './classes.server';
import { seedPayments } from './payments.server';
import { seedUnpaidAcademy } from './unpaid-academy.server';
import { seedFullAcademy } from './full-academy.server';
import { seedSecondBranch } from './branches.server';
import { seedPolicies } from './policies.server';
import { seedInquiries } from './inquiries.server';
import { seedNotices } from './notices.server';
import { seedCoaches } from './coaches.server';
import { seedTalk } from './talk.server';
import { seedLivingMonth } from './living-month.server';
import { seedGoals } from './goals.server';
import { seedParents } from './parents.server';
import { now } from '~/lib/clock.server';

/**
 * Demo data of the experience environment (product.md §5), in named steps. Each step runs once, in its own
 * transaction, and is recorded in `seed_runs`; a restart, or two processes starting together, never seeds twice.
 * Later capabilities append their own steps here.
 */
export type SeedStep = { name: string; run: (tx: Tx) => Promise<void> };

export const SEED_STEPS: SeedStep[] = [
  { name: 'base', run: seedBase },
  { name: 'journey', run: seedJourney },
  { name: 'reading', run: seedReading },
  { name: 'problems', run: seedProblems },
  { name: 'notes', run: seedNotes },
  { name: 'accounts', run: seedAccounts },
  { name: 'join-requests', run: (tx) => seedJoinRequests(tx, now()) },
  { name: 'classes', run: (tx) => seedClasses(tx, now()) },
  { name: 'payments', run: (tx) => seedPayments(tx, now()) },
  { name: 'unpaid-academy', run: (tx) => seedUnpaidAcademy(tx, now()) },
  { name: 'second-branch', run: seedSecondBranch },
  { name: 'policies', run: seedPolicies },
  { name: 'inquiries-inbox', run: (tx) => seedInquiries(tx, now()) },
  { name: 'notices', run: (tx) => seedNotices(tx, now()) },
  { name: 'coaches', run: seedCoaches },
  { name: 'talk', run: (tx) => seedTalk(tx, now()) },
  { name: 'living-month', run: (tx) => seedLivingMonth(tx, now()) },
  { name: 'full-academy', run: (tx) => seedFullAcademy(tx, now()) },
  { name: 'goals-and-reports', run: (tx) => seedGoals(tx, now()) },
  { name: 'parents', run: (tx) => seedParents(tx, now()) },
];

export async function seedDemo(db: Database, steps: SeedStep[] = SEED_STEPS): Promise<string[]> {
  const applied: string[] = [];
  for (const step of steps) {
    await db.transaction(async (tx) => {
      const claimed = await tx.insert(seedRuns).values({ step: step.name }).onConflictDoNothing().returning({ step: seedRuns.step });
      if (claimed.length === 0) return;
      await step.run(tx);
      applied.push(step.name);
    });
  }
  return applied;
}
