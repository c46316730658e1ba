import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { requireUser } from '~/web/guards.server';
import { BookCard } from '~/components/book-card';
import { Pagination } from '~/components/pagination';
import { GENRES, LEVELS, levelLabel, SEARCH_SORTS } from '~/domain/catalogue';
import { searchBooks } from '~/services/library.server';
import { Options } from '~/components/filter-select';

export const meta: MetaFunction = () => [{ title: '도서 검색 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const params = new URL(request.url).searchParams;
  const result = await searchBooks(user.id, {
    q: params.get('q') ?? undefined,
    genre: params.get('genre') ?? undefined,
    level: Number(params.get('level')) || undefined,
    sort: params.get('sort') ?? undefined,
    page: Number(params.get('page')) || 1,
  });
  return json(result);
}

function searchHref(query: { q: string; genre: string; level: number | null; sort: string }, page: number) {
  const p = new URLSearchParams();
  if (query.q) p.set('q', query.q);
  if (query.genre) p.set('genre', query.genre);
  if (query.level) p.set('level', String(query.level));
  if (query.sort !== 'title') p.set('sort', query.sort);
  if (page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `/user/search?${s}` : '/user/search';
}

export default function Search() {
  const data = useLoaderData<typeof loader>();
  const { query } = data;
  return (
    <div className="page">
      <header className="page-title">
        <h1>도서 검색</h1>
        <p>제목이나 지은이로 찾고, 장르와 수준으로 좁혀 보세요.</p>
      </header>
      <Form method="get" className="card search-form" role="search">
        <div>
          <label htmlFor="q">제목 또는 지은이</label>
          <input id="q" name="q" type="search" defaultValue={query.q} maxLength={100} />
        </div>
        <div>
          <label htmlFor="genre">장르</label>
          <select id="genre" name="genre" defaultValue={query.genre}>
            <option value="">전체</option>
            <Options options={GENRES.map((g) => [g.code, g.label] as const)} />
          </select>
        </div>
        <div>
          <label htmlFor="level">수준</label>
          <select id="level" name="level" defaultValue={query.level ?? ''}>
            <option value="">전체</option>
            <Options options={LEVELS.map((l) => [l, levelLabel(l)] as const)} />
          </select>
        </div>
        <div>
          <label htmlFor="sort">정렬</label>
          <select id="sort" name="sort" defaultValue={query.sort}>
            <Options options={Object.entries(SEARCH_SORTS).map(([k, v]) => [k, v] as const)} />
          </select>
        </div>
        <button type="submit">검색</button>
      </Form>
      <p className="muted" aria-live="polite" style={{ margin: '1rem 0' }}>
        검색 결과 {data.total}권
      </p>
      {data.books.length === 0 ? (
        <p className="card">조건에 맞는 책이 없습니다. 검색어를 줄이거나 다른 장르·수준을 선택해 보세요.</p>
      ) : (
        <div className="book-grid">
          {data.books.map((book) => (
            <BookCard key={book.id} book={book} redirectTo={searchHref(query, data.page)} />
          ))}
        </div>
      )}
      <Pagination page={data.page} pages={data.pages} href={(p) => searchHref(query, p)} />
    </div>
  );
}
