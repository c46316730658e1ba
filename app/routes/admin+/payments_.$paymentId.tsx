import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireHead } from '~/web/guards.server';
import { PaymentReceiptView } from '~/components/payments';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { recheckAction } from '~/web/forms/pay.server';
import { paymentReceipt } from '~/services/academy/billing.server';

export const meta: MetaFunction = () => [{ title: '결제 영수증 | 리드인' }];

// One order's receipt (HEAD of that academy only; another academy's id answers 404). An order still being confirmed
// offers '다시 확인하기', which reads it back from the provider.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireHead(request);
  const id = idParam(params.paymentId);
  return pageData(await orRespond(() => paymentReceipt(user, id)));
}

export async function action(args: ActionFunctionArgs) {
  return recheckAction(args, (request) => requireHead(request), '/admin/payments');
}

export default function PaymentReceiptPage() {
  const r = useLoaderData<typeof loader>();
  return <PaymentReceiptView r={r} />;
}
