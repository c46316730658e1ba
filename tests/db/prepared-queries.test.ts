import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { sessions } from '~/db/schema';
import { BookStatus } from '~/domain/enums';
import { findSessionUser } from '~/services/users.server';
import { addInboxItems, unreadCount } from '~/services/inbox.server';
import { getActivityOverview } from '~/services/reading/overview.server';
import { useTestDatabase } from '../support/db';
import { assignBook, cookieFor, createStudent } from '../support/factories';

useTestDatabase();

// The hot queries of the student's pages are prepared once with placeholders (app/db/prepared.server.ts): each call
// must answer for its own values, never the first caller's, on the app's handle and inside a transaction alike.
describe('prepared hot queries', () => {
  it('answer for each student in turn, outside and inside a transaction', async () => {
    const first = await createStudent();
    const second = await createStudent();
    const a = await assignBook({ student: first, status: BookStatus.ACTIVITY });
    const b1 = await assignBook({ student: second });
    const b2 = await assignBook({ student: second });

    for (let round = 0; round < 2; round++) {
      const one = await getActivityOverview(first.id);
      const two = await getActivityOverview(second.id);
      expect(one.resultList.map((r) => r.resultBookId)).toEqual([a.id]);
      expect(two.resultList.map((r) => r.resultBookId).sort()).toEqual([b1.id, b2.id].sort());
      // The recommendations never hold a book the student already has.
      expect(two.recommend.map((r) => r.bookId)).not.toContain(b1.bookId);
      expect(one.recommend.map((r) => r.bookId)).not.toContain(a.bookId);
    }

    const inside = await db().transaction(async (tx) => ({
      one: await getActivityOverview(first.id, tx),
      two: await getActivityOverview(second.id, tx),
    }));
    expect(inside.one.resultList.map((r) => r.resultBookId)).toEqual([a.id]);
    expect(inside.two.resultList).toHaveLength(2);

    const before = [await unreadCount(first.id), await unreadCount(second.id)];
    await addInboxItems([
      { userId: second.id, kind: 'NOTICE', title: '하나', body: '' },
      { userId: second.id, kind: 'NOTICE', title: '둘', body: '' },
    ]);
    expect([await unreadCount(first.id), await unreadCount(second.id)]).toEqual([before[0], before[1] + 2]);
  });

  it('the session user: each session for its own user, a revoked one refused at once', async () => {
    const first = await createStudent();
    const second = await createStudent();
    await cookieFor(first.loginId);
    await cookieFor(second.loginId);
    const [s1] = await db().select().from(sessions).where(eq(sessions.userId, first.id));
    const [s2] = await db().select().from(sessions).where(eq(sessions.userId, second.id));

    expect(await findSessionUser(first.id, s1.id)).toMatchObject({ user: { id: first.id }, live: true });
    expect(await findSessionUser(second.id, s2.id)).toMatchObject({ user: { id: second.id }, live: true });
    // Another user's session: the user is found, the session grants nothing.
    expect(await findSessionUser(first.id, s2.id)).toMatchObject({ user: { id: first.id }, live: false });

    await db().update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, s1.id));
    expect((await findSessionUser(first.id, s1.id)).live).toBe(false);
    expect((await findSessionUser(second.id, s2.id)).live).toBe(true);
  });
});
