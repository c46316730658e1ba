import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { log } from '~/lib/log.server';
import { handleWebhook } from '~/services/payments/orders.server';

// POST /card-pay/webhook: the provider's status webhook (server to server: no session, no form token, no Origin).
// It is unsigned, so it is only a hint: the order is read back from the provider and its state only moves forward.
// Always 200, so the provider does not retry what we chose to ignore.
const MAX_BYTES = 64 * 1024;

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ ok: false }, { status: 405 });
  try {
    const text = await request.text();
    if (text.length <= MAX_BYTES) await handleWebhook(JSON.parse(text));
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'payment webhook ignored');
  }
  return json({ ok: true });
}
