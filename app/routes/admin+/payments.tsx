import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireHead } from '~/web/guards.server';
import { BillSection, PaymentHistory, PayForm, WaitingDeposits } from '~/components/payments';
import { orRespond, pageData, pageParam } from '~/web/http.server';
import { billingOverview } from '~/services/academy/billing.server';
import { payAction } from '~/web/forms/pay.server';

export const meta: MetaFunction = () => [{ title: '결제 | 리드인' }];

// The academy's payments (HEAD only, product.md §3): this month's bill from the price table, the pay form (card and
// transfer through the provider's window, 무통장입금 to the company's account), the history with each receipt. Opens
// even when this month is unpaid (that is when it is needed).

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireHead(request);
  return pageData(await orRespond(() => billingOverview(user, pageParam(request))));
}

export async function action(args: ActionFunctionArgs) {
  return payAction(args, (request) => requireHead(request));
}

export default function Payments() {
  const d = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <div className="page payments">
      <header className="page-title">
        <h1>결제</h1>
        <p>학원의 이번 달 이용료와 지금까지의 결제 내역입니다.</p>
      </header>
      <BillSection d={d} receiptBase="/admin/payments" />
      <WaitingDeposits d={d} receiptBase="/admin/payments" />
      <PayForm d={d} failed={failed} action="/admin/payments" />
      <section className="card" aria-labelledby="automatic-title">
        <h2 id="automatic-title">자동 결제</h2>
        <p>카드를 등록해 두면 매월 1일에 그달의 이용료가 자동으로 결제됩니다.</p>
        <p>
          <Link to="/admin/payments/automatic">자동 결제 설정</Link>
        </p>
      </section>
      <PaymentHistory d={d} base="/admin/payments" />
    </div>
  );
}
