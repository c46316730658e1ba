import { and, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { notes, resultBooks, users } from '~/db/schema';
import { BookStatus } from '~/domain/enums';
import { findAuthUser } from '~/services/users.server';
import { assignBook } from './factories';

export async function userByLogin(loginId: string) {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.loginId, loginId));
  const user = await findAuthUser(row.id);
  if (!user) throw new Error(`no user ${loginId}`);
  return user;
}

/** A fresh result book in NOTE status for a student (tests that consume a book use their own). */
export async function noteBook(loginId: string) {
  const user = await userByLogin(loginId);
  return (await assignBook({ student: user, status: BookStatus.NOTE })).id;
}

export async function noteOf(resultBookId: number) {
  const [row] = await db().select().from(notes).where(eq(notes.resultBookId, resultBookId));
  return row;
}

export async function noteById(id: number) {
  const [row] = await db().select().from(notes).where(eq(notes.id, id));
  return row;
}

export async function bookStatus(resultBookId: number) {
  const [row] = await db().select({ status: resultBooks.status }).from(resultBooks).where(eq(resultBooks.id, resultBookId));
  return row.status;
}

/** The demo note of a student's book with the given state. */
export async function demoNote(loginId: string, state: number) {
  const user = await userByLogin(loginId);
  const [row] = await db()
    .select()
    .from(notes)
    .where(and(eq(notes.userId, user.id), eq(notes.state, state as never)));
  return row;
}

export const LONG_NOTE =
  '주인공이 어려운 상황에서도 포기하지 않는 모습이 인상 깊었다. 나도 힘든 일이 있을 때 주인공처럼 한 번 더 해 보고 싶다.';
