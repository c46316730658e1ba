import type { PaymentsConfig } from '~/config.server';
import type {
  BillingAuthParams,
  BillingKeyIssued,
  CashReceiptIssued,
  CheckoutParams,
  GatewayError,
  GatewayPayment,
  GatewayPaymentStatus,
  GatewayResult,
  PaymentGateway,
  WebhookHint,
} from './gateway-types.server';

// The Toss Payments adapter (docs/payments.md, "Provider and simulator"): Toss's v1 REST API with Basic auth from the
// secret key (`base64(secretKey + ':')`), JSON both ways, an Idempotency-Key on the POSTs that may change money. The
// local simulator (server/toss-simulator.mjs) serves the same API, so the adapter is the same for both; only the
// payment window differs (the simulator's can be reached by a plain GET).
//
// Every call answers a result and never throws for the provider's answers: a refusal is `{ kind: 'provider', status,
// code, message }` with Toss's own code and message; a timeout or a lost connection is `{ kind: 'network' }`, which
// means the outcome is unknown (the caller reads the payment back, never charges again). Neither the secret key nor
// the Authorization header ever appears in a result or a log line.

/** How long a call may take before its outcome is called unknown. */
export const DEFAULT_TIMEOUT_MS = 10_000;

export type TossGatewayOptions = {
  /** Milliseconds before a call answers `{ kind: 'network' }` (10 s by default; tests make it short). */
  timeoutMs?: number;
  /** The fetch to use (tests may wrap it). */
  fetch?: typeof fetch;
};

const STATUSES: readonly GatewayPaymentStatus[] = [
  'READY',
  'IN_PROGRESS',
  'WAITING_FOR_DEPOSIT',
  'DONE',
  'CANCELED',
  'PARTIAL_CANCELED',
  'ABORTED',
  'EXPIRED',
];

const NETWORK_TIMEOUT = '결제사가 제때 응답하지 않았습니다.';
const NETWORK_FAILED = '결제사에 연결하지 못했습니다.';
const UNREADABLE = '결제사의 응답을 읽지 못했습니다.';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Toss's Payment object, read into the part we use; null when it is not one. */
export function readPayment(body: unknown): GatewayPayment | null {
  if (!isObject(body)) return null;
  const paymentKey = str(body.paymentKey);
  const orderId = str(body.orderId);
  const status = str(body.status) as GatewayPaymentStatus | null;
  if (!paymentKey || !orderId || !status || !STATUSES.includes(status)) return null;
  const card = isObject(body.card) ? body.card : null;
  const transfer = isObject(body.transfer) ? body.transfer : null;
  const receipt = isObject(body.receipt) ? body.receipt : null;
  const failure = isObject(body.failure) ? body.failure : null;
  return {
    paymentKey,
    orderId,
    orderName: str(body.orderName) ?? '',
    status,
    method: str(body.method),
    totalAmount: num(body.totalAmount),
    balanceAmount: num(body.balanceAmount),
    requestedAt: str(body.requestedAt) ?? '',
    approvedAt: str(body.approvedAt),
    card: card ? { issuerCode: str(card.issuerCode), number: str(card.number) ?? '', approveNo: str(card.approveNo) } : null,
    transfer: transfer ? { bankCode: str(transfer.bankCode) } : null,
    receiptUrl: receipt ? str(receipt.url) : null,
    cancels: Array.isArray(body.cancels)
      ? body.cancels.filter(isObject).map((c) => ({
          transactionKey: str(c.transactionKey) ?? '',
          cancelAmount: num(c.cancelAmount),
          cancelReason: str(c.cancelReason) ?? '',
          canceledAt: str(c.canceledAt) ?? '',
        }))
      : [],
    failure: failure ? { code: str(failure.code) ?? '', message: str(failure.message) ?? '' } : null,
  };
}

/** Reads a webhook body: PAYMENT_STATUS_CHANGED `{ eventType, createdAt, data: Payment }`, or a virtual account's deposit callback. */
export function parseTossWebhook(body: unknown): WebhookHint | null {
  if (!isObject(body)) return null;
  const eventType = str(body.eventType);
  if (eventType) {
    const data = isObject(body.data) ? body.data : null;
    if (!data) return null;
    const paymentKey = str(data.paymentKey);
    const orderId = str(data.orderId);
    if (!paymentKey && !orderId) return null;
    return { eventType, paymentKey, orderId };
  }
  // A deposit callback (virtual accounts) carries no eventType: { createdAt, secret, orderId, status, transactionKey }.
  const orderId = str(body.orderId);
  if (orderId && str(body.status) && str(body.transactionKey)) return { eventType: 'DEPOSIT_CALLBACK', paymentKey: null, orderId };
  return null;
}

export function createTossGateway(config: PaymentsConfig, options: TossGatewayOptions = {}): PaymentGateway {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  const apiUrl = config.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${config.secretKey}:`).toString('base64')}`;
  const name: PaymentGateway['name'] = config.provider === 'simulator' ? 'simulator' : 'toss';
  // The simulator's windows are found next to its SDK (`{base}/v2/standard`): the browser's address of the simulator,
  // which may differ from the address our server calls its API at (apiUrl, usually the loopback).
  const browserBase = /\/v2\/standard\/?$/.test(config.sdkUrl) ? config.sdkUrl.replace(/\/v2\/standard\/?$/, '') : apiUrl;

  /** Whatever text leaves the adapter is cleaned of the secret and the header made from it. */
  const clean = (text: string) => {
    let out = text;
    for (const secret of [config.secretKey, authorization, authorization.slice('Basic '.length)]) {
      if (secret) out = out.split(secret).join('[비공개]');
    }
    return out;
  };

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<GatewayResult<unknown>> {
    const headers: Record<string, string> = { Authorization: authorization, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    let response: Response;
    let text: string;
    try {
      // The timeout covers the whole exchange, the body's reading included.
      const signal = AbortSignal.timeout(timeoutMs);
      response = await doFetch(`${apiUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return { ok: false, error: { kind: 'network', message: timedOut ? NETWORK_TIMEOUT : NETWORK_FAILED } };
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!response.ok) {
      const code = isObject(json) ? str(json.code) : null;
      const message = isObject(json) ? str(json.message) : null;
      const error: GatewayError = {
        kind: 'provider',
        status: response.status,
        code: code ? clean(code) : `HTTP_${response.status}`,
        message: message ? clean(message) : UNREADABLE,
      };
      return { ok: false, error };
    }
    if (json === null)
      return { ok: false, error: { kind: 'provider', status: response.status, code: 'INVALID_RESPONSE', message: UNREADABLE } };
    return { ok: true, value: json };
  }

  const asPayment = (result: GatewayResult<unknown>): GatewayResult<GatewayPayment> => {
    if (!result.ok) return result;
    const payment = readPayment(result.value);
    return payment
      ? { ok: true, value: payment }
      : { ok: false, error: { kind: 'provider', status: 200, code: 'INVALID_RESPONSE', message: UNREADABLE } };
  };

  const seg = encodeURIComponent;

  const query = (params: Record<string, string | number>) =>
    Object.entries(params)
      .map(([k, v]) => `${seg(k)}=${seg(String(v))}`)
      .join('&');

  return {
    name,
    clientKey: config.clientKey,
    sdkUrl: config.sdkUrl,

    windowUrl(params: CheckoutParams) {
      if (name !== 'simulator') return null;
      return `${browserBase}/v2/window?${query({
        method: params.method,
        clientKey: config.clientKey,
        orderId: params.orderId,
        orderName: params.orderName,
        amount: params.amount,
        customerKey: params.customerKey,
        successUrl: params.successUrl,
        failUrl: params.failUrl,
      })}`;
    },

    billingWindowUrl(params: BillingAuthParams) {
      if (name !== 'simulator') return null;
      return `${browserBase}/v2/billing-window?${query({
        method: 'CARD',
        clientKey: config.clientKey,
        customerKey: params.customerKey,
        successUrl: params.successUrl,
        failUrl: params.failUrl,
      })}`;
    },

    async confirm(input, idempotencyKey) {
      return asPayment(
        await call(
          'POST',
          '/v1/payments/confirm',
          { paymentKey: input.paymentKey, orderId: input.orderId, amount: input.amount },
          idempotencyKey,
        ),
      );
    },

    async getPayment(paymentKey) {
      return asPayment(await call('GET', `/v1/payments/${seg(paymentKey)}`));
    },

    async getPaymentByOrderId(orderId) {
      return asPayment(await call('GET', `/v1/payments/orders/${seg(orderId)}`));
    },

    async cancel(paymentKey, input, idempotencyKey) {
      const body: Json = { cancelReason: input.cancelReason };
      if (input.cancelAmount !== undefined) body.cancelAmount = input.cancelAmount;
      return asPayment(await call('POST', `/v1/payments/${seg(paymentKey)}/cancel`, body, idempotencyKey));
    },

    async issueBillingKey(input): Promise<GatewayResult<BillingKeyIssued>> {
      const result = await call('POST', '/v1/billing/authorizations/issue', { authKey: input.authKey, customerKey: input.customerKey });
      if (!result.ok) return result;
      const body = isObject(result.value) ? result.value : {};
      const billingKey = str(body.billingKey);
      if (!billingKey) return { ok: false, error: { kind: 'provider', status: 200, code: 'INVALID_RESPONSE', message: UNREADABLE } };
      const card = isObject(body.card) ? body.card : {};
      const number = str(card.number) ?? str(body.cardNumber);
      const company = str(body.cardCompany);
      const summary = [company, number].filter(Boolean).join(' ');
      return { ok: true, value: { billingKey, customerKey: str(body.customerKey) ?? input.customerKey, cardSummary: summary || null } };
    },

    async chargeBillingKey(billingKey, input, idempotencyKey) {
      return asPayment(
        await call(
          'POST',
          `/v1/billing/${seg(billingKey)}`,
          { customerKey: input.customerKey, amount: input.amount, orderId: input.orderId, orderName: input.orderName },
          idempotencyKey,
        ),
      );
    },

    async issueCashReceipt(input, idempotencyKey): Promise<GatewayResult<CashReceiptIssued>> {
      const result = await call(
        'POST',
        '/v1/cash-receipts',
        {
          amount: input.amount,
          orderId: input.orderId,
          orderName: input.orderName,
          customerIdentityNumber: input.customerIdentityNumber,
          type: input.type,
        },
        idempotencyKey,
      );
      if (!result.ok) return result;
      const body = isObject(result.value) ? result.value : {};
      const receiptKey = str(body.receiptKey);
      if (!receiptKey) return { ok: false, error: { kind: 'provider', status: 200, code: 'INVALID_RESPONSE', message: UNREADABLE } };
      return { ok: true, value: { receiptKey, issueNumber: str(body.issueNumber) ?? '', receiptUrl: str(body.receiptUrl) } };
    },

    parseWebhook: parseTossWebhook,
  };
}
