import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { log } from '~/lib/log.server';
import { handleDeliveryReport } from '~/services/talk/outbox.server';

// POST /talk/webhook: Solapi's delivery reports (server to server: no session, no form token, no Origin). They are
// not signed, so they are only a hint: the messages they name are read back from Solapi by id and settled from what
// Solapi says. Always 200 (Solapi calls again, up to five times, until it gets one), whatever we chose to ignore.
const MAX_BYTES = 1024 * 1024;

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ ok: false }, { status: 405 });
  try {
    const text = await request.text();
    if (text.length <= MAX_BYTES) await handleDeliveryReport(JSON.parse(text));
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'talk delivery report ignored');
  }
  return json({ ok: true });
}
