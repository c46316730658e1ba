import { useFetcher } from '@remix-run/react';
import { Link } from '~/components/link';
import { careerFieldLabel, genreLabel, levelLabel } from '~/domain/catalogue';
import { BookCover } from './reading';
import { CsrfInput } from '~/components/csrf';
import type { FormReply } from '~/lib/form-reply';

export type BookCardData = {
  id: number;
  title: string;
  author: string;
  publisher?: string;
  level: number;
  genre: string;
  careerFields: string[];
  summary?: string;
  liked: boolean;
};

/**
 * Like / unlike: a plain form that posts and comes back without JavaScript, a fetcher (no navigation, the heart
 * flips at once) with it.
 */
export function LikeButton({ bookId, liked, redirectTo }: { bookId: number; liked: boolean; redirectTo: string }) {
  const fetcher = useFetcher<FormReply<{ liked: boolean }>>();
  const pending = fetcher.formData?.get('intent');
  // While posting, the choice made; then the reply's `liked` (the page's data, revalidated after it, says the same).
  const shown = pending ? pending === 'like' : (fetcher.data?.data?.liked ?? liked);
  return (
    <fetcher.Form method="post" action="/user/book/like" className="like-form">
      <CsrfInput />
      <input type="hidden" name="bookId" value={bookId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        name="intent"
        value={shown ? 'unlike' : 'like'}
        className={`like ${shown ? 'on' : ''}`}
        aria-pressed={shown}
        aria-label={shown ? '좋아요 취소' : '좋아요'}
      >
        <span aria-hidden="true">{shown ? '♥' : '♡'}</span> {shown ? '좋아요 취소' : '좋아요'}
      </button>
    </fetcher.Form>
  );
}

export function BookCard({ book, redirectTo }: { book: BookCardData; redirectTo: string }) {
  return (
    <article className="card book-card">
      <BookCover bookId={book.id} title={book.title} />
      <div className="book-card-body">
        <h3>
          <Link to={`/user/book/${book.id}`}>{book.title}</Link>
        </h3>
        <p className="muted">
          {book.author}
          {book.publisher ? ` · ${book.publisher}` : ''}
        </p>
        <p className="tags">
          <span className="badge">{levelLabel(book.level)}</span> <span className="badge neutral">{genreLabel(book.genre)}</span>
          {book.careerFields.slice(0, 2).map((f) => (
            <span key={f} className="badge neutral">
              {careerFieldLabel(f)}
            </span>
          ))}
        </p>
        <LikeButton bookId={book.id} liked={book.liked} redirectTo={redirectTo} />
      </div>
    </article>
  );
}
