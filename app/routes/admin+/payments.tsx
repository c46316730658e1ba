import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireHead } from '~/auth/guards.server';
import { Pagination } from '~/components/pagination';
import { orRespond, pageData, pageParam } from '~/lib/http.server';
import { billingOverview } from '~/services/academy/billing.server';

export const meta: MetaFunction = () => [{ title: '결제 | 리드인' }];

// The academy's payments (HEAD only, product.md §3): this month's basic fee and whether it is paid, the history, and
// how to pay. Opens even when this month is unpaid (that is when it is needed). Read-only.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireHead(request);
  return pageData(await orRespond(() => billingOverview(user, pageParam(request))));
}

export default function Payments() {
  const d = useLoaderData<typeof loader>();
  const monthNo = Number(d.month.slice(5));
  const c = d.contact;
  return (
    <div className="page payments">
      <header className="page-title">
        <h1>결제</h1>
        <p>학원의 이번 달 기본 이용료와 지금까지의 결제 내역입니다.</p>
      </header>

      <section className="card" aria-labelledby="due-title">
        <h2 id="due-title">
          {monthNo}월 {d.due.tier}
        </h2>
        <dl className="facts">
          <dt>금액</dt>
          <dd data-testid="due-amount">{d.due.display}</dd>
          <dt>상태</dt>
          <dd data-testid="due-state">{d.paid ? '결제 완료' : '미결제'}</dd>
        </dl>
        {d.paid ? (
          <p className="alert success" role="status">
            이번 달 기본 결제가 확인되었습니다. 학원의 모든 메뉴를 이용할 수 있습니다.
          </p>
        ) : (
          <p className="alert warning" role="status">
            이번 달 기본 결제를 해주세요. 결제가 확인되기 전에는 학생·노트·선생님 관리와 리포트를 열 수 없습니다.
          </p>
        )}
      </section>

      <section className="card" aria-labelledby="how-title">
        <h2 id="how-title">결제 방법</h2>
        <p>
          지금은 <strong>무통장입금</strong>으로 결제합니다. 입금할 계좌는 고객센터에서 안내해 드립니다.
        </p>
        <ul>
          {c.phone ? (
            <li>
              고객센터 전화: <a href={`tel:${c.phone.replace(/[^0-9+]/g, '')}`}>{c.phone}</a>
              {c.hours ? ` (${c.hours})` : ''}
            </li>
          ) : null}
          {c.email ? (
            <li>
              이메일: <a href={`mailto:${c.email}`}>{c.email}</a>
            </li>
          ) : null}
        </ul>
        <p>
          입금하실 때 입금자명에 학원 이름을 적어 주세요. 운영자가 입금을 확인하면 이 화면의 결제 내역에 ‘결제 완료’로 표시되고, 그때부터
          모든 메뉴를 이용할 수 있습니다.
        </p>
      </section>

      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">결제 내역 ({d.total}건)</h2>
        {d.history.length ? (
          <div className="table-wrap">
            <table className="table" data-testid="payment-history">
              <thead>
                <tr>
                  <th scope="col">이용 월</th>
                  <th scope="col">상품</th>
                  <th scope="col">결제 수단</th>
                  <th scope="col">상태</th>
                  <th scope="col" className="num">
                    금액
                  </th>
                  <th scope="col">승인일</th>
                </tr>
              </thead>
              <tbody>
                {d.history.map((p) => (
                  <tr key={p.id}>
                    <td>
                      {p.month.slice(0, 4)}년 {Number(p.month.slice(5))}월
                    </td>
                    <td>{p.tier}</td>
                    <td>{p.method}</td>
                    <td>{p.success ? <strong>{p.status}</strong> : p.status}</td>
                    <td className="num">{p.amount}</td>
                    <td>{p.approvedOn ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="muted">아직 결제 내역이 없습니다.</p>
        )}
        <Pagination page={d.page} pages={d.pages} base="/admin/payments" />
      </section>
    </div>
  );
}
