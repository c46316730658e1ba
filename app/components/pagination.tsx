import type { ReactNode } from 'react';
import { Link } from '~/components/link';

/**
 * Page links for every paginated list: ‹ 이전 · 1 2 3 … · 다음 ›. Plain links, so they work without JavaScript.
 * Give `base` for a list whose only parameter is `?page=N`, or `href` to keep other query parameters. Inside a GET
 * form whose fields are choices the page must keep (ticked checkboxes), give `submit`, the page parameter's name
 * instead: each page is then a submit button of that form, which carries what is ticked on this page to the next.
 */
export function Pagination({
  page,
  pages,
  base,
  href,
  submit,
}: {
  page: number;
  pages: number;
  base?: string;
  href?: (page: number) => string;
  submit?: string;
}) {
  if (pages <= 1) return null;
  const to = href ?? ((p: number) => `${base}${base?.includes('?') ? '&' : '?'}page=${p}`);
  const go = (p: number, children: ReactNode, props: { rel?: string; 'aria-label'?: string }) =>
    submit ? (
      <button type="submit" name={submit} value={p} className="page-link" aria-label={props['aria-label']}>
        {children}
      </button>
    ) : (
      <Link to={to(p)} {...props}>
        {children}
      </Link>
    );
  const numbers = Array.from({ length: pages }, (_, i) => i + 1).filter((n) => n === 1 || n === pages || Math.abs(n - page) <= 2);
  return (
    <nav className="pagination" aria-label="페이지 이동">
      {page > 1 ? go(page - 1, '‹ 이전', { rel: 'prev' }) : <span aria-hidden="true">‹ 이전</span>}
      {numbers.map((n, i) => (
        <span key={n}>
          {i > 0 && n - numbers[i - 1] > 1 ? <span aria-hidden="true">…</span> : null}
          {n === page ? (
            <span aria-current="page" className="current">
              {n}
            </span>
          ) : (
            go(n, n, { 'aria-label': `${n}쪽` })
          )}
        </span>
      ))}
      {page < pages ? go(page + 1, '다음 ›', { rel: 'next' }) : <span aria-hidden="true">다음 ›</span>}
    </nav>
  );
}
