import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireUser } from '~/web/guards.server';
import { BillSection, PaymentHistory, PayForm, WaitingDeposits } from '~/components/payments';
import { orRespond, pageData, pageParam } from '~/web/http.server';
import { paymentsOverview } from '~/services/academy/billing.server';
import { payAction } from '~/web/forms/pay.server';
import { payerOrganisation } from '~/services/payments/orders.server';

export const meta: MetaFunction = () => [{ title: '결제 | 리드인' }];

// An individual member's own payments (product.md §3: individual members pay their own BASIC from their my page):
// the same bill, pay form and history as the HEAD's page, for their own organisation. Students of an academy are
// covered by their academy and have nothing to pay here (403).

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  return pageData(await orRespond(async () => paymentsOverview(await payerOrganisation(user), pageParam(request))));
}

export async function action(args: ActionFunctionArgs) {
  return payAction(args, (request) => requireUser(request, { role: 'USER' }));
}

export default function MyPayments() {
  const d = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <div className="page payments">
      <p>
        <Link to="/user/my-page">‹ 마이페이지</Link>
      </p>
      <header className="page-title">
        <h1>결제</h1>
        <p>개인 회원 이번 달 이용료와 지금까지의 결제 내역입니다.</p>
      </header>
      <BillSection d={d} receiptBase="/user/my-page/payments" />
      <WaitingDeposits d={d} receiptBase="/user/my-page/payments" />
      <PayForm d={d} failed={failed} action="/user/my-page/payments" />
      <PaymentHistory d={d} base="/user/my-page/payments" />
    </div>
  );
}
