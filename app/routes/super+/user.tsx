import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { Pagination } from '~/components/pagination';
import { AUTHORITIES, MEMBER_STATUSES, USER_ROLES, type Authority, type MemberStatus, type UserRole } from '~/domain/enums';
import { AUTHORITY_LABELS, ROLE_LABELS, STATUS_LABELS } from '~/domain/operators';
import { formatDateTime, seoulDayStart } from '~/lib/dates';
import { pageParam, positiveInt } from '~/web/http.server';
import { organisationChoices, searchUsers, type UserFilters } from '~/services/operators/users.server';
import { FilterSelect } from '~/components/filter-select';

export const meta: MetaFunction = () => [{ title: '회원 관리 | 리드인 운영' }];

// The operators' user search (ADMIN1 and ADMIN2; COACH, BRANCH and PRODUCT are sent to their own home). A GET form,
// so every filter is in the address and the page works without JavaScript.

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  const params = new URL(request.url).searchParams;
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
  const [list, organisations] = await Promise.all([searchUsers(filters, pageParam(request)), organisationChoices()]);
  const query = Object.fromEntries([...params].filter(([k, v]) => k !== 'page' && v !== ''));
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

export default function SuperUsers() {
  const { rows, total, page, pages, query, organisations } = useLoaderData<typeof loader>();
  const href = (p: number) => `/super/user?${new URLSearchParams({ ...query, page: String(p) })}`;
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
      <Form method="get" className="card filter-form" aria-label="회원 검색">
        <label>
          검색어
          <input type="search" name="q" defaultValue={query.q ?? ''} placeholder="이름, 아이디, 휴대폰, 이메일" maxLength={50} />
        </label>
        <FilterSelect label="구분" name="role" value={query.role} options={USER_ROLES.map((r) => [r, ROLE_LABELS[r]] as const)} />
        <FilterSelect
          label="권한"
          name="authority"
          value={query.authority}
          options={AUTHORITIES.map((a) => [a, AUTHORITY_LABELS[a]] as const)}
        />
        <FilterSelect
          label="상태"
          name="status"
          value={query.status}
          options={MEMBER_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const)}
        />
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
        <button type="submit">검색</button>
        <Link to="/super/user" className="button secondary">
          초기화
        </Link>
      </Form>
      <p className="muted" role="status">
        검색 결과 {total}명
      </p>
      {rows.length === 0 ? (
        <p className="card muted">조건에 맞는 회원이 없습니다. 검색어나 필터를 바꿔 보세요.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">회원 목록</caption>
            <thead>
              <tr>
                <th scope="col">이름</th>
                <th scope="col">아이디</th>
                <th scope="col">구분</th>
                <th scope="col">권한</th>
                <th scope="col">소속</th>
                <th scope="col">상태</th>
                <th scope="col">가입일</th>
                <th scope="col">최근 로그인</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((u) => (
                <tr key={u.id}>
                  <td>
                    <Link to={`/super/user/${u.id}`}>{u.name}</Link>
                  </td>
                  <td>{u.loginId}</td>
                  <td>{ROLE_LABELS[u.role]}</td>
                  <td>{u.authorities.map((a) => AUTHORITY_LABELS[a]).join(', ') || '-'}</td>
                  <td>{u.organisationName ?? '-'}</td>
                  <td>{STATUS_LABELS[u.status]}</td>
                  <td>{u.createdAt}</td>
                  <td>{u.lastLoginAt ?? '기록 없음'}</td>
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
