import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUser } from '~/web/guards.server';
import { PaymentReceiptView } from '~/components/payments';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { recheckAction } from '~/web/forms/pay.server';
import { paymentReceipt } from '~/services/academy/billing.server';

export const meta: MetaFunction = () => [{ title: '결제 영수증 | 리드인' }];

// An individual member's receipt of one of their own orders (anyone else's id answers 404).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const id = idParam(params.paymentId);
  return pageData(await orRespond(() => paymentReceipt(user, id)));
}

export async function action(args: ActionFunctionArgs) {
  return recheckAction(args, (request) => requireUser(request, { role: 'USER' }), '/user/my-page/payments');
}

export default function MyPaymentReceipt() {
  const r = useLoaderData<typeof loader>();
  return <PaymentReceiptView r={r} />;
}
