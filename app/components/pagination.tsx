import type { ReactNode } from 'react';
import { Link } from '~/components/link';

/** The page numbers a list offers around `page`: the first, the last and two either side. */
export const pageNumbers = (page: number, pages: number) =>
  Array.from({ length: pages }, (_, i) => i + 1).filter((n) => n === 1 || n === pages || Math.abs(n - page) <= 2);

/** What a page control is: the previous page, the next one, or a page by its number. */
export type PageStep = 'prev' | 'next' | 'number';

/**
 * ‹ 이전 · 1 2 3 … · 다음 ›, the one markup of every list's pages; `control` draws one step (a link, or a submit button of
 * a GET form that keeps choices, `PageButtons`).
 */
export function PageNav({
  page,
  pages,
  control,
  note,
}: {
  page: number;
  pages: number;
  control: (target: number, step: PageStep, label: string) => ReactNode;
  /** A line under the links (a capped list says how far its pages go). */
  note?: ReactNode;
}) {
  if (pages <= 1) return null;
  const numbers = pageNumbers(page, pages);
  return (
    <nav className="pagination" aria-label="페이지 이동">
      {page > 1 ? control(page - 1, 'prev', '‹ 이전') : <span aria-hidden="true">‹ 이전</span>}
      {numbers.map((n, i) => (
        <span key={n}>
          {i > 0 && n - numbers[i - 1] > 1 ? <span aria-hidden="true">…</span> : null}
          {n === page ? (
            <span aria-current="page" className="current">
              {n}
            </span>
          ) : (
            control(n, 'number', String(n))
          )}
        </span>
      ))}
      {page < pages ? control(page + 1, 'next', '다음 ›') : <span aria-hidden="true">다음 ›</span>}
      {note}
    </nav>
  );
}

/**
 * Page links for every paginated list. Plain links, so they work without JavaScript.
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
  const to = href ?? ((p: number) => `${base}${base?.includes('?') ? '&' : '?'}page=${p}`);
  return (
    <PageNav
      page={page}
      pages={pages}
      note={capped ? <p className="muted">{pages}쪽까지 보여 드려요. 더 찾으려면 검색어나 조건으로 좁혀 주세요.</p> : null}
      control={(target, step, label) => (
        <Link to={to(target)} rel={step === 'number' ? undefined : step} aria-label={step === 'number' ? `${target}쪽` : undefined}>
          {label}
        </Link>
      )}
    />
  );
}
