import { eq } from 'drizzle-orm';
import { hashPassword, hashSecurityAnswer } from '~/auth/password.server';
import { DEMO_PASSWORD } from '~/domain/accounts';
import { organisations, users } from '../schema';
import type { Tx } from '../client.server';

/**
 * Accounts for trying the flows that change an account, so that the main demo accounts keep their password:
 * a second account brought over from the previous system (`migrated2`), two students for finding a password
 * (`student10`, `student11`), two for an operator's lock (`student12`, `student13`) and two staff members for changing one on the my page (`teacher3`, `admin3`).
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
