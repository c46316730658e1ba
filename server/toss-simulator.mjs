// A local simulator of Toss Payments (docs/payments.md, "Provider and simulator"): the same v1 REST API our adapter
// calls (app/services/payments/toss.server.ts), the payment and billing windows a browser is sent to (they work
// without JavaScript), a tiny imitation of the v2 browser SDK, and the webhooks Toss sends. Everything is kept in
// memory. Test cards choose the outcome: a normal approval, a refusal, a lost response, an already processed payment,
// an expired session, contradictory webhooks. A control API (`/__control/*`) only the simulator has counts the calls
// made to it, resets it and expires a session on demand.
//
// The experience environment serves it from our own server under /__toss (server/index.mjs); the database tests start
// it on a port of its own (startTossSimulator). The secret key is checked on every REST call and never logged or
// echoed.
import { randomBytes } from 'node:crypto';
import express from 'express';
import { controlGuard, serveRouter } from './simulator-server.mjs';

/** The simulator's keys when none are configured: not secret, they open nothing but the simulator. Same as config.server.ts's SIMULATOR_KEYS. */
export const SIMULATOR_KEYS = { clientKey: 'test_ck_simulator', secretKey: 'test_sk_simulator' };

/** Authenticated sessions must be confirmed within 10 minutes; unauthenticated ones die after 30 (Toss's rules). */
export const AUTHENTICATED_TTL_MS = 10 * 60 * 1000;
export const UNAUTHENTICATED_TTL_MS = 30 * 60 * 1000;

/**
 * The test cards the windows offer. `value` is what the form posts (tests pick a card by it); `label` is shown.
 * @type {{ value: 'ok' | 'reject' | 'slow' | 'processed' | 'expire' | 'webhook'; label: string; company: string; issuerCode: string; number: string; bankCode: string }[]}
 */
export const TEST_CARDS = [
  { value: 'ok', label: '정상 승인', company: '신한', issuerCode: '41', number: '43301234****123*', bankCode: '88' },
  { value: 'reject', label: '한도 초과', company: '국민', issuerCode: '11', number: '94900912****881*', bankCode: '04' },
  { value: 'slow', label: '응답 지연', company: '삼성', issuerCode: '51', number: '51234567****456*', bankCode: '20' },
  { value: 'processed', label: '이미 처리됨', company: '현대', issuerCode: '61', number: '40170712****347*', bankCode: '81' },
  { value: 'expire', label: '인증 만료', company: '롯데', issuerCode: '71', number: '53211200****902*', bankCode: '03' },
  { value: 'webhook', label: '모순된 웹훅', company: '하나', issuerCode: '21', number: '46511300****775*', bankCode: '11' },
];

const BANK_NAMES = { 88: '신한은행', '04': 'KB국민은행', 20: '우리은행', 81: '하나은행', '03': 'IBK기업은행', 11: 'NH농협은행' };

const MAX_IDEMPOTENCY_KEYS = 20_000;

/** Toss's errors used here: `[status, message]` by code. */
const ERRORS = {
  UNAUTHORIZED_KEY: [401, '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.'],
  INVALID_REQUEST: [400, '잘못된 요청입니다.'],
  NOT_FOUND_PAYMENT: [404, '존재하지 않는 결제 정보 입니다.'],
  NOT_FOUND_PAYMENT_SESSION: [404, '결제 시간이 만료되어 결제 진행 데이터가 존재하지 않습니다.'],
  ALREADY_PROCESSED_PAYMENT: [400, '이미 처리된 결제 입니다.'],
  REJECT_CARD_PAYMENT: [403, '한도초과 혹은 잔액부족으로 결제에 실패했습니다.'],
  ALREADY_CANCELED_PAYMENT: [400, '이미 취소된 결제 입니다.'],
  NOT_CANCELABLE_AMOUNT: [403, '취소 할 수 없는 금액 입니다.'],
  NOT_MATCHES_CUSTOMER_KEY: [403, '빌링 인증 고객키와 결제 요청 고객키가 일치하지 않습니다.'],
  NOT_CANCELABLE_PAYMENT: [403, '취소 할 수 없는 결제 입니다.'],
  DUPLICATED_ORDER_ID: [400, '이미 승인 및 취소가 진행된 중복된 주문번호 입니다.'],
  IDEMPOTENT_REQUEST_PROCESSING: [409, '이전 멱등 요청이 처리 중입니다.'],
  NOT_FOUND: [404, '존재하지 않는 요청입니다.'],
};

/** Toss's times: ISO 8601 in Korean time with its offset, e.g. '2026-03-02T10:15:00+09:00'. */
export function kst(ms) {
  return new Date(ms + 9 * 3600 * 1000).toISOString().slice(0, 19) + '+09:00';
}

const key = (prefix, bytes = 16) => `${prefix}${randomBytes(bytes).toString('hex')}`;

const escapeHtml = (value) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** `url` with `params` appended, keeping its own query string. */
function withParams(url, params) {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.append(name, String(value));
  return target.href;
}

const isHttpUrl = (value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

function emptyCalls() {
  return {
    confirm: {},
    getPayment: {},
    getPaymentByOrderId: {},
    cancel: {},
    billingIssue: {},
    billingCharge: {},
    cashReceipt: {},
    window: {},
    billingWindow: {},
    webhook: {},
  };
}

/**
 * The simulator as an Express Router (mount it under a prefix, e.g. `/__toss`) and its in-memory state.
 * `controlToken` opens the control pages (`/__control/*`) to requests carrying it (simulator-server.mjs's controlGuard).
 * @param {{ secretKey: string; clientKey?: string; webhookUrl?: string; confirmDelayMs?: number; now?: () => number; controlToken?: string }} options
 */
export function createTossSimulator({ secretKey, clientKey, webhookUrl, confirmDelayMs = 15_000, now = Date.now, controlToken }) {
  if (!secretKey) throw new Error('the Toss simulator needs a secret key');
  const expectedAuth = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

  const state = {
    /** @type {Map<string, any>} payments by paymentKey */
    payments: new Map(),
    /** @type {Map<string, string>} the latest paymentKey of each orderId */
    orders: new Map(),
    /** @type {Map<string, { status: number; body: unknown } | 'pending'>} first answers by Idempotency-Key */
    idempotency: new Map(),
    /** @type {Map<string, { customerKey: string; card: (typeof TEST_CARDS)[number]; used: boolean; expiresAt: number; browserBase: string }>} */
    billingAuths: new Map(),
    /** @type {Map<string, { customerKey: string; card: (typeof TEST_CARDS)[number]; browserBase: string }>} */
    billingKeys: new Map(),
    /** @type {Map<string, any>} */
    cashReceipts: new Map(),
    /** The webhooks sent, in order, with the status our server answered (or the error). */
    /** @type {{ body: any; status: number | null; error: string | null }[]} */
    webhooks: [],
    /** @type {ReturnType<typeof emptyCalls>} */
    calls: emptyCalls(),
    reset() {
      state.payments.clear();
      state.orders.clear();
      state.idempotency.clear();
      state.billingAuths.clear();
      state.billingKeys.clear();
      state.cashReceipts.clear();
      state.webhooks.length = 0;
      state.calls = emptyCalls();
    },
    /** Expires the session of an order now (its payment can no longer be confirmed). */
    expire(orderId) {
      const payment = state.payments.get(state.orders.get(orderId) ?? '');
      if (!payment) return false;
      payment.expiredByControl = true;
      return true;
    },
  };

  const count = (endpoint, id) => {
    const counts = state.calls[endpoint];
    const name = String(id ?? '');
    counts[name] = (counts[name] ?? 0) + 1;
  };

  /** Sessions expire as Toss's do: READY after 30 minutes, an authenticated one after 10. */
  const refresh = (payment) => {
    if (payment.status === 'READY' || payment.status === 'IN_PROGRESS') {
      const limit = payment.status === 'READY' ? UNAUTHENTICATED_TTL_MS : AUTHENTICATED_TTL_MS;
      const since = payment.status === 'READY' ? payment.createdAt : payment.authenticatedAt;
      if (payment.expiredByControl || now() - since > limit) payment.status = 'EXPIRED';
    }
    return payment;
  };

  /** Toss's Payment object. */
  const paymentObject = (p, apiBase) => {
    // Links are for browsers: the address the browser reached the window at, else the one the API was called at.
    const baseUrl = p.browserBase ?? apiBase;
    const isCard = p.method === '카드';
    return {
      mId: 'tsimulator',
      version: '2022-11-16',
      lastTransactionKey: p.lastTransactionKey,
      paymentKey: p.paymentKey,
      orderId: p.orderId,
      orderName: p.orderName,
      taxExemptionAmount: 0,
      status: p.status,
      requestedAt: kst(p.createdAt),
      approvedAt: p.approvedAt ? kst(p.approvedAt) : null,
      useEscrow: false,
      cultureExpense: false,
      card:
        isCard && p.card && p.authenticatedAt
          ? {
              issuerCode: p.card.issuerCode,
              acquirerCode: p.card.issuerCode,
              number: p.card.number,
              installmentPlanMonths: 0,
              isInterestFree: false,
              interestPayer: null,
              approveNo: p.approveNo,
              useCardPoint: false,
              cardType: '신용',
              ownerType: '개인',
              acquireStatus: p.status === 'DONE' ? 'READY' : 'CANCELED',
              amount: p.totalAmount,
            }
          : null,
      virtualAccount: null,
      transfer:
        p.method === '계좌이체' && p.card && p.authenticatedAt ? { bankCode: p.card.bankCode, settlementStatus: 'INCOMPLETED' } : null,
      mobilePhone: null,
      giftCertificate: null,
      cashReceipt: null,
      cashReceipts: null,
      discount: null,
      cancels: p.cancels.map((c) => ({ ...c })),
      secret: null,
      type: p.type,
      easyPay: null,
      country: 'KR',
      failure: p.failure,
      isPartialCancelable: true,
      receipt: p.approvedAt ? { url: `${baseUrl}/receipt/${encodeURIComponent(p.paymentKey)}` } : null,
      checkout: { url: `${baseUrl}/v2/window?session=${encodeURIComponent(p.paymentKey)}` },
      currency: 'KRW',
      totalAmount: p.totalAmount,
      balanceAmount: p.balanceAmount,
      suppliedAmount: Math.round(p.balanceAmount / 1.1),
      vat: p.balanceAmount - Math.round(p.balanceAmount / 1.1),
      taxFreeAmount: 0,
      method: p.authenticatedAt ? p.method : null,
    };
  };

  /** Base URL of this simulator as the caller reached it (receipt links, webhooks' payloads). */
  const baseOf = (req) => `${req.protocol}://${req.get('host')}${req.baseUrl}`;

  const fail = (res, code, message) => {
    const [status, text] = ERRORS[code] ?? [400, message];
    return res.status(status).json({ code, message: message ?? text });
  };

  const approve = (payment) => {
    payment.status = 'DONE';
    payment.approvedAt = now();
    payment.approveNo = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
    payment.lastTransactionKey = key('txrd_', 12);
  };

  /** After a `webhook` card's payment: two PAYMENT_STATUS_CHANGED events that contradict its real state. */
  const sendContradictoryWebhooks = async (payment, baseUrl) => {
    if (!webhookUrl) return;
    for (const status of ['CANCELED', 'ABORTED']) {
      const body = {
        eventType: 'PAYMENT_STATUS_CHANGED',
        createdAt: kst(now()),
        data: { ...paymentObject(payment, baseUrl), status },
      };
      await sendWebhook(body, payment.orderId);
    }
  };

  const sendWebhook = async (body, orderId) => {
    count('webhook', orderId);
    const record = { body, status: null, error: null };
    state.webhooks.push(record);
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      record.status = response.status;
      await response.arrayBuffer().catch(() => {});
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
    }
  };

  const router = express.Router();
  router.use(express.json({ limit: '64kb' }));
  router.use(express.urlencoded({ extended: false, limit: '16kb' }));

  // ---- The REST API: Basic auth with the secret key, Idempotency-Key on POSTs. ----

  router.use('/v1', (req, res, next) => {
    res.set('Cache-Control', 'no-store');
    if (req.get('authorization') !== expectedAuth) return fail(res, 'UNAUTHORIZED_KEY');
    next();
  });

  /** Counts the call (a replay is a call too), then answers a replayed Idempotency-Key with the first answer. */
  const post = (endpoint, idOf) => (req, res, next) => {
    count(endpoint, idOf(req));
    const given = req.get('idempotency-key');
    if (!given) return next();
    // Toss scopes a key to the key, the URL and the method: the same key on another call is another request.
    const idempotencyKey = `${req.method} ${req.originalUrl.split('?')[0]} ${given}`;
    const previous = state.idempotency.get(idempotencyKey);
    // A replay answers the first response again, whatever its body; while the first is still running, Toss answers 409.
    if (previous === 'pending') return fail(res, 'IDEMPOTENT_REQUEST_PROCESSING');
    if (previous) return res.status(previous.status).json(previous.body);
    state.idempotency.set(idempotencyKey, 'pending');
    // Toss keeps a key for 15 days; a long-running simulator keeps the latest ones only.
    if (state.idempotency.size > MAX_IDEMPOTENCY_KEYS) state.idempotency.delete(state.idempotency.keys().next().value);
    // A caller that gave up (a timeout) does not stop the work: its answer is kept for the replay, as Toss keeps it.
    const json = res.json.bind(res);
    res.json = (body) => {
      state.idempotency.set(idempotencyKey, { status: res.statusCode, body });
      return json(body);
    };
    next();
  };
  const bodyOrderId = (req) => req.body?.orderId;
  const orderOfKey = (req) => state.payments.get(req.params.paymentKey)?.orderId ?? req.params.paymentKey;

  const intAmount = (value) => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);

  /** Ends an authenticated payment the way its test card says (approval, refusal, a late answer, …) and answers. */
  const settleByCard = async (req, res, payment, card) => {
    const baseUrl = baseOf(req);
    switch (card) {
      case 'reject':
        payment.status = 'ABORTED';
        payment.failure = { code: 'REJECT_CARD_PAYMENT', message: ERRORS.REJECT_CARD_PAYMENT[1] };
        return fail(res, 'REJECT_CARD_PAYMENT');
      case 'expire':
        payment.status = 'EXPIRED';
        return fail(res, 'NOT_FOUND_PAYMENT_SESSION');
      case 'processed':
        approve(payment);
        return fail(res, 'ALREADY_PROCESSED_PAYMENT');
      case 'slow':
        approve(payment);
        await new Promise((resolve) => setTimeout(resolve, confirmDelayMs));
        return res.json(paymentObject(payment, baseUrl));
      case 'webhook':
        approve(payment);
        res.on('finish', () => void sendContradictoryWebhooks(payment, baseUrl));
        return res.json(paymentObject(payment, baseUrl));
      default:
        approve(payment);
        return res.json(paymentObject(payment, baseUrl));
    }
  };

  router.post('/v1/payments/confirm', post('confirm', bodyOrderId), async (req, res) => {
    const { paymentKey, orderId, amount } = req.body ?? {};
    if (typeof paymentKey !== 'string' || typeof orderId !== 'string' || intAmount(amount) === null) return fail(res, 'INVALID_REQUEST');
    const payment = state.payments.get(paymentKey);
    if (!payment) return fail(res, 'NOT_FOUND_PAYMENT');
    if (payment.orderId !== orderId) return fail(res, 'INVALID_REQUEST', '주문번호가 결제 정보와 일치하지 않습니다.');
    if (payment.totalAmount !== amount) return fail(res, 'INVALID_REQUEST', '결제 금액이 결제 요청 금액과 일치하지 않습니다.');
    refresh(payment);
    if (['DONE', 'CANCELED', 'PARTIAL_CANCELED'].includes(payment.status)) return fail(res, 'ALREADY_PROCESSED_PAYMENT');
    if (payment.status === 'ABORTED' && payment.card?.value === 'reject') return fail(res, 'REJECT_CARD_PAYMENT');
    if (payment.status !== 'IN_PROGRESS') return fail(res, 'NOT_FOUND_PAYMENT_SESSION');
    return settleByCard(req, res, payment, payment.card.value);
  });

  router.get('/v1/payments/orders/:orderId', (req, res) => {
    count('getPaymentByOrderId', req.params.orderId);
    const payment = state.payments.get(state.orders.get(req.params.orderId) ?? '');
    if (!payment) return fail(res, 'NOT_FOUND_PAYMENT');
    res.json(paymentObject(refresh(payment), baseOf(req)));
  });

  router.get('/v1/payments/:paymentKey', (req, res) => {
    const payment = state.payments.get(req.params.paymentKey);
    count('getPayment', payment?.orderId ?? req.params.paymentKey);
    if (!payment) return fail(res, 'NOT_FOUND_PAYMENT');
    res.json(paymentObject(refresh(payment), baseOf(req)));
  });

  router.post('/v1/payments/:paymentKey/cancel', post('cancel', orderOfKey), (req, res) => {
    const payment = state.payments.get(req.params.paymentKey);
    if (!payment) return fail(res, 'NOT_FOUND_PAYMENT');
    const { cancelReason, cancelAmount } = req.body ?? {};
    if (typeof cancelReason !== 'string' || !cancelReason.trim() || cancelReason.length > 200) return fail(res, 'INVALID_REQUEST');
    if (cancelAmount !== undefined && cancelAmount !== null && typeof cancelAmount !== 'number') return fail(res, 'INVALID_REQUEST');
    refresh(payment);
    if (payment.status === 'CANCELED') return fail(res, 'ALREADY_CANCELED_PAYMENT');
    if (payment.status !== 'DONE' && payment.status !== 'PARTIAL_CANCELED') return fail(res, 'NOT_CANCELABLE_PAYMENT');
    const amount = cancelAmount ?? payment.balanceAmount;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > payment.balanceAmount) return fail(res, 'NOT_CANCELABLE_AMOUNT');
    payment.balanceAmount -= amount;
    payment.status = payment.balanceAmount === 0 ? 'CANCELED' : 'PARTIAL_CANCELED';
    payment.lastTransactionKey = key('txrd_', 12);
    payment.cancels.push({
      transactionKey: payment.lastTransactionKey,
      cancelReason,
      taxExemptionAmount: 0,
      canceledAt: kst(now()),
      transferDiscountAmount: 0,
      easyPayDiscountAmount: 0,
      receiptKey: null,
      cancelAmount: amount,
      taxFreeAmount: 0,
      refundableAmount: payment.balanceAmount,
      cancelStatus: 'DONE',
      cancelRequestId: null,
    });
    res.json(paymentObject(payment, baseOf(req)));
  });

  router.post(
    '/v1/billing/authorizations/issue',
    post('billingIssue', (req) => req.body?.customerKey),
    (req, res) => {
      const { authKey, customerKey } = req.body ?? {};
      const auth = typeof authKey === 'string' ? state.billingAuths.get(authKey) : undefined;
      if (!auth || auth.customerKey !== customerKey || auth.used || now() > auth.expiresAt) {
        return fail(res, 'INVALID_REQUEST', '유효하지 않은 인증 키 입니다.');
      }
      auth.used = true;
      const billingKey = key('bill_', 16);
      state.billingKeys.set(billingKey, { customerKey, card: auth.card, browserBase: auth.browserBase });
      res.json({
        mId: 'tsimulator',
        customerKey,
        authenticatedAt: kst(now()),
        method: '카드',
        billingKey,
        cardCompany: auth.card.company,
        cardNumber: auth.card.number,
        card: {
          issuerCode: auth.card.issuerCode,
          acquirerCode: auth.card.issuerCode,
          number: auth.card.number,
          cardType: '신용',
          ownerType: '개인',
        },
      });
    },
  );

  router.post('/v1/billing/:billingKey', post('billingCharge', bodyOrderId), async (req, res) => {
    const { customerKey, amount, orderId, orderName } = req.body ?? {};
    const billing = state.billingKeys.get(req.params.billingKey);
    if (!billing) return fail(res, 'NOT_FOUND_PAYMENT', '존재하지 않는 빌링키 입니다.');
    if (billing.customerKey !== customerKey) return fail(res, 'NOT_MATCHES_CUSTOMER_KEY');
    if (
      typeof orderId !== 'string' ||
      !/^[A-Za-z0-9_-]{6,64}$/.test(orderId) ||
      typeof orderName !== 'string' ||
      intAmount(amount) === null
    ) {
      return fail(res, 'INVALID_REQUEST');
    }
    const existing = state.payments.get(state.orders.get(orderId) ?? '');
    if (existing && existing.status !== 'READY') return fail(res, 'DUPLICATED_ORDER_ID');
    const payment = newPayment({ orderId, orderName, amount, method: '카드', customerKey, type: 'BILLING' });
    payment.card = billing.card;
    payment.browserBase = billing.browserBase;
    payment.status = 'IN_PROGRESS';
    payment.authenticatedAt = now();
    // A billing charge has no authentication session to expire: that card approves here.
    return settleByCard(req, res, payment, billing.card.value === 'expire' ? 'ok' : billing.card.value);
  });

  router.post('/v1/cash-receipts', post('cashReceipt', bodyOrderId), (req, res) => {
    const { amount, orderId, orderName, customerIdentityNumber, type } = req.body ?? {};
    if (
      intAmount(amount) === null ||
      typeof orderId !== 'string' ||
      typeof orderName !== 'string' ||
      typeof customerIdentityNumber !== 'string' ||
      !/^[0-9]{10,18}$/.test(customerIdentityNumber) ||
      (type !== '소득공제' && type !== '지출증빙')
    ) {
      return fail(res, 'INVALID_REQUEST');
    }
    const receiptKey = key('rcpt_', 12);
    const receipt = {
      receiptKey,
      issueNumber: String(100_000_000 + Math.floor(Math.random() * 899_999_999)),
      issueStatus: 'COMPLETED',
      amount,
      taxFreeAmount: 0,
      orderId,
      orderName,
      type,
      transactionType: 'CONFIRM',
      businessNumber: '0000000000',
      customerIdentityNumber: customerIdentityNumber.slice(0, 3) + '*'.repeat(customerIdentityNumber.length - 3),
      failure: null,
      requestedAt: kst(now()),
      receiptUrl: `${state.payments.get(state.orders.get(orderId) ?? '')?.browserBase ?? baseOf(req)}/receipt/cash/${receiptKey}`,
    };
    state.cashReceipts.set(receiptKey, receipt);
    res.json(receipt);
  });

  router.all('/v1/*', (_req, res) => fail(res, 'NOT_FOUND'));

  // ---- The windows a browser is sent to (no JavaScript needed). ----

  const newPayment = ({ orderId, orderName, amount, method, customerKey, type = 'NORMAL' }) => {
    const payment = {
      paymentKey: key('tsim_', 16),
      orderId,
      orderName,
      totalAmount: amount,
      balanceAmount: amount,
      method,
      customerKey,
      type,
      status: 'READY',
      createdAt: now(),
      authenticatedAt: null,
      approvedAt: null,
      approveNo: null,
      lastTransactionKey: null,
      card: null,
      cancels: [],
      failure: null,
      expiredByControl: false,
      successUrl: null,
      failUrl: null,
      browserBase: null,
    };
    state.payments.set(payment.paymentKey, payment);
    state.orders.set(orderId, payment.paymentKey);
    return payment;
  };

  // The windows' pay button comes first in the form (Enter in a form presses its first button); the row shows it on the right.
  const page = (res, status, title, body) =>
    res.status(status).set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    }).send(`<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} | 토스페이먼츠 시뮬레이터</title>
<style>
body{font-family:'Noto Sans KR',sans-serif;margin:0;background:#f2f4f6;color:#191f28}
main{max-width:460px;margin:0 auto;padding:20px}
header{display:flex;justify-content:space-between;align-items:center;margin-bottom:16px}
header strong{color:#3182f6}
.note{font-size:13px;color:#6b7684}
section{background:#fff;border-radius:12px;padding:16px;margin-bottom:12px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0}
dt{color:#6b7684}dd{margin:0;font-weight:600;text-align:right}
fieldset{border:0;padding:0;margin:0}
legend{font-weight:600;margin-bottom:8px}
label{display:flex;gap:8px;align-items:center;padding:8px;border-radius:8px;cursor:pointer}
label:hover{background:#f2f4f6}
label small{color:#6b7684;margin-left:auto}
.actions{display:flex;flex-direction:row-reverse;gap:8px}
button{flex:1;padding:12px;border-radius:8px;border:0;font-size:16px;font-weight:600;cursor:pointer}
button.pay{background:#3182f6;color:#fff}button.cancel{background:#e5e8eb;color:#333d4b}
.error{color:#d22030}
</style></head><body><main><header><strong>토스페이먼츠</strong><span class="note">테스트 결제창 (시뮬레이터)</span></header>${body}</main></body></html>`);

  const cardChoices = (method) =>
    `<fieldset><legend>${method === 'TRANSFER' ? '테스트 계좌' : '테스트 카드'}</legend>${TEST_CARDS.map(
      (card, i) =>
        `<label><input type="radio" name="card" value="${card.value}"${i === 0 ? ' checked' : ''}> ${escapeHtml(card.label)}<small>${escapeHtml(
          method === 'TRANSFER' ? BANK_NAMES[card.bankCode] : `${card.company} ${card.number}`,
        )}</small></label>`,
    ).join('')}</fieldset>`;

  const windowError = (res, message) => page(res, 400, '결제창 오류', `<section><p class="error">${escapeHtml(message)}</p></section>`);

  const won = (amount) => `${amount.toLocaleString('ko-KR')}원`;

  router.get('/v2/window', (req, res) => {
    const q = req.query;
    const str = (name) => (typeof q[name] === 'string' ? q[name] : '');
    count('window', str('orderId'));
    if (clientKey && str('clientKey') !== clientKey) return windowError(res, '클라이언트 키가 올바르지 않습니다.');
    const method = str('method') === 'TRANSFER' ? 'TRANSFER' : str('method') === 'CARD' || !str('method') ? 'CARD' : null;
    const amount = /^[0-9]{1,12}$/.test(str('amount')) ? Number(str('amount')) : 0;
    if (!method) return windowError(res, '지원하지 않는 결제수단입니다.');
    if (!/^[A-Za-z0-9_-]{6,64}$/.test(str('orderId'))) return windowError(res, '주문번호가 올바르지 않습니다.');
    if (!str('orderName') || amount <= 0) return windowError(res, '주문 정보가 올바르지 않습니다.');
    if (!isHttpUrl(str('successUrl')) || !isHttpUrl(str('failUrl'))) return windowError(res, '결과를 돌려받을 주소가 올바르지 않습니다.');
    const existing = state.payments.get(state.orders.get(str('orderId')) ?? '');
    if (existing && ['DONE', 'CANCELED', 'PARTIAL_CANCELED'].includes(existing.status)) {
      return windowError(res, '이미 결제가 끝난 주문입니다.');
    }
    const payment = newPayment({
      orderId: str('orderId'),
      orderName: str('orderName'),
      amount,
      method: method === 'TRANSFER' ? '계좌이체' : '카드',
      customerKey: str('customerKey') || null,
    });
    payment.successUrl = str('successUrl');
    payment.browserBase = baseOf(req);
    payment.failUrl = str('failUrl');
    page(
      res,
      200,
      '결제하기',
      `<section><dl><dt>주문</dt><dd>${escapeHtml(payment.orderName)}</dd><dt>결제 금액</dt><dd>${won(amount)}</dd><dt>결제수단</dt><dd>${
        method === 'TRANSFER' ? '계좌이체' : '카드'
      }</dd></dl></section>
<form method="post" action="window"><input type="hidden" name="session" value="${escapeHtml(payment.paymentKey)}">
<section>${cardChoices(method)}</section>
<div class="actions"><button class="pay" name="action" value="pay">결제하기</button><button class="cancel" name="action" value="cancel">결제 취소</button></div>
</form><p class="note">실제로 돈이 나가지 않는 시뮬레이터입니다. 카드를 골라 결과를 정합니다.</p>`,
    );
  });

  router.post('/v2/window', (req, res) => {
    const { session, card: cardValue, action } = req.body ?? {};
    const payment = typeof session === 'string' ? state.payments.get(session) : undefined;
    if (!payment || !payment.successUrl) return windowError(res, '결제 정보를 찾을 수 없습니다. 결제창을 다시 열어 주세요.');
    refresh(payment);
    if (action === 'cancel') {
      if (payment.status === 'READY') {
        payment.status = 'ABORTED';
        payment.failure = { code: 'PAY_PROCESS_CANCELED', message: '사용자에 의해 결제가 취소되었습니다.' };
      }
      return res.redirect(
        302,
        withParams(payment.failUrl, {
          code: 'PAY_PROCESS_CANCELED',
          message: '사용자에 의해 결제가 취소되었습니다.',
          orderId: payment.orderId,
        }),
      );
    }
    if (payment.status === 'EXPIRED') {
      return res.redirect(
        302,
        withParams(payment.failUrl, { code: 'PAY_PROCESS_ABORTED', message: '결제 시간이 만료되었습니다.', orderId: payment.orderId }),
      );
    }
    if (payment.status === 'READY') {
      const card = TEST_CARDS.find((c) => c.value === cardValue) ?? TEST_CARDS[0];
      payment.card = card;
      payment.status = 'IN_PROGRESS';
      payment.authenticatedAt = now();
    }
    // A second submit of the same window (a double click) returns to the same success URL, as the first did.
    res.redirect(
      302,
      withParams(payment.successUrl, {
        paymentKey: payment.paymentKey,
        orderId: payment.orderId,
        amount: payment.totalAmount,
        paymentType: 'NORMAL',
      }),
    );
  });

  router.get('/v2/billing-window', (req, res) => {
    const q = req.query;
    const str = (name) => (typeof q[name] === 'string' ? q[name] : '');
    count('billingWindow', str('customerKey'));
    if (clientKey && str('clientKey') !== clientKey) return windowError(res, '클라이언트 키가 올바르지 않습니다.');
    if (!/^[A-Za-z0-9_\-=.@]{2,300}$/.test(str('customerKey'))) return windowError(res, '고객 키가 올바르지 않습니다.');
    if (!isHttpUrl(str('successUrl')) || !isHttpUrl(str('failUrl'))) return windowError(res, '결과를 돌려받을 주소가 올바르지 않습니다.');
    page(
      res,
      200,
      '카드 등록',
      `<section><dl><dt>자동결제</dt><dd>카드 등록</dd></dl></section>
<form method="post" action="billing-window">
<input type="hidden" name="customerKey" value="${escapeHtml(str('customerKey'))}">
<input type="hidden" name="successUrl" value="${escapeHtml(str('successUrl'))}">
<input type="hidden" name="failUrl" value="${escapeHtml(str('failUrl'))}">
<section>${cardChoices('CARD')}</section>
<div class="actions"><button class="pay" name="action" value="pay">카드 등록하기</button><button class="cancel" name="action" value="cancel">등록 취소</button></div>
</form><p class="note">실제 카드가 등록되지 않는 시뮬레이터입니다.</p>`,
    );
  });

  router.post('/v2/billing-window', (req, res) => {
    const { customerKey, successUrl, failUrl, card: cardValue, action } = req.body ?? {};
    if (typeof customerKey !== 'string' || !isHttpUrl(successUrl) || !isHttpUrl(failUrl)) {
      return windowError(res, '카드 등록 정보를 찾을 수 없습니다. 다시 시도해 주세요.');
    }
    if (action === 'cancel') {
      return res.redirect(302, withParams(failUrl, { code: 'PAY_PROCESS_CANCELED', message: '사용자에 의해 결제가 취소되었습니다.' }));
    }
    const card = TEST_CARDS.find((c) => c.value === cardValue) ?? TEST_CARDS[0];
    const authKey = key('bln_', 16);
    state.billingAuths.set(authKey, { customerKey, card, used: false, expiresAt: now() + AUTHENTICATED_TTL_MS, browserBase: baseOf(req) });
    res.redirect(302, withParams(successUrl, { customerKey, authKey }));
  });

  // ---- The browser SDK: TossPayments(clientKey).payment({ customerKey }).requestPayment / requestBillingAuth. ----

  router.get('/v2/standard', (_req, res) => {
    res
      .set({ 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })
      .send(SDK_SOURCE);
  });

  // ---- Receipts. ----

  router.get('/receipt/cash/:receiptKey', (req, res) => {
    const receipt = state.cashReceipts.get(req.params.receiptKey);
    if (!receipt) return page(res, 404, '영수증 없음', '<section><p>영수증을 찾을 수 없습니다.</p></section>');
    page(
      res,
      200,
      '현금영수증',
      `<section><h1>현금영수증</h1><dl><dt>주문</dt><dd>${escapeHtml(receipt.orderName)}</dd><dt>종류</dt><dd>${escapeHtml(
        receipt.type,
      )}</dd><dt>금액</dt><dd>${won(receipt.amount)}</dd><dt>승인번호</dt><dd>${escapeHtml(receipt.issueNumber)}</dd><dt>발행일시</dt><dd>${escapeHtml(
        receipt.requestedAt,
      )}</dd></dl></section>`,
    );
  });

  router.get('/receipt/:paymentKey', (req, res) => {
    const payment = state.payments.get(req.params.paymentKey);
    if (!payment || !payment.approvedAt) return page(res, 404, '영수증 없음', '<section><p>영수증을 찾을 수 없습니다.</p></section>');
    const cancelled = payment.totalAmount - payment.balanceAmount;
    page(
      res,
      200,
      '매출전표',
      `<section><h1>${payment.method === '카드' ? '카드 매출전표' : '계좌이체 영수증'}</h1><dl>
<dt>주문</dt><dd>${escapeHtml(payment.orderName)}</dd>
<dt>주문번호</dt><dd>${escapeHtml(payment.orderId)}</dd>
<dt>결제 금액</dt><dd>${won(payment.totalAmount)}</dd>
${cancelled ? `<dt>취소 금액</dt><dd>${won(cancelled)}</dd>` : ''}
<dt>${payment.method === '카드' ? '카드' : '은행'}</dt><dd>${escapeHtml(
        payment.method === '카드' ? `${payment.card.company} ${payment.card.number}` : BANK_NAMES[payment.card.bankCode],
      )}</dd>
${payment.approveNo ? `<dt>승인번호</dt><dd>${escapeHtml(payment.approveNo)}</dd>` : ''}
<dt>승인일시</dt><dd>${escapeHtml(kst(payment.approvedAt))}</dd>
</dl></section>`,
    );
  });

  // ---- The control API (only the simulator has it). ----

  router.use('/__control', controlGuard(controlToken));
  router.get('/__control/calls', (_req, res) => res.set('Cache-Control', 'no-store').json(state.calls));
  router.get('/__control/webhooks', (_req, res) => res.set('Cache-Control', 'no-store').json(state.webhooks));
  router.post('/__control/reset', (_req, res) => {
    state.reset();
    res.json({ ok: true });
  });
  router.post('/__control/expire', (req, res) => {
    const orderId = req.body?.orderId;
    if (typeof orderId !== 'string' || !state.expire(orderId)) return fail(res, 'NOT_FOUND_PAYMENT');
    res.json({ ok: true });
  });

  // A body that is not JSON, or too large, answers as Toss does: { code, message }.
  router.use((error, _req, res, next) => {
    if (res.headersSent) return next(error);
    if (error?.type === 'entity.too.large') return res.status(413).json({ code: 'INVALID_REQUEST', message: '요청 본문이 너무 큽니다.' });
    if (error?.type === 'entity.parse.failed') return fail(res, 'INVALID_REQUEST');
    next(error);
  });

  return { router, state };
}

/** The SDK imitation: navigates the current window to the simulator's window pages, found next to the script itself. */
const SDK_SOURCE = `// 토스페이먼츠 v2 SDK를 흉내 내는 시뮬레이터 스크립트입니다.
(function () {
  var script = document.currentScript;
  var base = new URL('.', script && script.src ? script.src : location.href);
  function go(page, params) {
    var url = new URL(page, base);
    Object.keys(params).forEach(function (name) {
      var value = params[name];
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    });
    location.assign(url.href);
    return new Promise(function () {});
  }
  window.TossPayments = function (clientKey) {
    return {
      payment: function (options) {
        var customerKey = options && options.customerKey;
        return {
          requestPayment: function (p) {
            var amount = p.amount && typeof p.amount === 'object' ? p.amount.value : p.amount;
            return go('window', {
              method: p.method, clientKey: clientKey, orderId: p.orderId, orderName: p.orderName, amount: amount,
              customerKey: customerKey, successUrl: p.successUrl, failUrl: p.failUrl
            });
          },
          requestBillingAuth: function (p) {
            return go('billing-window', { method: p.method, clientKey: clientKey, customerKey: customerKey, successUrl: p.successUrl, failUrl: p.failUrl });
          }
        };
      }
    };
  };
  window.TossPayments.ANONYMOUS = 'ANONYMOUS';
})();
`;

/**
 * When our own server serves the simulator under /__toss: only in the experience environment (APP_ENV defaults to PROD
 * when DATABASE_URL is set, else EXP, as config.server.ts decides), never in production whatever else is set; there,
 * without a secret key, or when TOSS_SIMULATOR=1 (tests that configure a secret key pointing at our own simulator).
 * Its control pages open to SIMULATOR_CONTROL_TOKEN only. Null when it is not served.
 * @param {Record<string, string | undefined>} env
 * @returns {{ secretKey: string; clientKey: string | undefined; webhookUrl: string; controlToken: string | undefined } | null}
 */
export function simulatorMount(env) {
  const appEnv = env.APP_ENV ?? (env.DATABASE_URL ? 'PROD' : 'EXP');
  const forced = env.TOSS_SIMULATOR === '1' || env.TOSS_SIMULATOR === 'true';
  if (appEnv !== 'EXP' || (!forced && env.TOSS_SECRET_KEY)) return null;
  const port = env.PORT ?? '3000';
  return {
    secretKey: env.TOSS_SECRET_KEY || SIMULATOR_KEYS.secretKey,
    clientKey: env.TOSS_CLIENT_KEY || (env.TOSS_SECRET_KEY ? undefined : SIMULATOR_KEYS.clientKey),
    webhookUrl: `http://127.0.0.1:${port}/card-pay/webhook`,
    controlToken: env.SIMULATOR_CONTROL_TOKEN || undefined,
  };
}

/**
 * The simulator on a port of its own (database tests). Resolves its base URL (the adapter's apiUrl), its state and close().
 * @param {{ port?: number; host?: string } & Parameters<typeof createTossSimulator>[0]} options
 */
export async function startTossSimulator({ port = 0, host = '127.0.0.1', ...options }) {
  const { router, state } = createTossSimulator(options);
  const served = await serveRouter(router, { port, host });
  return { url: served.url, state, close: served.close };
}
