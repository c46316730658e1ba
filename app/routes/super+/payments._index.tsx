import { listCount } from '~/lib/numbers';
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { FilterForm, ListPage, type Column } from '~/components/list-page';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, TIER_LABELS, monthLabel, paymentStatusLabel, won } from '~/domain/payments';
import { now } from '~/lib/clock.server';
import { addMonths, formatDateTime, seoulMonth } from '~/lib/dates';
import { pageData } from '~/web/http.server';
import { listQuery, oneOf } from '~/web/list.server';
import { listPayments } from '~/services/operators/payments.server';
import { FilterSelect } from '~/components/filter-select';

export const meta: MetaFunction = () => [{ title: '결제 | 리드인 운영' }];

// The operators' payments console: every order, newest first, by status, method, month and academy name. A 무통장입금
// waiting for its deposit is confirmed, an order cancelled and a payment refunded from the order's own page.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  const { page, query, params } = listQuery(request);
  const months = Array.from({ length: 25 }, (_, i) => addMonths(seoulMonth(now()), 1 - i));
  const status = Number(params.get('status'));
  const method = params.get('method') ?? '';
  const academy = (params.get('academy') ?? '').trim().slice(0, 50);
  const list = await listPayments(
    {
      status: status in PAYMENT_STATUS_LABELS ? status : undefined,
      method: method in PAYMENT_METHOD_LABELS ? method : undefined,
      month: oneOf(months, params.get('month')),
      academy: academy || undefined,
    },
    page,
  );
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

type Row = SerializeFrom<typeof loader>['rows'][number];

const COLUMNS: Column<Row>[] = [
  { header: '주문 시각', cell: (r) => r.createdAt },
  {
    header: '학원·회원',
    cell: (r) => (
      <>
        {r.organisationName}
        {r.organisationKind === 'student' ? <span className="muted"> (개인)</span> : null}
      </>
    ),
  },
  { header: '이용 월', cell: (r) => monthLabel(r.paidMonth) },
  { header: '항목', cell: (r) => TIER_LABELS[r.tier] ?? r.tier },
  {
    header: '결제 방법',
    cell: (r) => (
      <>
        {PAYMENT_METHOD_LABELS[r.method] ?? r.method}
        {r.depositorName ? <span className="muted"> ({r.depositorName})</span> : null}
      </>
    ),
  },
  {
    header: '금액',
    cell: (r) => (
      <>
        {won(r.amount)}
        {r.refundedAmount > 0 && r.refundedAmount < r.amount ? <span className="muted"> (환불 {won(r.refundedAmount)})</span> : null}
      </>
    ),
  },
  {
    header: '상태',
    cell: (r) => <span className={`badge payment-status-${r.status}`}>{paymentStatusLabel(r)}</span>,
  },
  { header: '주문번호', cell: (r) => <Link to={`/super/payments/${r.id}`}>{r.orderId}</Link> },
];

export default function PaymentsConsole() {
  const { rows, total, estimated, capped, page, pages, query, months } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="payments-title" className="stack">
      <h1 id="payments-title" className="page-title">
        결제
      </h1>
      <FilterForm label="결제 검색" reset="/super/payments">
        <FilterSelect label="상태" name="status" value={query.status} options={Object.entries(PAYMENT_STATUS_LABELS)} />
        <FilterSelect label="결제 방법" name="method" value={query.method} options={Object.entries(PAYMENT_METHOD_LABELS)} />
        <FilterSelect label="이용 월" name="month" value={query.month} options={months.map((m) => [m, monthLabel(m)] as const)} />
        <label>
          학원·회원 이름
          <input type="text" name="academy" defaultValue={query.academy ?? ''} maxLength={50} />
        </label>
      </FilterForm>
      <ListPage
        base="/super/payments"
        list={{ rows, page, pages, capped, query }}
        count={`결제 ${listCount(total, estimated, '건')} (최신순)`}
        caption="결제 목록"
        columns={COLUMNS}
        empty="조건에 맞는 결제가 없습니다."
      />
    </section>
  );
}
