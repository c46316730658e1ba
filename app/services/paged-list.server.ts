import { and, ilike, or, sql, type Column, type SQLWrapper } from 'drizzle-orm';
import { db, executeRows } from '~/db/client.server';

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

/**
 * What lets an index find a search of one or two letters, which has no trigram: the letters among the grams of
 * `columns` (readin_grams, drizzle/0022), the expression of a GIN index over the same columns in the same order
 * (users: name, login id, phone, email; organisations: name, code). A condition beside searchIn's, which confirms each
 * row; undefined for no search or a longer one (the trigram indexes serve those).
 */
export const shortSearch = (search: string | undefined, ...columns: Column[]) =>
  search && [...search].length <= 2
    ? sql`(${sql.join(
        columns.map((column) => sql`readin_grams(${column})`),
        sql` || `,
      )}) @> array[lower(${search})]::text[]`
    : undefined;

/**
 * A search box's condition over columns that have a grams index in this order (users: name, login id, phone, email;
 * organisations: name, code; books: title, author): searchIn, and for one or two letters shortSearch beside it.
 */
export const indexedSearch = (search: string | undefined, ...columns: Column[]) =>
  search ? and(searchIn(search, ...columns), shortSearch(search, ...columns)) : undefined;

/** A list's query before its page is cut out of it (a drizzle select, ordered, without `limit` and `offset`). */
type Pageable<Row> = SQLWrapper & { limit(limit: number): { offset(offset: number): PromiseLike<Row[]> } };

/**
 * Above this many rows (as the planner estimates them) a list's length is the estimate, shown as such ('약 12만 명'),
 * and not counted: counting every row of a country's list would read all of it (docs/decisions/042).
 */
export const ESTIMATE_ABOVE = 10_000;
/** The last page a list shows: a page further on would skip more rows than a page should read. Filters narrow it. */
export const MAX_PAGES = 500;

/** The planner's estimate of the rows of a query (EXPLAIN, nothing read), or null where it gives none. */
export async function estimatedRows(query: SQLWrapper): Promise<number | null> {
  const [row] = await executeRows<{ 'QUERY PLAN': unknown }>(db(), sql`explain (format json) ${query}`);
  const raw = row?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  const rows = plan?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? Math.round(rows) : null;
}

/**
 * One page of a list and the list's length: `rows` cut to the page, `counted` the count of every row of the list
 * (`{ total: count() }` under the same conditions). Pages stop at MAX_PAGES (`capped` when there would be more).
 *
 * `estimate`: for a list whose table grows with the country (every user, payment, message, audit row, waiting note):
 * the planner's estimate is asked alongside the page (one more query, not one more wait), and above ESTIMATE_ABOVE it
 * is the length (`estimated`) and nothing is counted; at or below it the rows are counted. A list bounded by one
 * academy or one member (a roster, a student's books) is counted at once: its count is cheaper than the planning the
 * estimate costs (docs/decisions/046, figures in docs/perf/scale-plans.md).
 *
 * `pageRows`: how the page is read when cutting `rows` itself costs more than the page (its joins or subqueries are
 * made for every row an offset skips): a page of keys first, then the rows of those keys, in the same order.
 */
export async function onePage<Row>(
  page: number,
  size: number,
  rows: Pageable<Row>,
  counted: PromiseLike<{ total: number }[]>,
  options: { estimate?: boolean; pageRows?: (limit: number, offset: number) => PromiseLike<Row[]> } = {},
) {
  const safePage = Math.min(pageNumber(page), MAX_PAGES);
  // The list's SQL before `limit` and `offset` are set on the builder (they change it in place).
  const whole = options.estimate ? sql`${rows.getSQL()}` : null;
  const offset = (safePage - 1) * size;
  const cut = options.pageRows ? options.pageRows(size, offset) : rows.limit(size).offset(offset);
  let list: Row[];
  let total: number;
  let estimated = false;
  if (whole) {
    const [pageRows, estimate] = await Promise.all([cut, estimatedRows(whole)]);
    list = pageRows;
    estimated = estimate !== null && estimate > ESTIMATE_ABOVE;
    total = estimated ? estimate! : Number((await counted)[0].total);
  } else {
    const [pageRows, [row]] = await Promise.all([cut, counted]);
    list = pageRows;
    total = Number(row.total);
  }
  const pages = pageCount(total, size);
  return { rows: list, total, estimated, capped: pages > MAX_PAGES, page: safePage, pages: Math.min(pages, MAX_PAGES) };
}
