import { eq } from 'drizzle-orm';
import { hashPassword, hashSecurityAnswer } from '~/auth/password.server';
import { DEMO_PASSWORD } from '~/domain/accounts';
import { academyJoinRequests, organisations, userConsents, users } from '~/db/schema';
import type { Tx } from '~/db/client.server';

/**
 * Accounts for trying the flows that change an account, so that the main demo accounts keep their password:
 * a second account brought over from the previous system (`migrated2`), two students for finding a password
 * (`student10`, `student11`), two for an operator's lock (`student12`, `student13`), two staff members for changing one
 * on the my page (`teacher3`, `admin3`), and two students who registered with 해오름's code and wait for `head` to approve
 * them on /admin/students (`applicant1`, `applicant2`).
 * Every password is `demo1234!`; the students' security answer is '어린 왕자'.
 */
export async function seedAccounts(tx: Tx) {
  const [academy] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'HAEORUM'));
  await tx.insert(users).values({
    loginId: 'migrated2',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    name: '문겨울',
    email: 'migrated2@readin.example',
    phone: '010-1000-0011',
    role: 'USER',
    authorities: ['STUDENT', 'MIGRATION'],
    organisationId: academy?.id ?? null,
    level: 4,
    grade: '초4',
  });
  const [other] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'PURUNSOL'));
  const answerHash = await hashSecurityAnswer('어린 왕자');
  const spare = [
    {
      loginId: 'student10',
      name: '서하람',
      role: 'USER' as const,
      authorities: ['STUDENT' as const],
      org: other?.id,
      level: 5,
      grade: '초5',
      phone: '010-1000-0012',
    },
    {
      loginId: 'student11',
      name: '권나래',
      role: 'USER' as const,
      authorities: ['STUDENT' as const],
      org: other?.id,
      level: 6,
      grade: '초6',
      phone: '010-1000-0013',
    },
    // For trying an operator's lock and unlock (/super/user).
    {
      loginId: 'student12',
      name: '노은결',
      role: 'USER' as const,
      authorities: ['STUDENT' as const],
      org: other?.id,
      level: 4,
      grade: '초4',
      phone: '010-1000-0014',
    },
    {
      loginId: 'student13',
      name: '하지온',
      role: 'USER' as const,
      authorities: ['STUDENT' as const],
      org: other?.id,
      level: 4,
      grade: '초4',
      phone: '010-1000-0015',
    },
    {
      loginId: 'teacher3',
      name: '유재민',
      role: 'ADMIN' as const,
      authorities: ['TEACHER' as const],
      org: academy?.id,
      phone: '010-3000-0005',
    },
    {
      loginId: 'admin3',
      name: '운영지원',
      role: 'SUPER' as const,
      authorities: ['ADMIN2' as const],
      org: undefined,
      phone: '010-9000-0006',
    },
  ];
  for (const u of spare) {
    await tx.insert(users).values({
      loginId: u.loginId,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      name: u.name,
      email: `${u.loginId}@readin.example`,
      phone: u.phone,
      role: u.role,
      authorities: u.authorities,
      organisationId: u.org ?? null,
      level: 'level' in u ? u.level : null,
      grade: 'grade' in u ? u.grade : null,
      securityQuestion: 7,
      securityAnswerHash: answerHash,
    });
  }
}

/** Two students who registered with the academy code of 해오름 a few days ago: their requests wait for the head. */
export async function seedJoinRequests(tx: Tx, today: Date) {
  const [academy] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'HAEORUM'));
  if (!academy) return;
  const answerHash = await hashSecurityAnswer('어린 왕자');
  const applicants = [
    { loginId: 'applicant1', name: '윤서아', grade: '초3', birthDate: '2016-05-02', phone: '010-1000-0021', daysAgo: 2, hour: 17 },
    { loginId: 'applicant2', name: '임도윤', grade: '초6', birthDate: '2013-01-19', phone: '010-1000-0022', daysAgo: 1, hour: 20 },
  ];
  for (const a of applicants) {
    const at = new Date(today.getTime() - a.daysAgo * 86_400_000);
    at.setUTCHours(a.hour - 9, 12, 0, 0); // the Seoul hour
    const [org] = await tx
      .insert(organisations)
      .values({ kind: 'student', name: `${a.name} 개인 회원` })
      .returning({ id: organisations.id });
    const [user] = await tx
      .insert(users)
      .values({
        loginId: a.loginId,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        name: a.name,
        phone: a.phone,
        role: 'USER',
        authorities: ['STUDENT'],
        organisationId: org.id,
        grade: a.grade,
        birthDate: a.birthDate,
        // Under 14: their guardians consented when they registered.
        guardianName: `${a.name.slice(0, 1)}보호자`,
        guardianPhone: a.phone.replace('010-1000', '010-2000'),
        guardianConsentAt: at,
        securityQuestion: 7,
        securityAnswerHash: answerHash,
        createdAt: at,
      })
      .returning({ id: users.id });
    await tx.insert(userConsents).values([
      { userId: user.id, kind: 'TERMS', policyCode: 'readin', agreedAt: at },
      { userId: user.id, kind: 'PRIVACY', policyCode: 'privacy', agreedAt: at },
      { userId: user.id, kind: 'GUARDIAN', agreedAt: at },
    ]);
    await tx.insert(academyJoinRequests).values({ userId: user.id, academyId: academy.id, requestedAt: at });
  }
}
