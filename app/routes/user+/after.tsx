import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireUser } from '~/web/guards.server';
import { BookCover } from '~/components/reading';
import { BookListMain } from '~/components/book-list-main';
import { Pagination } from '~/components/pagination';
import { BookStatus } from '~/domain/enums';
import { formatMinutes } from '~/domain/reading';
import { formatKoreanDate } from '~/lib/dates';
import { listBooks } from '~/services/reading/overview.server';

export const meta: MetaFunction = () => [{ title: '읽은 후 활동 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1);
  const list = await listBooks(user.id, [BookStatus.DIAGNOSIS, BookStatus.NOTE, BookStatus.COMPLETE], page, 10);
  return json(
    {
      page: list.page,
      pages: list.pages,
      total: list.total,
      books: list.items.map((b) => ({
        id: b.resultBookId,
        bookId: b.bookId,
        title: b.title,
        author: b.author,
        status: b.status,
        method: b.readMethod,
        minutes: b.progress.minutes,
        sessions: b.progress.sessionsDone,
        hasBefore: b.hasBefore,
        finishedOn: formatKoreanDate(new Date(b.completedAt ?? b.statusChangedAt)),
      })),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export default function AfterReading() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="page stack">
      <div className="page-title">
        <h1>읽은 후 활동</h1>
        <p>다 읽은 책 {data.total}권과 읽은 뒤에 한 활동이에요. 문제 분석과 독서 노트까지 마치면 한 권이 완료돼요.</p>
      </div>
      {data.books.length === 0 ? (
        <p className="card empty">아직 다 읽은 책이 없어요. 지금 읽는 책을 끝까지 읽어 보세요.</p>
      ) : (
        <ul className="book-list card">
          {data.books.map((b) => (
            <li key={b.id}>
              <BookCover bookId={b.bookId} title={b.title} size="sm" />
              <BookListMain book={b}>
                <p className="muted">
                  {b.status === BookStatus.COMPLETE ? `${b.finishedOn} 완료` : `${b.finishedOn} 단계 진행`} · 읽은 시간{' '}
                  {formatMinutes(b.minutes)} · 기록 {b.sessions}회
                </p>
                <ul className="steps-done" aria-label="활동 단계">
                  <li className={b.hasBefore ? 'done' : ''}>읽기 전 활동 {b.hasBefore ? '✓' : ''}</li>
                  <li className="done">읽기 완료 ✓</li>
                  <li className={b.status >= BookStatus.NOTE ? 'done' : ''}>문제 분석 {b.status >= BookStatus.NOTE ? '✓' : ''}</li>
                  <li className={b.status === BookStatus.COMPLETE ? 'done' : ''}>
                    독서 노트 {b.status === BookStatus.COMPLETE ? '✓' : ''}
                  </li>
                </ul>
              </BookListMain>
              <Link className="button small secondary" to={`/user/activity/readingBook/info/indicator?id=${b.id}`}>
                도서 지표
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={data.page} pages={data.pages} base="/user/after" />
    </div>
  );
}
