import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { Pagination } from '~/components/pagination';
import { genreLabel, GENRES, LEVELS } from '~/domain/catalogue';
import { ItemStatus } from '~/domain/enums';
import { ITEM_STATUS_LABELS } from '~/domain/operators';
import { boundedInt, pageParam } from '~/web/http.server';
import { listCatalogue } from '~/services/operators/catalogue.server';
import { FilterSelect } from '~/components/filter-select';

export const meta: MetaFunction = () => [{ title: '도서 관리 | 리드인 운영' }];

// The catalogue (ADMIN1, ADMIN2 and PRODUCT): search by title, author, publisher or ISBN, filter by status, level
// and genre. A GET form: every filter is in the address and it works without JavaScript.

const STATUSES = [ItemStatus.ACTIVE, ItemStatus.COMPLETE, ItemStatus.INACTIVE] as number[];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request, { allow: ['PRODUCT'] });
  const params = new URL(request.url).searchParams;
  const status = Number(params.get('status'));
  const genre = params.get('genre') ?? '';
  const list = await listCatalogue(
    {
      q: params.get('q')?.trim().slice(0, 100) || undefined,
      status: STATUSES.includes(status) ? (status as ItemStatus) : undefined,
      level: boundedInt(params.get('level'), 0, 1, 10) || undefined,
      genre: GENRES.some((g) => g.code === genre) ? genre : undefined,
    },
    pageParam(request),
  );
  const query = Object.fromEntries([...params].filter(([k, v]) => k !== 'page' && v !== ''));
  return json({ ...list, query });
}

export default function Catalogue() {
  const { rows, total, page, pages, query } = useLoaderData<typeof loader>();
  const href = (p: number) => `/super/books?${new URLSearchParams({ ...query, page: String(p) })}`;
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
      <Form method="get" className="card filter-form" aria-label="도서 검색">
        <label>
          검색어
          <input type="search" name="q" defaultValue={query.q ?? ''} placeholder="제목, 지은이, 출판사, ISBN" maxLength={100} />
        </label>
        <FilterSelect label="상태" name="status" value={query.status} options={STATUSES.map((s) => [s, ITEM_STATUS_LABELS[s]] as const)} />
        <FilterSelect label="읽기 수준" name="level" value={query.level} options={LEVELS.map((l) => [l, `L${l}`] as const)} />
        <FilterSelect label="장르" name="genre" value={query.genre} options={GENRES.map((g) => [g.code, g.label] as const)} />
        <button type="submit">검색</button>
      </Form>
      <p className="muted" role="status">
        도서 {total}권
      </p>
      {rows.length === 0 ? (
        <p className="card muted">조건에 맞는 도서가 없습니다.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">도서 목록</caption>
            <thead>
              <tr>
                <th scope="col">제목</th>
                <th scope="col">지은이</th>
                <th scope="col">출판사</th>
                <th scope="col">수준</th>
                <th scope="col">장르</th>
                <th scope="col">쪽수</th>
                <th scope="col">상태</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((b) => (
                <tr key={b.id}>
                  <td>
                    <Link to={`/super/books/${b.id}`}>{b.title}</Link>
                  </td>
                  <td>{b.author}</td>
                  <td>{b.publisher}</td>
                  <td>L{b.level}</td>
                  <td>{genreLabel(b.genre)}</td>
                  <td>{b.totalPages}쪽</td>
                  <td>{ITEM_STATUS_LABELS[b.status]}</td>
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
