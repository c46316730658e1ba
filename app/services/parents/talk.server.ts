import { eq, sql } from 'drizzle-orm';
import { config } from '~/config.server';
import { db, executeRows, type Executor } from '~/db/client.server';
import { books, notes, organisations, resultBooks, users } from '~/db/schema';
import type { TalkEvent } from '~/domain/talk';
import { now } from '~/lib/clock.server';
import { formatKoreanDate, monthLabel, seoulDay } from '~/lib/dates';
import { sessionsOfUsers } from '../reports.server';
import { enqueueEventTalk } from '../talk/events.server';
import { talkingParents } from './links.server';

// 알림톡 to parents' accounts (issue 32; decision 025 for the outbox): the monthly report ready, a note the teacher
// reviewed, a book finished, and no reading for 7 days. Each is written in the transaction of its cause, once per parent
// and cause (the dedupe key names both), only through the event's approved template, and only to a parent whose access
// to the child is on and who has not turned 알림톡 off. Each carries the link of the page it speaks of; signing in from
// it returns there.

/** The parent's page a message links to, absolute: on PUBLIC_URL, or this server's own address outside production. */
export const parentLink = (path: string) => `${config().linkOrigin ?? ''}${path}`;

/** Days without reading after which parents hear about it (once per lapse). */
export const LAPSE_DAYS = 7;

async function childFacts(ex: Executor, studentId: number) {
  const [row] = await ex
    .select({ name: users.name, academy: organisations.name })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, studentId));
  return row ? { name: row.name, academy: row.academy ?? '리드인' } : null;
}

/** One message per parent who hears about this child; returns the rows written. */
async function tellParents(
  ex: Executor,
  input: { studentId: number; event: TalkEvent; cause: string; path: string; variables: Record<string, string> },
) {
  const [parents, child] = await Promise.all([talkingParents(ex, [input.studentId]), childFacts(ex, input.studentId)]);
  if (parents.length === 0 || !child) return [];
  const link = parentLink(input.path);
  const written = [];
  for (const p of parents) {
    written.push(
      ...(await enqueueEventTalk(ex, {
        event: input.event,
        cause: `${input.cause}:p${p.parentId}`,
        recipients: [{ userId: p.parentId, phone: p.phone, role: 'parent' }],
        variables: { 학생명: child.name, 학원명: child.academy, 링크: link, ...input.variables },
        link: input.path,
        inbox: false,
      })),
    );
  }
  return written;
}

/** The monthly report of `month` ('YYYY-MM') is published: its parents hear, with the report's link. */
export async function notifyParentsReportReady(studentId: number, month: string, ex: Executor = db()) {
  return tellParents(ex, {
    studentId,
    event: 'PARENT_REPORT_READY',
    cause: `parent-report:${studentId}:${month}`,
    path: `/parent/children/${studentId}/report?month=${month}`,
    variables: { 월: monthLabel(month) },
  });
}

/** A teacher commented on or completed a note (notes/review.server.ts, in its transaction). */
export async function notifyParentsNoteReviewed(ex: Executor, input: { noteId: number; version: number }) {
  const [note] = await ex
    .select({ studentId: notes.userId, title: books.title })
    .from(notes)
    .innerJoin(resultBooks, eq(resultBooks.id, notes.resultBookId))
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .where(eq(notes.id, input.noteId));
  if (!note) return [];
  return tellParents(ex, {
    studentId: note.studentId,
    event: 'PARENT_NOTE_REVIEWED',
    cause: `parent-note:${input.noteId}:v${input.version}`,
    path: `/parent/children/${note.studentId}/notes/${input.noteId}`,
    variables: { 도서명: note.title },
  });
}

/** A book reached COMPLETE (book-status.server.ts, in its transaction): once per book. */
export async function notifyParentsBookFinished(ex: Executor, resultBookId: number) {
  const [row] = await ex
    .select({ studentId: resultBooks.userId, title: books.title })
    .from(resultBooks)
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .where(eq(resultBooks.id, resultBookId));
  if (!row) return [];
  return tellParents(ex, {
    studentId: row.studentId,
    event: 'PARENT_BOOK_FINISHED',
    cause: `parent-finished:${resultBookId}`,
    path: `/parent/children/${row.studentId}`,
    variables: { 도서명: row.title },
  });
}

/**
 * The daily job: each child with a parent to tell whose last reading day is LAPSE_DAYS or more before today (Seoul).
 * One message per lapse: the dedupe key names the last reading day, so the next lapse (after reading again) sends
 * again. A child who never read has no lapse. Returns the number of messages written.
 */
export async function notifyParentsOfLapses(at: Date = now()) {
  const today = seoulDay(at);
  const linked = sql`select pl.student_id from parent_links pl where pl.status = 'ACTIVE'`;
  const lapsed = await executeRows<{ studentId: number; lastDay: string }>(
    db(),
    sql`select s.user_id as "studentId", max(s.day)::text as "lastDay" from ${sessionsOfUsers(linked)} s
         group by s.user_id having max(s.day) <= ${today}::date - ${LAPSE_DAYS}::int order by 1`,
  );
  let written = 0;
  for (const l of lapsed) {
    const studentId = Number(l.studentId);
    const rows = await db().transaction((tx) =>
      tellParents(tx, {
        studentId,
        event: 'PARENT_NO_READING',
        cause: `parent-lapse:${studentId}:${l.lastDay}`,
        path: `/parent/children/${studentId}`,
        variables: { 마지막독서일: formatKoreanDate(l.lastDay) },
      }),
    );
    written += rows.length;
  }
  return written;
}
