import { BEFORE_ANSWERS } from './data/before-answers';
import { studyTime } from './times';
import { eq, inArray } from 'drizzle-orm';
import { BookStatus, ReadingEvent, ReadMethod } from '~/domain/enums';
import { EMPTY_READ_TIME_RESULT, HUNDRED_GOAL_MINUTES, SESSION_COUNTS } from '~/domain/reading';
import { seoulDay } from '~/lib/dates';
import { beforeReadingAnswers, books, noPageProgress, readingEvents, readingRecords, resultBooks, users } from '~/db/schema';
import type { Tx } from '~/db/client.server';
import { JOURNEY_PLANS } from './journey.server';

const DAY = 24 * 60 * 60 * 1000;
const READ_STATUSES: BookStatus[] = [BookStatus.ACTIVITY, BookStatus.DIAGNOSIS, BookStatus.NOTE, BookStatus.COMPLETE];
const PAST_WAITING: BookStatus[] = [BookStatus.PRE_ACTIVITY_COMPLETE, ...READ_STATUSES];

/** A small deterministic generator, so the demo looks the same on every start. */
function random(seed: number) {
  let state = (seed * 2654435761) % 4294967296 || 1;
  return (min: number, max: number) => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return min + Math.floor((state / 4294967296) * (max - min + 1));
  };
}

type Reading = { startPage: number; endPage: number; minutes: number };

/** The readings of one book, consistent with its total pages and read method. */
export function planReadings(readMethod: ReadMethod, totalPages: number, full: boolean, seed: number): Reading[] {
  const rnd = random(seed);
  const sessions = SESSION_COUNTS[readMethod];
  if (sessions !== undefined) {
    const per = Math.ceil(totalPages / sessions);
    const done = full ? sessions : 1;
    return Array.from({ length: done }, (_, i) => ({
      startPage: i * per + 1,
      endPage: Math.min(totalPages, (i + 1) * per),
      minutes: rnd(20, 45),
    }));
  }
  // FREE, CLOCK, HUNDRED: chunks of pages, to the last page when the book is finished, to about 45% otherwise.
  const target = full ? totalPages : Math.max(2, Math.floor(totalPages * 0.45));
  const out: Reading[] = [];
  let page = 1;
  while (page <= target) {
    const end = Math.min(target, page + rnd(12, 26) - 1);
    out.push({ startPage: page, endPage: end, minutes: rnd(15, 35) });
    page = end + 1;
  }
  if (readMethod === ReadMethod.HUNDRED) {
    const sum = out.reduce((a, r) => a + r.minutes, 0);
    if (full && sum < HUNDRED_GOAL_MINUTES) out[out.length - 1].minutes += HUNDRED_GOAL_MINUTES - sum + rnd(0, 10);
    if (!full) {
      // Partly read: well under the 100-minute goal.
      let left = 60;
      for (const r of out) {
        r.minutes = Math.max(5, Math.min(r.minutes, left));
        left = Math.max(5, left - r.minutes);
      }
    }
  }
  return out;
}

/**
 * Reading records, clock events, no-page progress and before-reading answers for the demo students' books
 * (journey step): finished books fully read, current books partly read.
 */
export async function seedReading(tx: Tx) {
  const rows = await tx
    .select({
      id: resultBooks.id,
      userId: resultBooks.userId,
      status: resultBooks.status,
      readMethod: resultBooks.readMethod,
      assignedAt: resultBooks.assignedAt,
      totalPages: books.totalPages,
      title: books.title,
    })
    .from(resultBooks)
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .innerJoin(users, eq(users.id, resultBooks.userId))
    .where(inArray(users.loginId, Object.keys(JOURNEY_PLANS)));

  const records: (typeof readingRecords.$inferInsert)[] = [];
  const events: (typeof readingEvents.$inferInsert)[] = [];
  const noPage: (typeof noPageProgress.$inferInsert)[] = [];
  const answers: (typeof beforeReadingAnswers.$inferInsert)[] = [];
  const started: number[] = [];
  const today = Date.now();

  for (const rb of rows) {
    if (PAST_WAITING.includes(rb.status)) {
      const written = BEFORE_ANSWERS[rb.title];
      if (!written) throw new Error(`no before-reading answer for the demo book ${rb.title}`);
      answers.push({
        resultBookId: rb.id,
        prediction: written.prediction,
        whatIKnow: written.whatIKnow,
        createdAt: studyTime(rb.assignedAt.getTime() + DAY / 2, rb.id, today),
      });
    }
    if (!READ_STATUSES.includes(rb.status)) continue;
    started.push(rb.id);
    const full = rb.status !== BookStatus.ACTIVITY;
    const first = rb.assignedAt.getTime() + DAY;
    const last = full ? rb.assignedAt.getTime() + 10 * DAY : today - DAY / 2;
    // Spread over the days between, each at its own afternoon or evening time.
    const when = (i: number, n: number) =>
      studyTime(first + ((last - first) * (n === 1 ? 0 : i)) / Math.max(1, n - 1), rb.id * 17 + i, today);

    if (rb.readMethod === ReadMethod.NO_PAGE) {
      const rnd = random(rb.id);
      const target = full ? rb.totalPages : Math.floor(rb.totalPages * 0.45);
      const steps: number[] = [];
      for (let index = 0; index < target;) {
        index = Math.min(target, index + rnd(6, 14));
        steps.push(index);
      }
      steps.forEach((index, i) => {
        const at = when(i, steps.length);
        noPage.push({
          resultBookId: rb.id,
          userId: rb.userId,
          sectionIndex: index,
          minutes: rnd(10, 25),
          readDate: seoulDay(at),
          submissionKey: `seed-np-${rb.id}-${i}`,
          createdAt: at,
        });
      });
      continue;
    }

    const readings = planReadings(rb.readMethod, rb.totalPages, full, rb.id);
    let slots = [...EMPTY_READ_TIME_RESULT];
    const sessions = SESSION_COUNTS[rb.readMethod];
    readings.forEach((r, i) => {
      const at = when(i, readings.length);
      if (sessions !== undefined) slots = slots.map((v, s) => (s === i ? r.minutes : v));
      records.push({
        resultBookId: rb.id,
        userId: rb.userId,
        startPage: r.startPage,
        endPage: r.endPage,
        minutes: r.minutes,
        readDate: seoulDay(at),
        readMethod: rb.readMethod,
        isRepeat: false,
        weak: i % 4 === 2,
        readTimeResult: slots,
        sessionIndex: sessions !== undefined ? i + 1 : null,
        submissionKey: `seed-${rb.id}-${i}`,
        createdAt: at,
      });
      if (rb.readMethod === ReadMethod.CLOCK) {
        events.push({
          resultBookId: rb.id,
          userId: rb.userId,
          event: ReadingEvent.READ_START,
          at: new Date(at.getTime() - r.minutes * 60_000),
        });
        events.push({ resultBookId: rb.id, userId: rb.userId, event: ReadingEvent.READ_END, at });
      }
    });
  }

  const chunk = <T>(list: T[], size = 200) =>
    Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
  for (const part of chunk(records)) await tx.insert(readingRecords).values(part);
  for (const part of chunk(events)) await tx.insert(readingEvents).values(part);
  for (const part of chunk(noPage)) await tx.insert(noPageProgress).values(part);
  for (const part of chunk(answers)) await tx.insert(beforeReadingAnswers).values(part);
  if (started.length) await tx.update(resultBooks).set({ startPage: 1 }).where(inArray(resultBooks.id, started));
}
