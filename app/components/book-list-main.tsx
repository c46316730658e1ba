import type { ReactNode } from 'react';
import type { BookStatus, ReadMethod } from '~/domain/enums';
import { Link } from '~/components/link';
import { MethodBadge, StatusBadge } from '~/components/reading';

// Apart from reading.tsx, so that pages drawing only a cover do not carry the list row.
/**
 * The main part of a row of a student's book list: the title to the book's page, the author, the state and method
 * badges (and `badges` after them), then `children`.
 */
export function BookListMain({
  book,
  badges,
  children,
}: {
  book: { id: number; title: string; author: string; status: BookStatus; method: ReadMethod };
  badges?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="book-list-main">
      <Link to={`/user/activity/readingBook/info/${book.id}`} className="book-title">
        {book.title}
      </Link>
      <span className="muted"> · {book.author}</span>
      <div className="badges">
        <StatusBadge status={book.status} />
        <MethodBadge method={book.method} />
        {badges}
      </div>
      {children}
    </div>
  );
}
