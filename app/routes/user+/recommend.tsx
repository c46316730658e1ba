import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireUser } from '~/web/guards.server';
import { BookCard } from '~/components/book-card';
import { Pagination } from '~/components/pagination';
import { bandLabel, levelLabel } from '~/domain/catalogue';
import { recommendBooks } from '~/services/library.server';

export const meta: MetaFunction = () => [{ title: '추천 도서 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
  return json(await recommendBooks(user.id, page));
}

export default function Recommend() {
  const data = useLoaderData<typeof loader>();
  const here = data.page > 1 ? `/user/recommend?page=${data.page}` : '/user/recommend';
  return (
    <div className="page">
      <header className="page-title">
        <h1>추천 도서</h1>
        <p>
          {data.needsLevelTest ? '수준 진단 전이라 ' : '지금 읽기 수준 '}
          <strong>{levelLabel(data.level)}</strong>
          {data.needsLevelTest ? '을 기준으로 ' : '에 맞춰 '}
          <strong>{bandLabel(data.band)}</strong> 책 가운데, 좋아요를 누른 책과 장르·진로 분야가 비슷한 책을 먼저 보여 드려요. 이미
          배정받았거나 읽은 책은 빼고 추천합니다.
        </p>
        {data.band.widened ? (
          <p className="alert info" role="status">
            {bandLabel(data.usualBand)}에는 아직 읽지 않은 책이 없어서 {bandLabel(data.band)}까지 넓혀서 찾았어요.
          </p>
        ) : null}
        {data.needsLevelTest ? (
          <p className="alert info">
            내 수준에 꼭 맞는 책을 추천받으려면 먼저 수준 진단을 해 볼까요? <Link to="/user/activity/courseTest">수준 진단 하기 →</Link>
          </p>
        ) : null}
        <p>
          <Link to="/user/search">원하는 책 직접 찾기 →</Link>
        </p>
      </header>
      {data.books.length === 0 ? (
        <p className="card">추천할 새 책이 없어요. 모든 책을 이미 배정받았거나 읽었어요. 도서 검색에서 다시 읽고 싶은 책을 찾아보세요.</p>
      ) : (
        <div className="book-grid">
          {data.books.map((book) => (
            <BookCard key={book.id} book={book} redirectTo={here} />
          ))}
        </div>
      )}
      <p className="muted" style={{ textAlign: 'center' }}>
        추천 도서 {data.total}권 중 {data.page}/{data.pages}쪽
      </p>
      <Pagination page={data.page} pages={data.pages} href={(p) => `/user/recommend?page=${p}`} />
    </div>
  );
}
