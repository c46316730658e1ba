import { pageNumbers } from '~/components/pagination';

/**
 * The pages of a list inside a GET form whose fields are choices the page must keep (ticked checkboxes, as in 도서
 * 배정): ‹ 이전 · 1 2 3 … · 다음 › as submit buttons of that form, named `name` with the page as value, so another
 * page carries what is ticked on this one, with JavaScript and without. Pagination's markup and look otherwise (its
 * own file: the root bundle, which carries Pagination, does not carry this).
 */
export function PageButtons({ page, pages, name = 'page' }: { page: number; pages: number; name?: string }) {
  if (pages <= 1) return null;
  const numbers = pageNumbers(page, pages);
  return (
    <nav className="pagination" aria-label="페이지 이동">
      {page > 1 ? (
        <button type="submit" name={name} value={page - 1} className="page-link">
          ‹ 이전
        </button>
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
            <button type="submit" name={name} value={n} className="page-link" aria-label={`${n}쪽`}>
              {n}
            </button>
          )}
        </span>
      ))}
      {page < pages ? (
        <button type="submit" name={name} value={page + 1} className="page-link">
          다음 ›
        </button>
      ) : (
        <span aria-hidden="true">다음 ›</span>
      )}
    </nav>
  );
}
