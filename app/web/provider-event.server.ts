import { json } from '@remix-run/node';
import { log } from '~/lib/log.server';

// The provider webhooks (/card-pay/webhook from Toss, /talk/webhook from Solapi): server to server, no session, no form
// token, no Origin, and unsigned, so what they say is only a hint the service reads back from the provider. They
// always answer 200 to a POST (a provider calls again until it gets one, whatever we chose to ignore) and 405 to any
// other method; a body over the limit or not JSON is ignored and logged, as is a failure of the service.

export async function providerEvent(
  request: Request,
  options: { maxBytes: number; label: string; handle: (event: unknown) => Promise<unknown> },
): Promise<Response> {
  if (request.method !== 'POST') return json({ ok: false }, { status: 405 });
  try {
    const text = await request.text();
    if (text.length <= options.maxBytes) await options.handle(JSON.parse(text));
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, `${options.label} ignored`);
  }
  return json({ ok: true });
}
