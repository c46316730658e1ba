import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { FilterForm, ListPage, SearchField, type Column } from '~/components/list-page';
import type { ItemStatus } from '~/domain/enums';
import { ITEM_STATUS_LABELS } from '~/domain/operators';
import { SET_KIND_LABELS, SET_STATUSES } from '~/domain/problem-bank';
import { PROBLEM_SET_KINDS, type ProblemSetKind } from '~/domain/problems';
import { pageData } from '~/web/http.server';
import { listQuery, oneOf } from '~/web/list.server';
import { listProblemSets } from '~/services/operators/problem-sets.server';
import { FilterSelect, choices } from '~/components/filter-select';

export const meta: MetaFunction = () => [{ title: '문제 관리 | 리드인 운영' }];

// The problem bank (ADMIN1, ADMIN2 and PRODUCT): every set with the version students take now, whether a draft is being
// edited, and how many attempts it has had. A GET form: the filters are in the address and work without JavaScript.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request, { allow: ['PRODUCT'] });
  const { page, query, params } = listQuery(request);
  const status = Number(params.get('status'));
  const list = await listProblemSets(
    {
      kind: oneOf<ProblemSetKind>(PROBLEM_SET_KINDS, params.get('kind')),
      q: params.get('q')?.trim().slice(0, 100) || undefined,
      status: (SET_STATUSES as readonly number[]).includes(status) ? (status as ItemStatus) : undefined,
    },
    page,
  );
  return pageData({ ...list, query });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number];

const COLUMNS: Column<Row>[] = [
  { header: '세트', cell: (s) => <Link to={`/super/problems/${s.id}`}>{s.title}</Link> },
  { header: '종류', cell: (s) => SET_KIND_LABELS[s.kind] },
  { header: '도서', cell: (s) => s.bookTitle ?? '-' },
  {
    header: '학생이 푸는 버전',
    cell: (s) => (s.currentVersion ? `v${s.currentVersion} · ${s.problemCount}문항` : <span className="muted">게시 전</span>),
  },
  {
    header: '초안',
    cell: (s) => (s.draftVersion ? <span className="badge">v{s.draftVersion} 편집 중</span> : <span className="muted">없음</span>),
  },
  { header: '응시', cell: (s) => `${s.attempts}건` },
  { header: '상태', cell: (s) => ITEM_STATUS_LABELS[s.status] },
];

export default function ProblemSets() {
  const { rows, total, page, pages, query } = useLoaderData<typeof loader>();
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
      <FilterForm label="문제 세트 검색" reset="/super/problems">
        <SearchField value={query.q} placeholder="도서 제목 또는 세트 제목" maxLength={100} />
        <FilterSelect label="종류" name="kind" value={query.kind} options={choices(PROBLEM_SET_KINDS, SET_KIND_LABELS)} />
        <FilterSelect label="상태" name="status" value={query.status} options={choices(SET_STATUSES, ITEM_STATUS_LABELS)} />
      </FilterForm>
      <ListPage
        base="/super/problems"
        list={{ rows, page, pages, query }}
        count={`문제 세트 ${total}개`}
        caption="문제 세트 목록"
        columns={COLUMNS}
        empty={filtered ? '조건에 맞는 문제 세트가 없습니다.' : '문제 세트가 아직 없습니다. ‘새 문제 세트’로 첫 세트를 만들어 보세요.'}
      />
    </section>
  );
}
