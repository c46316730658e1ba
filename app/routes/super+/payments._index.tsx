import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { Pagination } from '~/components/pagination';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, TIER_LABELS, monthLabel, won } from '~/domain/payments';
import { now } from '~/lib/clock.server';
import { addMonths, formatDateTime, seoulMonth } from '~/lib/dates';
import { pageData, pageParam } from '~/web/http.server';
import { listPayments } from '~/services/operators/payments.server';
import { FilterSelect } from '~/components/filter-select';

export const meta: MetaFunction = () => [{ title: '결제 | 리드인 운영' }];

// The operators' payments console: every order, newest first, by status, method, month and academy name. A 무통장입금
// waiting for its deposit is confirmed, an order cancelled and a payment refunded from the order's own page.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  const params = new URL(request.url).searchParams;
  const months = Array.from({ length: 25 }, (_, i) => addMonths(seoulMonth(now()), 1 - i));
  const status = Number(params.get('status'));
  const method = params.get('method') ?? '';
  const month = params.get('month') ?? '';
  const academy = (params.get('academy') ?? '').trim().slice(0, 50);
  const list = await listPayments(
    {
      status: status in PAYMENT_STATUS_LABELS ? status : undefined,
      method: method in PAYMENT_METHOD_LABELS ? method : undefined,
      month: months.includes(month) ? month : undefined,
      academy: academy || undefined,
    },
    pageParam(request),
  );
  const query = Object.fromEntries([...params].filter(([k, v]) => k !== 'page' && v !== ''));
  return pageData({
    ...list,
    query,
    months,
    rows: list.rows.map((r) => ({
      ...r,
      createdAt: formatDateTime(r.createdAt),
      approvedAt: r.approvedAt ? formatDateTime(r.approvedAt) : null,
    })),
  });
}

export default function PaymentsConsole() {
  const { rows, total, page, pages, query, months } = useLoaderData<typeof loader>();
  const href = (p: number) => `/super/payments?${new URLSearchParams({ ...query, page: String(p) })}`;
  return (
    <section aria-labelledby="payments-title" className="stack">
      <h1 id="payments-title" className="page-title">
        결제
      </h1>
      <Form method="get" className="card filter-form" aria-label="결제 검색">
        <FilterSelect label="상태" name="status" value={query.status} options={Object.entries(PAYMENT_STATUS_LABELS)} />
        <FilterSelect label="결제 방법" name="method" value={query.method} options={Object.entries(PAYMENT_METHOD_LABELS)} />
        <FilterSelect label="이용 월" name="month" value={query.month} options={months.map((m) => [m, monthLabel(m)] as const)} />
        <label>
          학원·회원 이름
          <input type="text" name="academy" defaultValue={query.academy ?? ''} maxLength={50} />
        </label>
        <button type="submit">검색</button>
      </Form>
      <p className="muted" role="status">
        결제 {total}건 (최신순)
      </p>
      {rows.length === 0 ? (
        <p className="card muted">조건에 맞는 결제가 없습니다.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">결제 목록</caption>
            <thead>
              <tr>
                <th scope="col">주문 시각</th>
                <th scope="col">학원·회원</th>
                <th scope="col">이용 월</th>
                <th scope="col">항목</th>
                <th scope="col">결제 방법</th>
                <th scope="col">금액</th>
                <th scope="col">상태</th>
                <th scope="col">주문번호</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{r.createdAt}</td>
                  <td>
                    {r.organisationName}
                    {r.organisationKind === 'student' ? <span className="muted"> (개인)</span> : null}
                  </td>
                  <td>{monthLabel(r.paidMonth)}</td>
                  <td>{TIER_LABELS[r.tier] ?? r.tier}</td>
                  <td>
                    {PAYMENT_METHOD_LABELS[r.method] ?? r.method}
                    {r.depositorName ? <span className="muted"> ({r.depositorName})</span> : null}
                  </td>
                  <td>
                    {won(r.amount)}
                    {r.refundedAmount > 0 && r.refundedAmount < r.amount ? (
                      <span className="muted"> (환불 {won(r.refundedAmount)})</span>
                    ) : null}
                  </td>
                  <td>
                    <span className={`badge payment-status-${r.status}`}>{PAYMENT_STATUS_LABELS[r.status] ?? r.status}</span>
                  </td>
                  <td>
                    <Link to={`/super/payments/${r.id}`}>{r.orderId}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={pages} href={href} />
    </section>
  );
}
