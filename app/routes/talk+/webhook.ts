import type { ActionFunctionArgs } from '@remix-run/node';
import { handleDeliveryReport } from '~/services/talk/delivery.server';
import { providerEvent } from '~/web/provider-event.server';

// POST /talk/webhook: Solapi's delivery reports. They are only a hint: the messages they name are read back from Solapi
// by id and settled from what Solapi says (app/web/provider-event.server.ts answers it).
export async function action({ request }: ActionFunctionArgs) {
  return providerEvent(request, { maxBytes: 1024 * 1024, label: 'talk delivery report', handle: handleDeliveryReport });
}
