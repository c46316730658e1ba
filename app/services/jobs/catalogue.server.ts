import { defineJob, defineSchedule } from './runner.server';
import { AUTOBILL_JOB, chargeMonth, enqueueMonthlyCharges } from '~/services/payments/automatic-charges.server';
import { MONTH_STUDENTS_EVERY_MS, recordMonthStudents } from '~/services/payments/month-students.server';
import { expireOverdueOrders } from '~/services/payments/order-confirmation.server';
import { runOutbox } from '~/services/talk/outbox.server';
import { notifyParentsOfLapses } from '~/services/parents/talk.server';

// Every job and schedule of the app, in one place. The job runner (runner.server.ts) runs them: in the server process
// on the embedded database, in `npm run worker` beside PostgreSQL (app/services/jobs/worker.server.ts).

/** How often the outbox is emptied: a receipt queued in a payment's transaction goes out within seconds. */
export const OUTBOX_EVERY_MS = 5_000;
/** The monthly charge's schedule looks for academies to charge every hour (from the 1st of each Seoul month). */
export const AUTOBILL_EVERY_MS = 60 * 60_000;
/** Orders not confirmed in time (30 minutes in the window, 10 after it, 7 days for a deposit) are read back and ended. */
export const SWEEP_EVERY_MS = 60_000;
/** Parents hear of 7 days without reading: looked for every hour, sent once per lapse (the dedupe key says which). */
export const LAPSE_EVERY_MS = 60 * 60_000;

let registered = false;

/** Registers the app's jobs and schedules (once per process). */
export function registerAppJobs() {
  if (registered) return;
  registered = true;
  // The message outbox (talk/outbox.server.ts): settles what the provider reported, then claims due rows with FOR
  // UPDATE SKIP LOCKED and sends them in batches, so any number of runners share it.
  defineSchedule('outbox', OUTBOX_EVERY_MS, async () => {
    await runOutbox();
  });
  defineSchedule('autobill', AUTOBILL_EVERY_MS, async (at) => {
    await enqueueMonthlyCharges(at);
  });
  // Each academy's active students of the current Seoul month, so that the month, once passed, is billed and settled
  // with its own count (decision 047). One upsert for every academy; running twice records the same.
  defineSchedule('month-students', MONTH_STUDENTS_EVERY_MS, async (at) => {
    await recordMonthStudents(at);
  });
  // Each overdue order is re-read from the provider and ended with a guarded update, so two workers sweeping at once
  // end it once.
  defineSchedule('payments-sweep', SWEEP_EVERY_MS, async (at) => {
    await expireOverdueOrders(at);
  });
  defineSchedule('parent-lapses', LAPSE_EVERY_MS, async (at) => {
    await notifyParentsOfLapses(at);
  });
  // A charge is retried (a network error, the provider unavailable) with backoff from two minutes; a refused card is
  // recorded as the order's FAIL and the job ends there (the head is told; nothing is charged again that month).
  defineJob(
    AUTOBILL_JOB,
    async (payload) => {
      await chargeMonth(Number(payload.organisationId), String(payload.month));
    },
    { maxAttempts: 6, backoffMs: 2 * 60_000 },
  );
}
