import { hashPassword, hashSecurityAnswer } from '~/auth/password.server';
import type { Tx } from '~/db/client.server';
import { academyJoinRequests, organisations, payments, userConsents, users } from '~/db/schema';
import { DEMO_PASSWORD } from '~/domain/accounts';
import { PaymentMethod, PaymentStatus, Tier } from '~/domain/enums';
import { orderNameOf } from '~/domain/payments';
import { addMonths, seoulMonth } from '~/lib/dates';
import { DEMO_PRICES } from './base.server';
import { seedCurrentBooks } from './classes.server';
import { seedAcademyMonth } from './living-month.server';

const DAY = 86_400_000;

/**
 * 한빛 독서학원 (head `head5`): a paid academy with exactly the 30 active students the basic fee covers, one paused
 * student (`hanbit31`) and one join request waiting (`applicant3`). Its head's 승인, 학생 추가 and 다시 활동 each take it to
 * 31 and say, before they are confirmed, the 학생 추가 1 pack (₩45,000) the month's bill would gain. Outside any branch,
 * so the branches' settlement and reading tables are those of the other academies.
 */
/** 한빛's students (hanbit01–hanbit31), in order: the 31st is the paused one. */
const READER_NAMES = [
  '권하린',
  '남궁윤',
  '류시우',
  '민서진',
  '배도윤',
  '백지안',
  '변준서',
  '서하율',
  '손예준',
  '송다인',
  '신유나',
  '안시온',
  '양지호',
  '엄채원',
  '여은우',
  '염소율',
  '오하람',
  '우지민',
  '원태오',
  '유서아',
  '육민재',
  '윤가온',
  '이로운',
  '임수아',
  '장하진',
  '전라온',
  '정우진',
  '제다온',
  '지승민',
  '진예서',
  '차은호',
];

export async function seedFullAcademy(tx: Tx, at: Date) {
  const month = seoulMonth(at);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const answerHash = await hashSecurityAnswer('어린 왕자');
  const [academy] = await tx
    .insert(organisations)
    .values({ kind: 'academy', name: '한빛 독서학원', code: 'HANBIT', phone: '02-000-2005', address: '서울 마포구' })
    .returning({ id: organisations.id });
  const [head] = await tx
    .insert(users)
    .values({
      loginId: 'head5',
      passwordHash,
      name: '한가람',
      email: 'head5@readin.example',
      phone: '010-3000-0008',
      role: 'ADMIN',
      authorities: ['HEAD'],
      organisationId: academy.id,
      createdAt: new Date(at.getTime() - 70 * DAY),
    })
    .returning({ id: users.id });
  const grades = ['초3', '초4', '초5', '초6', '중1'];
  const students = await tx
    .insert(users)
    .values(
      Array.from({ length: 31 }, (_, i) => {
        const n = String(i + 1).padStart(2, '0');
        return {
          loginId: `hanbit${n}`,
          passwordHash,
          name: READER_NAMES[i],
          role: 'USER' as const,
          authorities: ['STUDENT' as const],
          organisationId: academy.id,
          // The 31st is paused: made active again, it is the 31st active student.
          status: i === 30 ? ('SUSPENDED' as const) : ('ACTIVE' as const),
          // Grades mixed so that every fifth (the readers who stopped) is not one grade.
          grade: grades[(i + Math.floor(i / 5)) % grades.length],
          level: 3 + (i % 4),
          securityQuestion: 7,
          securityAnswerHash: answerHash,
          // Joined in the academy's first weeks, before the books they were given.
          createdAt: new Date(at.getTime() - (58 - (i % 6)) * DAY - (i % 5) * 3_600_000),
        };
      }),
    )
    .returning({ id: users.id, level: users.level, status: users.status });
  // Registered two months ago (NEW paid then), this month's BASIC paid on the 1st day it could be.
  const registered = addMonths(month, -2);
  await tx.insert(payments).values([
    {
      orderId: `DEMO-${registered}-${academy.id}-NEW`,
      organisationId: academy.id,
      tier: Tier.NEW,
      method: PaymentMethod.CARD,
      status: PaymentStatus.SUCCESS,
      amount: DEMO_PRICES.NEW,
      paidMonth: registered,
      orderName: orderNameOf(Tier.NEW, registered),
      payerUserId: head.id,
      paidWith: '국민카드 94901234****567*',
      approvedAt: new Date(at.getTime() - 60 * DAY),
      createdAt: new Date(at.getTime() - 60 * DAY),
    },
    {
      orderId: `DEMO-${month}-${academy.id}-BASIC`,
      organisationId: academy.id,
      tier: Tier.BASIC,
      method: PaymentMethod.CARD,
      status: PaymentStatus.SUCCESS,
      amount: DEMO_PRICES.BASIC,
      paidMonth: month,
      orderName: orderNameOf(Tier.BASIC, month),
      payerUserId: head.id,
      paidWith: '국민카드 94901234****567*',
      approvedAt: new Date(at.getTime() - 2 * DAY),
      createdAt: new Date(at.getTime() - 2 * DAY),
    },
  ]);
  // The month of its 30 active readers.
  const readers = students.filter((r) => r.status === 'ACTIVE');
  await seedCurrentBooks(tx, readers, at, () => head.id);
  await seedAcademyMonth(tx, at, readers, head.id);
  // A 5th-grader who registered yesterday with the academy's code: the request waits for head5.
  const requestedAt = new Date(at.getTime() - DAY);
  const [org] = await tx.insert(organisations).values({ kind: 'student', name: '문하준 개인 회원' }).returning({ id: organisations.id });
  const [applicant] = await tx
    .insert(users)
    .values({
      loginId: 'applicant3',
      passwordHash,
      name: '문하준',
      phone: '010-1000-0023',
      role: 'USER',
      authorities: ['STUDENT'],
      organisationId: org.id,
      grade: '초5',
      securityQuestion: 7,
      securityAnswerHash: answerHash,
      createdAt: requestedAt,
    })
    .returning({ id: users.id });
  await tx.insert(userConsents).values([
    { userId: applicant.id, kind: 'TERMS', policyCode: 'readin', agreedAt: requestedAt },
    { userId: applicant.id, kind: 'PRIVACY', policyCode: 'privacy', agreedAt: requestedAt },
  ]);
  await tx.insert(academyJoinRequests).values({ userId: applicant.id, academyId: academy.id, requestedAt });
}
