// The battery's payment items on the jobs (PostgreSQL only: a job runs in a process of its own, as `npm run worker`
// does, scripts/battery/payment-job.ts): the sweep of overdue orders, and the monthly automatic charge run twice at
// the same moment. The provider is the simulator the battery's server serves; the rows are read from the database.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client, item, ROOT } from '../lib/battery-harness';
import { consoleOrder, simulatorCalls, withBasicUnpaid, type Sql } from './payment-money';
import { hidden, paidInWindow, path, receiptStatus } from './payments';

export type JobsContext = { base: () => string; port: () => number; databaseUrl: string; sql: Sql };

/**
 * Payment-job processes (scripts/battery/payment-job.ts), one per argument list, started together: each opens the
 * database and says so, and all are then told to run at the same instant. Resolves their printed outcomes.
 */
function runJobs(context: JobsContext, runs: string[][]): Promise<unknown[]> {
  let ready = 0;
  const children = runs.map((args) =>
    spawn(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/battery/payment-job.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', APP_ENV: 'EXP', DATABASE_URL: context.databaseUrl, PORT: String(context.port()) },
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  return Promise.all(
    children.map(
      (child) =>
        new Promise<unknown>((resolve) => {
          let out = '';
          let said = false;
          child.stdout.on('data', (d: Buffer) => {
            out += d;
            if (!said && out.split('\n').includes('ready')) {
              said = true;
              if (++ready === children.length) for (const c of children) c.stdin.end('go\n');
            }
          });
          child.on('close', () => {
            const line = out.trim().split('\n').pop() ?? '';
            try {
              resolve(JSON.parse(line));
            } catch {
              resolve({ error: line || 'no output' });
            }
          });
        }),
    ),
  );
}

/** The Seoul month of today, 'YYYY-MM'. */
const seoulMonth = () => new Date().toLocaleString('sv-SE', { timeZone: 'Asia/Seoul' }).slice(0, 7);

async function organisationOf(sql: Sql, loginId: string) {
  const [row] = await sql('select organisation_id from users where login_id = $1', [loginId]);
  return Number(row.organisation_id);
}

export async function paymentJobItems(context: JobsContext) {
  const { base, sql } = context;

  // A card order paid in the provider's window whose return never came: past its limit, the sweep ends it (EXPIRED)
  // and its late return confirms nothing.
  await item('pay-expiry-sweep', async () => {
    const payer = await withBasicUnpaid(base(), 'head3');
    const back = await paidInWindow(payer);
    const orderId = back.searchParams.get('orderId')!;
    await sql(`update payments set expires_at = now() - interval '1 minute' where order_id = $1`, [orderId]);
    const [swept] = await runJobs(context, [['sweep']]);
    const [row] = await sql('select id, status, fail_code from payments where order_id = $1', [orderId]);
    const late = await payer.fetch(path(back));
    const status = await receiptStatus(payer, late.headers.get('location'));
    const [after] = await sql('select status from payments where order_id = $1', [orderId]);
    const confirms = (await simulatorCalls(base())).confirm[orderId] ?? 0;
    const ok =
      Number(row.status) === 300 && row.fail_code === 'EXPIRED' && Number(after.status) === 300 && confirms === 0 && status !== '결제 완료';
    return [
      ok,
      `sweep ${JSON.stringify(swept)}: the order ${Number(row.status) === 300 ? 'FAIL' : row.status} ${row.fail_code ?? ''}; ` +
        `its late return → ${status} (${late.status}), status ${after.status}, ${confirms} confirm calls`,
    ];
  });

  // head's academy registers a card (registered before this month, as the charge requires), its month is unpaid
  // (the paid order refunded), and two runners charge the month at the same instant: one charge.
  await item('pay-billing-twice', async () => {
    const head = new Client(base());
    await head.signIn('head');
    const organisationId = await organisationOf(sql, 'head');
    const month = seoulMonth();
    // The card, through the billing window as a browser registers it.
    const page = await (await head.fetch('/admin/payments/automatic')).text();
    const form = [...page.matchAll(/<form[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/g)].find((m) => m[1].includes('value="register"'));
    if (!form) throw new Error('the automatic payment page has no register form');
    const start = await head.postForm('/admin/payments/automatic', hidden(form[1]));
    const windowUrl = start.headers.get('location') ?? '';
    if (!windowUrl.includes('/__toss/v2/billing-window')) throw new Error(`register answered ${start.status} → ${windowUrl}`);
    const windowPage = await fetch(new URL(windowUrl, base()));
    const html = await windowPage.text();
    const authorised = await fetch(new URL('billing-window', windowPage.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...hidden(html), action: 'pay', card: 'ok' }).toString(),
      redirect: 'manual',
    });
    const success = new URL(authorised.headers.get('location') ?? '/', base());
    await head.fetch(path(success));
    const keys = await sql(
      `update billing_keys set created_at = now() - interval '40 days' where organisation_id = $1 and active returning id`,
      [organisationId],
    );
    if (keys.length !== 1) throw new Error(`${keys.length} active billing keys`);
    // The month unpaid: the operator refunds its paid orders in full.
    const operator = new Client(base());
    await operator.signIn('super');
    const paid = await sql(
      `select id, amount - refunded_amount as balance from payments where organisation_id = $1 and paid_month = $2 and status = 999`,
      [organisationId, month],
    );
    for (const p of paid) {
      const order = await consoleOrder(operator, String(p.id));
      await operator.postForm(`/super/payments/${p.id}`, {
        ...order.refundForm,
        amount: String(p.balance),
        reason: '배터리: 자동 결제 준비',
      });
    }
    const charge = ['charge', String(organisationId), month];
    const runs = await runJobs(context, [charge, charge]);
    const rows = await sql(
      `select tier, count(*) filter (where status = 999)::int as paid, count(*)::int as orders from payments
       where organisation_id = $1 and paid_month = $2 and automatic group by tier order by tier`,
      [organisationId, month],
    );
    const [{ n: twice }] = await sql(
      `select count(*)::int as n from (select tier from payments where organisation_id = $1 and paid_month = $2 and status = 999
       group by tier having count(*) > 1) t`,
      [organisationId, month],
    );
    const calls = (await simulatorCalls(base())).billingCharge;
    const prefix = `AUTO-${organisationId}-${month.replace('-', '')}-`;
    const charged = Object.keys(calls).filter((k) => k.startsWith(prefix));
    const ok =
      rows.length > 0 &&
      rows.every((r) => Number(r.paid) === 1 && Number(r.orders) === 1) &&
      Number(twice) === 0 &&
      charged.length === rows.length;
    return [
      ok,
      `two runners at once: ${JSON.stringify(runs)}; automatic orders by tier ${rows.map((r) => `${r.tier}: ${r.paid} paid of ${r.orders}`).join(', ') || 'none'}; ` +
        `${twice} tiers paid twice; provider charges for ${charged.length} order id(s) (${charged.map((k) => `${k}×${calls[k]}`).join(' ')})`,
    ];
  });
}
