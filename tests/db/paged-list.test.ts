import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { auditEvents, messages, organisations, users } from '~/db/schema';
import { SendState } from '~/domain/enums';
import { listMessages } from '~/services/messages.server';
import { listAudit } from '~/services/operators/audit.server';
import { listAcademies } from '~/services/operators/organisations.server';
import { searchUsers } from '~/services/operators/users.server';
import { countQueries } from '~/db/query-count.server';
import { ESTIMATE_ABOVE, MAX_PAGES, onePage } from '~/services/paged-list.server';
import { useTestDatabase } from '../support/db';
import { createStudent } from '../support/factories';

// onePage (app/services/paged-list.server.ts): the page, the list's length counted or (a list that asks for it and is
// estimated above ESTIMATE_ABOVE) the planner's estimate, the last page capped at MAX_PAGES.

useTestDatabase();

/** A list of the numbers 1..n, newest first, as a list's select builder (the planner knows generate_series' rows). */
const numbers = (n: number) =>
  db()
    .select({ n: sql<number>`g`.mapWith(Number) })
    .from(sql`generate_series(1, ${sql.raw(String(n))}) g`)
    .orderBy(sql`g desc`);
const countOf = (n: number) =>
  db()
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(sql`generate_series(1, ${sql.raw(String(n))}) g`);
/** A count that must not be run. */
const never = { then: () => Promise.reject(new Error('counted although estimated')) } as unknown as PromiseLike<{ total: number }[]>;

describe('onePage', () => {
  it('counts a list that does not ask for the estimate: two queries, the exact length', async () => {
    const { result, queries } = await countQueries(() => onePage(2, 20, numbers(50), countOf(50)));
    expect(queries).toHaveLength(2);
    expect(queries.some((q) => /^explain/i.test(q))).toBe(false);
    expect(result).toMatchObject({ total: 50, estimated: false, capped: false, page: 2, pages: 3 });
    expect(result.rows.map((r) => r.n)).toEqual(Array.from({ length: 20 }, (_, i) => 30 - i));
  });

  it('estimates a big list that asks for it: the whole list’s estimate (not the page’s), nothing counted', async () => {
    const n = ESTIMATE_ABOVE * 5;
    const { result, queries } = await countQueries(() => onePage(1, 20, numbers(n), never, { estimate: true }));
    expect(queries).toHaveLength(2);
    expect(result.estimated).toBe(true);
    expect(result.total).toBe(n);
    expect(result).toMatchObject({ pages: Math.min(MAX_PAGES, n / 20), capped: n / 20 > MAX_PAGES });
    expect(result.rows.map((r) => r.n).slice(0, 3)).toEqual([n, n - 1, n - 2]);
  });

  it('counts a list that asks for the estimate when it is small: exact length, three queries', async () => {
    const { result, queries } = await countQueries(() => onePage(1, 20, numbers(45), countOf(45), { estimate: true }));
    expect(queries).toHaveLength(3);
    expect(result).toMatchObject({ total: 45, estimated: false, pages: 3 });
  });

  it('shows at most MAX_PAGES pages: a page further on is the last one shown', async () => {
    const n = (MAX_PAGES + 10) * 20;
    const result = await onePage(MAX_PAGES + 5, 20, numbers(n), never, { estimate: true });
    expect(result).toMatchObject({ capped: true, page: MAX_PAGES, pages: MAX_PAGES });
    expect(result.rows[0].n).toBe(n - (MAX_PAGES - 1) * 20);
  });
});

describe('lists read a page of keys first, then their rows (pageRows)', () => {
  it('give the pages the list’s own order would: messages, the audit trail, the users', async () => {
    const [someone] = await db().select({ id: users.id }).from(users).orderBy(users.id).limit(1);
    await db()
      .insert(messages)
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          recipientUserId: i % 3 ? someone.id : null,
          phone: '010-0000-0000',
          channel: 'TALK' as const,
          kind: 'PAGING_TEST',
          body: `쪽 나누기 ${i}`,
          sendState: SendState.COMPLETE,
        })),
      );
    await db()
      .insert(auditEvents)
      .values(Array.from({ length: 70 }, (_, i) => ({ actorId: someone.id, action: 'paging.test', targetType: 'user', targetId: i })));

    const pagesOf = async <Row extends { id: number }>(read: (page: number) => Promise<{ rows: Row[] }>, pages: number) => {
      const ids: number[] = [];
      for (let p = 1; p <= pages; p++) ids.push(...(await read(p)).rows.map((r) => r.id));
      return ids;
    };
    const messageIds = (await db().select({ id: messages.id }).from(messages).orderBy(desc(messages.id))).map((r) => r.id);
    expect(await pagesOf((p) => listMessages(p), 3)).toEqual(messageIds.slice(0, 150));
    const mine = (await listMessages(2)).rows.find((r) => r.recipientName !== null);
    expect(mine?.recipientLoginId).toBeTruthy();

    const auditIds = (await db().select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id))).map((r) => r.id);
    expect(await pagesOf((p) => listAudit({}, p), 3)).toEqual(auditIds.slice(0, 90));
    const [actor] = await db().select({ loginId: users.loginId }).from(users).where(eq(users.id, someone.id));
    const byActor = await listAudit({ actorLoginId: actor.loginId, action: 'paging.test' }, 2);
    expect(byActor.rows.map((r) => r.targetId)).toEqual(Array.from({ length: 30 }, (_, i) => 39 - i));
    expect(byActor.rows.every((r) => r.actorLoginId === actor.loginId)).toBe(true);

    await db()
      .insert(organisations)
      .values(Array.from({ length: 45 }, (_, i) => ({ kind: 'academy' as const, name: `쪽 나누기 학원 ${String(i).padStart(2, '0')}` })));
    const academyIds = (
      await db()
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.kind, 'academy'))
        .orderBy(organisations.name, organisations.id)
    ).map((r) => r.id);
    const perPage = (await listAcademies({}, 1)).rows.length;
    expect(await pagesOf((p) => listAcademies({}, p), 3)).toEqual(academyIds.slice(0, 3 * perPage));

    const userIds = (await db().select({ id: users.id }).from(users).orderBy(desc(users.createdAt), desc(users.id))).map((r) => r.id);
    const size = (await searchUsers({}, 1)).rows.length;
    expect(await pagesOf((p) => searchUsers({}, p), 2)).toEqual(userIds.slice(0, 2 * size));
  });
});

describe('a one- or two-letter search of the users (the grams index, drizzle/0021)', () => {
  it('finds exactly the users an ILIKE over name, login id, phone and email finds', async () => {
    await createStudent({ name: '뷁쉛훑' });
    await createStudent({ name: '쉛뷁' });
    const [mixed] = await db().select({ id: users.id }).from(users).limit(1);
    await db().update(users).set({ email: 'QzWx@Example.com' }).where(eq(users.id, mixed.id));
    for (const q of ['뷁', '쉛뷁', '뷁쉛', 'zw', 'QZ', '7', '%', '훑']) {
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const truth = (
        await db()
          .select({ id: users.id })
          .from(users)
          .where(or(ilike(users.name, pattern), ilike(users.loginId, pattern), ilike(users.phone, pattern), ilike(users.email, pattern)))
          .orderBy(desc(users.createdAt), desc(users.id))
      ).map((r) => r.id);
      const found = await searchUsers({ q }, 1);
      expect(
        found.rows.map((r) => r.id),
        q,
      ).toEqual(truth.slice(0, found.rows.length));
      expect(found.total, q).toBe(truth.length);
    }
    expect((await searchUsers({ q: '쉛뷁' }, 1)).rows.map((r) => r.name)).toEqual(['쉛뷁']);
    expect((await searchUsers({ q: 'zw' }, 1)).rows.map((r) => r.id)).toEqual([mixed.id]);
  });
});
