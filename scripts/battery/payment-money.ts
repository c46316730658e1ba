// The battery's payment items on money already taken: refunds over the balance and twice at once, a forged webhook,
// the provider's secret key in no answer and no log line, and a confirm call whose answer is lost after the provider
// approved. Through HTTP as the operators' console, a head's browser and the provider do; the provider's side is read
// from the simulator's control API (its call counts) and, on PostgreSQL, our rows from the database.
import { api, Client, CONTROL_TOKEN, item, scanned, secretLogLines } from '../lib/battery-harness';
import { hidden, paidInWindow, path, receiptStatus } from './payments';

export type Sql = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
export type MoneyContext = { base: () => string; sql: Sql | null };

export const REFUND_TOO_MUCH = '환불 금액이 환불 가능한 금액(';

/** The simulator's call counts by endpoint and order id (its control API, opened by the battery's token). */
export async function simulatorCalls(base: string): Promise<Record<string, Record<string, number>>> {
  const res = await fetch(`${base}/__toss/__control/calls`, { headers: { 'X-Simulator-Token': CONTROL_TOKEN } });
  if (res.status !== 200) throw new Error(`the simulator's control API answered ${res.status}`);
  return (await res.json()) as Record<string, Record<string, number>>;
}

/** PaymentStatus (app/domain/enums.ts) by its stored value, as the console's status badge carries it. */
const STATUS_NAMES: Record<string, string> = { '1': 'WAITING', '100': 'CANCEL', '200': 'REFUND', '300': 'FAIL', '999': 'SUCCESS' };

/** An order as the operators' console shows it. */
export async function consoleOrder(operator: Client, id: string) {
  const html = await (await operator.fetch(`/super/payments/${id}`)).text();
  const fact = (label: string) => new RegExp(`<dt>${label}</dt><dd>([^<]*)</dd>`).exec(html)?.[1] ?? '';
  const form = [...html.matchAll(/<form[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/g)].find((m) => m[1].includes('value="refund"'));
  return {
    html,
    orderId: fact('주문번호'),
    amount: Number(fact('금액').replace(/\D/g, '')),
    refunded: Number(fact('환불된 금액').replace(/\D/g, '')) || 0,
    status: STATUS_NAMES[/class="badge payment-status-(\d+)"/.exec(html)?.[1] ?? ''] ?? '',
    refundForm: form ? hidden(form[1]) : null,
  };
}

/** A head signed in whose basic line of this month is unpaid: a paid one is refunded in full by the operator first. */
export async function withBasicUnpaid(base: string, loginId: string): Promise<Client> {
  const head = new Client(base);
  await head.signIn(loginId);
  const page = await (await head.fetch('/admin/payments')).text();
  if (/name="tier"[^>]*value="1"/.test(page)) return head;
  const operator = new Client(base);
  await operator.signIn('super');
  for (const id of [...new Set([...page.matchAll(/href="\/admin\/payments\/(\d+)"/g)].map((m) => m[1]))]) {
    const order = await consoleOrder(operator, id);
    if (order.status !== 'SUCCESS' || !order.refundForm) continue;
    await operator.postForm(`/super/payments/${id}`, {
      ...order.refundForm,
      amount: String(order.amount - order.refunded),
      reason: '배터리: 다시 결제하기 위한 환불',
    });
  }
  return head;
}

/**
 * A head's card order paid and returned (its receipt id), its tier unpaid first: a paid line is refunded in full by
 * the operator, so that the academy can pay it again.
 */
export async function paidOrder(base: string, loginId: string, card = 'ok'): Promise<{ head: Client; id: string }> {
  const head = await withBasicUnpaid(base, loginId);
  const back = await paidInWindow(head, '1', card);
  const own = await head.fetch(path(back));
  const id = /\/admin\/payments\/(\d+)/.exec(own.headers.get('location') ?? '')?.[1];
  if (!id) throw new Error(`the return answered ${own.status} → ${own.headers.get('location')}`);
  return { head, id };
}

async function refundRows(sql: Sql | null, orderId: string) {
  if (!sql) return null;
  const rows = await sql(
    'select r.state from payment_refunds r join payments p on p.id = r.payment_id where p.order_id = $1 order by r.id',
    [orderId],
  );
  return rows.map((r) => String(r.state));
}

export async function paymentMoneyItems({ base, sql }: MoneyContext) {
  // A refund over the balance: refused with the Korean message, nothing cancelled at the provider, no refund row.
  await item('pay-refund-over-balance', async () => {
    const { id } = await paidOrder(base(), 'head3');
    const operator = new Client(base());
    await operator.signIn('super');
    const order = await consoleOrder(operator, id);
    const res = await operator.postForm(`/super/payments/${id}`, {
      ...order.refundForm,
      amount: String(order.amount + 1),
      reason: '배터리: 잔액보다 많은 환불',
    });
    const text = await res.text();
    const after = await consoleOrder(operator, id);
    const cancels = (await simulatorCalls(base())).cancel[order.orderId] ?? 0;
    const rows = await refundRows(sql, order.orderId);
    const ok =
      res.status === 409 &&
      text.includes(REFUND_TOO_MUCH) &&
      cancels === 0 &&
      after.refunded === 0 &&
      after.status === 'SUCCESS' &&
      (rows === null || rows.length === 0);
    return [
      ok,
      `${order.amount + 1}원 of ${order.amount}원: ${res.status}${text.includes(REFUND_TOO_MUCH) ? ' 환불 가능한 금액' : ''}; ` +
        `provider cancels ${cancels}, refunded ${after.refunded}원, ${after.status}, refund rows ${rows === null ? 'n/a' : rows.length}`,
    ];
  });

  // The same refund form posted twice at once, then two forms of the whole balance at once: one refund each time.
  await item('pay-refund-double', async () => {
    const { id } = await paidOrder(base(), 'head3');
    const operator = new Client(base());
    await operator.signIn('super');
    const order = await consoleOrder(operator, id);
    const half = Math.floor(order.amount / 2);
    const form = { ...order.refundForm, amount: String(half), reason: '배터리: 같은 환불 두 번' };
    const same = await Promise.all([0, 1].map(() => operator.postForm(`/super/payments/${id}`, form)));
    const afterSame = await consoleOrder(operator, id);
    const cancelsSame = (await simulatorCalls(base())).cancel[order.orderId] ?? 0;
    // Two operators' forms (two keys), each for the whole balance that is left.
    const other = new Client(base());
    await other.signIn('super');
    const second = await consoleOrder(other, id);
    const third = await consoleOrder(operator, id);
    const rest = String(order.amount - half);
    const racing = await Promise.all([
      other.postForm(`/super/payments/${id}`, { ...second.refundForm, amount: rest, reason: '배터리: 잔액 환불 1' }),
      operator.postForm(`/super/payments/${id}`, { ...third.refundForm, amount: rest, reason: '배터리: 잔액 환불 2' }),
    ]);
    const after = await consoleOrder(operator, id);
    const cancels = (await simulatorCalls(base())).cancel[order.orderId] ?? 0;
    const rows = await refundRows(sql, order.orderId);
    const done = rows?.filter((s) => s === 'DONE').length ?? null;
    const ok =
      afterSame.refunded === half &&
      cancelsSame === 1 &&
      after.refunded === order.amount &&
      after.status === 'REFUND' &&
      cancels === 2 &&
      (done === null || done === 2);
    return [
      ok,
      `one form twice at once (${same.map((r) => r.status).join('/')}): refunded ${afterSame.refunded}원 of ${half}원, ` +
        `${cancelsSame} provider cancel; two forms of the ${rest}원 left (${racing.map((r) => r.status).join('/')}): ` +
        `refunded ${after.refunded}원 of ${order.amount}원, ${after.status}, ${cancels} provider cancels, DONE refund rows ${done ?? 'n/a'}`,
    ];
  });

  // Forged webhooks (Toss's payment-status webhook carries no signature: the documented way is to read the payment
  // back by its key): a paid-in-window order claimed DONE, an order that is not at Toss claimed DONE, and a paid
  // order claimed CANCELED, with a made-up secret and signature. Nothing changes.
  await item('pay-webhook-forged', async () => {
    const operator = new Client(base());
    await operator.signIn('super');
    // An order of head3 paid in the window but not returned: the provider holds it authenticated, not confirmed.
    const payer = new Client(base());
    await payer.signIn('head3');
    const inWindow = (await paidInWindow(payer)).searchParams.get('orderId') ?? '';
    // An order only placed (its window never paid): the provider has no payment for it.
    const payPage = await (await payer.fetch('/admin/payments')).text();
    const form = /<form[^>]*class="pay-form"[^>]*>([\s\S]*?)<\/form>/.exec(payPage)?.[1] ?? '';
    const posted = await payer.postForm('/admin/payments', { ...hidden(form), tier: '1', method: 'c', window: 'page' });
    const notAtToss = new URL(posted.headers.get('location') ?? '/', base()).searchParams.get('orderId') ?? '';
    // A paid order of head's.
    const owner = new Client(base());
    await owner.signIn('head');
    const ownerPage = await (await owner.fetch('/admin/payments')).text();
    let paidOrderId = '';
    for (const m of ownerPage.matchAll(/href="\/admin\/payments\/(\d+)"/g)) {
      const order = await consoleOrder(operator, m[1]);
      if (order.status === 'SUCCESS') {
        paidOrderId = order.orderId;
        break;
      }
    }
    const event = (orderId: string, status: string) => ({
      eventType: 'PAYMENT_STATUS_CHANGED',
      createdAt: new Date().toISOString(),
      secret: 'forged-secret',
      data: {
        paymentKey: `tgen_forged_${orderId}`,
        orderId,
        status,
        totalAmount: 1,
        balanceAmount: 1,
        approvedAt: new Date().toISOString(),
      },
    });
    const answers: number[] = [];
    const cases: [string, string][] = [
      [inWindow, 'DONE'],
      [notAtToss, 'DONE'],
      [paidOrderId, 'CANCELED'],
    ];
    for (const [orderId, status] of cases) {
      if (!orderId) continue;
      const res = await api(base(), '/card-pay/webhook', {
        body: event(orderId, status),
        headers: { 'TossPayments-Webhook-Signature': 'v1:forged', 'TossPayments-Webhook-Transmission-Time': String(Date.now()) },
      });
      answers.push(res.status);
    }
    await new Promise((r) => setTimeout(r, 300));
    const list = await (await operator.fetch('/super/payments')).text();
    const statusOf = async (orderId: string) => {
      const found = new RegExp(`href="/super/payments/(\\d+)"[^>]*>${orderId}<`).exec(list)?.[1];
      return found ? (await consoleOrder(operator, found)).status : 'not found';
    };
    const states = [await statusOf(inWindow), await statusOf(notAtToss), await statusOf(paidOrderId)];
    const ok = answers.length === 3 && states[0] === 'WAITING' && states[1] === 'WAITING' && states[2] === 'SUCCESS';
    return [
      ok,
      `${answers.length} forged webhooks answered ${answers.join('/')}; paid-in-window order claimed DONE → ${states[0]}, ` +
        `an order not at Toss claimed DONE → ${states[1]}, a paid order claimed CANCELED → ${states[2]}`,
    ];
  });

  // The confirm call's answer is lost (the simulator's `slow` card approves, then answers after our 10 s timeout):
  // the return reads the payment back and it is paid, once; a second return changes nothing.
  await item('pay-confirm-answer-lost', async () => {
    const started = performance.now();
    const { head, id } = await paidOrder(base(), 'head3', 'slow');
    const ms = performance.now() - started;
    const operator = new Client(base());
    await operator.signIn('super');
    const order = await consoleOrder(operator, id);
    const status = await receiptStatus(head, `/admin/payments/${id}`);
    const calls = await simulatorCalls(base());
    const confirms = calls.confirm[order.orderId] ?? 0;
    const ok = status === '결제 완료' && order.status === 'SUCCESS' && confirms === 1;
    return [ok, `return answered in ${(ms / 1000).toFixed(1)} s: ${status}, ${order.status}, ${confirms} confirm call(s) at the provider`];
  });
}

/** Checked last: every answer the battery read, and every line its servers logged. */
export async function secretKeyItem() {
  await item('pay-secret-key-nowhere', async () => {
    await new Promise((r) => setTimeout(r, 200)); // the last answers' bodies are read
    const logs = secretLogLines();
    const ok = scanned.leaks.length === 0 && logs.leaks.length === 0 && scanned.answers > 0 && logs.lines > 0;
    return [
      ok,
      `${scanned.answers} answers, ${scanned.leaks.length} with the key (${scanned.leaks.slice(0, 3).join(' ')}); ` +
        `${logs.lines} log lines, ${logs.leaks.length} with it ${logs.leaks.slice(0, 1).join('')}`,
    ];
  });
}
