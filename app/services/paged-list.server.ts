import { ilike, or, type Column } from 'drizzle-orm';

// A list shown a page at a time (the consoles' searches, the histories): the page asked for, how many pages there
// are, the pattern of a search box, and one page read together with the list's length.

/** The page asked for as a whole number from 1 (a missing or nonsense page is the first). */
export const pageNumber = (page: number) => Math.max(1, Math.floor(page) || 1);

/** How many pages `total` rows make at `size` a page: at least one, so an empty list still has its page. */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** The ILIKE pattern of a text containing `search` (its `%`, `_` and `\` taken as themselves). */
const containing = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A search box's condition: any of `columns` contains `search`, whatever the case; none (undefined) for no search. */
export const searchIn = (search: string | undefined, ...columns: Column[]) =>
  search ? or(...columns.map((column) => ilike(column, containing(search)))) : undefined;

/** A list's query before its page is cut out of it (a drizzle select, ordered, without `limit` and `offset`). */
type Pageable<Row> = { limit(limit: number): { offset(offset: number): PromiseLike<Row[]> } };

/**
 * One page of a list and the list's length, read at the same time: `rows` cut to the page, `counted` the count of
 * every row of the list (`{ total: count() }` under the same conditions). Two queries whatever the page.
 */
export async function onePage<Row>(page: number, size: number, rows: Pageable<Row>, counted: PromiseLike<{ total: number }[]>) {
  const safePage = pageNumber(page);
  const [list, [{ total }]] = await Promise.all([rows.limit(size).offset((safePage - 1) * size), counted]);
  return { rows: list, total: Number(total), page: safePage, pages: pageCount(Number(total), size) };
}
