import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { FilterSelect } from '~/components/filter-select';
import { FilterForm, ListPage, SearchField, type Column } from '~/components/list-page';
import { MONTH_STATE_LABELS, STATUS_LABELS } from '~/domain/operators';
import { monthLabel, won } from '~/domain/payments';
import { now } from '~/lib/clock.server';
import { formatDateTime, seoulMonth } from '~/lib/dates';
import { pageData } from '~/web/http.server';
import { listQuery, oneOf } from '~/web/list.server';
import { listIndividualMembers } from '~/services/operators/individual-members.server';
import { OrganisationTabs } from './__organisations';

export const meta: MetaFunction = () => [{ title: '개인 회원 | 기관 관리 | 리드인 운영' }];

// Individual memberships (organisation kind `student`): members who belong to no academy, students and adults, with
// this Seoul month's personal plan payment. Each links to the member's page in the user console.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  const { page, query, params } = listQuery(request);
  const at = now();
  const list = await listIndividualMembers(
    { q: params.get('q')?.trim().slice(0, 50) || undefined, kind: oneOf(['student', 'adult'], params.get('kind')) },
    page,
    at,
  );
  return pageData({
    ...list,
    rows: list.rows.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt) })),
    query,
    month: seoulMonth(at),
  });
}

type Row = SerializeFrom<typeof loader>['rows'][number];

const COLUMNS: Column<Row>[] = [
  {
    header: '이름',
    cell: (r) => (
      <>
        <Link to={`/super/user/${r.id}`}>{r.name}</Link>
        {r.pendingAcademy ? <div className="muted">{r.pendingAcademy} 가입 신청 중</div> : null}
      </>
    ),
  },
  { header: '아이디', cell: (r) => r.loginId },
  { header: '구분', cell: (r) => (r.isStudent ? '학생' : '성인') },
  { header: '계정 상태', cell: (r) => STATUS_LABELS[r.status] },
  {
    header: '이번 달 결제',
    cell: (r) => (
      <>
        <span className={`badge month-${r.month.state}`}>{MONTH_STATE_LABELS[r.month.state]}</span>
        {r.month.state === 'due' || r.month.state === 'waiting' ? <div className="muted">{won(r.month.due)}</div> : null}
      </>
    ),
  },
  { header: '가입일', cell: (r) => r.createdAt },
];

export default function IndividualMembers() {
  const { rows, total, page, pages, query, month } = useLoaderData<typeof loader>();
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
      <FilterForm label="개인 회원 검색" reset="/super/organisations/individuals">
        <SearchField value={query.q} placeholder="이름, 아이디, 휴대폰" />
        <FilterSelect
          label="구분"
          name="kind"
          value={query.kind}
          options={[
            ['student', '학생'],
            ['adult', '성인'],
          ]}
        />
      </FilterForm>
      <ListPage
        base="/super/organisations/individuals"
        list={{ rows, page, pages, query }}
        count={`개인 회원 ${total}명 · ${monthLabel(month)} 결제`}
        caption="개인 회원 목록"
        columns={COLUMNS}
        empty={Object.keys(query).length ? '조건에 맞는 개인 회원이 없습니다.' : '아직 개인 회원이 없습니다.'}
      />
    </section>
  );
}
