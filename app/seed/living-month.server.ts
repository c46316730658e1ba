import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { BookStatus, NoteState, ReadMethod } from '~/domain/enums';
import { seoulDay, seoulDayStart, seoulMonth } from '~/lib/dates';
import type { Tx } from '~/db/client.server';
import { beforeReadingAnswers, books, noteHistory, notes, problemSets, problems, readingRecords, resultBooks, users } from '~/db/schema';
import { BEFORE_ANSWERS } from './data/before-answers';
import { demoReaders } from './classes.server';
import { fallbackText, NOTE_TEXTS } from './notes.server';
import { insertMarkedAnalysis } from './problems.server';
import { assignTime, seoulTimeOfDay, studyTime } from './times';

// The demo's month as a living academy's (product.md §5), relative to the day the seed runs, in Seoul time: accounts
// that joined months ago (a new academy this month), students who signed in before each reading, books finished, analysed
// and written about over this month, and teachers' and coaches' queues a day or two old.

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/** How many days ago each demo academy (and its staff) joined; the two new ones joined this month. */
const ACADEMY_AGE_DAYS: Record<string, number> = { HAEORUM: 420, PURUNSOL: 300, CHOROK: 62, SAEBOM: 4, BYEOLBIT: 6 };
/** Operators, branches and the individual members. */
const OPERATOR_AGE_DAYS = 540;
const INDIVIDUAL_AGE_DAYS = 45;

const TEACHER_COMMENTS = [
  '인물의 마음이 바뀌는 장면을 잘 찾았어요. 다음에는 그 장면에서 나라면 어떻게 했을지도 써 봐요.',
  '줄거리와 느낀 점을 나눠서 쓴 점이 좋아요. 마지막 문단의 다짐이 특히 멋져요.',
  '책 속 문장을 골라 옮긴 다음 내 생각을 덧붙인 점이 훌륭해요. 수업 시간에 함께 이야기해 봐요.',
  '처음보다 글이 훨씬 길고 자세해졌어요. 가장 기억에 남는 장면을 한 번 더 떠올려 보세요.',
];

const COACH_COMMENT = '장면을 고른 까닭이 잘 드러난 노트예요. 아래 첨삭대로 문장을 다듬으면 생각이 더 또렷해져요.';
const COACH_CORRECTION =
  '① 첫 문장에 책 제목과 함께 가장 기억에 남는 장면을 밝혀 주면 읽는 사람이 글을 따라가기 쉬워요.\n② "재미있었다"를 "주인공이 ○○할 때 가슴이 두근거렸다"처럼 무엇이 왜 좋았는지로 바꿔 보세요.';

/** A number in [0, 1) chosen by `seed`, the same on every run. */
const fraction = (seed: number) => (Math.abs(Math.imul(seed + 7, 2654435761)) % 1000) / 1000;

export async function seedLivingMonth(tx: Tx, at: Date) {
  const nowMs = at.getTime();
  const monthStart = seoulDayStart(`${seoulMonth(at)}-01`)!.getTime();
  await finishHaeorumBooks(tx, nowMs, monthStart);
  await freshenQueues(tx, nowMs);
  await joinDates(tx, nowMs, monthStart);
  await lastLogins(tx, nowMs);
}

/** 해오름's 25 readers finish their month's books (햇살반's answered by `teacher`, 달빛반's by `teacher4`, some by coaches). */
async function finishHaeorumBooks(tx: Tx, nowMs: number, monthStart: number) {
  const logins = demoReaders().map((r) => r.loginId);
  const readers = await tx
    .select({ id: users.id, level: users.level })
    .from(users)
    .where(inArray(users.loginId, logins))
    .orderBy(asc(users.loginId));
  const staff = await tx
    .select({ id: users.id, loginId: users.loginId })
    .from(users)
    .where(inArray(users.loginId, ['teacher', 'teacher4']));
  const teacherOf = (i: number) => staff.find((s) => s.loginId === (i < 12 ? 'teacher' : 'teacher4'))?.id ?? null;
  const coaches = (
    await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.loginId, ['coach', 'coach2']))
      .orderBy(asc(users.loginId))
  ).map((c) => c.id);
  await finishBooksThisMonth(tx, nowMs, monthStart, readers, teacherOf, coaches);
}

/**
 * An academy's month of readers (한빛, full-academy.server.ts): the current books and readings of `seedCurrentBooks`
 * were written first; each reader finishes this month's books, analyses and notes (answered by `reviewer`), and signs
 * in before their last activity, as 해오름's do.
 */
export async function seedAcademyMonth(tx: Tx, at: Date, readers: { id: number; level: number | null }[], reviewer: number) {
  const nowMs = at.getTime();
  const monthStart = seoulDayStart(`${seoulMonth(at)}-01`)!.getTime();
  await finishBooksThisMonth(tx, nowMs, monthStart, readers, () => reviewer, []);
  await lastLogins(tx, nowMs);
}

/**
 * Most of the readers finished one or two books this month: read to the last page over a week or two, took the book's
 * analysis the day before, and wrote a note their teacher answered (every third sent to one of `coaches`, if any, who
 * corrected it). Every finished book is two days old or more, and a reader who stopped reading finished before stopping.
 */
async function finishBooksThisMonth(
  tx: Tx,
  nowMs: number,
  monthStart: number,
  readers: { id: number; level: number | null }[],
  teacherOf: (i: number) => number | null,
  coaches: number[],
) {
  const catalogue = await tx
    .select({
      id: books.id,
      level: books.level,
      pages: books.totalPages,
      title: books.title,
      summary: books.summary,
      setId: problemSets.id,
    })
    .from(books)
    .innerJoin(problemSets, and(eq(problemSets.bookId, books.id), eq(problemSets.kind, 'BOOK_ANALYSIS')))
    .where(eq(books.status, 1))
    .orderBy(asc(books.id));
  const setProblems = await tx
    .select()
    .from(problems)
    .where(
      inArray(
        problems.setId,
        catalogue.map((b) => b.setId),
      ),
    );

  for (const [i, reader] of readers.entries()) {
    const owned = await tx.select({ bookId: resultBooks.bookId }).from(resultBooks).where(eq(resultBooks.userId, reader.id));
    const [last] = await tx
      .select({ day: sql<string | null>`max(${readingRecords.readDate})::text` })
      .from(readingRecords)
      .where(eq(readingRecords.userId, reader.id));
    // A book finished this month, two days ago or more, and not after the reader's last reading day.
    const latest = Math.min(nowMs - 2 * DAY, last?.day ? seoulDayStart(last.day)!.getTime() : nowMs);
    if (latest <= monthStart) continue;
    const finishes = i % 4 === 3 ? 0 : i % 3 === 1 ? 2 : 1;
    const candidates = catalogue.filter(
      (b) => Math.abs(b.level - (reader.level ?? 5)) <= 1 && b.pages > 0 && !owned.some((o) => o.bookId === b.id),
    );
    for (let k = 0; k < finishes && candidates.length > 0; k++) {
      const book = candidates.splice((i * 5 + k * 3) % candidates.length, 1)[0];
      // The first finished book in the first half of the span, the second in the second half; every other reader's
      // last one in the last days, so this week has its finished books too.
      const recent = k === finishes - 1 && i % 2 === 0;
      const share = recent
        ? 0.85 + 0.15 * fraction(i)
        : finishes === 1
          ? 0.2 + 0.6 * fraction(i)
          : (k + 0.15 + 0.7 * fraction(i * 3 + k)) / 2;
      const doneAt = studyTime(monthStart + share * (latest - monthStart), reader.id * 13 + k, latest);
      const assignedAt = assignTime(doneAt.getTime() - (12 + (i % 4)) * DAY, reader.id * 17 + k, nowMs);
      const [rb] = await tx
        .insert(resultBooks)
        .values({
          userId: reader.id,
          bookId: book.id,
          status: BookStatus.COMPLETE,
          readMethod: ReadMethod.FREE,
          assignedBy: teacherOf(i),
          assignedAt,
          statusChangedAt: doneAt,
          completedAt: doneAt,
          isCurrent: false,
          startPage: 1,
        })
        .returning({ id: resultBooks.id });
      const written = BEFORE_ANSWERS[book.title];
      if (written)
        await tx.insert(beforeReadingAnswers).values({
          resultBookId: rb.id,
          prediction: written.prediction,
          whatIKnow: written.whatIKnow,
          createdAt: studyTime(assignedAt.getTime() + DAY, rb.id, nowMs),
        });
      // Four readings to the last page, every two or three days, the last two days before the note.
      const sessions = 4;
      const perSession = Math.ceil(book.pages / sessions);
      await tx.insert(readingRecords).values(
        Array.from({ length: sessions }, (_, s) => {
          const readAt = studyTime(doneAt.getTime() - (2 + (sessions - 1 - s) * (2 + (s % 2))) * DAY, rb.id * 10 + s, nowMs);
          return {
            resultBookId: rb.id,
            userId: reader.id,
            startPage: 1 + s * perSession,
            endPage: Math.min(book.pages, (s + 1) * perSession),
            minutes: 25 + ((i * 7 + s * 11) % 30),
            readDate: seoulDay(readAt),
            readMethod: ReadMethod.FREE,
            submissionKey: `seed-month-${rb.id}-${s}`,
            createdAt: readAt,
          };
        }),
      );
      const list = setProblems.filter((p) => p.setId === book.setId).sort((a, b) => a.order - b.order);
      if (list.length)
        await insertMarkedAnalysis(tx, {
          userId: reader.id,
          resultBookId: rb.id,
          setId: book.setId,
          list,
          turn: i + k,
          markedAt: studyTime(doneAt.getTime() - DAY, rb.id * 3, nowMs),
        });
      // The note, opened by the teacher the next day and answered, or (every third) sent to a coach who corrects it
      // the day after.
      const teacherId = teacherOf(i);
      const coach = (i + k) % 3 === 0 && coaches.length > 0 ? coaches[(i + k) % coaches.length] : undefined;
      const openedAt = new Date(doneAt.getTime() + 18 * HOUR);
      const answeredAt = new Date(doneAt.getTime() + (coach ? 42 : 20) * HOUR);
      const comment = coach ? COACH_COMMENT : TEACHER_COMMENTS[(i + k) % TEACHER_COMMENTS.length];
      const [note] = await tx
        .insert(notes)
        .values({
          resultBookId: rb.id,
          userId: reader.id,
          note: NOTE_TEXTS[book.title] ?? fallbackText(book.title, book.summary),
          noteInput: comment,
          correction: coach ? COACH_CORRECTION : null,
          state: NoteState.COMMENT_COMPLETE,
          version: coach ? 5 : 4,
          submittedAt: doneAt,
          stateChangedAt: answeredAt,
          hasUnreadComment: k === finishes - 1 && i % 2 === 0,
          commentedAt: answeredAt,
          createdAt: new Date(doneAt.getTime() - 40 * MINUTE),
          updatedAt: answeredAt,
        })
        .returning({ id: notes.id });
      if (teacherId)
        await tx.insert(noteHistory).values([
          {
            noteId: note.id,
            actorId: reader.id,
            actorRole: 'STUDENT' as const,
            action: 'submit' as const,
            fromState: NoteState.NONE,
            toState: NoteState.WRITE,
            createdAt: doneAt,
          },
          {
            noteId: note.id,
            actorId: teacherId,
            actorRole: 'TEACHER' as const,
            action: 'open' as const,
            fromState: NoteState.WRITE,
            toState: NoteState.TEACHER_SHOW,
            createdAt: openedAt,
          },
          ...(coach
            ? [
                {
                  noteId: note.id,
                  actorId: teacherId,
                  actorRole: 'TEACHER' as const,
                  action: 'send' as const,
                  fromState: NoteState.TEACHER_SHOW,
                  toState: NoteState.WAITING_CORRECT,
                  comment: '코치 선생님께 문장 첨삭을 부탁드릴게요.',
                  createdAt: new Date(doneAt.getTime() + 20 * HOUR),
                },
                {
                  noteId: note.id,
                  actorId: coach,
                  actorRole: 'COACH' as const,
                  action: 'correct' as const,
                  fromState: NoteState.WAITING_CORRECT,
                  toState: NoteState.COMMENT_COMPLETE,
                  comment: `${COACH_CORRECTION}\n\n${COACH_COMMENT}`,
                  createdAt: answeredAt,
                },
              ]
            : [
                {
                  noteId: note.id,
                  actorId: teacherId,
                  actorRole: 'TEACHER' as const,
                  action: 'complete' as const,
                  fromState: NoteState.TEACHER_SHOW,
                  toState: NoteState.COMMENT_COMPLETE,
                  comment,
                  createdAt: answeredAt,
                },
              ]),
        ]);
    }
  }
}

/**
 * The notes waiting for a teacher (WRITE) or a coach (WAITING_CORRECT) were handed in a day or two ago: each note's
 * story (its submission, history and the book's completion) moves as a whole, the oldest staying the oldest.
 */
async function freshenQueues(tx: Tx, nowMs: number) {
  for (const state of [NoteState.WRITE, NoteState.WAITING_CORRECT]) {
    const waiting = await tx
      .select({ id: notes.id, resultBookId: notes.resultBookId, stateChangedAt: notes.stateChangedAt })
      .from(notes)
      .where(eq(notes.state, state))
      .orderBy(asc(notes.stateChangedAt), asc(notes.id));
    for (const [k, note] of waiting.entries()) {
      const daysAgo = waiting.length > 1 ? 2 - k / (waiting.length - 1) : 1.5;
      const target = seoulTimeOfDay(nowMs - daysAgo * DAY, note.id, 14, 20, nowMs - 12 * HOUR).getTime();
      const shift = sql`${`${Math.round((target - note.stateChangedAt.getTime()) / 1000)} seconds`}::interval`;
      await tx.execute(
        sql`update notes set submitted_at = submitted_at + ${shift}, state_changed_at = state_changed_at + ${shift},
                  commented_at = commented_at + ${shift}, created_at = created_at + ${shift}, updated_at = updated_at + ${shift}
             where id = ${note.id}`,
      );
      await tx.execute(sql`update note_history set created_at = created_at + ${shift} where note_id = ${note.id}`);
      await tx.execute(
        sql`update result_books set completed_at = completed_at + ${shift}, status_changed_at = greatest(status_changed_at, completed_at + ${shift})
             where id = ${note.resultBookId} and completed_at is not null`,
      );
    }
  }
}

/**
 * Accounts made by the seed joined long before today: an academy's staff when the academy did, a student a few days
 * before their first book or class, the operators before everyone. Accounts given their own day (the students who
 * applied to 해오름) keep it.
 */
async function joinDates(tx: Tx, nowMs: number, monthStart: number) {
  const seededAfter = new Date(nowMs - 30 * MINUTE);
  const monthDays = Math.max(0, Math.floor((nowMs - monthStart) / DAY));
  const ages = Object.entries(ACADEMY_AGE_DAYS).map(
    ([code, days]) => sql`(${code}, ${String(code === 'SAEBOM' || code === 'BYEOLBIT' ? Math.min(days, monthDays) : days)}::int)`,
  );
  const at = new Date(nowMs);
  // Organisations: an academy by its age, a branch with the operators.
  await tx.execute(
    sql`update organisations o set created_at = ${at}::timestamptz - make_interval(days => coalesce(a.days,
          ${OPERATOR_AGE_DAYS})) - interval '3 hours'
          from organisations x left join (values ${sql.join(ages, sql`, `)}) as a(code, days) on a.code = x.code
         where x.id = o.id and o.created_at >= ${seededAfter}`,
  );
  await tx.execute(
    sql`with first_seen as (
          select u.id, least(
                   (select min(rb.assigned_at) from result_books rb where rb.user_id = u.id),
                   (select min(cm.joined_at) from class_memberships cm where cm.user_id = u.id),
                   (select min(rr.created_at) from reading_records rr where rr.user_id = u.id)) as first_at,
                 o.created_at as org_at
            from users u left join organisations o on o.id = u.organisation_id and o.kind <> 'student'
           where u.created_at >= ${seededAfter}
        )
        update users u set created_at = case
            when u.role = 'SUPER' then ${at}::timestamptz - make_interval(days => ${OPERATOR_AGE_DAYS} - (u.id % 40))
            when f.first_at is not null then greatest(coalesce(f.org_at, f.first_at - interval '30 days') + interval '1 hour',
                                                      f.first_at - make_interval(days => 3 + (u.id % 9)))
            when f.org_at is not null then least(f.org_at + make_interval(hours => 2 + (u.id % 5) * 20), ${at}::timestamptz - interval '1 hour')
            else ${at}::timestamptz - make_interval(days => ${INDIVIDUAL_AGE_DAYS})
          end
          from first_seen f where f.id = u.id`,
  );
  // At an hour of the working day in Seoul, never in the last half hour.
  const daytime = (table: string, fromHour: number, hours: number) =>
    tx.execute(
      sql`update ${sql.identifier(table)} set created_at = least(${at}::timestamptz - interval '30 minutes',
            (date_trunc('day', created_at at time zone 'Asia/Seoul') + make_interval(hours => ${fromHour} + (id % ${hours}), mins => (id * 7) % 60))
              at time zone 'Asia/Seoul')
           where created_at < ${seededAfter} and created_at >= ${at}::timestamptz - interval '${sql.raw(String(OPERATOR_AGE_DAYS + 30))} days'
             and ${table === 'users' ? sql`id not in (select user_id from academy_join_requests)` : sql`true`}`,
    );
  await daytime('organisations', 9, 2);
  await daytime('users', 11, 8);
  // An individual member's own organisation is as old as the member.
  await tx.execute(
    sql`update organisations o set created_at = m.created_at
          from (select organisation_id, min(created_at) as created_at from users group by organisation_id) m
         where m.organisation_id = o.id and o.kind = 'student'`,
  );
  // A consent is given when the account is made.
  await tx.execute(
    sql`update user_consents c set agreed_at = u.created_at from users u
         where u.id = c.user_id and c.agreed_at > u.created_at + interval '1 minute' and c.agreed_at >= ${seededAfter}`,
  );
}

/**
 * Everyone signed in lately: a student a few minutes before their last reading, analysis or note (or, with none yet,
 * some days ago), the staff and operators this morning or yesterday. A member waiting for a guardian never signed in.
 */
async function lastLogins(tx: Tx, nowMs: number) {
  const at = new Date(nowMs);
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, ['ADMIN', 'SUPER']), eq(users.status, 'ACTIVE')));
  for (const s of staff) {
    const signedIn = seoulTimeOfDay(nowMs - (s.id % 3 === 0 ? DAY : 0), s.id, 8.5, 11, nowMs);
    await tx.update(users).set({ lastLoginAt: signedIn }).where(eq(users.id, s.id));
  }
  await tx.execute(
    sql`with activity as (
          select u.id, greatest(
                   (select max(rr.created_at) from reading_records rr where rr.user_id = u.id),
                   (select max(n.updated_at) from notes n where n.user_id = u.id),
                   (select max(pa.updated_at) from problem_attempts pa where pa.user_id = u.id)) as last_at
            from users u where u.role = 'USER' and u.status <> 'PENDING' and u.last_login_at is null
        )
        update users u set last_login_at = case
            when a.last_at is not null and a.last_at <= ${at}::timestamptz then a.last_at - make_interval(mins => 4 + (u.id % 11))
            else greatest(u.created_at + interval '10 minutes', ${at}::timestamptz - make_interval(days => 2 + (u.id % 6), hours => u.id % 5))
          end
          from activity a where a.id = u.id`,
  );
  // Never before the account was made, never after now.
  await tx.execute(
    sql`update users set last_login_at = least(greatest(last_login_at, created_at + interval '5 minutes'), ${at}::timestamptz)
         where last_login_at is not null`,
  );
}
