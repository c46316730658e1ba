import { Link } from '~/components/link';

/** The page numbers a list offers around `page`: the first, the last and two either side. */
export const pageNumbers = (page: number, pages: number) =>
  Array.from({ length: pages }, (_, i) => i + 1).filter((n) => n === 1 || n === pages || Math.abs(n - page) <= 2);

/**
 * Page links for every paginated list: ‹ 이전 · 1 2 3 … · 다음 ›. Plain links, so they work without JavaScript.
 * Give `base` for a list whose only parameter is `?page=N`, or `href` to keep other query parameters. `capped`: the list
 * has more rows than its last page reaches (app/services/paged-list.server.ts MAX_PAGES), which the links then say.
 */
export function Pagination({
  page,
  pages,
  base,
  href,
  capped,
}: {
  page: number;
  pages: number;
  base?: string;
  href?: (page: number) => string;
  capped?: boolean;
}) {
  if (pages <= 1) return null;
  const to = href ?? ((p: number) => `${base}${base?.includes('?') ? '&' : '?'}page=${p}`);
  const numbers = pageNumbers(page, pages);
  return (
    <nav className="pagination" aria-label="페이지 이동">
      {page > 1 ? (
        <Link to={to(page - 1)} rel="prev">
          ‹ 이전
        </Link>
      ) : (
        <span aria-hidden="true">‹ 이전</span>
      )}
      {numbers.map((n, i) => (
        <span key={n}>
          {i > 0 && n - numbers[i - 1] > 1 ? <span aria-hidden="true">…</span> : null}
          {n === page ? (
            <span aria-current="page" className="current">
              {n}
            </span>
          ) : (
            <Link to={to(n)} aria-label={`${n}쪽`}>
              {n}
            </Link>
          )}
        </span>
      ))}
      {page < pages ? (
        <Link to={to(page + 1)} rel="next">
          다음 ›
        </Link>
      ) : (
        <span aria-hidden="true">다음 ›</span>
      )}
      {capped ? <p className="muted">{pages}쪽까지 보여 드려요. 더 찾으려면 검색어나 조건으로 좁혀 주세요.</p> : null}
    </nav>
  );
}
