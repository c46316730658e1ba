import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { resultBooks } from '~/db/schema';
import { BookStatus } from '~/domain/enums';
import { advanceStatus, advanceStatusOrThrow, BookStatusConflict, excludeBook } from '~/services/book-status.server';
import { useTestDatabase } from '../support/db';
import { assignBook } from '../support/factories';

useTestDatabase();

const statusOf = async (id: number) => (await db().select().from(resultBooks).where(eq(resultBooks.id, id)))[0].status;

describe('book status machine', () => {
  it('moves forward one step at a time and never skips or repeats', async () => {
    const { id } = await assignBook();
    expect(await statusOf(id)).toBe(BookStatus.WAITING);
    expect(await advanceStatus(id, BookStatus.ACTIVITY)).toBe(false); // not there yet: no skip
    expect(await statusOf(id)).toBe(BookStatus.WAITING);
    expect(await advanceStatus(id, BookStatus.WAITING)).toBe(true);
    expect(await advanceStatus(id, BookStatus.WAITING)).toBe(false); // no repeat
    expect(await statusOf(id)).toBe(BookStatus.PRE_ACTIVITY_COMPLETE);
    for (const from of [BookStatus.PRE_ACTIVITY_COMPLETE, BookStatus.ACTIVITY, BookStatus.DIAGNOSIS, BookStatus.NOTE]) {
      await advanceStatusOrThrow(id, from);
    }
    const [done] = await db().select().from(resultBooks).where(eq(resultBooks.id, id));
    expect(done.status).toBe(BookStatus.COMPLETE);
    expect(done.completedAt).not.toBeNull();
    await expect(advanceStatusOrThrow(id, BookStatus.NOTE)).rejects.toBeInstanceOf(BookStatusConflict);
    await expect(advanceStatus(id, BookStatus.COMPLETE)).rejects.toThrow(/no step after/);
  });

  it('lets exactly one of two racing requests move a book', async () => {
    const { id } = await assignBook();
    const results = await Promise.all(Array.from({ length: 6 }, () => advanceStatus(id, BookStatus.WAITING)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await statusOf(id)).toBe(BookStatus.PRE_ACTIVITY_COMPLETE);
  });

  it('excludes a book from any status', async () => {
    const { id } = await assignBook();
    await advanceStatus(id, BookStatus.WAITING);
    await excludeBook(id);
    expect(await statusOf(id)).toBe(BookStatus.EXCLUDE);
  });
});
