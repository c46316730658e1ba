import { Link } from '~/components/link';
import type { BookChoice } from '~/domain/reading';
import { StatusBadge } from './reading';

/** The page of /user/activity/readingBook/info (or …/indicator) when the student has no current book. */
export function NoCurrentBook({ title, books }: { title: string; books: BookChoice[] }) {
  return (
    <div className="page stack">
      <p className="muted">
        <Link to="/user/activity">← 독서활동</Link>
      </p>
      <div className="page-title">
        <h1>{title}</h1>
        <p className="empty">지금 읽는 책이 없어요.</p>
      </div>
      {books.length > 0 ? (
        <section className="card" aria-labelledby="choose-title">
          <h2 id="choose-title">내 도서에서 고르기</h2>
          <ul className="book-list">
            {books.map((b) => (
              <li key={b.id}>
                <div className="book-list-main">
                  <Link to={b.href} className="book-title">
                    {b.title}
                  </Link>
                  <span className="muted"> · {b.author}</span>
                  <div className="badges">
                    <StatusBadge status={b.status} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p className="card empty">
          아직 내 도서가 없어요. <Link to="/user/recommend">추천 도서</Link>나 <Link to="/user/search">도서 검색</Link>에서 읽고 싶은 책을
          담아 보세요.
        </p>
      )}
    </div>
  );
}
