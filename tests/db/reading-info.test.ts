import type { LoaderFunctionArgs } from '@remix-run/node';
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { resultBooks, users } from '~/db/schema';
import { BookStatus } from '~/domain/enums';
import * as indicatorPage from '~/routes/user+/activity.readingBook.info.indicator';
import * as infoIndex from '~/routes/user+/activity.readingBook.info._index';
import { makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';

useTestDatabase();

// The spec's /user/activity/readingBook/info and …/info/indicator (§2) name no book: they open the current book's
// page, or list the student's books when there is no current one.

type Loader = (args: LoaderFunctionArgs) => unknown;
async function open(loader: Loader, path: string, loginId: string) {
  const cookie = await sessionCookie(loginId);
  return respond(() => loader({ request: makeRequest(path, { cookie }), params: {}, context: {} }));
}

const userId = async (loginId: string) => (await db().select({ id: users.id }).from(users).where(eq(users.loginId, loginId)))[0].id;

async function currentOf(loginId: string) {
  const rows = await db()
    .select({ id: resultBooks.id })
    .from(resultBooks)
    .where(
      and(eq(resultBooks.userId, await userId(loginId)), eq(resultBooks.isCurrent, true), eq(resultBooks.status, BookStatus.ACTIVITY)),
    );
  expect(rows).toHaveLength(1);
  return rows[0].id;
}

describe('/user/activity/readingBook/info without an id', () => {
  it("redirects to the current book's info page", async () => {
    const res = await open(infoIndex.loader, '/user/activity/readingBook/info', 'student');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(`/user/activity/readingBook/info/${await currentOf('student')}`);
  });

  it('still sends ?id= to the id form, and refuses an id that is no number', async () => {
    const res = await open(infoIndex.loader, '/user/activity/readingBook/info?id=42', 'student');
    expect(res.headers.get('Location')).toBe('/user/activity/readingBook/info/42');
    expect((await open(infoIndex.loader, '/user/activity/readingBook/info?id=abc', 'student')).status).toBe(404);
  });

  it("lists the student's books, excluded ones aside, when none is current", async () => {
    const res = await open(infoIndex.loader, '/user/activity/readingBook/info', 'student9');
    expect(res.status).toBe(200);
    const { books } = (await res.json()) as { books: { id: number; href: string }[] };
    const own = await db()
      .select({ id: resultBooks.id })
      .from(resultBooks)
      .where(and(eq(resultBooks.userId, await userId('student9')), ne(resultBooks.status, BookStatus.EXCLUDE)));
    expect(books.map((b) => b.id).sort()).toEqual(own.map((b) => b.id).sort());
    expect(books.length).toBeGreaterThan(0);
    for (const b of books) expect(b.href).toBe(`/user/activity/readingBook/info/${b.id}`);
  });

  it('answers a member without any book with an empty list', async () => {
    const res = await open(infoIndex.loader, '/user/activity/readingBook/info', 'adult');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ books: [] });
  });
});

describe('/user/activity/readingBook/info/indicator without an id', () => {
  it("redirects to the current book's indicator", async () => {
    const res = await open(indicatorPage.loader, '/user/activity/readingBook/info/indicator', 'student2');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(`/user/activity/readingBook/info/indicator?id=${await currentOf('student2')}`);
  });

  it('shows the indicator of the book its ?id= names, and lists the books when none is current', async () => {
    const id = await currentOf('student');
    const shown = await open(indicatorPage.loader, `/user/activity/readingBook/info/indicator?id=${id}`, 'student');
    expect(((await shown.json()) as { book: { id: number } }).book.id).toBe(id);
    const none = await open(indicatorPage.loader, '/user/activity/readingBook/info/indicator', 'student9');
    const { choices } = (await none.json()) as { choices: { id: number; href: string }[] };
    expect(choices.length).toBeGreaterThan(0);
    for (const b of choices) expect(b.href).toBe(`/user/activity/readingBook/info/indicator?id=${b.id}`);
  });

  it('refuses a visitor and an id that is no number', async () => {
    const visitor = await respond(() =>
      indicatorPage.loader({ request: makeRequest('/user/activity/readingBook/info/indicator'), params: {}, context: {} }),
    );
    expect(visitor.headers.get('Location')).toMatch(/^\/member\/login\?redirectTo=/);
    expect((await open(indicatorPage.loader, '/user/activity/readingBook/info/indicator?id=0', 'student')).status).toBe(404);
  });
});
