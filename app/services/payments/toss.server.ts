import type { PaymentsConfig } from '~/config.server';
import type { PaymentGateway } from './gateway.server';

// Placeholder on the integration branch only: the Toss adapter is being built in its own branch and replaces this file.
export function createTossGateway(_config: PaymentsConfig): PaymentGateway {
  throw new Error('the Toss adapter is not merged yet');
}
