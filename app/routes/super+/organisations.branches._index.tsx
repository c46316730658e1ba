import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { ListTable, type Column } from '~/components/list-page';
import { requireSuper } from '~/web/guards.server';
import { rateLabel } from '~/domain/operator-payments';
import { pageData } from '~/web/http.server';
import { listBranches } from '~/services/operators/branches.server';
import { OrganisationTabs } from './__organisations';

export const meta: MetaFunction = () => [{ title: '지사·대리점 | 기관 관리 | 리드인 운영' }];

// The branches (지사) with their region, settlement rate, agencies (대리점) and academies (ADMIN1 and ADMIN2).

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  return pageData({ branches: await listBranches() });
}

type Row = SerializeFrom<typeof loader>['branches'][number];

const COLUMNS: Column<Row>[] = [
  { header: '지사', cell: (b) => <Link to={`/super/organisations/branches/${b.id}`}>{b.name}</Link> },
  { header: '지역', cell: (b) => b.region ?? '-' },
  {
    header: '담당자·연락처',
    cell: (b) => (
      <>
        {b.contactName ?? '-'}
        {b.phone ? <div className="muted">{b.phone}</div> : null}
      </>
    ),
  },
  { header: '정산 비율', cell: (b) => (b.settlementRate === null ? '정하지 않음' : rateLabel(b.settlementRate)) },
  {
    header: '대리점',
    cell: (b) =>
      b.agencies.length === 0 ? (
        <span className="muted">없음</span>
      ) : (
        <ul className="plain-list">
          {b.agencies.map((a) => (
            <li key={a.id}>
              <Link to={`/super/organisations/agencies/${a.id}`}>{a.name}</Link> <span className="muted">학원 {a.academies}곳</span>
            </li>
          ))}
        </ul>
      ),
  },
  {
    header: '학원',
    cell: (b) => (
      <>
        <Link to={`/super/organisations?${new URLSearchParams({ branch: String(b.id) })}`}>{b.academies}곳</Link>
        {b.academies > b.activeAcademies ? <div className="muted">해지 {b.academies - b.activeAcademies}곳 포함</div> : null}
      </>
    ),
  },
];

export default function Branches() {
  const { branches } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="branches-title" className="stack">
      <div className="page-head">
        <h1 id="branches-title" className="page-title">
          기관 관리
        </h1>
        <Link to="/super/organisations/branches/new" className="button">
          지사 등록
        </Link>
      </div>
      <OrganisationTabs />
      <p className="muted">
        지사는 한 지역을 맡고, 지사 아래 대리점이 학원을 관리합니다. 학원의 결제가 완료되면 지사와 대리점의 정산 비율대로 정산 내역이
        만들어집니다.
      </p>
      <ListTable
        caption="지사 목록"
        columns={COLUMNS}
        rows={branches}
        rowKey={(b) => b.id}
        empty="등록된 지사가 없습니다. 지사 등록으로 첫 지사를 추가하세요."
      />
    </section>
  );
}
