import { PageNav } from '~/components/pagination';

/**
 * The pages of a list inside a GET form whose fields are choices the page must keep (ticked checkboxes, as in 도서
 * 배정): Pagination's markup with submit buttons of that form, named `name` with the page as value, so another page
 * carries what is ticked on this one, with JavaScript and without.
 */
export function PageButtons({ page, pages, name = 'page' }: { page: number; pages: number; name?: string }) {
  return (
    <PageNav
      page={page}
      pages={pages}
      control={(target, step, label) => (
        <button type="submit" name={name} value={target} className="page-link" aria-label={step === 'number' ? `${target}쪽` : undefined}>
          {label}
        </button>
      )}
    />
  );
}
