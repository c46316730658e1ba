// The payment provider behind one interface (architecture.md §8): the types the services and the adapter share, and
// nothing else. The adapter (toss.server.ts, Toss Payments' v1 REST API, which the local simulator serves too:
// server/toss-simulator.mjs) implements PaymentGateway; gateway.server.ts picks the configured one. Every call answers a
// result, never throws for the provider's refusals: `provider` errors carry Toss's `{ code, message }`; `network` errors
// mean the outcome is unknown (a timeout or a lost connection), so the caller re-reads the payment instead of calling
// again.

/** Toss's payment states (v1 Payment object `status`). */
export type GatewayPaymentStatus =
  'READY' | 'IN_PROGRESS' | 'WAITING_FOR_DEPOSIT' | 'DONE' | 'CANCELED' | 'PARTIAL_CANCELED' | 'ABORTED' | 'EXPIRED';

/** The part of Toss's Payment object we read. */
export type GatewayPayment = {
  paymentKey: string;
  orderId: string;
  orderName: string;
  status: GatewayPaymentStatus;
  /** '카드', '계좌이체', … as Toss names it; null before the method is chosen. */
  method: string | null;
  totalAmount: number;
  balanceAmount: number;
  requestedAt: string;
  approvedAt: string | null;
  card: { issuerCode: string | null; number: string; approveNo: string | null } | null;
  transfer: { bankCode: string | null } | null;
  receiptUrl: string | null;
  cancels: { transactionKey: string; cancelAmount: number; cancelReason: string; canceledAt: string }[];
  failure: { code: string; message: string } | null;
};

export type GatewayError = { kind: 'provider'; status: number; code: string; message: string } | { kind: 'network'; message: string };

export type GatewayResult<T> = { ok: true; value: T } | { ok: false; error: GatewayError };

/** What the browser's payment window is opened with (v2 SDK `requestPayment`). */
export type CheckoutParams = {
  method: 'CARD' | 'TRANSFER';
  orderId: string;
  orderName: string;
  amount: number;
  /** Identifies the paying organisation to the provider (an opaque id, never a name or phone). */
  customerKey: string;
  successUrl: string;
  failUrl: string;
};

/** What the billing-key window (v2 SDK `requestBillingAuth`) is opened with. */
export type BillingAuthParams = { customerKey: string; successUrl: string; failUrl: string };

export type BillingKeyIssued = { billingKey: string; customerKey: string; cardSummary: string | null };

export type CashReceiptIssued = { receiptKey: string; issueNumber: string; receiptUrl: string | null };

/** A provider webhook (PAYMENT_STATUS_CHANGED): only a hint that a payment changed; re-read it before acting. */
export type WebhookHint = { eventType: string; paymentKey: string | null; orderId: string | null };

export interface PaymentGateway {
  readonly name: 'toss' | 'simulator';
  readonly clientKey: string;
  /** The v2 browser SDK script. */
  readonly sdkUrl: string;
  /**
   * A payment window reached by a plain GET, for browsers without JavaScript: the simulator has one; Toss's window
   * needs its SDK, so it answers null and the browser goes through our checkout page.
   */
  windowUrl(params: CheckoutParams): string | null;
  /** The same for the billing-key window. */
  billingWindowUrl(params: BillingAuthParams): string | null;
  /** POST /v1/payments/confirm with an Idempotency-Key (a replay of the key answers the first result). */
  confirm(input: { paymentKey: string; orderId: string; amount: number }, idempotencyKey: string): Promise<GatewayResult<GatewayPayment>>;
  /** GET /v1/payments/{paymentKey} */
  getPayment(paymentKey: string): Promise<GatewayResult<GatewayPayment>>;
  /** GET /v1/payments/orders/{orderId}; NOT_FOUND_PAYMENT when the provider never saw the order. */
  getPaymentByOrderId(orderId: string): Promise<GatewayResult<GatewayPayment>>;
  /** POST /v1/payments/{paymentKey}/cancel: the whole balance without cancelAmount, else part of it. */
  cancel(
    paymentKey: string,
    input: { cancelReason: string; cancelAmount?: number },
    idempotencyKey: string,
  ): Promise<GatewayResult<GatewayPayment>>;
  /** POST /v1/billing/authorizations/issue */
  issueBillingKey(input: { authKey: string; customerKey: string }): Promise<GatewayResult<BillingKeyIssued>>;
  /** POST /v1/billing/{billingKey} */
  chargeBillingKey(
    billingKey: string,
    input: { customerKey: string; amount: number; orderId: string; orderName: string },
    idempotencyKey: string,
  ): Promise<GatewayResult<GatewayPayment>>;
  /**
   * POST /v1/cash-receipts: type '소득공제' (personal, C) or '지출증빙' (business, T). With an Idempotency-Key derived
   * from the order, so that a retry after a lost answer cannot issue a second receipt.
   */
  issueCashReceipt(
    input: {
      amount: number;
      orderId: string;
      orderName: string;
      customerIdentityNumber: string;
      type: '소득공제' | '지출증빙';
    },
    idempotencyKey: string,
  ): Promise<GatewayResult<CashReceiptIssued>>;
  /** Reads a webhook body; null when it is not one we know. */
  parseWebhook(body: unknown): WebhookHint | null;
}
