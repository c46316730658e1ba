// One run of a payment job, in a process of its own, as a worker beside PostgreSQL runs it (the battery starts two at
// the same moment to run a job twice): `tsx scripts/battery/payment-job.ts sweep` ends the overdue orders,
// `tsx scripts/battery/payment-job.ts charge <organisationId> <YYYY-MM>` charges an academy's month with its billing
// key. DATABASE_URL names the database; the provider is the simulator the battery's server serves (PORT). Prints the
// outcome as one JSON line.
import { ensureDatabase } from '~/db/client.server';
import { chargeMonth } from '~/services/payments/automatic-charges.server';
import { expireOverdueOrders } from '~/services/payments/order-confirmation.server';

const [job, organisationId, month] = process.argv.slice(2);
await ensureDatabase();
// Both runs start together: wait for the moment the battery named.
const at = Number(process.env.RUN_AT ?? 0);
if (at > Date.now()) await new Promise((r) => setTimeout(r, at - Date.now()));
let outcome: unknown;
try {
  outcome =
    job === 'sweep' ? await expireOverdueOrders() : job === 'charge' ? await chargeMonth(Number(organisationId), month) : 'unknown job';
} catch (error) {
  outcome = { error: (error as Error).message };
}
console.log(JSON.stringify(outcome));
process.exit(0);
