import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { FilterForm, ListPage, SearchField, type Column } from '~/components/list-page';
import { AUTHORITIES, MEMBER_STATUSES, USER_ROLES, type Authority, type MemberStatus, type UserRole } from '~/domain/enums';
import { AUTHORITY_LABELS, ROLE_LABELS, STATUS_LABELS } from '~/domain/operators';
import { formatDateTime, seoulDayStart } from '~/lib/dates';
import { positiveInt, listCount } from '~/lib/numbers';
import { listQuery, oneOf } from '~/web/list.server';
import { organisationChoices, searchUsers, type UserFilters } from '~/services/operators/users.server';
import { FilterSelect, choices } from '~/components/filter-select';

export const meta: MetaFunction = () => [{ title: '회원 관리 | 리드인 운영' }];

// The operators' user search (ADMIN1 and ADMIN2; COACH, BRANCH and PRODUCT are sent to their own home). A GET form,
// so every filter is in the address and the page works without JavaScript.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  const { page, query, params } = listQuery(request);
  const joinedTo = seoulDayStart(params.get('to') ?? '');
  const filters: UserFilters = {
    q: params.get('q')?.trim().slice(0, 50) || undefined,
    role: oneOf<UserRole>(USER_ROLES, params.get('role')),
    authority: oneOf<Authority>(AUTHORITIES, params.get('authority')),
    status: oneOf<MemberStatus>(MEMBER_STATUSES, params.get('status')),
    organisationId: positiveInt(params.get('org')) ?? undefined,
    joinedFrom: seoulDayStart(params.get('from') ?? '') ?? undefined,
    // 'to' is inclusive: up to the end of that Seoul day.
    joinedTo: joinedTo ? new Date(joinedTo.getTime() + 24 * 60 * 60 * 1000) : undefined,
  };
  const [list, organisations] = await Promise.all([searchUsers(filters, page), organisationChoices(filters.organisationId)]);
  return json({
    ...list,
    query,
    organisations,
    rows: list.rows.map((u) => ({
      ...u,
      lastLoginAt: u.lastLoginAt ? formatDateTime(u.lastLoginAt) : null,
      createdAt: formatDateTime(u.createdAt),
    })),
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number];

const COLUMNS: Column<Row>[] = [
  { header: '이름', cell: (u) => <Link to={`/super/user/${u.id}`}>{u.name}</Link> },
  { header: '아이디', cell: (u) => u.loginId },
  { header: '구분', cell: (u) => ROLE_LABELS[u.role] },
  { header: '권한', cell: (u) => u.authorities.map((a) => AUTHORITY_LABELS[a]).join(', ') || '-' },
  { header: '소속', cell: (u) => u.organisationName ?? '-' },
  { header: '상태', cell: (u) => STATUS_LABELS[u.status] },
  { header: '가입일', cell: (u) => u.createdAt },
  { header: '최근 로그인', cell: (u) => u.lastLoginAt ?? '기록 없음' },
];

export default function SuperUsers() {
  const { rows, total, estimated, capped, page, pages, query, organisations } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="users-title">
      <div className="page-head">
        <h1 id="users-title" className="page-title">
          회원 관리
        </h1>
        <Link to="/super/user/new" className="button">
          운영 계정 만들기
        </Link>
      </div>
      <FilterForm label="회원 검색" reset="/super/user">
        <SearchField value={query.q} placeholder="이름, 아이디, 휴대폰, 이메일" />
        <FilterSelect label="구분" name="role" value={query.role} options={choices(USER_ROLES, ROLE_LABELS)} />
        <FilterSelect label="권한" name="authority" value={query.authority} options={choices(AUTHORITIES, AUTHORITY_LABELS)} />
        <FilterSelect label="상태" name="status" value={query.status} options={choices(MEMBER_STATUSES, STATUS_LABELS)} />
        <FilterSelect
          label="소속"
          name="org"
          value={query.org}
          options={organisations.map((o) => [o.id, `${o.kind === 'branch' ? '[지사] ' : ''}${o.name}`] as const)}
        />
        <label>
          가입일부터
          <input type="date" name="from" defaultValue={query.from ?? ''} />
        </label>
        <label>
          가입일까지
          <input type="date" name="to" defaultValue={query.to ?? ''} />
        </label>
      </FilterForm>
      <ListPage
        base="/super/user"
        list={{ rows, page, pages, capped, query }}
        count={`검색 결과 ${listCount(total, estimated, '명')}`}
        caption="회원 목록"
        columns={COLUMNS}
        empty="조건에 맞는 회원이 없습니다. 검색어나 필터를 바꿔 보세요."
      />
    </section>
  );
}
