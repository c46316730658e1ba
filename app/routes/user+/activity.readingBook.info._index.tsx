import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUser } from '~/web/guards.server';
import { NoCurrentBook } from '~/components/no-current-book';
import { READING_ERRORS } from '~/domain/reading';
import { notFound } from '~/web/http.server';
import { currentBookOrChoices, requestedId } from './__current-book.server';

// /user/activity/readingBook/info?id=<resultBookId> → /user/activity/readingBook/info/<resultBookId>;
// /user/activity/readingBook/info (spec §2) → the info page of the current book, or the student's books to choose from.
export const meta: MetaFunction = () => [{ title: '도서 정보 | 리드인' }];

const infoPage = (resultBookId: number) => `/user/activity/readingBook/info/${resultBookId}`;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const id = requestedId(request);
  if (id === 'invalid') throw notFound(READING_ERRORS.BOOK_NOT_FOUND);
  if (id !== null) return redirect(infoPage(id));
  const books = await currentBookOrChoices(user.id, infoPage);
  return json({ books }, { headers: { 'Cache-Control': 'no-store' } });
}

export default function NoCurrentBookInfo() {
  const { books } = useLoaderData<typeof loader>();
  return <NoCurrentBook title="도서 정보" books={books} />;
}
