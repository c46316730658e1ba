import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { readingRecords, resultBooks } from '~/db/schema';
import { BookStatus, ReadMethod } from '~/domain/enums';
import { setClock } from '~/lib/clock.server';
import * as activity from '~/routes/api+/user.activity._index';
import * as bookDayRead from '~/routes/api+/user.activity.bookDayRead.$id';
import * as first from '~/routes/api+/user.activity.bookDayRead.first.$id';
import * as pre from '~/routes/api+/user.activity.preBookActivityComplete.$id';
import * as sessionComplete from '~/routes/api+/user.activity.sessionComplete.$id';
import * as setReadBook from '~/routes/api+/user.activity.setReadBook.$id';
import * as clock from '~/routes/api+/user.book.read.$a.$b';
import * as noPage from '~/routes/api+/user.read.no-page.$a.$b';
import * as readTime from '~/routes/api+/user.read.no-page.read-time.$id';
import * as total from '~/routes/api+/bookCommon.readPageTotal.detail.$id';
import * as bookResult from '~/routes/api+/user.activity.bookResult.$id';
import { makeRequest, xsrfFor } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { assignBook, cookieFor, createStudent, type Member } from '../support/factories';

useTestDatabase();
afterEach(() => setClock(undefined));

let cookie = '';
let student: Member;
beforeAll(async () => {
  student = await createStudent();
  cookie = await cookieFor(student);
});

/** A new book of the student's, in the given status and read method, with `pages` pages. */
const assign = async (readMethod: ReadMethod, status: BookStatus, pages = 50) =>
  (await assignBook({ student, readMethod, status, pages })).id;

type Route = { loader?: (a: never) => Promise<Response> | Response; action?: (a: never) => Promise<Response> | Response };
async function call(route: Route, kind: 'loader' | 'action', path: string, params: Record<string, string>, body?: unknown) {
  const headers: Record<string, string> = { 'X-XSRF-TOKEN': xsrfFor(cookie) };
  let init: RequestInit = {};
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init = { body: JSON.stringify(body) };
  }
  const base = makeRequest(path, { cookie, method: kind === 'loader' ? 'GET' : 'POST', headers });
  const request = new Request(base, init);
  const response = await (route[kind] as (a: unknown) => Promise<Response>)({ request, params, context: {} });
  return { status: response.status, json: (await response.json()) as { data?: any; code?: string; message?: string } };
}

const statusOf = async (id: number) => (await db().select().from(resultBooks).where(eq(resultBooks.id, id)))[0].status;

describe('reading API (spec §7)', () => {
  it('GET user/activity answers readMethod, recommend, currentBookId and resultList', async () => {
    const res = await call(activity, 'loader', '/api/user/activity', {});
    expect(res.status).toBe(200);
    expect(Object.keys(res.json.data)).toEqual(expect.arrayContaining(['readMethod', 'recommend', 'currentBookId', 'resultList']));
  });

  it('walks a book through before reading, the first record and records to DIAGNOSIS with the spec’s codes', async () => {
    const id = await assign(ReadMethod.FREE, BookStatus.WAITING);
    const p = { id: String(id) };
    expect((await call(pre, 'action', `/api/x/${id}`, p, { prediction: '예측해요', whatIKnow: '알아요' })).status).toBe(200);
    expect(await statusOf(id)).toBe(BookStatus.PRE_ACTIVITY_COMPLETE);
    expect((await call(first, 'action', `/api/x/${id}`, p, { resultReadItemId: id, startPage: 1 })).json.data.status).toBe(
      BookStatus.ACTIVITY,
    );

    const over = await call(bookDayRead, 'action', `/api/x/${id}`, p, {
      list: [{ start: 1, end: 51, time: 10 }],
      isChange: false,
      submissionKey: 'api-key-over',
    });
    expect(over).toEqual({ status: 400, json: { code: 'INVALID_READ_TOTAL_OVER', message: '현재 도서의 총 페이지보다 클 수 없습니다.' } });
    const ok = await call(bookDayRead, 'action', `/api/x/${id}`, p, {
      list: [{ start: 1, end: 20, time: 10, isRepeat: false, weak: true }],
      isChange: false,
      submissionKey: 'api-key-0001',
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data.record).toMatchObject({ startPage: 1, endPage: 20, minutes: 10, weak: true });
    const again = await call(bookDayRead, 'action', `/api/x/${id}`, p, [{ start: 1, end: 20, time: 10, submissionKey: 'api-key-0001' }]);
    expect(again.json.data.duplicate).toBe(true);
    await call(bookDayRead, 'action', `/api/x/${id}`, p, { list: [{ start: 21, end: 30, time: 10 }], submissionKey: 'api-key-0002' });
    const below = await call(bookDayRead, 'action', `/api/x/${id}`, p, { list: [{ end: 15 }], isChange: true });
    expect(below).toEqual({
      status: 400,
      json: { code: 'INVALID_READ_START_OVER', message: '이전 읽기의 시작 페이지보다 작을 수 없습니다.' },
    });
    // GET sessionComplete and GET setReadBook change nothing.
    expect((await call(sessionComplete, 'loader', `/api/x/${id}`, p)).json.data.complete).toBe(false);
    expect((await call(setReadBook, 'loader', `/api/x/${id}`, p)).json.data.isCurrent).toBe(true);
    expect(await statusOf(id)).toBe(BookStatus.ACTIVITY);
    const done = await call(bookDayRead, 'action', `/api/x/${id}`, p, { list: [{ end: 50 }], isChange: true });
    expect(done.json.data.status).toBe(BookStatus.DIAGNOSIS);
    expect((await call(sessionComplete, 'loader', `/api/x/${id}`, p)).json.data.complete).toBe(true);
    expect((await call(bookResult, 'loader', `/api/x/${id}`, p)).json.data).toEqual({
      resultBookId: id,
      bookId: expect.any(Number),
      status: 30,
      readMethod: 1,
    });
    const failed = await call(bookDayRead, 'action', `/api/x/${id}`, p, {
      list: [{ start: 1, end: 2, time: 1 }],
      submissionKey: 'api-key-0003',
    });
    expect(failed.json).toEqual({ code: 'READ_SAVE_FAILED', message: '독서활동 저장에 실패하였습니다.' });
  });

  it('answers READ_METHOD_NOT_FOUND for a book without a read method', async () => {
    const id = await assign(ReadMethod.NONE, BookStatus.PRE_ACTIVITY_COMPLETE);
    const res = await call(first, 'action', `/api/x/${id}`, { id: String(id) }, { startPage: 1 });
    expect(res).toEqual({ status: 400, json: { code: 'READ_METHOD_NOT_FOUND', message: '독서활동을 설정해 주세요.' } });
  });

  it('times a CLOCK book on the server through user/book/read/{id}/{event}', async () => {
    let t = Date.parse('2026-04-01T00:00:00Z');
    setClock(() => t);
    const id = await assign(ReadMethod.CLOCK, BookStatus.ACTIVITY);
    const p = { a: String(id), b: '10' };
    expect((await call(clock, 'action', `/api/x`, p)).json.data.running).toBe(true);
    t += 17 * 60_000;
    const end = await call(
      clock,
      'action',
      `/api/x`,
      { a: String(id), b: '20' },
      { start: 1, end: 12, time: 90, submissionKey: 'api-clock-01' },
    );
    expect(end.json.data.record.minutes).toBe(17);
    const [row] = await db()
      .select()
      .from(readingRecords)
      .where(and(eq(readingRecords.resultBookId, id)));
    expect(row.minutes).toBe(17);
  });

  it('records NO_PAGE progress with index and time', async () => {
    const id = await assign(ReadMethod.NO_PAGE, BookStatus.ACTIVITY, 10);
    const res = await call(noPage, 'action', `/api/x`, { a: String(id), b: 'np-key-000001' }, { index: 4, time: 12 });
    expect(res.json.data.progress).toMatchObject({ sectionIndex: 4, minutes: 12 });
    const rt = await call(readTime, 'loader', `/api/x`, { id: String(id) });
    expect(rt.json.data).toMatchObject({ minutes: 12, lastIndex: 4, totalSections: 10 });
    const tot = await call(total, 'loader', `/api/x`, { id: String(id) });
    expect(tot.json.data).toMatchObject({ percent: 40, complete: false });
  });

  it('refuses a mutating call without the XSRF header and another student’s book', async () => {
    const id = await assign(ReadMethod.FREE, BookStatus.ACTIVITY);
    const request = makeRequest(`/api/x/${id}`, { cookie, method: 'POST' });
    const res = await (setReadBook.action as (a: unknown) => Promise<Response>)({ request, params: { id: String(id) }, context: {} });
    expect(res.status).toBe(403);
    const other = await cookieFor(await createStudent());
    const r2 = await (sessionComplete.loader as (a: unknown) => Promise<Response>)({
      request: makeRequest('/api/x', { cookie: other }),
      params: { id: String(id) },
      context: {},
    });
    expect(r2.status).toBe(404);
    expect(await r2.json()).toEqual({ code: 'BOOK_NOT_FOUND', message: '요청하신 도서를 찾을 수 없습니다.' });
  });
});
