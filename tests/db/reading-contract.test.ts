import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { books, readingEvents, readingRecords, resultBooks, users } from '~/db/schema';
import { BookStatus, ReadingEvent, ReadMethod } from '~/domain/enums';
import { READING_ERRORS, type ReadingErrorCode } from '~/domain/reading';
import * as bookDayRead from '~/routes/api+/user.activity.bookDayRead.$id';
import * as first from '~/routes/api+/user.activity.bookDayRead.first.$id';
import * as clock from '~/routes/api+/user.book.read.$a.$b';
import * as noPage from '~/routes/api+/user.read.no-page.$a.$b';
import * as readingPage from '~/routes/user+/activity.readingBook.$resultBookId';
import { makeRequest, sessionCookie, xsrfFor } from '../support/auth';
import { useTestDatabase } from '../support/db';

// One input contract per reading action (app/domain/reading-input.ts): the same bad record gets the same code and
// Korean message from the reading page (a plain form post, as without JavaScript) and from every API door, and
// nothing is saved.

useTestDatabase();

let cookie = '';
let uid = 0;
beforeAll(async () => {
  cookie = await sessionCookie('student8');
  uid = (await db().select().from(users).where(eq(users.loginId, 'student8')))[0].id;
});

/** A 50-page book of the student's, in `status`, with one record of pages 10–20 when reading. */
async function book(readMethod: ReadMethod, status: BookStatus) {
  const [b] = await db()
    .insert(books)
    .values({ title: '계약 시험 도서', author: '작가', publisher: '출판사', totalPages: 50, level: 3, genre: 'SCIENCE' })
    .returning();
  const [rb] = await db().insert(resultBooks).values({ userId: uid, bookId: b.id, status, readMethod, startPage: 1 }).returning();
  if (status === BookStatus.ACTIVITY && readMethod !== ReadMethod.NO_PAGE) {
    await db()
      .insert(readingRecords)
      .values({
        resultBookId: rb.id,
        userId: uid,
        startPage: 10,
        endPage: 20,
        minutes: 15,
        readDate: '2026-11-01',
        readMethod,
        readTimeResult: [-1, -1, -1, -1, -1, -1],
        submissionKey: `seed-${rb.id}-record`,
      });
  }
  if (readMethod === ReadMethod.CLOCK)
    await db().insert(readingEvents).values({ resultBookId: rb.id, userId: uid, event: ReadingEvent.READ_START, at: new Date() });
  return rb.id;
}

let keys = 0;
const key = () => `contract-key-${++keys}`;

type Answer = { code: string; message: string };

async function api(
  route: { action: (a: never) => Promise<Response> },
  path: string,
  params: Record<string, string>,
  body: unknown,
): Promise<Answer & { status: number }> {
  const base = makeRequest(path, {
    cookie,
    method: 'POST',
    headers: { 'X-XSRF-TOKEN': xsrfFor(cookie), 'Content-Type': 'application/json' },
  });
  const res = await (route.action as (a: unknown) => Promise<Response>)({
    request: new Request(base, { body: JSON.stringify(body) }),
    params,
    context: {},
  });
  const json = (await res.json()) as Answer;
  return { status: res.status, code: json.code, message: json.message };
}

/** The reading page's action with a form post; the message the page shows (beside a field or above the form). */
async function page(id: number, form: Record<string, string>): Promise<string> {
  const res = await readingPage.action({
    request: makeRequest(`/user/activity/readingBook/${id}`, { cookie, form }),
    params: { resultBookId: String(id) },
    context: {},
  });
  expect(res.status).toBe(400);
  const result = (await res.json()) as { error?: Record<string, string[]> };
  return Object.values(result.error ?? {}).flat()[0];
}

const expected = (code: ReadingErrorCode) => ({ code, message: READING_ERRORS[code] });
const recordsOf = async (id: number) => (await db().select().from(readingRecords).where(eq(readingRecords.resultBookId, id))).length;

describe('one reading contract, every door', () => {
  const cases: { name: string; code: ReadingErrorCode; start: number; end: number }[] = [
    { name: 'an end page beyond the total', code: 'INVALID_READ_TOTAL_OVER', start: 21, end: 51 },
    { name: 'a start page before the previous start', code: 'INVALID_READ_START_OVER', start: 5, end: 25 },
    { name: 'start page 0', code: 'INVALID_READ_PAGE', start: 0, end: 25 },
    { name: 'an end page before the start page', code: 'INVALID_READ_RANGE', start: 30, end: 25 },
  ];

  for (const c of cases) {
    it(`a record with ${c.name}: ${c.code} from the page, bookDayRead and book/read (CLOCK)`, async () => {
      const free = await book(ReadMethod.FREE, BookStatus.ACTIVITY);
      const form = { intent: 'record', submissionKey: key(), startPage: String(c.start), endPage: String(c.end), minutes: '10' };
      expect(await page(free, form)).toBe(READING_ERRORS[c.code]);
      const dayRead = await api(
        bookDayRead,
        `/api/user/activity/bookDayRead/${free}`,
        { id: String(free) },
        {
          list: [{ start: c.start, end: c.end, time: 10 }],
          isChange: false,
          submissionKey: key(),
        },
      );
      expect(dayRead).toMatchObject(expected(c.code));
      expect(await recordsOf(free)).toBe(1);

      const clocked = await book(ReadMethod.CLOCK, BookStatus.ACTIVITY);
      const end = await api(
        clock,
        `/api/user/book/read/${clocked}/20`,
        { a: String(clocked), b: '20' },
        { start: c.start, end: c.end, submissionKey: key() },
      );
      expect(end).toMatchObject(expected(c.code));
      expect(await recordsOf(clocked)).toBe(1);
    });
  }

  it('the edit of the last record: an end below its start page or beyond the total, from the page and bookDayRead', async () => {
    const free = await book(ReadMethod.FREE, BookStatus.ACTIVITY);
    for (const [end, code] of [
      [5, 'INVALID_READ_START_OVER'],
      [51, 'INVALID_READ_TOTAL_OVER'],
      [0, 'INVALID_READ_PAGE'],
    ] as const) {
      expect(await page(free, { intent: 'edit', endPage: String(end) })).toBe(READING_ERRORS[code]);
      const api1 = await api(
        bookDayRead,
        `/api/user/activity/bookDayRead/${free}`,
        { id: String(free) },
        { list: [{ end }], isChange: true },
      );
      expect(api1).toMatchObject(expected(code));
    }
    const [record] = await db().select().from(readingRecords).where(eq(readingRecords.resultBookId, free));
    expect(record.endPage).toBe(20);
  });

  it('the first record: start page 0 or beyond the total, from the page and bookDayRead/first', async () => {
    const ready = await book(ReadMethod.FREE, BookStatus.PRE_ACTIVITY_COMPLETE);
    for (const [start, code] of [
      [0, 'INVALID_READ_PAGE'],
      [51, 'INVALID_READ_TOTAL_OVER'],
    ] as const) {
      expect(await page(ready, { intent: 'start', startPage: String(start) })).toBe(READING_ERRORS[code]);
      const api1 = await api(first, `/api/user/activity/bookDayRead/first/${ready}`, { id: String(ready) }, { startPage: start });
      expect(api1).toMatchObject(expected(code));
    }
    expect((await db().select().from(resultBooks).where(eq(resultBooks.id, ready)))[0].status).toBe(BookStatus.PRE_ACTIVITY_COMPLETE);
  });

  it('a book without pages: section 0, beyond the total, or 700 minutes, from the page and read/no-page', async () => {
    const sections = await book(ReadMethod.NO_PAGE, BookStatus.ACTIVITY);
    for (const [index, minutes, code] of [
      [0, 10, 'INVALID_READ_PAGE'],
      [51, 10, 'INVALID_READ_TOTAL_OVER'],
      [3, 700, 'INVALID_READ_TIME'],
    ] as const) {
      const k = key();
      expect(await page(sections, { intent: 'nopage', submissionKey: k, index: String(index), minutes: String(minutes) })).toBe(
        READING_ERRORS[code],
      );
      const api1 = await api(
        noPage,
        `/api/user/read/no-page/${sections}/${key()}`,
        { a: String(sections), b: key() },
        { index, time: minutes },
      );
      expect(api1).toMatchObject(expected(code));
    }
  });
});
