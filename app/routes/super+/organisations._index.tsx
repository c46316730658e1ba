import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { Pagination } from '~/components/pagination';
import { MONTH_STATE_LABELS, ORGANISATION_STATUS_LABELS, ORGANISATION_STATUSES } from '~/domain/operators';
import { monthLabel, won } from '~/domain/payments';
import { now } from '~/lib/clock.server';
import { seoulMonth } from '~/lib/dates';
import { pageData, pageParam, positiveInt } from '~/web/http.server';
import { placeChoices } from '~/services/operators/branches.server';
import { listAcademies } from '~/services/operators/organisations.server';
import { statusParam } from './__organisation-forms.server';
import { OrganisationTabs, tierText } from './__organisations';
import { FilterSelect } from '~/components/filter-select';

export const meta: MetaFunction = () => [{ title: '기관 관리 | 리드인 운영' }];

// The academies (ADMIN1 and ADMIN2): search by name or code, filter by branch, agency and status, paginated; each row
// with its branch, agency, contact, active students and where this Seoul month's bill stands. A GET form, so every
// filter is in the address and the page works without JavaScript.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  const params = new URL(request.url).searchParams;
  const filters = {
    q: params.get('q')?.trim().slice(0, 50) || undefined,
    branchId: positiveInt(params.get('branch')) ?? undefined,
    agencyId: positiveInt(params.get('agency')) ?? undefined,
    status: statusParam(params.get('status')),
  };
  const at = now();
  const [list, places] = await Promise.all([listAcademies(filters, pageParam(request), at), placeChoices()]);
  const query = Object.fromEntries([...params].filter(([k, v]) => k !== 'page' && v !== ''));
  return pageData({ ...list, query, places, month: seoulMonth(at) });
}

export default function Organisations() {
  const { rows, total, page, pages, query, places, month } = useLoaderData<typeof loader>();
  const href = (p: number) => `/super/organisations?${new URLSearchParams({ ...query, page: String(p) })}`;
  return (
    <section aria-labelledby="organisations-title" className="stack">
      <div className="page-head">
        <h1 id="organisations-title" className="page-title">
          기관 관리
        </h1>
        <Link to="/super/organisations/new" className="button">
          학원 등록
        </Link>
      </div>
      <OrganisationTabs />
      <Form method="get" className="card filter-form" aria-label="학원 검색">
        <label>
          검색어
          <input type="search" name="q" defaultValue={query.q ?? ''} placeholder="학원 이름, 학원 코드" maxLength={50} />
        </label>
        <FilterSelect label="지사" name="branch" value={query.branch} options={places.map((b) => [b.id, b.name] as const)} />
        <label>
          대리점
          <select name="agency" defaultValue={query.agency ?? ''}>
            <option value="">전체</option>
            {places.map((b) => (
              <optgroup key={b.id} label={b.name}>
                {b.agencies.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <FilterSelect
          label="상태"
          name="status"
          value={query.status}
          options={ORGANISATION_STATUSES.map((s) => [s, ORGANISATION_STATUS_LABELS[s]] as const)}
        />
        <button type="submit">검색</button>
        <Link to="/super/organisations" className="button secondary">
          초기화
        </Link>
      </Form>
      <p className="muted" role="status">
        학원 {total}곳 · {monthLabel(month)} 청구는 학원의 이용 중인 학생 수에 따라 정해집니다 (기본 + 학생 추가).
      </p>
      {rows.length === 0 ? (
        <p className="card muted">
          {Object.keys(query).length
            ? '조건에 맞는 학원이 없습니다. 검색어나 필터를 바꿔 보세요.'
            : '등록된 학원이 없습니다. 학원 등록으로 첫 학원을 추가하세요.'}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table organisations-table">
            <caption className="sr-only">학원 목록</caption>
            <thead>
              <tr>
                <th scope="col">학원</th>
                <th scope="col">학원 코드</th>
                <th scope="col">지사</th>
                <th scope="col">대리점</th>
                <th scope="col">담당자·연락처</th>
                <th scope="col">학생</th>
                <th scope="col">이번 달 요금</th>
                <th scope="col">상태</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`/super/organisations/${r.id}`}>{r.name}</Link>
                  </td>
                  <td className="mono">{r.code ?? '-'}</td>
                  <td>{r.branchName ?? '-'}</td>
                  <td>{r.agencyName ?? '-'}</td>
                  <td>
                    {r.contactName ?? '-'}
                    {r.phone ? <div className="muted">{r.phone}</div> : null}
                  </td>
                  <td>{r.activeStudents}명</td>
                  <td>
                    {r.month.state === 'closed' ? null : <div>{tierText(r.month.tiers)}</div>}
                    <span className={`badge month-${r.month.state}`}>{MONTH_STATE_LABELS[r.month.state]}</span>
                    {r.month.state === 'due' || r.month.state === 'waiting' ? <div className="muted">{won(r.month.due)}</div> : null}
                  </td>
                  <td>
                    <span className={`badge${r.status === 'CLOSED' ? ' neutral' : ''}`}>{ORGANISATION_STATUS_LABELS[r.status]}</span>
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
