import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { notFound } from '~/web/http.server';
import { requireUser } from '~/web/guards.server';
import { handleFailReturn, returnDestination } from '~/services/payments/order-confirmation.server';

// GET /card-pay/fail?code&message&orderId: the provider's window ended without a payment (the payer closed it:
// PAY_PROCESS_CANCELED → CANCEL; a refusal → FAIL with the provider's message), for a payer of its organisation only.
export async function loader({ request }: LoaderFunctionArgs) {
  // The payer's own session (a top-level return carries the SameSite=Lax cookie); a visitor signs in first and comes back.
  const user = await requireUser(request);
  const q = new URL(request.url).searchParams;
  const result = await handleFailReturn(user, { code: q.get('code'), message: q.get('message'), orderId: q.get('orderId') });
  if (!result) throw notFound('주문을 찾을 수 없습니다.');
  return redirect(await returnDestination(result.order), { headers: { 'Cache-Control': 'no-store' } });
}
