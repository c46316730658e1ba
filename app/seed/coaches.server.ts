import { and, eq, inArray, isNull } from 'drizzle-orm';
import { hashPassword, hashSecurityAnswer } from '~/auth/password.server';
import { DEMO_PASSWORD } from '~/domain/accounts';
import { NoteState } from '~/domain/enums';
import { notes, users } from '~/db/schema';
import type { Tx } from '~/db/client.server';

/**
 * A second 첨삭 coach (`coach2`) and the demo's waiting notes assigned, so /super/coaches shows a load per coach:
 * `coach` has student6's note, `coach2` has student2's and student4's, and the next note a teacher sends goes to
 * `coach` (the fewest waiting). Any other waiting note is left unassigned.
 */
export async function seedCoaches(tx: Tx) {
  const [coach2] = await tx
    .insert(users)
    .values({
      loginId: 'coach2',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      name: '첨삭코치2',
      email: 'coach2@readin.example',
      phone: '010-9000-0031',
      role: 'SUPER',
      authorities: ['COACH'],
      securityQuestion: 7,
      securityAnswerHash: await hashSecurityAnswer('어린 왕자'),
    })
    .returning({ id: users.id });
  const people = await tx
    .select({ id: users.id, loginId: users.loginId })
    .from(users)
    .where(inArray(users.loginId, ['coach', 'student2', 'student4', 'student6']));
  const id = (loginId: string) => people.find((p) => p.loginId === loginId)?.id;
  const plan: [string, number | undefined][] = [
    ['student6', id('coach')],
    ['student2', coach2.id],
    ['student4', coach2.id],
  ];
  for (const [student, coachId] of plan) {
    const studentId = id(student);
    if (!studentId || !coachId) continue;
    await tx
      .update(notes)
      .set({ coachId })
      .where(and(eq(notes.userId, studentId), eq(notes.state, NoteState.WAITING_CORRECT), isNull(notes.coachId)));
  }
}
