import { DEFAULT_LEVEL, recommendationQuery } from '~/services/library.server';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { db } from '~/db/client.server';
import { preparedQuery } from '~/db/prepared.server';
import { books, noPageProgress, readingRecords, resultBooks } from '~/db/schema';
import { EMPTY_READ_TIME_RESULT, VISIBLE_STATUSES } from '~/domain/reading';
import { BookStatus, ReadMethod } from '~/domain/enums';
import { qualified } from '~/db/sql-helpers.server';
import { z } from 'zod';
import { bookStatus, isoDate, readMethod } from '~/domain/api-schemas.server';
import {
  ClockState,
  bookRowFields,
  clockAnswer,
  clockOf,
  getReadingBook,
  progressAnswer,
  readingBookAnswer,
  withProgress,
} from './books.server';
import { noPageProgressAnswer, readingRecordAnswer } from './records.server';
import { pageCount } from '../paged-list.server';

// What the student's pages show of their reading: the activity overview (spec "user activity response"), the
// paginated book lists, the reading page, and a book's indicators beside the average of its readers.

export const RECENT_RECORDS = 8;

export const RECOMMEND_COUNT = 4;

export type RecentRecord = {
  resultBookId: number;
  title: string;
  readDate: string;
  startPage: number | null;
  endPage: number | null;
  sectionIndex: number | null;
  minutes: number;
  readMethod: ReadMethod;
  /** The record's id (of reading_records, or of no_page_progress for a book without pages) and when it was saved. */
  id: number;
  createdAt: Date;
};

// The activity page's two built queries are prepared once (app/db/prepared.server.ts): it is the page a student opens
// most, and building their SQL cost more of the server's time than running them.
const overviewBooksQuery = preparedQuery((executor) =>
  executor
    .select(bookRowFields)
    .from(resultBooks)
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .where(and(eq(resultBooks.userId, sql.placeholder('userId')), ne(resultBooks.status, BookStatus.EXCLUDE)))
    .orderBy(desc(resultBooks.assignedAt), desc(resultBooks.id))
    .prepare('activity_books'),
);

const overviewRecommendQuery = preparedQuery((executor) => {
  const userId = sql.placeholder('userId');
  const level = sql`coalesce((select u.level from users u where u.id = ${userId}), ${DEFAULT_LEVEL})`;
  return recommendationQuery(executor, userId, level, RECOMMEND_COUNT, 0).prepare('activity_recommend');
});

/** The activity page in three queries whatever the number of books and records. */
export async function getActivityOverview(userId: number, executor: Executor = db()) {
  const rows = await overviewBooksQuery(executor).execute({ userId });

  const recent = (await executor.execute(sql`
      select * from (
        (select rr.result_book_id as "resultBookId", b.title, rr.read_date::text as "readDate", rr.start_page as "startPage",
                rr.end_page as "endPage", null::smallint as "sectionIndex", rr.minutes, rr.read_method as "readMethod",
                rr.created_at as "createdAt", rr.id
           from reading_records rr join result_books rb on rb.id = rr.result_book_id join books b on b.id = rb.book_id
          where rr.user_id = ${userId} and rb.status <> ${BookStatus.EXCLUDE}
          order by rr.read_date desc, rr.id desc limit ${RECENT_RECORDS})
        union all
        (select np.result_book_id, b.title, np.read_date::text, null, null, np.section_index, np.minutes, ${ReadMethod.NO_PAGE}::smallint,
                np.created_at, np.id
           from no_page_progress np join result_books rb on rb.id = np.result_book_id join books b on b.id = rb.book_id
          where np.user_id = ${userId} and rb.status <> ${BookStatus.EXCLUDE}
          order by np.read_date desc, np.id desc limit ${RECENT_RECORDS})
      ) t order by "readDate" desc, "createdAt" desc, id desc limit ${RECENT_RECORDS}`)) as unknown as
    { rows?: RecentRecord[] } | RecentRecord[];
  const recentRecords = (Array.isArray(recent) ? recent : (recent.rows ?? [])).map((r) => ({
    ...r,
    minutes: Number(r.minutes),
    readMethod: Number(r.readMethod) as ReadMethod,
  }));

  const recommend = (await overviewRecommendQuery(executor).execute({ userId })).map((b) => ({
    bookId: b.id,
    title: b.title,
    author: b.author,
    level: b.level,
    genre: b.genre,
    coverColor: b.coverColor,
  }));

  const resultList = rows.map(withProgress);
  const current = resultList.find((b) => b.isCurrent && b.status === BookStatus.ACTIVITY) ?? null;
  return {
    readMethod: current?.readMethod ?? ReadMethod.NONE,
    currentBookId: current?.bookId ?? null,
    currentResultBookId: current?.resultBookId ?? null,
    resultList,
    recommend,
    recentRecords,
  };
}

export type ActivityOverview = Awaited<ReturnType<typeof getActivityOverview>>;

/** The JSON API's shape of `getActivityOverview` (spec "user activity response"). */
export const activityOverviewAnswer = z.object({
  readMethod,
  currentBookId: z.number().int().nullable(),
  currentResultBookId: z.number().int().nullable(),
  resultList: z.array(readingBookAnswer),
  recommend: z.array(
    z.object({
      bookId: z.number().int(),
      title: z.string(),
      author: z.string(),
      level: z.number(),
      genre: z.string(),
      coverColor: z.string(),
    }),
  ),
  recentRecords: z.array(
    z.object({
      resultBookId: z.number().int(),
      title: z.string(),
      readDate: z.string().date(),
      startPage: z.number().int().nullable(),
      endPage: z.number().int().nullable(),
      sectionIndex: z.number().int().nullable(),
      minutes: z.number().int(),
      readMethod,
      id: z.number().int(),
      createdAt: isoDate,
    }),
  ),
}) satisfies z.ZodType<ActivityOverview, z.ZodTypeDef, unknown>;

/** The student's books in the given statuses, newest first, a page at a time (one query). */
export async function listBooks(userId: number, statuses: BookStatus[], page = 1, pageSize = 10, executor: Executor = db()) {
  const safeStatuses = statuses.filter((s) => VISIBLE_STATUSES.includes(s));
  const rows = await executor
    .select({
      ...bookRowFields,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      hasBefore: sql<boolean>`exists (select 1 from before_reading_answers a where a.result_book_id = ${qualified(resultBooks.id)})`,
    })
    .from(resultBooks)
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .where(and(eq(resultBooks.userId, userId), inArray(resultBooks.status, safeStatuses)))
    .orderBy(desc(resultBooks.statusChangedAt), desc(resultBooks.id))
    .limit(pageSize)
    .offset((Math.max(1, page) - 1) * pageSize);
  const total = rows[0]?.total ?? 0;
  return {
    items: rows.map(({ total: _t, hasBefore, ...row }) => ({ ...withProgress(row), hasBefore: Boolean(hasBefore) })),
    total,
    page,
    pages: pageCount(total, pageSize),
  };
}

export async function getClockState(userId: number, resultBookId: number): Promise<ClockState> {
  await getReadingBook(userId, resultBookId);
  const clock = await clockOf(db(), resultBookId);
  return { running: clock.running, startedAt: clock.startedAt?.toISOString() ?? null };
}

export const PAGE_RECORDS = 30;

/** Everything the reading page shows: the book and its progress, its records, the clock, the before answer. */
export async function getReadingPage(userId: number, resultBookId: number, executor: Executor = db()) {
  const book = await getReadingBook(userId, resultBookId, executor);
  const records = await executor
    .select()
    .from(readingRecords)
    .where(eq(readingRecords.resultBookId, resultBookId))
    .orderBy(desc(readingRecords.id))
    .limit(PAGE_RECORDS);
  const noPage =
    book.readMethod === ReadMethod.NO_PAGE
      ? await executor
          .select()
          .from(noPageProgress)
          .where(eq(noPageProgress.resultBookId, resultBookId))
          .orderBy(desc(noPageProgress.id))
          .limit(PAGE_RECORDS)
      : [];
  const clock = book.readMethod === ReadMethod.CLOCK ? await clockOf(executor, resultBookId) : { running: false, startedAt: null };
  return {
    book,
    records,
    noPage,
    clock: { running: clock.running, startedAt: clock.startedAt?.toISOString() ?? null },
    /** Where the next record starts: after the furthest page read, or the start page. */
    nextStartPage: Math.min(book.totalPages, records.length ? book.progress.lastPage + 1 : (book.startPage ?? 1)),
    readTimeResult: records[0]?.readTimeResult ?? EMPTY_READ_TIME_RESULT,
  };
}

export type ReadingPage = Awaited<ReturnType<typeof getReadingPage>>;

/** The JSON API's shape of `getReadingPage`. */
export const readingPageAnswer = z.object({
  book: readingBookAnswer,
  /** The newest 30 records, newest first. */
  records: z.array(readingRecordAnswer),
  noPage: z.array(noPageProgressAnswer),
  clock: clockAnswer,
  nextStartPage: z.number().int(),
  readTimeResult: z.array(z.number().int()),
}) satisfies z.ZodType<ReadingPage, z.ZodTypeDef, unknown>;

export const indicatorAnswer = z.object({
  book: readingBookAnswer,
  mine: z.object({ minutes: z.number(), sessions: z.number(), days: z.number(), lastPage: z.number() }),
  average: z.object({ readers: z.number(), minutes: z.number(), sessions: z.number(), days: z.number() }),
});

export const sessionCompleteAnswer = z.object({
  resultBookId: z.number().int(),
  complete: z.boolean(),
  status: bookStatus,
  progress: progressAnswer,
});

export async function getIndicator(
  userId: number,
  resultBookId: number,
  executor: Executor = db(),
): Promise<z.infer<typeof indicatorAnswer>> {
  const book = await getReadingBook(userId, resultBookId, executor);
  const result = (await executor.execute(sql`
    with per_reader as (
      select rb.id,
             coalesce((select sum(rr.minutes) from reading_records rr where rr.result_book_id = rb.id), 0)
               + coalesce((select sum(np.minutes) from no_page_progress np where np.result_book_id = rb.id), 0) as minutes,
             (select count(*) from reading_records rr where rr.result_book_id = rb.id)
               + (select count(*) from no_page_progress np where np.result_book_id = rb.id) as sessions,
             (select count(distinct d) from (select rr.read_date as d from reading_records rr where rr.result_book_id = rb.id
                union select np.read_date from no_page_progress np where np.result_book_id = rb.id) days) as days
        from result_books rb
       where rb.book_id = ${book.bookId} and rb.status in (${BookStatus.DIAGNOSIS}, ${BookStatus.NOTE}, ${BookStatus.COMPLETE})
    )
    select count(*)::int as readers,
           coalesce(round(avg(minutes)), 0)::int as "avgMinutes",
           coalesce(round(avg(sessions), 1), 0)::float as "avgSessions",
           coalesce(round(avg(days), 1), 0)::float as "avgDays",
           (select count(distinct d) from (select rr.read_date as d from reading_records rr where rr.result_book_id = ${resultBookId}
              union select np.read_date from no_page_progress np where np.result_book_id = ${resultBookId}) days)::int as "myDays",
           (select count(*) from reading_records rr where rr.result_book_id = ${resultBookId})::int
             + (select count(*) from no_page_progress np where np.result_book_id = ${resultBookId})::int as "mySessions"
      from per_reader`)) as unknown as { rows?: Record<string, number>[] } | Record<string, number>[];
  const [row] = Array.isArray(result) ? result : (result.rows ?? []);
  return {
    book,
    mine: {
      minutes: book.progress.minutes,
      sessions: Number(row?.mySessions ?? 0),
      days: Number(row?.myDays ?? 0),
      lastPage: book.progress.lastPage,
    },
    average: {
      readers: Number(row?.readers ?? 0),
      minutes: Number(row?.avgMinutes ?? 0),
      sessions: Number(row?.avgSessions ?? 0),
      days: Number(row?.avgDays ?? 0),
    },
  };
}

/** sessionComplete (GET): whether the book's reading session is complete. Changes nothing. */
export async function getSessionComplete(userId: number, resultBookId: number): Promise<z.infer<typeof sessionCompleteAnswer>> {
  const book = await getReadingBook(userId, resultBookId);
  return {
    resultBookId,
    complete: book.progress.complete || (book.status !== BookStatus.ACTIVITY && book.status >= BookStatus.DIAGNOSIS),
    status: book.status,
    progress: book.progress,
  };
}
