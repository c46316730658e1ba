import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { notFound } from '~/web/http.server';
import { requireUser } from '~/web/guards.server';
import { handleSuccessReturn, returnDestination } from '~/services/payments/order-confirmation.server';

// GET /card-pay/success?paymentKey&orderId&amount: where the provider's window returns after the payer authenticated.
// Only a payer of the order's organisation is served (anyone else changes nothing): its amount must match, and
// only the request that claims the confirmation calls the provider. Then the popup goes to /card-pay/close, a full
// page to the receipt.
export async function loader({ request }: LoaderFunctionArgs) {
  // The payer's own session (a top-level return carries the SameSite=Lax cookie); a visitor signs in first and comes back.
  const user = await requireUser(request);
  const q = new URL(request.url).searchParams;
  const result = await handleSuccessReturn(user, { paymentKey: q.get('paymentKey'), orderId: q.get('orderId'), amount: q.get('amount') });
  if (!result) throw notFound('주문을 찾을 수 없습니다.');
  return redirect(await returnDestination(result.order), { headers: { 'Cache-Control': 'no-store' } });
}
