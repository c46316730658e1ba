import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { countQueries } from '~/db/query-count.server';
import { beforeReadingAnswers, books, noPageProgress, readingEvents, readingRecords, resultBooks, users } from '~/db/schema';
import { BookStatus, ReadingEvent, ReadMethod } from '~/domain/enums';
import { progressOf, READING_ERRORS, SESSION_COUNTS } from '~/domain/reading';
import { setClock } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { editLastRecord, resetClock, saveNoPage, saveRecord, startClock, startReading } from '~/services/reading/records.server';
import { getActivityOverview, getIndicator, getReadingPage, getSessionComplete } from '~/services/reading/overview.server';
import { submitBeforeReading } from '~/services/reading/before.server';
import { useTestDatabase } from '../support/db';
import { assignBook, createStudent } from '../support/factories';

useTestDatabase();
afterEach(() => setClock(undefined));

let keyCounter = 0;
const key = () => `test-key-${Date.now()}-${++keyCounter}`;

async function userId(loginId: string) {
  const [u] = await db().select({ id: users.id }).from(users).where(eq(users.loginId, loginId));
  return u.id;
}

async function rb(id: number) {
  return (await db().select().from(resultBooks).where(eq(resultBooks.id, id)))[0];
}
async function recordsOf(id: number) {
  return db().select().from(readingRecords).where(eq(readingRecords.resultBookId, id)).orderBy(readingRecords.id);
}

describe('demo reading data', () => {
  it('fully reads finished books, partly reads current ones, and answers before reading for books past WAITING', async () => {
    const rows = await db()
      .select({ id: resultBooks.id, status: resultBooks.status, readMethod: resultBooks.readMethod, totalPages: books.totalPages })
      .from(resultBooks)
      .innerJoin(books, eq(books.id, resultBooks.bookId));
    const uid = await userId('student');
    const overview = await getActivityOverview(uid);
    const byId = new Map(overview.resultList.map((b) => [b.resultBookId, b]));
    for (const b of overview.resultList) {
      if ([BookStatus.DIAGNOSIS, BookStatus.NOTE, BookStatus.COMPLETE].includes(b.status as 30)) expect(b.progress.complete).toBe(true);
      if (b.status === BookStatus.ACTIVITY) expect(b.progress.complete).toBe(false);
    }
    expect(overview.currentResultBookId).not.toBeNull();
    expect(byId.get(overview.currentResultBookId!)!.progress.lastPage).toBeGreaterThan(0);
    // Every record stays within its book's pages.
    const all = await db().select().from(readingRecords);
    const pages = new Map(rows.map((r) => [r.id, r.totalPages]));
    expect(all.length).toBeGreaterThan(40);
    for (const r of all) {
      expect(r.endPage).toBeLessThanOrEqual(pages.get(r.resultBookId)!);
      expect(r.startPage).toBeLessThanOrEqual(r.endPage);
      expect(r.readTimeResult).toHaveLength(6);
    }
    const months = new Set(all.map((r) => r.readDate.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(3);
    const answered = await db().select({ id: beforeReadingAnswers.resultBookId }).from(beforeReadingAnswers);
    const answeredIds = new Set(answered.map((a) => a.id));
    for (const r of rows) {
      if (r.status !== BookStatus.WAITING && r.status !== BookStatus.EXCLUDE) expect(answeredIds.has(r.id)).toBe(true);
      if (r.status === BookStatus.WAITING) expect(answeredIds.has(r.id)).toBe(false);
    }
  });
});

describe('before reading and the first record', () => {
  it('moves WAITING → PRE_ACTIVITY_COMPLETE once, then the first record → ACTIVITY and makes the book current', async () => {
    const { userId: uid, id, student } = await assignBook({ readMethod: ReadMethod.FREE, status: BookStatus.WAITING });
    await expect(startReading(uid, id, { startPage: 1 })).toBeDomainError(
      'BEFORE_READING_REQUIRED',
      READING_ERRORS.BEFORE_READING_REQUIRED,
    );
    const first = await submitBeforeReading(uid, id, { prediction: '모험 이야기', whatIKnow: '작가를 알아요' });
    expect(first.duplicate).toBe(false);
    expect((await rb(id)).status).toBe(BookStatus.PRE_ACTIVITY_COMPLETE);
    const again = await submitBeforeReading(uid, id, { prediction: '다른 답', whatIKnow: '다른 답' });
    expect(again.duplicate).toBe(true);
    expect(again.answer.prediction).toBe('모험 이야기');

    const other = await assignBook({ student, readMethod: ReadMethod.FREE, status: BookStatus.PRE_ACTIVITY_COMPLETE });
    await startReading(uid, other.id, { startPage: 1 });
    expect((await rb(other.id)).isCurrent).toBe(true);

    await expect(startReading(uid, id, { startPage: 101 })).toBeDomainError(
      'INVALID_READ_TOTAL_OVER',
      '현재 도서의 총 페이지보다 클 수 없습니다.',
    );
    const started = await startReading(uid, id, { startPage: 5 });
    expect(started.status).toBe(BookStatus.ACTIVITY);
    const after = await rb(id);
    expect(after.status).toBe(BookStatus.ACTIVITY);
    expect(after.startPage).toBe(5);
    expect(after.isCurrent).toBe(true);
    // The other book stays in ACTIVITY but is no longer current.
    expect((await rb(other.id)).isCurrent).toBe(false);
    expect((await rb(other.id)).status).toBe(BookStatus.ACTIVITY);
    const repeat = await startReading(uid, id, { startPage: 9 });
    expect(repeat.duplicate).toBe(true);
    expect((await rb(id)).startPage).toBe(5);
    const page = await getReadingPage(uid, id);
    expect(page.nextStartPage).toBe(5);
  });

  it('refuses a book whose read method is not set: 독서활동을 설정해 주세요.', async () => {
    const { userId: uid, id, student } = await assignBook({ readMethod: ReadMethod.NONE, status: BookStatus.PRE_ACTIVITY_COMPLETE });
    await expect(startReading(uid, id, { startPage: 1 })).toBeDomainError('READ_METHOD_NOT_FOUND', '독서활동을 설정해 주세요.');
    await db().update(resultBooks).set({ status: BookStatus.ACTIVITY }).where(eq(resultBooks.id, id));
    await expect(saveRecord(uid, id, { startPage: 1, endPage: 5, minutes: 10, submissionKey: key() })).toBeDomainError(
      'READ_METHOD_NOT_FOUND',
      '독서활동을 설정해 주세요.',
    );
    // The reserved value, as data brought from the previous system may hold it (no form can assign it).
    const reserved = await assignBook({ student, status: BookStatus.ACTIVITY });
    await db().update(resultBooks).set({ readMethod: ReadMethod.ReadMethod }).where(eq(resultBooks.id, reserved.id));
    await expect(saveRecord(uid, reserved.id, { startPage: 1, endPage: 5, minutes: 10, submissionKey: key() })).toBeDomainError(
      'READ_METHOD_NOT_FOUND',
      '독서활동을 설정해 주세요.',
    );
    expect(await recordsOf(id)).toHaveLength(0);
  });

  it('never lets another student touch a book', async () => {
    const { id } = await assignBook({ readMethod: ReadMethod.FREE, status: BookStatus.ACTIVITY });
    const other = (await createStudent()).id;
    await expect(saveRecord(other, id, { startPage: 1, endPage: 2, minutes: 5, submissionKey: key() })).toBeDomainError(
      'BOOK_NOT_FOUND',
      READING_ERRORS.BOOK_NOT_FOUND,
    );
  });
});

describe('FREE reading and the rules of spec §5', () => {
  it('saves records, refuses pages beyond the total and starts before the previous start, and completes at the last page', async () => {
    const { userId: uid, id } = await assignBook({ readMethod: ReadMethod.FREE, status: BookStatus.PRE_ACTIVITY_COMPLETE });
    await startReading(uid, id, { startPage: 1 });
    const r1 = await saveRecord(uid, id, { startPage: 1, endPage: 30, minutes: 20, isRepeat: false, weak: true, submissionKey: key() });
    expect(r1.record).toMatchObject({ startPage: 1, endPage: 30, minutes: 20, weak: true, readMethod: ReadMethod.FREE });
    expect(r1.record.readTimeResult).toEqual([-1, -1, -1, -1, -1, -1]);
    expect(r1.sessionComplete).toBe(false);
    await expect(saveRecord(uid, id, { startPage: 31, endPage: 101, minutes: 20, submissionKey: key() })).toBeDomainError(
      'INVALID_READ_TOTAL_OVER',
      '현재 도서의 총 페이지보다 클 수 없습니다.',
    );
    const r2 = await saveRecord(uid, id, { startPage: 31, endPage: 60, minutes: 20, submissionKey: key() });
    await expect(saveRecord(uid, id, { startPage: 20, endPage: 70, minutes: 20, submissionKey: key() })).toBeDomainError(
      'INVALID_READ_START_OVER',
      '이전 읽기의 시작 페이지보다 작을 수 없습니다.',
    );
    await expect(saveRecord(uid, id, { startPage: 70, endPage: 65, minutes: 20, submissionKey: key() })).toBeDomainError(
      'INVALID_READ_RANGE',
      READING_ERRORS.INVALID_READ_RANGE,
    );
    await expect(saveRecord(uid, id, { startPage: 61, endPage: 65, minutes: 0, submissionKey: key() })).toBeDomainError(
      'INVALID_READ_TIME',
      READING_ERRORS.INVALID_READ_TIME,
    );
    await expect(
      saveRecord(uid, id, { startPage: 61, endPage: 65, minutes: 5, readDate: '2999-01-01', submissionKey: key() }),
    ).toBeDomainError('INVALID_READ_DATE', READING_ERRORS.INVALID_READ_DATE);
    // Re-reading may start earlier.
    const repeat = await saveRecord(uid, id, { startPage: 20, endPage: 40, minutes: 10, isRepeat: true, submissionKey: key() });
    expect(repeat.record.isRepeat).toBe(true);
    expect(await recordsOf(id)).toHaveLength(3);
    expect(r2.status).toBe(BookStatus.ACTIVITY);
    const last = await saveRecord(uid, id, { startPage: 41, endPage: 100, minutes: 40, submissionKey: key() });
    expect(last.sessionComplete).toBe(true);
    expect(last.status).toBe(BookStatus.DIAGNOSIS);
    const after = await rb(id);
    expect(after.status).toBe(BookStatus.DIAGNOSIS);
    expect(after.isCurrent).toBe(false);
    expect((await getSessionComplete(uid, id)).complete).toBe(true);
    // Other failures: '독서활동 저장에 실패하였습니다.'
    await expect(saveRecord(uid, id, { startPage: 1, endPage: 2, minutes: 5, submissionKey: key() })).toBeDomainError(
      'READ_SAVE_FAILED',
      '독서활동 저장에 실패하였습니다.',
    );
    await expect(editLastRecord(uid, id, { endPage: 99 })).toBeDomainError('READ_SAVE_FAILED', '독서활동 저장에 실패하였습니다.');
    expect((await rb(id)).status).toBe(BookStatus.DIAGNOSIS);
  });

  it('edits the last record’s end page exactly as spec §5 says', async () => {
    const { userId: uid, id } = await assignBook({ readMethod: ReadMethod.FREE, status: BookStatus.PRE_ACTIVITY_COMPLETE });
    await startReading(uid, id, { startPage: 1 });
    await saveRecord(uid, id, { startPage: 1, endPage: 20, minutes: 10, submissionKey: key() });
    await saveRecord(uid, id, { startPage: 21, endPage: 40, minutes: 10, submissionKey: key() });
    await expect(editLastRecord(uid, id, { endPage: 20 })).toBeDomainError(
      'INVALID_READ_START_OVER',
      '이전 읽기의 시작 페이지보다 작을 수 없습니다.',
    );
    await expect(editLastRecord(uid, id, { endPage: 101 })).toBeDomainError(
      'INVALID_READ_TOTAL_OVER',
      '현재 도서의 총 페이지보다 클 수 없습니다.',
    );
    expect((await recordsOf(id)).map((r) => r.endPage)).toEqual([20, 40]);
    const edited = await editLastRecord(uid, id, { endPage: 21 });
    expect(edited.record.endPage).toBe(21);
    expect((await recordsOf(id)).map((r) => r.endPage)).toEqual([20, 21]);
    const done = await editLastRecord(uid, id, { endPage: 100 });
    expect(done.status).toBe(BookStatus.DIAGNOSIS);
  });
});

describe('split reading M_3_3 … M_3_6', () => {
  for (const method of [ReadMethod.M_3_3, ReadMethod.M_3_4, ReadMethod.M_3_5, ReadMethod.M_3_6]) {
    it(`method ${method}: ${SESSION_COUNTS[method]} sessions in six readTimeResult slots, then DIAGNOSIS`, async () => {
      const n = SESSION_COUNTS[method]!;
      const { userId: uid, id } = await assignBook({ readMethod: method, status: BookStatus.PRE_ACTIVITY_COMPLETE, pages: 120 });
      await startReading(uid, id, { startPage: 1 });
      const per = Math.ceil(120 / n);
      for (let i = 0; i < n; i++) {
        const saved = await saveRecord(uid, id, {
          startPage: i * per + 1,
          endPage: Math.min(120, (i + 1) * per - 10),
          minutes: 10 + i,
          submissionKey: key(),
        });
        const expected = Array.from({ length: 6 }, (_, s) => (s <= i ? 10 + s : -1));
        expect(saved.record.readTimeResult).toEqual(expected);
        expect(saved.record.sessionIndex).toBe(i + 1);
        expect(saved.status).toBe(i === n - 1 ? BookStatus.DIAGNOSIS : BookStatus.ACTIVITY);
      }
      expect((await rb(id)).status).toBe(BookStatus.DIAGNOSIS);
    });
  }
});

describe('HUNDRED', () => {
  it('completes when the reading time reaches 100 minutes in total', async () => {
    const { userId: uid, id } = await assignBook({ readMethod: ReadMethod.HUNDRED, status: BookStatus.PRE_ACTIVITY_COMPLETE, pages: 300 });
    await startReading(uid, id, { startPage: 1 });
    const a = await saveRecord(uid, id, { startPage: 1, endPage: 20, minutes: 60, submissionKey: key() });
    expect(a.status).toBe(BookStatus.ACTIVITY);
    const b = await saveRecord(uid, id, { startPage: 21, endPage: 40, minutes: 39, submissionKey: key() });
    expect(b.status).toBe(BookStatus.ACTIVITY);
    expect((await getReadingPage(uid, id)).book.progress).toMatchObject({ minutes: 99, label: '99 / 100분', complete: false });
    const c = await saveRecord(uid, id, { startPage: 41, endPage: 42, minutes: 1, submissionKey: key() });
    expect(c.sessionComplete).toBe(true);
    expect(c.status).toBe(BookStatus.DIAGNOSIS);
  });
});

describe('CLOCK', () => {
  it('stores the server’s elapsed time between READ_START and READ_END, whatever the form says; RESET cancels', async () => {
    const t0 = Date.parse('2026-03-10T01:00:00Z');
    let t = t0;
    setClock(() => t);
    const { userId: uid, id } = await assignBook({ readMethod: ReadMethod.CLOCK, status: BookStatus.PRE_ACTIVITY_COMPLETE });
    await startReading(uid, id, { startPage: 1 });
    await expect(saveRecord(uid, id, { startPage: 1, endPage: 10, minutes: 5, submissionKey: key() })).toBeDomainError(
      'CLOCK_NOT_STARTED',
      READING_ERRORS.CLOCK_NOT_STARTED,
    );
    const started = await startClock(uid, id);
    expect(started).toEqual({ running: true, startedAt: new Date(t0).toISOString() });
    t += 5 * 60_000;
    expect((await startClock(uid, id)).startedAt).toBe(new Date(t0).toISOString()); // a second start keeps the first
    t += 20 * 60_000;
    const saved = await saveRecord(uid, id, { startPage: 1, endPage: 30, minutes: 500, submissionKey: key() });
    expect(saved.record.minutes).toBe(25);
    const events = await db().select().from(readingEvents).where(eq(readingEvents.resultBookId, id)).orderBy(readingEvents.id);
    expect(events.map((e) => e.event)).toEqual([ReadingEvent.READ_START, ReadingEvent.READ_END]);
    expect(events[1].at.getTime() - events[0].at.getTime()).toBe(25 * 60_000);

    await startClock(uid, id);
    t += 10 * 60_000;
    expect(await resetClock(uid, id)).toEqual({ running: false, startedAt: null });
    await expect(saveRecord(uid, id, { startPage: 31, endPage: 40, minutes: 10, submissionKey: key() })).toBeDomainError(
      'CLOCK_NOT_STARTED',
      READING_ERRORS.CLOCK_NOT_STARTED,
    );
    expect(await recordsOf(id)).toHaveLength(1);

    await startClock(uid, id);
    t += 12 * 60 * 60_000; // left running overnight
    const capped = await saveRecord(uid, id, { startPage: 31, endPage: 100, minutes: 1, submissionKey: key() });
    expect(capped.record.minutes).toBe(240);
    expect(capped.status).toBe(BookStatus.DIAGNOSIS);
  });

  it('refuses clock events on a book that is not read by the clock', async () => {
    const { userId: uid, id } = await assignBook({ readMethod: ReadMethod.FREE, status: BookStatus.ACTIVITY });
    await expect(startClock(uid, id)).toBeDomainError('READ_SAVE_FAILED', '독서활동 저장에 실패하였습니다.');
  });
});

describe('NO_PAGE', () => {
  it('records the section index and minutes, and completes at the last section', async () => {
    const { userId: uid, id } = await assignBook({ readMethod: ReadMethod.NO_PAGE, status: BookStatus.PRE_ACTIVITY_COMPLETE, pages: 20 });
    await startReading(uid, id, { startPage: 7 });
    expect((await rb(id)).startPage).toBe(1);
    await expect(saveRecord(uid, id, { startPage: 1, endPage: 2, minutes: 5, submissionKey: key() })).toBeDomainError(
      'READ_SAVE_FAILED',
      '독서활동 저장에 실패하였습니다.',
    );
    const a = await saveNoPage(uid, id, { index: 8, minutes: 15, submissionKey: key() });
    expect(a.progress).toMatchObject({ sectionIndex: 8, minutes: 15 });
    await expect(saveNoPage(uid, id, { index: 21, minutes: 15, submissionKey: key() })).toBeDomainError(
      'INVALID_READ_TOTAL_OVER',
      '현재 도서의 총 페이지보다 클 수 없습니다.',
    );
    const k = key();
    const b = await saveNoPage(uid, id, { index: 20, minutes: 10, submissionKey: k });
    expect(b.status).toBe(BookStatus.DIAGNOSIS);
    const again = await saveNoPage(uid, id, { index: 20, minutes: 10, submissionKey: k });
    expect(again.duplicate).toBe(true);
    expect(await db().select().from(noPageProgress).where(eq(noPageProgress.resultBookId, id))).toHaveLength(2);
  });
});

describe('double submits and races', () => {
  it('stores a double-submitted record once (sequential)', async () => {
    const { userId: uid, id } = await assignBook({ readMethod: ReadMethod.FREE, status: BookStatus.ACTIVITY });
    const k = key();
    const a = await saveRecord(uid, id, { startPage: 1, endPage: 10, minutes: 10, submissionKey: k });
    const b = await saveRecord(uid, id, { startPage: 1, endPage: 10, minutes: 10, submissionKey: k });
    expect(b.duplicate).toBe(true);
    expect(b.record.id).toBe(a.record.id);
    expect(await recordsOf(id)).toHaveLength(1);
  });

  it('stores a double-submitted record once (concurrent)', async () => {
    const { userId: uid, id } = await assignBook({ readMethod: ReadMethod.FREE, status: BookStatus.ACTIVITY });
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => saveRecord(uid, id, { startPage: 1, endPage: 10, minutes: 10, submissionKey: k })),
    );
    expect(new Set(results.map((r) => r.record.id)).size).toBe(1);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(await recordsOf(id)).toHaveLength(1);
  });

  it('moves a book exactly once when racing records all reach the goal (no skip, no repeat)', async () => {
    const { userId: uid, id } = await assignBook({ readMethod: ReadMethod.FREE, status: BookStatus.ACTIVITY });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () => saveRecord(uid, id, { startPage: 1, endPage: 100, minutes: 30, submissionKey: key() })),
    );
    const ok = outcomes.filter((o) => o.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect((o.reason as DomainError).code).toBe('READ_SAVE_FAILED');
    expect((await rb(id)).status).toBe(BookStatus.DIAGNOSIS);
    expect(await recordsOf(id)).toHaveLength(1);
  });

  it('racing before-reading submits and first records move one step each, once', async () => {
    const { userId: uid, id } = await assignBook({ readMethod: ReadMethod.FREE, status: BookStatus.WAITING });
    const before = await Promise.all(
      Array.from({ length: 5 }, (_, i) => submitBeforeReading(uid, id, { prediction: `예측 ${i}`, whatIKnow: '알아요' })),
    );
    expect(before.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(await db().select().from(beforeReadingAnswers).where(eq(beforeReadingAnswers.resultBookId, id))).toHaveLength(1);
    const starts = await Promise.all(Array.from({ length: 5 }, () => startReading(uid, id, { startPage: 1 })));
    expect(starts.filter((r) => !r.duplicate)).toHaveLength(1);
    expect((await rb(id)).status).toBe(BookStatus.ACTIVITY);
    const current = await db()
      .select()
      .from(resultBooks)
      .where(and(eq(resultBooks.userId, uid), eq(resultBooks.isCurrent, true)));
    expect(current.map((c) => c.id)).toEqual([id]);
  });

  it('switches the current book once when many first records of one student race (meaningful on PostgreSQL)', async () => {
    // The tests above run here too; this one adds many books of one student racing at once (lock ordering).
    const student = await createStudent();
    const made = await Promise.all(
      Array.from({ length: 4 }, () => assignBook({ student, readMethod: ReadMethod.FREE, status: BookStatus.PRE_ACTIVITY_COMPLETE })),
    );
    await Promise.all(made.map((m) => startReading(m.userId, m.id, { startPage: 1 })));
    const current = await db()
      .select()
      .from(resultBooks)
      .where(and(eq(resultBooks.userId, student.id), eq(resultBooks.isCurrent, true)));
    expect(current).toHaveLength(1);
    const statuses = await db()
      .select({ s: resultBooks.status })
      .from(resultBooks)
      .where(
        inArray(
          resultBooks.id,
          made.map((m) => m.id),
        ),
      );
    expect(statuses.every((s) => s.s === BookStatus.ACTIVITY)).toBe(true);
  });
});

describe('the activity overview', () => {
  it('runs a fixed number of queries for 1 and for 50 books with records', async () => {
    const one = await assignBook({ readMethod: ReadMethod.FREE, status: BookStatus.ACTIVITY });
    await saveRecord(one.userId, one.id, { startPage: 1, endPage: 5, minutes: 5, submissionKey: key() });
    const small = await countQueries(() => getActivityOverview(one.userId));
    expect(small.result.resultList).toHaveLength(1);
    for (let i = 0; i < 49; i++) {
      const m = await assignBook({
        student: one.student,
        readMethod: i % 2 ? ReadMethod.HUNDRED : ReadMethod.NO_PAGE,
        status: BookStatus.ACTIVITY,
      });
      if (i % 2) await saveRecord(m.userId, m.id, { startPage: 1, endPage: 5, minutes: 5, submissionKey: key() });
      else await saveNoPage(m.userId, m.id, { index: 3, minutes: 5, submissionKey: key() });
    }
    const large = await countQueries(() => getActivityOverview(one.userId));
    expect(large.result.resultList).toHaveLength(50);
    expect(large.queries.length).toBe(small.queries.length);
    expect(large.queries.length).toBeLessThanOrEqual(3);
  });

  it('answers the spec’s user activity response for the demo student', async () => {
    const uid = await userId('student');
    const o = await getActivityOverview(uid);
    expect(o.readMethod).toBe(ReadMethod.FREE);
    expect(o.resultList.some((b) => b.status === BookStatus.EXCLUDE)).toBe(false);
    expect(o.resultList).toHaveLength(12);
    expect(o.recommend.length).toBeGreaterThan(0);
    const mine = new Set(o.resultList.map((b) => b.bookId));
    for (const r of o.recommend) expect(mine.has(r.bookId)).toBe(false);
    expect(o.recentRecords.length).toBeGreaterThan(0);
  });

  it('shows a book’s indicators beside the average of its readers', async () => {
    const uid = await userId('student');
    const o = await getActivityOverview(uid);
    const done = o.resultList.find((b) => b.status === BookStatus.COMPLETE)!;
    const ind = await getIndicator(uid, done.resultBookId);
    expect(ind.average.readers).toBeGreaterThanOrEqual(1);
    expect(ind.mine.minutes).toBe(done.progress.minutes);
    expect(ind.mine.sessions).toBeGreaterThan(0);
  });

  it('computes progress per read method', () => {
    expect(progressOf(ReadMethod.M_3_4, 100, { lastPage: 50, minutes: 40, records: 2, lastIndex: 0 })).toMatchObject({
      label: '2 / 4회',
      percent: 50,
      complete: false,
    });
    expect(progressOf(ReadMethod.FREE, 200, { lastPage: 200, minutes: 40, records: 2, lastIndex: 0 }).complete).toBe(true);
    expect(progressOf(ReadMethod.NONE, 200, { lastPage: 0, minutes: 0, records: 0, lastIndex: 0 }).label).toBe('독서활동 미설정');
  });
});
