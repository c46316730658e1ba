import type { ReactNode } from 'react';
import { Form } from '@remix-run/react';
import { Link } from '~/components/link';
import { Pagination } from '~/components/pagination';

// The one list page of every area (docs/decisions/030): a GET filter form (everything it chooses is in the address,
// so it works without JavaScript), a count line, the table or its empty text, the page links that keep the filters,
// and the export links. The loader gives `query` (the address's parameters without the page: app/web/list.server.ts).

export type Column<Row> = {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The column that names the row (a `<th scope="row">`). */
  rowHeader?: boolean;
  className?: string;
};

/** The address of page `page` of `base` with the list's filters kept. */
export function listHref(base: string, query: Record<string, string>, page?: number): string {
  const params = new URLSearchParams(query);
  if (page !== undefined && page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

/**
 * A list's table: a caption (for screen readers unless shown), a header row, one row per item; its empty text when
 * there is none.
 */
export function ListTable<Row>({
  caption,
  showCaption,
  columns,
  rows,
  rowKey,
  empty,
  className,
  rowClassName,
}: {
  caption: string;
  /** The caption shown above the table (it is for screen readers only otherwise). */
  showCaption?: boolean;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  empty: ReactNode;
  className?: string;
  rowClassName?: (row: Row) => string | undefined;
}) {
  if (rows.length === 0) return <p className="card muted">{empty}</p>;
  return (
    <div className="table-wrap">
      <table className={className ? `table ${className}` : 'table'}>
        <caption className={showCaption ? undefined : 'sr-only'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((c, i) =>
                c.rowHeader ? (
                  <th key={i} scope="row" className={c.className}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={i} className={c.className}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The GET filter form of a list: its fields, 검색, and 초기화 back to the bare address. */
export function FilterForm({
  label,
  reset,
  submitLabel = '검색',
  children,
}: {
  label: string;
  /** The list's address without filters. */
  reset: string;
  submitLabel?: string;
  children: ReactNode;
}) {
  return (
    <Form method="get" className="card filter-form" aria-label={label}>
      {children}
      <button type="submit">{submitLabel}</button>
      <Link to={reset} className="button secondary">
        초기화
      </Link>
    </Form>
  );
}

/** The search box of a filter form. */
export function SearchField({
  label = '검색어',
  value,
  placeholder,
  name = 'q',
  maxLength = 50,
}: {
  label?: string;
  value: string | undefined;
  placeholder?: string;
  name?: string;
  maxLength?: number;
}) {
  return (
    <label>
      {label}
      <input type="search" name={name} defaultValue={value ?? ''} placeholder={placeholder} maxLength={maxLength} />
    </label>
  );
}

/** A list under its filters: the count line, the table (or its empty text), the page links and the export links. */
export function ListPage<Row extends { id: string | number }>({
  base,
  list: { rows, page, pages, capped, query = {} },
  count,
  exports,
  ...table
}: {
  /** The list's address (page links and exports keep the list's `query`). */
  base: string;
  /** The loader's page of the list: its rows, which page of how many, the filters in the address. */
  list: { rows: readonly Row[]; page: number; pages: number; capped?: boolean; query?: Record<string, string> };
  /** The count line ('검색 결과 12명'). */
  count?: ReactNode;
  /** Download links of the same list: label and address (the filters are added). */
  exports?: readonly { label: string; href: string }[];
} & Omit<Parameters<typeof ListTable<Row>>[0], 'rows' | 'rowKey'>) {
  return (
    <>
      {count !== undefined ? (
        <p className="muted" role="status">
          {count}
        </p>
      ) : null}
      {exports?.length ? (
        <p className="form-actions">
          {exports.map((e) => (
            <a key={e.href} href={listHref(e.href, query)} className="button secondary">
              {e.label}
            </a>
          ))}
        </p>
      ) : null}
      <ListTable {...table} rows={rows} rowKey={(row) => row.id} />
      <Pagination page={page} pages={pages} capped={capped} href={(p) => listHref(base, query, p)} />
    </>
  );
}
