import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { Pagination } from '~/components/pagination';
import { ItemStatus } from '~/domain/enums';
import { ITEM_STATUS_LABELS } from '~/domain/operators';
import { SET_KIND_LABELS, SET_STATUSES } from '~/domain/problem-bank';
import { PROBLEM_SET_KINDS, type ProblemSetKind } from '~/domain/problems';
import { pageData, pageParam } from '~/web/http.server';
import { listProblemSets } from '~/services/operators/problem-sets.server';
import { FilterSelect } from '~/components/filter-select';

export const meta: MetaFunction = () => [{ title: '문제 관리 | 리드인 운영' }];

// The problem bank (ADMIN1, ADMIN2 and PRODUCT): every set with the version students take now, whether a draft is being
// edited, and how many attempts it has had. A GET form: the filters are in the address and work without JavaScript.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request, { allow: ['PRODUCT'] });
  const params = new URL(request.url).searchParams;
  const kind = params.get('kind') ?? '';
  const status = Number(params.get('status'));
  const list = await listProblemSets(
    {
      kind: (PROBLEM_SET_KINDS as readonly string[]).includes(kind) ? (kind as ProblemSetKind) : undefined,
      q: params.get('q')?.trim().slice(0, 100) || undefined,
      status: (SET_STATUSES as readonly number[]).includes(status) ? (status as ItemStatus) : undefined,
    },
    pageParam(request),
  );
  const query = Object.fromEntries([...params].filter(([k, v]) => k !== 'page' && v !== ''));
  return pageData({ ...list, query });
}

export default function ProblemSets() {
  const { rows, total, page, pages, query } = useLoaderData<typeof loader>();
  const href = (p: number) => `/super/problems?${new URLSearchParams({ ...query, page: String(p) })}`;
  const filtered = Object.keys(query).length > 0;
  return (
    <section aria-labelledby="sets-title">
      <div className="page-head">
        <h1 id="sets-title" className="page-title">
          문제 관리
        </h1>
        <Link to="/super/problems/new" className="button">
          새 문제 세트
        </Link>
      </div>
      <Form method="get" className="card filter-form" aria-label="문제 세트 검색">
        <label>
          검색어
          <input type="search" name="q" defaultValue={query.q ?? ''} placeholder="도서 제목 또는 세트 제목" maxLength={100} />
        </label>
        <FilterSelect
          label="종류"
          name="kind"
          value={query.kind}
          options={PROBLEM_SET_KINDS.map((k) => [k, SET_KIND_LABELS[k]] as const)}
        />
        <FilterSelect
          label="상태"
          name="status"
          value={query.status}
          options={SET_STATUSES.map((s) => [s, ITEM_STATUS_LABELS[s]] as const)}
        />
        <button type="submit">검색</button>
      </Form>
      <p className="muted" role="status">
        문제 세트 {total}개
      </p>
      {rows.length === 0 ? (
        <p className="card muted">
          {filtered ? '조건에 맞는 문제 세트가 없습니다.' : '문제 세트가 아직 없습니다. ‘새 문제 세트’로 첫 세트를 만들어 보세요.'}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">문제 세트 목록</caption>
            <thead>
              <tr>
                <th scope="col">세트</th>
                <th scope="col">종류</th>
                <th scope="col">도서</th>
                <th scope="col">학생이 푸는 버전</th>
                <th scope="col">초안</th>
                <th scope="col">응시</th>
                <th scope="col">상태</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.id}>
                  <td>
                    <Link to={`/super/problems/${s.id}`}>{s.title}</Link>
                  </td>
                  <td>{SET_KIND_LABELS[s.kind]}</td>
                  <td>{s.bookTitle ?? '-'}</td>
                  <td>{s.currentVersion ? `v${s.currentVersion} · ${s.problemCount}문항` : <span className="muted">게시 전</span>}</td>
                  <td>{s.draftVersion ? <span className="badge">v{s.draftVersion} 편집 중</span> : <span className="muted">없음</span>}</td>
                  <td>{s.attempts}건</td>
                  <td>{ITEM_STATUS_LABELS[s.status]}</td>
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
