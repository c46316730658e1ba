import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { db, executeRows } from '~/db/client.server';
import { books, notes, users } from '~/db/schema';
import { qualified } from '~/db/sql-helpers.server';
import { NoteState } from '~/domain/enums';
import { COACH_MESSAGES } from '~/domain/operators';
import { addMonths, seoulDayStart, seoulMonth } from '~/lib/dates';
import { DomainError } from '~/lib/errors';
import { guardedUpdate, noteConflict, noteListRows, notFound, student, withStudentAndBook } from '../notes/access.server';
import { isActiveCoach, isCoach, waitingLoad } from '../notes/coach-assignment.server';
import { onePage } from '../paged-list.server';
import { recordAudit } from './audit.server';
import type { Operator, Origin } from './users.server';

// The coaches as ADMIN1 and ADMIN2 see them (/super/coaches): each coach's waiting load and completed corrections,
// the waiting notes with the coach each is assigned to, moving a note to another coach (guarded on the note still
// waiting, at the version the operator saw, and in the audit trail), and a Seoul month's corrections per coach.

export const WAITING_PAGE_SIZE = 20;

const WAITING = NoteState.WAITING_CORRECT;

/** The instant a Seoul month 'YYYY-MM' begins. */
const monthStart = (month: string) => seoulDayStart(`${month}-01`)!;

/** The month a page shows: `asked` when it is one of the last `span` Seoul months, else the current one. */
export function recentMonth(asked: string | null | undefined, at: Date, span = 12) {
  const current = seoulMonth(at);
  const months = Array.from({ length: span }, (_, i) => addMonths(current, -i));
  return { month: months.includes(asked ?? '') ? asked! : current, months };
}

const correctedBetween = (from: Date, to: Date) =>
  sql<number>`(select count(*) from note_history h where h.actor_id = ${qualified(users.id)} and h.action = 'correct'
    and h.created_at >= ${from.toISOString()}::timestamptz and h.created_at < ${to.toISOString()}::timestamptz)::int`;

/**
 * Every coach account (a locked or withdrawn one too: its waiting notes need moving) with its waiting notes, the
 * oldest of them, and the corrections it completed this Seoul month and in the last six (this month and the five
 * before it); and the notes no coach is assigned to.
 */
export async function coachBoard(at: Date) {
  const month = seoulMonth(at);
  const next = monthStart(addMonths(month, 1));
  const [coaches, [unassigned]] = await Promise.all([
    db()
      .select({
        id: users.id,
        name: users.name,
        loginId: users.loginId,
        status: users.status,
        waiting: waitingLoad,
        oldestWaiting:
          sql`(select min(w.state_changed_at) from notes w where w.coach_id = ${qualified(users.id)} and w.state = ${WAITING})`.mapWith(
            notes.stateChangedAt,
          ),
        thisMonth: correctedBetween(monthStart(month), next),
        sixMonths: correctedBetween(monthStart(addMonths(month, -5)), next),
      })
      .from(users)
      .where(isCoach)
      .orderBy(asc(users.name), asc(users.id)),
    db()
      .select({ waiting: count(), oldestWaiting: sql`min(${notes.stateChangedAt})`.mapWith(notes.stateChangedAt) })
      .from(notes)
      .where(and(eq(notes.state, WAITING), isNull(notes.coachId))),
  ]);
  return { month, coaches, unassigned: { waiting: Number(unassigned.waiting), oldestWaiting: unassigned.oldestWaiting ?? null } };
}

/** Which waiting notes the list shows: every one, one coach's, or the unassigned ones. */
export type WaitingFilter = { coachId?: number | 'none' };

/** The notes waiting for correction, the longest waiting first, with their coach; 20 per page. */
export async function waitingNotes(filter: WaitingFilter, page: number) {
  const where: SQL[] = [eq(notes.state, WAITING)];
  if (filter.coachId === 'none') where.push(isNull(notes.coachId));
  else if (filter.coachId) where.push(eq(notes.coachId, filter.coachId));
  const condition = and(...where);
  return onePage(page, WAITING_PAGE_SIZE, noteListRows(condition), db().select({ total: count() }).from(notes).where(condition), {
    estimate: true,
  });
}

export type ReassignInput = { noteId: number; version: number; coachId: number | null };

/**
 * Moves a waiting note to another active coach, or back to unassigned (null), at the version the operator saw: a
 * note corrected or moved meanwhile is refused and nothing changes. Bumps the note's version, so a coach whose
 * correction form was built before the move gets the conflict message instead of correcting another coach's note.
 */
export async function reassignNote(actor: Operator, input: ReassignInput, origin: Origin) {
  const [current] = await withStudentAndBook(
    db()
      .select({
        id: notes.id,
        state: notes.state,
        version: notes.version,
        coachId: notes.coachId,
        studentName: student.name,
        bookTitle: books.title,
      })
      .from(notes)
      .$dynamic(),
  ).where(eq(notes.id, input.noteId));
  if (!current) throw notFound();
  if (current.state !== WAITING) throw new DomainError('NOTE_NOT_WAITING', COACH_MESSAGES.notWaiting, 409);
  if (current.version !== input.version) throw noteConflict();
  if (current.coachId === input.coachId)
    throw new DomainError('NOTE_SAME_COACH', input.coachId === null ? COACH_MESSAGES.alreadyUnassigned : COACH_MESSAGES.sameCoach, 409);
  return db().transaction(async (tx) => {
    let coachName: string | null = null;
    if (input.coachId !== null) {
      const [target] = await tx
        .select({ name: users.name })
        .from(users)
        .where(and(eq(users.id, input.coachId), isActiveCoach));
      if (!target) throw new DomainError('NOT_A_COACH', COACH_MESSAGES.notACoach, 400);
      coachName = target.name;
    }
    await guardedUpdate(tx, current, { coachId: input.coachId });
    await recordAudit(tx, actor, origin, {
      action: 'note.reassign',
      targetType: 'note',
      targetId: current.id,
      before: { coachId: current.coachId },
      after: { coachId: input.coachId },
    });
    return { studentName: current.studentName, bookTitle: current.bookTitle, coachName };
  });
}

export type MonthlyCorrections = {
  actorId: number;
  name: string;
  loginId: string;
  isCoach: boolean;
  corrected: number;
  students: number;
  /** Mean time from the teacher's request to the correction, in minutes (null without corrections). */
  averageMinutes: number | null;
};

/**
 * A Seoul month's completed corrections per coach: every coach account (0 when it corrected nothing), and ADMIN1 or
 * ADMIN2 accounts that corrected notes themselves. One query for the figures, one for the coaches.
 */
export async function monthlyCorrections(month: string): Promise<MonthlyCorrections[]> {
  const from = monthStart(month);
  const to = monthStart(addMonths(month, 1));
  const [figures, coaches] = await Promise.all([
    executeRows<{ actorId: number; name: string; loginId: string; corrected: number; students: number; averageMinutes: number | null }>(
      db(),
      sql`
      select h.actor_id as "actorId", u.name, u.login_id as "loginId", count(*)::int as corrected,
             count(distinct n.user_id)::int as students,
             round(avg(extract(epoch from (h.created_at - s.sent_at))) / 60)::int as "averageMinutes"
        from note_history h
        join users u on u.id = h.actor_id
        join notes n on n.id = h.note_id
        left join lateral (
          select max(r.created_at) as sent_at from note_history r
           where r.note_id = h.note_id and r.action = 'send' and r.created_at <= h.created_at
        ) s on true
       where h.action = 'correct' and h.created_at >= ${from.toISOString()}::timestamptz and h.created_at < ${to.toISOString()}::timestamptz
       group by h.actor_id, u.name, u.login_id`,
    ),
    db().select({ id: users.id, name: users.name, loginId: users.loginId }).from(users).where(isCoach),
  ]);
  const byActor = new Map(figures.map((f) => [Number(f.actorId), f]));
  const coachIds = new Set(coaches.map((c) => c.id));
  const rows: MonthlyCorrections[] = [
    ...coaches.map((c) => {
      const f = byActor.get(c.id);
      return {
        actorId: c.id,
        name: c.name,
        loginId: c.loginId,
        isCoach: true,
        corrected: 0,
        students: 0,
        averageMinutes: null,
        ...tidy(f),
      };
    }),
    ...figures
      .filter((f) => !coachIds.has(Number(f.actorId)))
      .map((f) => ({ actorId: Number(f.actorId), name: f.name, loginId: f.loginId, isCoach: false, ...tidy(f)! })),
  ];
  return rows.sort((a, b) => b.corrected - a.corrected || a.name.localeCompare(b.name, 'ko'));
}

function tidy(f: { corrected: number; students: number; averageMinutes: number | null } | undefined) {
  if (!f) return undefined;
  return {
    corrected: Number(f.corrected),
    students: Number(f.students),
    averageMinutes: f.averageMinutes === null ? null : Number(f.averageMinutes),
  };
}
