import { listCount } from '~/lib/numbers';
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { FilterForm, ListPage, SearchField, type Column } from '~/components/list-page';
import { ORGANISATION_STATUS_LABELS, ORGANISATION_STATUSES } from '~/domain/operators';
import { monthLabel } from '~/domain/payments';
import { now } from '~/lib/clock.server';
import { seoulMonth } from '~/lib/dates';
import { pageData, positiveInt } from '~/web/http.server';
import { listQuery, oneOf } from '~/web/list.server';
import { academyFilterPlaces } from '~/services/operators/branches.server';
import { listAcademies } from '~/services/operators/organisations.server';
import { MonthBill, OrganisationTabs } from './__organisations';
import { FilterSelect, choices } from '~/components/filter-select';

export const meta: MetaFunction = () => [{ title: '기관 관리 | 리드인 운영' }];

// The academies (ADMIN1 and ADMIN2): search by name or code, filter by branch, agency and status, paginated; each row
// with its branch, agency, contact, active students and where this Seoul month's bill stands. A GET form, so every
// filter is in the address and the page works without JavaScript.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  const { page, query, params } = listQuery(request);
  const filters = {
    q: params.get('q')?.trim().slice(0, 50) || undefined,
    branchId: positiveInt(params.get('branch')) ?? undefined,
    agencyId: positiveInt(params.get('agency')) ?? undefined,
    status: oneOf(ORGANISATION_STATUSES, params.get('status')),
  };
  const at = now();
  const { branches, agencies, agencyId } = await academyFilterPlaces(filters);
  if (agencyId !== filters.agencyId) {
    filters.agencyId = undefined;
    delete query.agency;
  }
  const list = await listAcademies(filters, page, at);
  return pageData({
    ...list,
    query,
    branches,
    agencies,
    month: seoulMonth(at),
  });
}

type Row = SerializeFrom<typeof loader>['rows'][number];

const COLUMNS: Column<Row>[] = [
  { header: '학원', cell: (r) => <Link to={`/super/organisations/${r.id}`}>{r.name}</Link> },
  { header: '학원 코드', cell: (r) => <span className="mono">{r.code ?? '-'}</span> },
  { header: '지사', cell: (r) => r.branchName ?? '-' },
  { header: '대리점', cell: (r) => r.agencyName ?? '-' },
  {
    header: '담당자·연락처',
    cell: (r) => (
      <>
        {r.contactName ?? '-'}
        {r.phone ? <div className="muted">{r.phone}</div> : null}
      </>
    ),
  },
  { header: '학생', cell: (r) => `${r.activeStudents}명` },
  {
    header: '이번 달 요금',
    cell: (r) => <MonthBill month={r.month} />,
  },
  {
    header: '상태',
    cell: (r) => <span className={`badge${r.status === 'CLOSED' ? ' neutral' : ''}`}>{ORGANISATION_STATUS_LABELS[r.status]}</span>,
  },
];

export default function Organisations() {
  const { rows, total, estimated, capped, page, pages, query, branches, agencies, month } = useLoaderData<typeof loader>();
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
      <FilterForm label="학원 검색" reset="/super/organisations">
        <SearchField value={query.q} placeholder="학원 이름, 학원 코드" />
        <FilterSelect label="지사" name="branch" value={query.branch} options={branches.map((b) => [b.id, b.name] as const)} />
        {agencies.length ? (
          <FilterSelect label="대리점" name="agency" value={query.agency} options={agencies.map((a) => [a.id, a.name] as const)} />
        ) : (
          <label>
            대리점
            {/* The agencies are offered once a branch is chosen (the form sent): a branch has a handful, the country a hundred. */}
            <select name="agency" disabled>
              <option value="">지사를 고른 뒤</option>
            </select>
          </label>
        )}
        <FilterSelect
          label="상태"
          name="status"
          value={query.status}
          options={choices(ORGANISATION_STATUSES, ORGANISATION_STATUS_LABELS)}
        />
      </FilterForm>
      <ListPage
        base="/super/organisations"
        list={{ rows, page, pages, capped, query }}
        count={`학원 ${listCount(total, estimated, '곳')} · ${monthLabel(month)} 청구는 학원의 이용 중인 학생 수에 따라 정해집니다 (기본 + 학생 추가).`}
        caption="학원 목록"
        className="organisations-table"
        columns={COLUMNS}
        empty={
          Object.keys(query).length
            ? '조건에 맞는 학원이 없습니다. 검색어나 필터를 바꿔 보세요.'
            : '등록된 학원이 없습니다. 학원 등록으로 첫 학원을 추가하세요.'
        }
      />
    </section>
  );
}
