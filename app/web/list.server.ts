import { pageNumber } from '~/lib/numbers';

// What a list page's loader reads from its address (app/components/list-page.tsx shows it): the page number, the
// parameters as typed (the filter form's values, empty ones left out) and the raw parameters to pick filters from.

export type ListQuery = { page: number; query: Record<string, string>; params: URLSearchParams };

export function listQuery(request: Request): ListQuery {
  const params = new URL(request.url).searchParams;
  const query = Object.fromEntries([...params].filter(([k, v]) => k !== 'page' && v !== ''));
  return { page: pageNumber(params.get('page')), query, params };
}

/** One of `values`, or undefined (a filter the address names wrongly filters nothing). */
export function oneOf<T extends string>(values: readonly T[], value: string | null | undefined): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined;
}
