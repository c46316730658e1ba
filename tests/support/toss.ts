import type { PaymentsConfig } from '~/config.server';
import { paymentGateway, useGateway } from '~/services/payments/gateway.server';
import type { CheckoutParams, PaymentGateway } from '~/services/payments/gateway-types.server';
import { createTossGateway } from '~/services/payments/toss.server';
import { startTossSimulator, TEST_CARDS } from '../../server/toss-simulator.mjs';
import { CONTROL_TOKEN_HEADER } from '../../server/simulator-server.mjs';

/** A test card of the simulator's windows, by its form value. */
export type TestCard = (typeof TEST_CARDS)[number]['value'];

/** The simulator's call counts: per endpoint, per orderId (per customerKey for the billing window and issue). */
export type SimulatorCalls = Record<
  | 'confirm'
  | 'getPayment'
  | 'getPaymentByOrderId'
  | 'cancel'
  | 'billingIssue'
  | 'billingCharge'
  | 'cashReceipt'
  | 'window'
  | 'billingWindow'
  | 'webhook',
  Record<string, number>
>;

export type SimulatorOptions = {
  /** How long the `slow` card's confirm holds its answer (ms). Default 15 s, as the simulator's own default. */
  confirmDelayMs?: number;
  /** The adapter's timeout (ms). Default 10 s. */
  timeoutMs?: number;
  /** Where the simulator posts its webhooks. */
  webhookUrl?: string;
  secretKey?: string;
  clientKey?: string;
  /** The simulator's clock (ms), to age sessions without waiting. */
  now?: () => number;
};

export type Simulator = Awaited<ReturnType<typeof startSimulator>>;

/**
 * Starts the Toss simulator on a port of its own and installs, as the app's gateway, the real adapter pointed at it
 * (provider 'simulator': its window can be reached by a plain GET). close() stops it and puts the previous gateway back.
 */
export async function startSimulator(options: SimulatorOptions = {}) {
  const secretKey = options.secretKey ?? `test_sk_db_${Math.random().toString(36).slice(2, 10)}`;
  const clientKey = options.clientKey ?? 'test_ck_db_simulator';
  // The control pages open to this token only (server/simulator-server.mjs).
  const controlToken = `control-${Math.random().toString(36).slice(2)}`;
  const control = { [CONTROL_TOKEN_HEADER]: controlToken };
  const simulator = await startTossSimulator({
    port: 0,
    controlToken,
    secretKey,
    clientKey,
    webhookUrl: options.webhookUrl,
    confirmDelayMs: options.confirmDelayMs,
    now: options.now,
  });
  const config: PaymentsConfig = {
    provider: 'simulator',
    clientKey,
    secretKey,
    apiUrl: simulator.url,
    sdkUrl: `${simulator.url}/v2/standard`,
    deposit: null,
  };
  const previous = paymentGateway();
  const gateway = createTossGateway(config, { timeoutMs: options.timeoutMs });
  useGateway(gateway);

  /** Submits a window form as a browser does, and answers where the simulator redirects. */
  async function submit(page: Response, fields: Record<string, string>): Promise<string> {
    const html = await page.text();
    if (page.status !== 200) throw new Error(`the simulator's window answered ${page.status}: ${html.slice(0, 300)}`);
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error('the simulator window has no form');
    const hidden = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], unescape(m[2])]),
    );
    const response = await fetch(new URL(action, page.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...hidden, ...fields }).toString(),
      redirect: 'manual',
    });
    const location = response.headers.get('location');
    if (response.status !== 302 || !location) throw new Error(`the simulator's window did not redirect (${response.status})`);
    return location;
  }

  return {
    url: simulator.url,
    /** The header that opens the control pages. */
    control,
    gateway: gateway as PaymentGateway,
    secretKey,
    clientKey,
    /** The in-memory state of the simulator (payments, webhooks sent, …). */
    state: simulator.state,
    /** Calls counted by the simulator (its control API). */
    async calls(): Promise<SimulatorCalls> {
      return (await fetch(`${simulator.url}/__control/calls`, { headers: control })).json() as Promise<SimulatorCalls>;
    },
    /** Expires the session of an order now. */
    async expire(orderId: string) {
      await fetch(`${simulator.url}/__control/expire`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...control },
        body: JSON.stringify({ orderId }),
      });
    },
    /** Opens the payment window (GET) without paying: the session stays READY. */
    async openWindow(params: CheckoutParams) {
      const response = await fetch(gateway.windowUrl(params)!);
      return { status: response.status, html: await response.text() };
    },
    /**
     * Does what the browser does in the payment window: GET it, POST its form with the chosen test card (or cancel),
     * and answer the URL the simulator redirects to (the success URL with paymentKey, orderId, amount; or the fail URL).
     */
    async windowPay(params: CheckoutParams, card: TestCard | 'cancel' = 'ok'): Promise<string> {
      const page = await fetch(gateway.windowUrl(params)!);
      return submit(page, card === 'cancel' ? { action: 'cancel' } : { action: 'pay', card });
    },
    /** The same for the billing-key window: answers the success URL with customerKey and authKey (or the fail URL). */
    async billingAuth(
      params: { customerKey: string; successUrl: string; failUrl: string },
      card: TestCard | 'cancel' = 'ok',
    ): Promise<string> {
      const page = await fetch(gateway.billingWindowUrl(params)!);
      return submit(page, card === 'cancel' ? { action: 'cancel' } : { action: 'pay', card });
    },
    async close() {
      useGateway(previous);
      await simulator.close();
    },
  };
}

function unescape(value: string) {
  return value.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
}
