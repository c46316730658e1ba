import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireHead } from '~/web/guards.server';
import { redirectWithFlash } from '~/web/http.server';
import { cardRegistrationOutcome } from '~/services/payments/automatic.server';

// The billing-key window's success return (`?customerKey&authKey`). Same-site, so the head's session is here: the
// customerKey must be their academy's. The provider issues the billing key from the authKey (kept on the server,
// never shown); the head lands on the automatic-payment page with the outcome.

const PAGE = '/admin/payments/automatic';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireHead(request);
  const url = new URL(request.url);
  const outcome = await cardRegistrationOutcome(user, {
    customerKey: url.searchParams.get('customerKey') ?? '',
    authKey: url.searchParams.get('authKey') ?? '',
  });
  return redirectWithFlash(PAGE, outcome.message, outcome.ok ? 'success' : 'error');
}
