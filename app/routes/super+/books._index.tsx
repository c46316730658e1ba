import { listCount } from '~/lib/numbers';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { FilterForm, ListPage, SearchField, type Column } from '~/components/list-page';
import { BOOK_STATUSES, genreLabel, GENRES, LEVELS } from '~/domain/catalogue';
import type { ItemStatus } from '~/domain/enums';
import { ITEM_STATUS_LABELS } from '~/domain/operators';
import { boundedInt } from '~/web/http.server';
import { listQuery } from '~/web/list.server';
import { listCatalogue } from '~/services/operators/catalogue.server';
import { FilterSelect, choices } from '~/components/filter-select';

export const meta: MetaFunction = () => [{ title: '도서 관리 | 리드인 운영' }];

// The catalogue (ADMIN1, ADMIN2 and PRODUCT): search by title, author, publisher or ISBN, filter by status, level
// and genre. A GET form: every filter is in the address and it works without JavaScript.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request, { allow: ['PRODUCT'] });
  const { page, query, params } = listQuery(request);
  const status = Number(params.get('status'));
  const genre = params.get('genre') ?? '';
  const list = await listCatalogue(
    {
      q: params.get('q')?.trim().slice(0, 100) || undefined,
      status: (BOOK_STATUSES as readonly number[]).includes(status) ? (status as ItemStatus) : undefined,
      level: boundedInt(params.get('level'), 0, 1, 10) || undefined,
      genre: GENRES.some((g) => g.code === genre) ? genre : undefined,
    },
    page,
  );
  return json({ ...list, query });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number];

const COLUMNS: Column<Row>[] = [
  { header: '제목', cell: (b) => <Link to={`/super/books/${b.id}`}>{b.title}</Link> },
  { header: '지은이', cell: (b) => b.author },
  { header: '출판사', cell: (b) => b.publisher },
  { header: '수준', cell: (b) => `L${b.level}` },
  { header: '장르', cell: (b) => genreLabel(b.genre) },
  { header: '쪽수', cell: (b) => `${b.totalPages}쪽` },
  { header: '상태', cell: (b) => ITEM_STATUS_LABELS[b.status] },
];

export default function Catalogue() {
  const { rows, total, estimated, capped, page, pages, query } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="books-title">
      <div className="page-head">
        <h1 id="books-title" className="page-title">
          도서 관리
        </h1>
        <p className="page-head-actions">
          <Link to="/super/books/import" className="button secondary">
            엑셀로 여러 권 등록
          </Link>
          <Link to="/super/books/new" className="button">
            도서 등록
          </Link>
        </p>
      </div>
      <FilterForm label="도서 검색" reset="/super/books">
        <SearchField value={query.q} placeholder="제목, 지은이, 출판사, ISBN" maxLength={100} />
        <FilterSelect label="상태" name="status" value={query.status} options={choices(BOOK_STATUSES, ITEM_STATUS_LABELS)} />
        <FilterSelect label="읽기 수준" name="level" value={query.level} options={LEVELS.map((l) => [l, `L${l}`] as const)} />
        <FilterSelect label="장르" name="genre" value={query.genre} options={GENRES.map((g) => [g.code, g.label] as const)} />
      </FilterForm>
      <ListPage
        base="/super/books"
        list={{ rows, page, pages, capped, query }}
        count={`도서 ${listCount(total, estimated, '권')}`}
        caption="도서 목록"
        columns={COLUMNS}
        empty="조건에 맞는 도서가 없습니다."
      />
    </section>
  );
}
