// One run of a payment job, in a process of its own, as a worker beside PostgreSQL runs it (the battery starts two at
// the same moment to run a job twice): `tsx scripts/battery/payment-job.ts sweep` ends the overdue orders,
// `tsx scripts/battery/payment-job.ts charge <organisationId> <YYYY-MM>` charges an academy's month with its billing
// key. DATABASE_URL names the database; the provider is the simulator the battery's server serves (PORT). Prints the
// outcome as one JSON line, after a line `ready` (the database is open) once told to go (a line on its input).
import { ensureDatabase } from '~/db/client.server';
import { chargeMonth } from '~/services/payments/automatic-charges.server';
import { expireOverdueOrders } from '~/services/payments/order-confirmation.server';

const [job, organisationId, month] = process.argv.slice(2);
await ensureDatabase();
// Ready: the battery says when to run (two runs start at the same instant).
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
let outcome: unknown;
try {
  outcome =
    job === 'sweep' ? await expireOverdueOrders() : job === 'charge' ? await chargeMonth(Number(organisationId), month) : 'unknown job';
} catch (error) {
  outcome = { error: (error as Error).message };
}
console.log(JSON.stringify(outcome));
process.exit(0);
