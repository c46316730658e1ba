import type { ActionFunctionArgs } from '@remix-run/node';
import { handleWebhook } from '~/services/payments/order-confirmation.server';
import { providerEvent } from '~/web/provider-event.server';

// POST /card-pay/webhook: the provider's status webhook. It is only a hint: the order is read back from the provider
// and its state only moves forward (app/web/provider-event.server.ts answers it).
export async function action({ request }: ActionFunctionArgs) {
  return providerEvent(request, { maxBytes: 64 * 1024, label: 'payment webhook', handle: handleWebhook });
}
