import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentGateway } from '~/services/payments/gateway.server';
import type { CheckoutParams, GatewayResult } from '~/services/payments/gateway-types.server';
import { createTossGateway } from '~/services/payments/toss.server';
import { useTestDatabase } from '../support/db';
import { startSimulator, type Simulator } from '../support/toss';

// The Toss adapter against the local simulator (the same HTTP API): confirm and its refusals, lost responses, the
// Idempotency-Key, cancels, billing keys, cash receipts and webhooks, and the secret key kept out of every result.

useTestDatabase();

let sim: Simulator;
let n = 0;
const SUCCESS = 'http://127.0.0.1:9/card-pay/success?from=test';
const FAIL = 'http://127.0.0.1:9/card-pay/fail';

const order = (amount = 99_000, method: CheckoutParams['method'] = 'CARD'): CheckoutParams => ({
  method,
  orderId: `ORD_toss_${Date.now().toString(36)}_${++n}`,
  orderName: '리드인 기본 요금 (2026년 3월)',
  amount,
  customerKey: `org_${n}`,
  successUrl: SUCCESS,
  failUrl: FAIL,
});

/** Pays in the window with a card and answers what the success URL carries. */
async function paid(params: CheckoutParams, card: Parameters<Simulator['windowPay']>[1] = 'ok') {
  const location = new URL(await sim.windowPay(params, card));
  return {
    location,
    paymentKey: location.searchParams.get('paymentKey')!,
    orderId: location.searchParams.get('orderId')!,
    amount: Number(location.searchParams.get('amount')),
  };
}

const value = <T>(result: GatewayResult<T>): T => {
  if (!result.ok) throw new Error(`expected a success, got ${JSON.stringify(result.error)}`);
  return result.value;
};

/** Nothing the adapter answers carries the secret key or the Authorization header made from it. */
const results: unknown[] = [];
const kept = <T>(result: T): T => {
  results.push(result);
  return result;
};

beforeAll(async () => {
  sim = await startSimulator({ confirmDelayMs: 1000, timeoutMs: 300 });
});

afterAll(async () => {
  const text = JSON.stringify(results);
  expect(results.length).toBeGreaterThan(10);
  expect(text).not.toContain(sim.secretKey);
  expect(text).not.toContain(Buffer.from(`${sim.secretKey}:`).toString('base64'));
  await sim.close();
});

describe('the Toss adapter against the simulator', () => {
  it('is installed as the app gateway, named simulator, with the window reachable by a plain GET', () => {
    expect(paymentGateway()).toBe(sim.gateway);
    expect(sim.gateway.name).toBe('simulator');
    const params = order();
    const url = new URL(sim.gateway.windowUrl(params)!);
    expect(url.origin + url.pathname).toBe(`${sim.url}/v2/window`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      method: 'CARD',
      clientKey: sim.clientKey,
      orderId: params.orderId,
      orderName: params.orderName,
      amount: '99000',
      customerKey: params.customerKey,
      successUrl: SUCCESS,
      failUrl: FAIL,
    });
    // The window is where the browser finds the simulator's SDK, even when our server calls its API on the loopback.
    const behindProxy = createTossGateway({ ...configOf(sim), sdkUrl: 'https://exp.readin.example/__toss/v2/standard' });
    expect(behindProxy.windowUrl(params)).toMatch(/^https:\/\/exp\.readin\.example\/__toss\/v2\/window\?method=CARD&/);
    expect(behindProxy.billingWindowUrl({ customerKey: 'org_1', successUrl: SUCCESS, failUrl: FAIL })).toMatch(
      /^https:\/\/exp\.readin\.example\/__toss\/v2\/billing-window\?/,
    );
    const toss = createTossGateway({ ...configOf(sim), provider: 'toss' });
    expect(toss.name).toBe('toss');
    expect(toss.windowUrl(params)).toBeNull();
    expect(toss.billingWindowUrl({ customerKey: 'org_1', successUrl: SUCCESS, failUrl: FAIL })).toBeNull();
  });

  it('the window renders the order and the test cards, the first checked', async () => {
    const params = order(45_000);
    const { status, html } = await sim.openWindow(params);
    expect(status).toBe(200);
    expect(html).toContain('리드인 기본 요금 (2026년 3월)');
    expect(html).toContain('45,000원');
    expect(html).toContain('<input type="radio" name="card" value="ok" checked> 정상 승인');
    for (const label of ['한도 초과', '응답 지연', '이미 처리됨', '인증 만료', '모순된 웹훅']) expect(html).toContain(label);
    expect(html).toContain('결제하기');
    expect(html).toContain('결제 취소');
    expect(html).not.toContain('<script');
    // Opened but never submitted: READY.
    expect(value(kept(await sim.gateway.getPaymentByOrderId(params.orderId))).status).toBe('READY');
  });

  it('redirects to the success URL keeping its query, and to the fail URL on cancel', async () => {
    const params = order();
    const { location, paymentKey } = await paid(params);
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:9/card-pay/success');
    expect(location.searchParams.get('from')).toBe('test');
    expect(location.searchParams.get('orderId')).toBe(params.orderId);
    expect(location.searchParams.get('amount')).toBe('99000');
    expect(location.searchParams.get('paymentType')).toBe('NORMAL');
    expect(paymentKey).toMatch(/^tsim_/);
    expect(value(kept(await sim.gateway.getPayment(paymentKey))).status).toBe('IN_PROGRESS');

    const cancelled = new URL(await sim.windowPay(order(), 'cancel'));
    expect(cancelled.origin + cancelled.pathname).toBe(FAIL);
    expect(cancelled.searchParams.get('code')).toBe('PAY_PROCESS_CANCELED');
    expect(cancelled.searchParams.get('message')).toBe('사용자에 의해 결제가 취소되었습니다.');
  });

  it('confirms a card payment: DONE, Toss Payment fields, a receipt page', async () => {
    const params = order();
    const { paymentKey, orderId, amount } = await paid(params);
    const payment = value(kept(await sim.gateway.confirm({ paymentKey, orderId, amount }, `confirm-${orderId}`)));
    expect(payment).toMatchObject({
      paymentKey,
      orderId,
      orderName: params.orderName,
      status: 'DONE',
      method: '카드',
      totalAmount: 99_000,
      balanceAmount: 99_000,
      transfer: null,
      cancels: [],
      failure: null,
    });
    expect(payment.card).toEqual({ issuerCode: '41', number: '43301234****123*', approveNo: expect.stringMatching(/^\d{8}$/) });
    expect(payment.approvedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/);
    expect(payment.requestedAt).toMatch(/\+09:00$/);
    expect(payment.receiptUrl).toBe(`${sim.url}/receipt/${paymentKey}`);
    const receipt = await fetch(payment.receiptUrl!);
    expect(receipt.status).toBe(200);
    const html = await receipt.text();
    expect(html).toContain('카드 매출전표');
    expect(html).toContain('99,000원');
    expect((await sim.calls()).confirm[orderId]).toBe(1);
  });

  it('confirms a transfer: method 계좌이체 with its bank', async () => {
    const { paymentKey, orderId, amount } = await paid(order(19_000, 'TRANSFER'));
    const payment = value(kept(await sim.gateway.confirm({ paymentKey, orderId, amount }, `confirm-${orderId}`)));
    expect(payment).toMatchObject({ status: 'DONE', method: '계좌이체', card: null, transfer: { bankCode: '88' }, totalAmount: 19_000 });
  });

  it('an Idempotency-Key replay answers the first result without a second payment, whatever its body', async () => {
    const { paymentKey, orderId, amount } = await paid(order());
    const first = value(kept(await sim.gateway.confirm({ paymentKey, orderId, amount }, `confirm-${orderId}`)));
    const replay = value(kept(await sim.gateway.confirm({ paymentKey, orderId, amount: 1 }, `confirm-${orderId}`)));
    expect(replay).toEqual(first);
    // Without the key, a second confirm is refused as already processed.
    const again = kept(await sim.gateway.confirm({ paymentKey, orderId, amount }, `other-${orderId}`));
    expect(again).toEqual({
      ok: false,
      error: { kind: 'provider', status: 400, code: 'ALREADY_PROCESSED_PAYMENT', message: '이미 처리된 결제 입니다.' },
    });
    expect((await sim.calls()).confirm[orderId]).toBe(3);
    const approved = [...sim.state.payments.values()].filter((p) => p.orderId === orderId && p.status === 'DONE');
    expect(approved).toHaveLength(1);
  });

  it('refuses a confirm whose amount or order differs from the window', async () => {
    const { paymentKey, orderId, amount } = await paid(order());
    const wrongAmount = kept(await sim.gateway.confirm({ paymentKey, orderId, amount: amount - 1000 }, `a-${orderId}`));
    expect(wrongAmount).toMatchObject({ ok: false, error: { kind: 'provider', status: 400, code: 'INVALID_REQUEST' } });
    const wrongOrder = kept(await sim.gateway.confirm({ paymentKey, orderId: `${orderId}x`, amount }, `b-${orderId}`));
    expect(wrongOrder).toMatchObject({ ok: false, error: { kind: 'provider', status: 400, code: 'INVALID_REQUEST' } });
    expect(value(kept(await sim.gateway.getPayment(paymentKey))).status).toBe('IN_PROGRESS');
    const unknown = kept(await sim.gateway.confirm({ paymentKey: 'tsim_nope', orderId, amount }, `c-${orderId}`));
    expect(unknown).toEqual({
      ok: false,
      error: { kind: 'provider', status: 404, code: 'NOT_FOUND_PAYMENT', message: '존재하지 않는 결제 정보 입니다.' },
    });
  });

  it('a refused card answers REJECT_CARD_PAYMENT with its exact message, and the payment is ABORTED', async () => {
    const { paymentKey, orderId, amount } = await paid(order(), 'reject');
    const result = kept(await sim.gateway.confirm({ paymentKey, orderId, amount }, `confirm-${orderId}`));
    expect(result).toEqual({
      ok: false,
      error: { kind: 'provider', status: 403, code: 'REJECT_CARD_PAYMENT', message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.' },
    });
    const payment = value(kept(await sim.gateway.getPaymentByOrderId(orderId)));
    expect(payment.status).toBe('ABORTED');
    expect(payment.failure).toEqual({ code: 'REJECT_CARD_PAYMENT', message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.' });
  });

  it('already processed: the confirm is refused but the payment is DONE when read back', async () => {
    const { paymentKey, orderId, amount } = await paid(order(), 'processed');
    const result = kept(await sim.gateway.confirm({ paymentKey, orderId, amount }, `confirm-${orderId}`));
    expect(result).toEqual({
      ok: false,
      error: { kind: 'provider', status: 400, code: 'ALREADY_PROCESSED_PAYMENT', message: '이미 처리된 결제 입니다.' },
    });
    expect(value(kept(await sim.gateway.getPaymentByOrderId(orderId))).status).toBe('DONE');
  });

  it('a lost response answers network within the adapter timeout; the payment is DONE when read back', async () => {
    const { paymentKey, orderId, amount } = await paid(order(), 'slow');
    const started = Date.now();
    const result = kept(await sim.gateway.confirm({ paymentKey, orderId, amount }, `confirm-${orderId}`));
    const took = Date.now() - started;
    expect(result).toEqual({ ok: false, error: { kind: 'network', message: '결제사가 제때 응답하지 않았습니다.' } });
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(900);
    const payment = value(kept(await sim.gateway.getPaymentByOrderId(orderId)));
    expect(payment.status).toBe('DONE');
    // A retry with the same key while the first still runs: 409; once it finished, the first answer.
    const during = kept(await sim.gateway.confirm({ paymentKey, orderId, amount }, `confirm-${orderId}`));
    expect(during).toMatchObject({ ok: false, error: { kind: 'provider', status: 409, code: 'IDEMPOTENT_REQUEST_PROCESSING' } });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = kept(await sim.gateway.confirm({ paymentKey, orderId, amount }, `confirm-${orderId}`));
    expect(value(after).status).toBe('DONE');
    expect(sim.state.payments.get(paymentKey)!.approveNo).toBe(value(after).card!.approveNo);
  });

  it('an unreachable provider answers network', async () => {
    const gateway = createTossGateway({ ...configOf(sim), apiUrl: 'http://127.0.0.1:9' }, { timeoutMs: 2000 });
    const result = kept(await gateway.getPayment('tsim_x'));
    expect(result).toEqual({ ok: false, error: { kind: 'network', message: '결제사에 연결하지 못했습니다.' } });
  });

  it('the expire card, a control expiry and an old session answer NOT_FOUND_PAYMENT_SESSION', async () => {
    const session = {
      ok: false,
      error: {
        kind: 'provider',
        status: 404,
        code: 'NOT_FOUND_PAYMENT_SESSION',
        message: '결제 시간이 만료되어 결제 진행 데이터가 존재하지 않습니다.',
      },
    };
    const expired = await paid(order(), 'expire');
    expect(kept(await sim.gateway.confirm(expired, `confirm-${expired.orderId}`))).toEqual(session);
    expect(value(kept(await sim.gateway.getPayment(expired.paymentKey))).status).toBe('EXPIRED');

    const controlled = await paid(order());
    await sim.expire(controlled.orderId);
    expect(kept(await sim.gateway.confirm(controlled, `confirm-${controlled.orderId}`))).toEqual(session);

    // Authenticated sessions live 10 minutes; unauthenticated ones 30.
    let clock = Date.now();
    const aged = await startSimulator({ now: () => clock });
    try {
      const params = order();
      const location = new URL(await aged.windowPay(params));
      const input = { paymentKey: location.searchParams.get('paymentKey')!, orderId: params.orderId, amount: params.amount };
      const unauthenticated = order();
      await aged.openWindow(unauthenticated);
      clock += 10 * 60 * 1000 + 1000;
      expect(kept(await aged.gateway.confirm(input, `confirm-${params.orderId}`))).toEqual(session);
      expect(value(kept(await aged.gateway.getPaymentByOrderId(unauthenticated.orderId))).status).toBe('READY');
      clock += 20 * 60 * 1000;
      expect(value(kept(await aged.gateway.getPaymentByOrderId(unauthenticated.orderId))).status).toBe('EXPIRED');
    } finally {
      await aged.close();
    }
    expect(paymentGateway()).toBe(sim.gateway);
  });

  it('a wrong secret key answers 401 UNAUTHORIZED_KEY, and the key is in no result', async () => {
    const wrong = createTossGateway({ ...configOf(sim), secretKey: 'test_sk_wrong_key_1234' });
    const result = await wrong.getPaymentByOrderId('ORD_whatever');
    expect(result).toEqual({
      ok: false,
      error: { kind: 'provider', status: 401, code: 'UNAUTHORIZED_KEY', message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.' },
    });
    expect(JSON.stringify(result)).not.toContain('test_sk_wrong_key_1234');
    const missing = await fetch(`${sim.url}/v1/payments/orders/x`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 'UNAUTHORIZED_KEY', message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.' });
  });

  it('a provider message that carried the secret is cleaned before it leaves the adapter', async () => {
    const leaky: typeof fetch = async () =>
      new Response(JSON.stringify({ code: 'INVALID_API_KEY', message: `잘못된 키: ${sim.secretKey}` }), { status: 400 });
    const result = await createTossGateway(configOf(sim), { fetch: leaky }).getPayment('tsim_x');
    expect(result).toEqual({
      ok: false,
      error: { kind: 'provider', status: 400, code: 'INVALID_API_KEY', message: '잘못된 키: [비공개]' },
    });
  });

  it('cancels part, then the rest; more than the balance and a second full cancel are refused; a double click cancels once', async () => {
    const { paymentKey, orderId, amount } = await paid(order(99_000));
    value(kept(await sim.gateway.confirm({ paymentKey, orderId, amount }, `confirm-${orderId}`)));

    const part = value(
      kept(await sim.gateway.cancel(paymentKey, { cancelReason: '학생 수 조정', cancelAmount: 30_000 }, `refund-1-${orderId}`)),
    );
    expect(part).toMatchObject({ status: 'PARTIAL_CANCELED', totalAmount: 99_000, balanceAmount: 69_000 });
    expect(part.cancels).toEqual([
      {
        transactionKey: expect.any(String),
        cancelAmount: 30_000,
        cancelReason: '학생 수 조정',
        canceledAt: expect.stringMatching(/\+09:00$/),
      },
    ]);
    // The same click again: the first answer, not a second cancel.
    const twice = value(
      kept(await sim.gateway.cancel(paymentKey, { cancelReason: '학생 수 조정', cancelAmount: 30_000 }, `refund-1-${orderId}`)),
    );
    expect(twice).toEqual(part);

    const over = kept(await sim.gateway.cancel(paymentKey, { cancelReason: '초과', cancelAmount: 70_000 }, `refund-2-${orderId}`));
    // Toss's table: 403 NOT_CANCELABLE_AMOUNT.
    expect(over).toEqual({
      ok: false,
      error: { kind: 'provider', status: 403, code: 'NOT_CANCELABLE_AMOUNT', message: '취소 할 수 없는 금액 입니다.' },
    });

    const rest = value(kept(await sim.gateway.cancel(paymentKey, { cancelReason: '환불' }, `refund-3-${orderId}`)));
    expect(rest).toMatchObject({ status: 'CANCELED', balanceAmount: 0 });
    expect(rest.cancels.map((c) => c.cancelAmount)).toEqual([30_000, 69_000]);

    const again = kept(await sim.gateway.cancel(paymentKey, { cancelReason: '환불' }, `refund-4-${orderId}`));
    expect(again).toEqual({
      ok: false,
      error: { kind: 'provider', status: 400, code: 'ALREADY_CANCELED_PAYMENT', message: '이미 취소된 결제 입니다.' },
    });
    expect((await sim.calls()).cancel[orderId]).toBe(5);
    expect(value(kept(await sim.gateway.getPayment(paymentKey))).status).toBe('CANCELED');
  });

  it('issues a billing key through the billing window and charges it; a refused card is refused at the charge', async () => {
    const customerKey = `org_billing_${++n}`;
    const location = new URL(await sim.billingAuth({ customerKey, successUrl: 'http://127.0.0.1:9/billing/success', failUrl: FAIL }));
    expect(location.pathname).toBe('/billing/success');
    expect(location.searchParams.get('customerKey')).toBe(customerKey);
    const authKey = location.searchParams.get('authKey')!;
    const issued = value(kept(await sim.gateway.issueBillingKey({ authKey, customerKey })));
    expect(issued).toEqual({ billingKey: expect.stringMatching(/^bill_/), customerKey, cardSummary: '신한 43301234****123*' });
    // An authKey is used once.
    expect(kept(await sim.gateway.issueBillingKey({ authKey, customerKey }))).toMatchObject({
      ok: false,
      error: { status: 400, code: 'INVALID_REQUEST' },
    });

    const orderId = `ORD_auto_${Date.now().toString(36)}_${++n}`;
    const charge = { customerKey, amount: 99_000, orderId, orderName: '리드인 기본 요금 자동결제' };
    const payment = value(kept(await sim.gateway.chargeBillingKey(issued.billingKey, charge, `auto-${orderId}`)));
    expect(payment).toMatchObject({ orderId, status: 'DONE', method: '카드', totalAmount: 99_000 });
    // The same key again: the same payment; a new key for the same order: refused as a duplicate.
    expect(value(kept(await sim.gateway.chargeBillingKey(issued.billingKey, charge, `auto-${orderId}`)))).toEqual(payment);
    expect(kept(await sim.gateway.chargeBillingKey(issued.billingKey, charge, `auto2-${orderId}`))).toMatchObject({
      ok: false,
      error: { status: 400, code: 'DUPLICATED_ORDER_ID' },
    });
    expect((await sim.calls()).billingCharge[orderId]).toBe(3);

    const rejectKey = `org_billing_${++n}`;
    const rejectAuth = new URL(
      await sim.billingAuth({ customerKey: rejectKey, successUrl: SUCCESS, failUrl: FAIL }, 'reject'),
    ).searchParams.get('authKey')!;
    const rejectBilling = value(kept(await sim.gateway.issueBillingKey({ authKey: rejectAuth, customerKey: rejectKey })));
    const refused = kept(
      await sim.gateway.chargeBillingKey(
        rejectBilling.billingKey,
        { customerKey: rejectKey, amount: 99_000, orderId: `ORD_auto_r_${++n}`, orderName: '자동결제' },
        `auto-r-${n}`,
      ),
    );
    expect(refused).toEqual({
      ok: false,
      error: { kind: 'provider', status: 403, code: 'REJECT_CARD_PAYMENT', message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.' },
    });
    // Another customer's key cannot charge it.
    expect(
      kept(
        await sim.gateway.chargeBillingKey(
          issued.billingKey,
          { ...charge, customerKey: rejectKey, orderId: `ORD_auto_x_${++n}` },
          `x-${n}`,
        ),
      ),
    ).toEqual({
      ok: false,
      error: {
        kind: 'provider',
        status: 403,
        code: 'NOT_MATCHES_CUSTOMER_KEY',
        message: '빌링 인증 고객키와 결제 요청 고객키가 일치하지 않습니다.',
      },
    });
  });

  it('scopes an Idempotency-Key to its URL and method: the same key on another call is another request', async () => {
    const { paymentKey, orderId, amount } = await paid(order(50_000));
    const shared = `shared-${orderId}`;
    value(kept(await sim.gateway.confirm({ paymentKey, orderId, amount }, shared)));
    const cancelled = value(kept(await sim.gateway.cancel(paymentKey, { cancelReason: '환불' }, shared)));
    expect(cancelled).toMatchObject({ status: 'CANCELED', balanceAmount: 0 });
  });

  it('a cash receipt retried with its key (a lost answer) is issued once', async () => {
    const input = {
      amount: 99_000,
      orderId: `ORD_cash_${++n}`,
      orderName: '리드인 기본 요금',
      customerIdentityNumber: '01012345678',
      type: '소득공제' as const,
    };
    const first = value(kept(await sim.gateway.issueCashReceipt(input, `cash-receipt-${input.orderId}`)));
    const retry = value(kept(await sim.gateway.issueCashReceipt(input, `cash-receipt-${input.orderId}`)));
    expect(retry.receiptKey).toBe(first.receiptKey);
    expect([...sim.state.cashReceipts.values()].filter((r) => r.orderId === input.orderId)).toHaveLength(1);
  });

  it('issues a cash receipt of each type; a bad identity number is refused', async () => {
    for (const type of ['소득공제', '지출증빙'] as const) {
      const receipt = value(
        kept(
          await sim.gateway.issueCashReceipt(
            {
              amount: 99_000,
              orderId: `ORD_cash_${++n}`,
              orderName: '리드인 기본 요금',
              customerIdentityNumber: type === '소득공제' ? '01012345678' : '1234567890',
              type,
            },
            `cash-${++n}`,
          ),
        ),
      );
      expect(receipt).toEqual({
        receiptKey: expect.stringMatching(/^rcpt_/),
        issueNumber: expect.stringMatching(/^\d{9}$/),
        receiptUrl: expect.any(String),
      });
      const page = await fetch(receipt.receiptUrl!);
      expect(await page.text()).toContain(type);
    }
    const bad = kept(
      await sim.gateway.issueCashReceipt(
        {
          amount: 1000,
          orderId: `ORD_cash_${++n}`,
          orderName: 'x',
          customerIdentityNumber: 'abc',
          type: '소득공제',
        },
        `cash-${++n}`,
      ),
    );
    expect(bad).toMatchObject({ ok: false, error: { status: 400, code: 'INVALID_REQUEST' } });
  });

  it('the webhook card sends two contradictory PAYMENT_STATUS_CHANGED webhooks that parseWebhook reads as hints', async () => {
    const received: unknown[] = [];
    const { createServer } = await import('node:http');
    const hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const port = (hook.address() as { port: number }).port;
    const withHook = await startSimulator({ webhookUrl: `http://127.0.0.1:${port}/card-pay/webhook` });
    try {
      const params = order();
      const location = new URL(await withHook.windowPay(params, 'webhook'));
      const input = { paymentKey: location.searchParams.get('paymentKey')!, orderId: params.orderId, amount: params.amount };
      const payment = value(kept(await withHook.gateway.confirm(input, `confirm-${params.orderId}`)));
      expect(payment.status).toBe('DONE');
      await expect.poll(() => received.length, { timeout: 5000 }).toBe(2);
      expect(received.map((b: any) => [b.eventType, b.data.status, b.data.orderId])).toEqual([
        ['PAYMENT_STATUS_CHANGED', 'CANCELED', params.orderId],
        ['PAYMENT_STATUS_CHANGED', 'ABORTED', params.orderId],
      ]);
      expect((received[0] as any).createdAt).toMatch(/\+09:00$/);
      for (const body of received) {
        expect(withHook.gateway.parseWebhook(body)).toEqual({
          eventType: 'PAYMENT_STATUS_CHANGED',
          paymentKey: input.paymentKey,
          orderId: params.orderId,
        });
      }
      // The truth, read back, is still DONE.
      expect(value(kept(await withHook.gateway.getPayment(input.paymentKey))).status).toBe('DONE');
      expect((await withHook.calls()).webhook[params.orderId]).toBe(2);
    } finally {
      await withHook.close();
      await new Promise((resolve) => hook.close(resolve));
    }
  });

  it('parseWebhook ignores what it does not know', () => {
    const g = sim.gateway;
    expect(g.parseWebhook(null)).toBeNull();
    expect(g.parseWebhook('PAYMENT_STATUS_CHANGED')).toBeNull();
    expect(g.parseWebhook({ eventType: 'PAYMENT_STATUS_CHANGED' })).toBeNull();
    expect(g.parseWebhook({ eventType: 'PAYMENT_STATUS_CHANGED', data: {} })).toBeNull();
    expect(g.parseWebhook({ createdAt: 'x', secret: 's', status: 'DONE', transactionKey: 't', orderId: 'ORD_1' })).toEqual({
      eventType: 'DEPOSIT_CALLBACK',
      paymentKey: null,
      orderId: 'ORD_1',
    });
  });

  it('the control API counts calls per endpoint and order, and resets', async () => {
    const other = await startSimulator();
    try {
      const params = order();
      const { paymentKey } = await (async () => {
        const location = new URL(await other.windowPay(params));
        return { paymentKey: location.searchParams.get('paymentKey')! };
      })();
      await other.gateway.confirm({ paymentKey, orderId: params.orderId, amount: params.amount }, `c-${params.orderId}`);
      await other.gateway.getPaymentByOrderId(params.orderId);
      const calls = await other.calls();
      expect(calls.window[params.orderId]).toBe(1);
      expect(calls.confirm).toEqual({ [params.orderId]: 1 });
      expect(calls.getPaymentByOrderId).toEqual({ [params.orderId]: 1 });
      // The control pages open to the token of whoever started the simulator only.
      for (const headers of [{}, { 'X-Simulator-Token': 'guessed' }] as Record<string, string>[]) {
        expect((await fetch(`${other.url}/__control/calls`, { headers })).status).toBe(403);
        expect((await fetch(`${other.url}/__control/reset`, { method: 'POST', headers })).status).toBe(403);
      }
      expect((await other.calls()).confirm).toEqual({ [params.orderId]: 1 });
      await fetch(`${other.url}/__control/reset`, { method: 'POST', headers: other.control });
      expect((await other.calls()).confirm).toEqual({});
      expect(await other.gateway.getPayment(paymentKey)).toMatchObject({ ok: false, error: { status: 404, code: 'NOT_FOUND_PAYMENT' } });
    } finally {
      await other.close();
    }
  });

  it('serves the browser SDK as JavaScript', async () => {
    const response = await fetch(sim.gateway.sdkUrl);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    const source = await response.text();
    expect(source).toContain('window.TossPayments');
    expect(source).toContain('requestPayment');
    expect(source).toContain('requestBillingAuth');
  });
});

function configOf(s: Simulator) {
  return {
    provider: 'simulator' as const,
    clientKey: s.clientKey,
    secretKey: s.secretKey,
    apiUrl: s.url,
    sdkUrl: `${s.url}/v2/standard`,
    deposit: null,
  };
}
