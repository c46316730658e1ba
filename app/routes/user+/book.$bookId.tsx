import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireUser } from '~/auth/guards.server';
import { LikeButton } from '~/components/book-card';
import { BookCover } from '~/components/reading';
import { careerFieldLabel, careersOf, genreLabel, levelLabel } from '~/domain/catalogue';
import { isDomainError } from '~/lib/errors';
import { getBook } from '~/services/library.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.book.title ?? '도서'} | 리드인` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  try {
    return json({ book: await getBook(user.id, Number(params.bookId)) });
  } catch (error) {
    if (isDomainError(error)) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

export default function BookPage() {
  const { book } = useLoaderData<typeof loader>();
  return (
    <main className="stack">
      <p className="muted">
        <Link to="/user/recommend">← 추천 도서</Link>
      </p>
      <article className="card book-detail">
        <BookCover bookId={book.id} title={book.title} size="lg" />
        <div>
          <h1>{book.title}</h1>
          <p className="muted">
            {book.author} · {book.publisher} · {book.totalPages}쪽
          </p>
          <p className="tags">
            <span className="badge">{levelLabel(book.level)}</span>
            <span className="badge neutral">{genreLabel(book.genre)}</span>
          </p>
          <p>{book.summary}</p>
          <h2 className="h3">이 책과 이어지는 진로</h2>
          <ul>
            {book.careerFields.map((f) => (
              <li key={f}>
                <strong>{careerFieldLabel(f)}</strong>: {careersOf(f).join(', ')}
              </li>
            ))}
          </ul>
          <p className="muted">이 책을 좋아하는 친구 {book.likes}명</p>
          <LikeButton bookId={book.id} liked={book.liked} redirectTo={`/user/book/${book.id}`} />
        </div>
      </article>
    </main>
  );
}
