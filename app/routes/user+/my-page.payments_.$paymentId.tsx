import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUser } from '~/web/guards.server';
import { PaymentReceiptView } from '~/components/payments';
import { idParam, notFound, orRespond, pageData } from '~/web/http.server';
import { paymentReceipt } from '~/services/academy/billing.server';
import { recheckPayment } from '~/services/payments/receipt.server';

export const meta: MetaFunction = () => [{ title: '결제 영수증 | 리드인' }];

// An individual member's receipt of one of their own orders (anyone else's id answers 404).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const id = idParam(params.paymentId);
  return pageData(await orRespond(() => paymentReceipt(user, id)));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const id = idParam(params.paymentId);
  if (!(await orRespond(() => recheckPayment(user, id)))) throw notFound();
  return redirect(`/user/my-page/payments/${id}`);
}

export default function MyPaymentReceipt() {
  const r = useLoaderData<typeof loader>();
  return <PaymentReceiptView r={r} />;
}
