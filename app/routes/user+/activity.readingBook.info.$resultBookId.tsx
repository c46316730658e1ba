import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireUser } from '~/web/guards.server';
import { BookCover, MethodBadge, ProgressBar, StatusBadge } from '~/components/reading';
import { careerFieldLabel, genreLabel, levelLabel } from '~/domain/catalogue';
import { BookStatus } from '~/domain/enums';
import { READING_ERRORS } from '~/domain/reading';
import { formatKoreanDate } from '~/lib/dates';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { getBeforePage } from '~/services/reading/before.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.book.title ?? '도서 정보'} · 도서 정보 | 리드인` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const id = idParam(params.resultBookId, READING_ERRORS.BOOK_NOT_FOUND);
  const { book, answer } = await orRespond(() => getBeforePage(user.id, id));
  return pageData({
    book: {
      id: book.resultBookId,
      bookId: book.bookId,
      title: book.title,
      author: book.author,
      publisher: book.publisher,
      totalPages: book.totalPages,
      level: book.level,
      genre: book.genre,
      careerFields: book.careerFields,
      summary: book.summary,
      status: book.status,
      method: book.readMethod,
      assignedOn: formatKoreanDate(new Date(book.assignedAt)),
      progress: book.progress,
    },
    answer,
  });
}

export default function BookInfo() {
  const { book, answer } = useLoaderData<typeof loader>();
  return (
    <div className="page stack">
      <p className="muted">
        <Link to="/user/activity">← 독서활동</Link>
      </p>
      <section className="card book-row" aria-labelledby="info-title">
        <BookCover bookId={book.bookId} title={book.title} size="lg" />
        <div className="stack">
          <div>
            <h1 id="info-title">{book.title}</h1>
            <div className="badges">
              <StatusBadge status={book.status} />
              <MethodBadge method={book.method} />
            </div>
          </div>
          <dl className="facts">
            <dt>지은이</dt>
            <dd>{book.author}</dd>
            <dt>출판사</dt>
            <dd>{book.publisher}</dd>
            <dt>수준</dt>
            <dd>{levelLabel(book.level)}</dd>
            <dt>쪽수</dt>
            <dd>{book.totalPages}쪽</dd>
            <dt>장르</dt>
            <dd>{genreLabel(book.genre)}</dd>
            <dt>진로 분야</dt>
            <dd>{book.careerFields.map(careerFieldLabel).join(', ') || '—'}</dd>
            <dt>배정일</dt>
            <dd>{book.assignedOn}</dd>
          </dl>
          {book.status >= BookStatus.ACTIVITY ? (
            <ProgressBar name="읽기 진행률" percent={book.progress.percent} label={book.progress.label} />
          ) : null}
          <p className="form-actions">
            {book.status === BookStatus.WAITING ? (
              <Link className="button" to={`/user/before/${book.id}`}>
                읽기 전 활동 하기
              </Link>
            ) : (
              <Link className="button" to={`/user/activity/readingBook/${book.id}`}>
                독서 기록 보기
              </Link>
            )}
            <Link className="button secondary" to={`/user/activity/readingBook/info/indicator?id=${book.id}`}>
              도서 지표
            </Link>
          </p>
        </div>
      </section>
      {book.summary ? (
        <section className="card">
          <h2>책 소개</h2>
          <p>{book.summary}</p>
        </section>
      ) : null}
      {answer ? (
        <section className="card">
          <h2>읽기 전 활동</h2>
          <h3>표지와 제목을 보고 한 예측</h3>
          <p>{answer.prediction}</p>
          <h3>이미 알고 있던 것</h3>
          <p>{answer.whatIKnow}</p>
        </section>
      ) : null}
    </div>
  );
}
