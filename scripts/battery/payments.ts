// The battery's payment items: a payment's return URLs against the Toss simulator our own server serves under /__toss
// in the experience environment, through HTTP as a browser does (the head's pay form, the provider's window, the
// return). Demo academies: 푸른솔 (head2, this month unpaid) and 새봄 (head3, never paid); `head` has paid.
import { Client, item } from '../lib/battery-harness';

export type PaymentContext = { base: () => string };

export const hidden = (form: string) =>
  Object.fromEntries(
    [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&amp;/g, '&')]),
  );

/**
 * A head's card order of `tier` paid in the simulator's window with the `ok` card: the success URL the window returns
 * to (path and query, on our origin), not yet followed.
 */
export async function paidInWindow(head: Client, tier = '1', card = 'ok'): Promise<URL> {
  const page = await (await head.fetch('/admin/payments')).text();
  const form = /<form[^>]*class="pay-form"[^>]*>([\s\S]*?)<\/form>/.exec(page)?.[1];
  if (!form) throw new Error('the payments page has no pay form');
  const posted = await head.postForm('/admin/payments', { ...hidden(form), tier, method: 'c', window: 'page' });
  const windowUrl = posted.headers.get('location');
  if (posted.status !== 302 || !windowUrl?.includes('/__toss/v2/window')) throw new Error(`the pay form answered ${posted.status}`);
  const windowPage = await fetch(new URL(windowUrl, head.base));
  const html = await windowPage.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('the simulator window has no form');
  const paid = await fetch(new URL(action.replace(/&amp;/g, '&'), windowPage.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hidden(html), action: 'pay', card }).toString(),
    redirect: 'manual',
  });
  const back = paid.headers.get('location');
  if (paid.status !== 302 || !back) throw new Error(`the simulator window answered ${paid.status}`);
  return new URL(back);
}

/** The receipt's status label (결제 완료, 결제 실패, …) of the page a return redirected to. */
export async function receiptStatus(head: Client, location: string | null) {
  if (!location) return 'no receipt';
  const html = await (await head.fetch(new URL(location, head.base).pathname)).text();
  const cell = /data-testid="receipt-status"[^>]*>([\s\S]*?)<\/dd>/.exec(html)?.[1] ?? '';
  return cell.replace(/<[^>]+>/g, '').trim() || 'no status';
}

export const path = (url: URL) => url.pathname + url.search;

export async function paymentItems({ base }: PaymentContext) {
  // Another academy's order: a visitor following its fail URL, another head its success URL with a forged amount,
  // change nothing; the payer's own return then confirms it.
  await item('pay-return-other-academy', async () => {
    const payer = new Client(base());
    await payer.signIn('head2');
    const back = await paidInWindow(payer);
    const orderId = back.searchParams.get('orderId')!;
    const anonymous = await new Client(base()).fetch(`/card-pay/fail?code=REJECT_CARD_PAYMENT&message=x&orderId=${orderId}`);
    const other = new Client(base());
    await other.signIn('head');
    const forged = new URL(back);
    forged.searchParams.set('amount', '1');
    const foreignSuccess = await other.fetch(path(forged));
    const foreignFail = await other.fetch(`/card-pay/fail?code=PAY_PROCESS_CANCELED&message=x&orderId=${orderId}`);
    const own = await payer.fetch(path(back));
    const status = await receiptStatus(payer, own.headers.get('location'));
    const ok =
      anonymous.status === 302 &&
      (anonymous.headers.get('location') ?? '').startsWith('/member/login') &&
      foreignSuccess.status === 404 &&
      foreignFail.status === 404 &&
      status === '결제 완료';
    return [
      ok,
      `visitor's fail return ${anonymous.status} → ${anonymous.headers.get('location')}, another head's returns ${foreignSuccess.status}/${foreignFail.status}, ` +
        `the payer's return then: ${status}`,
    ];
  });

  // The payer's own return with a changed amount: never confirmed (the order fails), and the genuine return after it
  // cannot confirm it either.
  await item('pay-return-amount-tamper', async () => {
    const payer = new Client(base());
    await payer.signIn('head3');
    const back = await paidInWindow(payer);
    const tampered = new URL(back);
    tampered.searchParams.set('amount', '100');
    const first = await payer.fetch(path(tampered));
    const afterTamper = await receiptStatus(payer, first.headers.get('location'));
    const genuine = await payer.fetch(path(back));
    const afterGenuine = await receiptStatus(payer, genuine.headers.get('location'));
    return [
      afterTamper !== '결제 완료' && afterGenuine !== '결제 완료',
      `amount 100 → ${afterTamper}; the genuine return after it → ${afterGenuine}`,
    ];
  });

  // A replayed return and ten at once: one confirmation, every answer the same receipt, paid.
  await item('pay-return-replay-concurrent', async () => {
    const payer = new Client(base());
    await payer.signIn('head3');
    const back = await paidInWindow(payer);
    const answers = await Promise.all(Array.from({ length: 10 }, () => payer.fetch(path(back))));
    const replay = await payer.fetch(path(back));
    const locations = new Set([...answers, replay].map((r) => r.headers.get('location')));
    const statuses = new Set([...answers, replay].map((r) => r.status));
    const status = await receiptStatus(payer, replay.headers.get('location'));
    return [
      statuses.size === 1 && statuses.has(302) && locations.size === 1 && status === '결제 완료',
      `11 returns: statuses ${[...statuses].join('/')}, ${locations.size} receipt(s), ${status}`,
    ];
  });
}
