import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '~/db/client.server';
import { classes, classGoals, reportComments, users } from '~/db/schema';
import { addMonths, seoulDayStart, seoulMonth } from '~/lib/dates';

// Class goals and report comments of the demo (issue 32), dated relative to the seed's day in Seoul: this month's
// goals of 햇살반 and 달빛반, `student`'s report of last month written and published by `teacher` (the parents'
// copy shows it), and this month's comment written but not yet published (to try the publishing on the class report).

export async function seedGoals(tx: Tx, at: Date) {
  const month = seoulMonth(at);
  const lastMonth = addMonths(month, -1);
  const people = await tx
    .select({ id: users.id, loginId: users.loginId })
    .from(users)
    .where(inArray(users.loginId, ['teacher', 'teacher4', 'student', 'student2']));
  const id = (loginId: string) => people.find((p) => p.loginId === loginId)?.id;
  const [sunshine] = await tx.select({ id: classes.id }).from(classes).where(eq(classes.name, '햇살반'));
  const [moonlight] = await tx.select({ id: classes.id }).from(classes).where(eq(classes.name, '달빛반'));
  const teacher = id('teacher');
  const teacher4 = id('teacher4');
  if (sunshine && teacher) {
    await tx.insert(classGoals).values([
      { classId: sunshine.id, month, books: 2, minutes: 300, days: 10, setBy: teacher, createdAt: at, updatedAt: at },
      { classId: sunshine.id, month: lastMonth, books: 2, minutes: 300, days: null, setBy: teacher, createdAt: at, updatedAt: at },
    ]);
  }
  if (moonlight && teacher4) {
    await tx
      .insert(classGoals)
      .values({ classId: moonlight.id, month, books: null, minutes: null, days: 12, setBy: teacher4, createdAt: at, updatedAt: at });
  }
  const student = id('student');
  const student2 = id('student2');
  if (!teacher || !student) return;
  // Published on the month's second day at 10:00 in Seoul (an hour ago on its first day).
  const published = new Date(Math.min(at.getTime() - 60 * 60 * 1000, seoulDayStart(`${month}-02`)!.getTime() + 10 * 60 * 60 * 1000));
  await tx.insert(reportComments).values([
    {
      studentId: student,
      month: lastMonth,
      comment:
        '한 달 동안 꾸준히 읽었어요. 사실적 이해는 안정적이고, 추론 문제에서 근거를 찾는 힘이 자랐어요. 다음 달에는 읽은 뒤 생각을 한 문장으로 정리하는 연습을 해 봐요.',
      writtenBy: teacher,
      publishedAt: published,
      publishedBy: teacher,
      createdAt: published,
      updatedAt: published,
    },
    {
      studentId: student,
      month,
      comment: '이번 달은 읽은 날이 늘었어요. 남은 기간에도 하루 20분씩 이어 가 봐요.',
      writtenBy: teacher,
      createdAt: at,
      updatedAt: at,
    },
    ...(student2
      ? [
          {
            studentId: student2,
            month: lastMonth,
            comment: '시계 읽기로 집중하는 시간이 길어졌어요.',
            writtenBy: teacher,
            createdAt: at,
            updatedAt: at,
          },
        ]
      : []),
  ]);
}
