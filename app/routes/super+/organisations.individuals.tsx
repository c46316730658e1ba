import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { Pagination } from '~/components/pagination';
import { MONTH_STATE_LABELS, STATUS_LABELS } from '~/domain/operators';
import { monthLabel, won } from '~/domain/payments';
import { now } from '~/lib/clock.server';
import { formatDateTime, seoulMonth } from '~/lib/dates';
import { pageData, pageParam } from '~/web/http.server';
import { listIndividualMembers } from '~/services/operators/individual-members.server';
import { OrganisationTabs } from './__organisations';

export const meta: MetaFunction = () => [{ title: '개인 회원 | 기관 관리 | 리드인 운영' }];

// Individual memberships (organisation kind `student`): members who belong to no academy, students and adults, with
// this Seoul month's personal plan payment. Each links to the member's page in the user console.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  const params = new URL(request.url).searchParams;
  const kind = params.get('kind');
  const at = now();
  const list = await listIndividualMembers(
    { q: params.get('q')?.trim().slice(0, 50) || undefined, kind: kind === 'student' || kind === 'adult' ? kind : undefined },
    pageParam(request),
    at,
  );
  const query = Object.fromEntries([...params].filter(([k, v]) => k !== 'page' && v !== ''));
  return pageData({
    ...list,
    rows: list.rows.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt) })),
    query,
    month: seoulMonth(at),
  });
}

export default function IndividualMembers() {
  const { rows, total, page, pages, query, month } = useLoaderData<typeof loader>();
  const href = (p: number) => `/super/organisations/individuals?${new URLSearchParams({ ...query, page: String(p) })}`;
  return (
    <section aria-labelledby="individuals-title" className="stack">
      <h1 id="individuals-title" className="page-title">
        기관 관리
      </h1>
      <OrganisationTabs />
      <p className="muted">
        학원에 속하지 않은 학생과 성인 회원입니다. 가입할 때 저마다 개인 회원 기관이 만들어지고 개인 요금을 직접 결제합니다. 학원 가입
        신청이 승인되면 그 학원으로 옮겨 갑니다.
      </p>
      <Form method="get" className="card filter-form" aria-label="개인 회원 검색">
        <label>
          검색어
          <input type="search" name="q" defaultValue={query.q ?? ''} placeholder="이름, 아이디, 휴대폰" maxLength={50} />
        </label>
        <label>
          구분
          <select name="kind" defaultValue={query.kind ?? ''}>
            <option value="">전체</option>
            <option value="student">학생</option>
            <option value="adult">성인</option>
          </select>
        </label>
        <button type="submit">검색</button>
        <Link to="/super/organisations/individuals" className="button secondary">
          초기화
        </Link>
      </Form>
      <p className="muted" role="status">
        개인 회원 {total}명 · {monthLabel(month)} 결제
      </p>
      {rows.length === 0 ? (
        <p className="card muted">{Object.keys(query).length ? '조건에 맞는 개인 회원이 없습니다.' : '아직 개인 회원이 없습니다.'}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">개인 회원 목록</caption>
            <thead>
              <tr>
                <th scope="col">이름</th>
                <th scope="col">아이디</th>
                <th scope="col">구분</th>
                <th scope="col">계정 상태</th>
                <th scope="col">이번 달 결제</th>
                <th scope="col">가입일</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`/super/user/${r.id}`}>{r.name}</Link>
                    {r.pendingAcademy ? <div className="muted">{r.pendingAcademy} 가입 신청 중</div> : null}
                  </td>
                  <td>{r.loginId}</td>
                  <td>{r.isStudent ? '학생' : '성인'}</td>
                  <td>{STATUS_LABELS[r.status]}</td>
                  <td>
                    <span className={`badge month-${r.month.state}`}>{MONTH_STATE_LABELS[r.month.state]}</span>
                    {r.month.state === 'due' || r.month.state === 'waiting' ? <div className="muted">{won(r.month.due)}</div> : null}
                  </td>
                  <td>{r.createdAt}</td>
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
