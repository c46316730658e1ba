import { eq, inArray } from 'drizzle-orm';
import { hashPassword } from '~/auth/password.server';
import { DEMO_PASSWORD } from '~/domain/accounts';
import { BookStatus, ReadMethod } from '~/domain/enums';
import { seoulDay } from '~/lib/dates';
import {
  beforeReadingAnswers,
  books,
  classMemberships,
  classTeachers,
  classes,
  organisations,
  readingRecords,
  resultBooks,
  users,
} from '~/db/schema';
import type { Tx } from '~/db/client.server';
import { BEFORE_ANSWERS } from './data/before-answers';
import { studyTime, assignTime } from './times';

const DAY = 24 * 60 * 60 * 1000;

const FAMILY = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권', '황', '안', '송', '류', '전'];
const GIVEN = [
  '서준',
  '하윤',
  '도윤',
  '서아',
  '시우',
  '지안',
  '주원',
  '하은',
  '지호',
  '수아',
  '예준',
  '지유',
  '건우',
  '윤서',
  '우진',
  '채원',
  '선우',
  '다은',
  '연우',
  '은서',
  '유준',
  '소율',
  '정우',
  '예린',
  '민재',
];
const GRADES = ['초3', '초4', '초5', '초6', '중1', '중2'];

/** 25 more students of 해오름 (`reader01` … `reader25`), deterministic names, grades, levels and parents' phones. */
export function demoReaders() {
  return Array.from({ length: 25 }, (_, i) => {
    const n = i + 1;
    const grade = GRADES[i % GRADES.length];
    return {
      loginId: `reader${String(n).padStart(2, '0')}`,
      name: `${FAMILY[(i * 7) % FAMILY.length]}${GIVEN[i]}`,
      grade,
      level: 2 + ((i * 3) % 7),
      parentPhone: `010-5000-${String(1000 + n).padStart(4, '0')}`,
    };
  });
}

/**
 * Classes (반) of both academies with their teachers and students (issue 11), and the roster that makes 해오름's lists
 * paginate: 햇살반 (teacher, with the students the reading demo uses), 달빛반 (teacher4, a class `teacher` does not
 * teach) and a closed 겨울방학반 that keeps its history; 푸른솔's 새싹반 (teacher2). Of the 25 new readers, most read
 * something in the last days; every fifth has not read for 9 days or more, so the dashboard has names to show.
 */
export async function seedClasses(tx: Tx, now = new Date()) {
  const [haeorum] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'HAEORUM'));
  const [purunsol] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'PURUNSOL'));
  if (!haeorum || !purunsol) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const [teacher4] = await tx
    .insert(users)
    .values({
      loginId: 'teacher4',
      passwordHash,
      name: '한소율',
      email: 'teacher4@readin.example',
      phone: '010-3000-0006',
      role: 'ADMIN',
      authorities: ['TEACHER'],
      organisationId: haeorum.id,
    })
    .returning({ id: users.id });

  const readers = await tx
    .insert(users)
    .values(
      demoReaders().map((r) => ({
        ...r,
        passwordHash,
        role: 'USER' as const,
        authorities: ['STUDENT' as const],
        organisationId: haeorum.id,
      })),
    )
    .returning({ id: users.id, loginId: users.loginId, level: users.level });

  const byLogin = async (ids: string[]) =>
    new Map(
      (await tx.select({ id: users.id, loginId: users.loginId }).from(users).where(inArray(users.loginId, ids))).map((u) => [
        u.loginId,
        u.id,
      ]),
    );
  const people = await byLogin([
    'teacher',
    'teacher2',
    'student',
    'student2',
    'student3',
    'student4',
    'student5',
    'migrated',
    'migrated2',
    'student6',
    'student7',
    'student8',
    'student9',
    'student10',
    'student11',
    'student12',
    'student13',
  ]);
  const id = (loginId: string) => people.get(loginId);

  const opened = new Date(now.getTime() - 90 * DAY);
  const [sunshine, moonlight, winter, sprout] = await tx
    .insert(classes)
    .values([
      { organisationId: haeorum.id, name: '햇살반', createdAt: opened },
      { organisationId: haeorum.id, name: '달빛반', createdAt: opened },
      {
        organisationId: haeorum.id,
        name: '겨울방학반',
        status: 'CLOSED',
        createdAt: new Date(now.getTime() - 300 * DAY),
        closedAt: new Date(now.getTime() - 240 * DAY),
      },
      { organisationId: purunsol.id, name: '새싹반', createdAt: opened },
    ])
    .returning({ id: classes.id });

  const teach = (classId: number, teacherId: number | undefined) => (teacherId ? [{ classId, teacherId, assignedAt: opened }] : []);
  await tx
    .insert(classTeachers)
    .values([
      ...teach(sunshine.id, id('teacher')),
      ...teach(moonlight.id, teacher4.id),
      ...teach(winter.id, id('teacher')),
      ...teach(sprout.id, id('teacher2')),
    ]);

  const member = (classId: number, userId: number | undefined, joinedAt = opened, leftAt: Date | null = null) =>
    userId ? [{ classId, userId, joinedAt, leftAt }] : [];
  const readerIds = readers.map((r) => r.id);
  await tx.insert(classMemberships).values([
    // The winter class's history: two of today's 햇살반 pupils were in it.
    ...member(winter.id, id('student'), new Date(now.getTime() - 300 * DAY), new Date(now.getTime() - 240 * DAY)),
    ...member(winter.id, id('student2'), new Date(now.getTime() - 300 * DAY), new Date(now.getTime() - 240 * DAY)),
    ...['student', 'student2', 'student3', 'student4', 'student5', 'migrated', 'migrated2'].flatMap((l) => member(sunshine.id, id(l))),
    ...readerIds.slice(0, 12).flatMap((u) => member(sunshine.id, u)),
    ...readerIds.slice(12).flatMap((u) => member(moonlight.id, u)),
    ...['student6', 'student7', 'student8', 'student9', 'student10', 'student11', 'student12', 'student13'].flatMap((l) =>
      member(sprout.id, id(l)),
    ),
  ]);

  // Each reader has a current book near their level and some readings; every fifth stopped 9–12 days ago.
  const teacherId = id('teacher') ?? null;
  await seedCurrentBooks(tx, readers, now, (i) => (i < 12 ? teacherId : null));
}

/**
 * A current book near each reader's level (FREE, in progress) and three to six readings of it over the last days; every
 * fifth reader stopped 9–12 days ago (the dashboards' 7-day list). `assignedBy`: who assigned the i-th reader's book.
 * Used for 해오름's readers and 한빛's (full-academy.server.ts).
 */
export async function seedCurrentBooks(
  tx: Tx,
  readers: { id: number; level: number | null }[],
  now: Date,
  assignedBy: (i: number) => number | null,
) {
  const catalogue = await tx
    .select({ id: books.id, level: books.level, pages: books.totalPages, title: books.title })
    .from(books)
    .where(eq(books.status, 1));
  for (const [i, reader] of readers.entries()) {
    const candidates = catalogue.filter((b) => Math.abs(b.level - (reader.level ?? 5)) <= 1 && b.pages > 0 && BEFORE_ANSWERS[b.title]);
    const book = candidates[i % Math.max(1, candidates.length)] ?? catalogue.find((b) => b.pages > 0);
    if (!book) continue;
    const assignedAt = assignTime(now.getTime() - (20 + (i % 6)) * DAY, i, now.getTime());
    const [rb] = await tx
      .insert(resultBooks)
      .values({
        userId: reader.id,
        bookId: book.id,
        status: BookStatus.ACTIVITY,
        readMethod: ReadMethod.FREE,
        assignedBy: assignedBy(i),
        assignedAt,
        statusChangedAt: assignedAt,
        isCurrent: true,
        startPage: 1,
      })
      .returning({ id: resultBooks.id });
    // Past WAITING, so the before-reading answers are written (as every demo book that has started has them).
    const written = BEFORE_ANSWERS[book.title];
    if (written)
      await tx.insert(beforeReadingAnswers).values({
        resultBookId: rb.id,
        prediction: written.prediction,
        whatIKnow: written.whatIKnow,
        createdAt: studyTime(assignedAt.getTime() + DAY / 2, rb.id, now.getTime()),
      });
    const stopped = i % 5 === 4;
    const lastDaysAgo = stopped ? 9 + (i % 4) : i % 3;
    const sessions = 3 + (i % 4);
    const perSession = Math.max(4, Math.floor((book.pages * 0.6) / sessions));
    await tx.insert(readingRecords).values(
      Array.from({ length: sessions }, (_, s) => {
        const at = studyTime(now.getTime() - (lastDaysAgo + (sessions - 1 - s) * 2) * DAY, i * 10 + s, now.getTime());
        return {
          resultBookId: rb.id,
          userId: reader.id,
          startPage: 1 + s * perSession,
          endPage: (s + 1) * perSession,
          minutes: 15 + ((i + s * 7) % 25),
          readDate: seoulDay(at),
          readMethod: ReadMethod.FREE,
          submissionKey: `seed-reader-${reader.id}-${s}`,
          createdAt: at,
        };
      }),
    );
  }
}
