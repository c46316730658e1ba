import { config } from '~/config.server';
import { createTossGateway } from './toss.server';
import type { PaymentGateway } from './gateway-types.server';

// The configured payment gateway (the interface and its types: gateway-types.server.ts; the adapter: toss.server.ts).

let installed: PaymentGateway | null | undefined;

/** The configured gateway, or null when card and transfer payments are not available (production without keys). */
export function paymentGateway(): PaymentGateway | null {
  if (installed === undefined) {
    const c = config().payments;
    installed = c.provider ? createTossGateway(c) : null;
  }
  return installed;
}

/** Tests point the gateway at a simulator of their own. */
export function useGateway(next: PaymentGateway | null) {
  installed = next;
}
