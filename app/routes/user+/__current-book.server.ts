import { redirect } from '@remix-run/node';
import type { BookStatus } from '~/domain/enums';
import { positiveInt } from '~/web/http.server';
import { getActivityOverview } from '~/services/reading/overview.server';

// The spec's /user/activity/readingBook/info and …/info/indicator name no book: they show the student's current book
// (the one getActivityOverview calls current), by a redirect to the page of that book, so each page keeps one loader
// and its address names the book. Without a current book the page lists the student's books instead.

/** The URL that asks for a book by `?id=`, or null when it names none (an empty `id` names none either). */
export function requestedId(request: Request): number | null | 'invalid' {
  const raw = new URL(request.url).searchParams.get('id');
  if (raw === null || raw === '') return null;
  return positiveInt(raw) ?? 'invalid';
}

export type BookChoice = { id: number; bookId: number; title: string; author: string; status: BookStatus; href: string };

/** Redirects to `pageOf(current book)`; without a current book, the student's books to choose from. */
export async function currentBookOrChoices(userId: number, pageOf: (resultBookId: number) => string): Promise<BookChoice[]> {
  const overview = await getActivityOverview(userId);
  if (overview.currentResultBookId !== null) throw redirect(pageOf(overview.currentResultBookId));
  return overview.resultList.map((b) => ({
    id: b.resultBookId,
    bookId: b.bookId,
    title: b.title,
    author: b.author,
    status: b.status,
    href: pageOf(b.resultBookId),
  }));
}
