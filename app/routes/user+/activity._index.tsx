import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireUser } from '~/web/guards.server';
import { NoticePopups } from '~/components/notice-popups';
import { BookCover, MethodBadge, ProgressBar } from '~/components/reading';
import { BookListMain } from '~/components/book-list-main';
import { genreLabel, levelLabel } from '~/domain/catalogue';
import { BookStatus, ReadMethod } from '~/domain/enums';
import { BOOK_STATUS_LABELS, formatMinutes, pageRange, VISIBLE_STATUSES } from '~/domain/reading';
import { homePopups } from '~/web/forms/notice-form.server';
import { getActivityOverview } from '~/services/reading/overview.server';
import { formatKoreanDate } from '~/lib/dates';

export const meta: MetaFunction = () => [{ title: '독서활동 | 리드인' }];

/** Finished books shown here before the link to /user/after. */
const FINISHED_SHOWN = 4;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const [overview, popups] = await Promise.all([getActivityOverview(user.id), homePopups(request, user.id)]);
  // Only what the page shows travels to the browser (the page weight budget counts the embedded data too).
  const books = overview.resultList.map((b) => ({
    id: b.resultBookId,
    bookId: b.bookId,
    title: b.title,
    author: b.author,
    status: b.status,
    method: b.readMethod,
    current: b.isCurrent,
    percent: b.progress.percent,
    label: b.progress.label,
  }));
  const currentRow = overview.resultList.find((b) => b.resultBookId === overview.currentResultBookId);
  const current = books.find((b) => b.id === overview.currentResultBookId) ?? null;
  // The current book's cover is the largest element above the fold: drawn into the page (BookCover's `above`).
  const currentCover = currentRow
    ? { author: currentRow.author, coverColor: currentRow.coverColor, uploaded: currentRow.coverImage !== null }
    : null;
  return json(
    {
      name: user.name,
      userId: user.id,
      popups,
      current,
      currentCover,
      currentMinutes: current ? (overview.resultList.find((b) => b.resultBookId === current.id)?.progress.minutes ?? 0) : 0,
      books,
      recent: overview.recentRecords.map((r) => ({
        id: r.resultBookId,
        title: r.title,
        date: r.readDate,
        pages: r.startPage !== null ? pageRange(r.startPage, r.endPage ?? r.startPage) : `${r.sectionIndex}번째 부분까지`,
        minutes: r.minutes,
      })),
      recommend: overview.recommend.map((b) => ({ bookId: b.bookId, title: b.title, author: b.author, level: b.level, genre: b.genre })),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['books'][number];

function actionFor(b: Row): { to: string; label: string } {
  switch (b.status) {
    case BookStatus.WAITING:
      return { to: `/user/before/${b.id}`, label: '읽기 전 활동' };
    case BookStatus.PRE_ACTIVITY_COMPLETE:
      return { to: `/user/activity/readingBook/${b.id}`, label: '읽기 시작' };
    case BookStatus.ACTIVITY:
      return { to: `/user/activity/readingBook/${b.id}`, label: '기록하기' };
    default:
      return { to: `/user/activity/readingBook/info/${b.id}`, label: '도서 정보' };
  }
}

export default function UserActivity() {
  const data = useLoaderData<typeof loader>();
  const { current, currentCover } = data;
  return (
    <div className="page stack activity">
      <NoticePopups popups={data.popups} userId={data.userId} />
      <div className="page-title">
        <h1>독서활동</h1>
        <p>{data.name}님의 책 읽기 여정입니다. 읽기 전 활동 → 읽기 → 문제 분석 → 독서 노트 순서로 진행해요.</p>
        <p>
          <Link to="/user/before">읽기 전 활동</Link> · <Link to="/user/after">읽은 후 활동</Link>
        </p>
      </div>

      <section className="card current-book" aria-labelledby="current-title">
        <h2 id="current-title">지금 읽는 책</h2>
        {current ? (
          <div className="book-row">
            <BookCover bookId={current.bookId} title={current.title} size="lg" above={currentCover ?? undefined} />
            <div className="stack">
              <div>
                <h3>
                  <Link to={`/user/activity/readingBook/info/${current.id}`}>{current.title}</Link>
                </h3>
                <p className="muted">{current.author}</p>
                <MethodBadge method={current.method} />
              </div>
              <ProgressBar name="읽기 진행률" percent={current.percent} label={current.label} />
              {current.method !== ReadMethod.HUNDRED ? <p className="muted">누적 읽은 시간 {formatMinutes(data.currentMinutes)}</p> : null}
              <p className="form-actions">
                <Link className="button" to={`/user/activity/readingBook/${current.id}`}>
                  독서 기록하기
                </Link>
                <Link className="button secondary" to={`/user/activity/readingBook/info/indicator?id=${current.id}`}>
                  도서 지표
                </Link>
              </p>
            </div>
          </div>
        ) : (
          <p className="empty">지금 읽는 책이 없어요. 아래 목록에서 읽기 전 활동을 마친 책을 골라 읽기를 시작해 보세요.</p>
        )}
      </section>

      <section aria-labelledby="books-title">
        <h2 id="books-title">내 도서</h2>
        {data.books.length === 0 ? (
          <p className="card empty">
            아직 내 도서가 없어요. 선생님이 배정한 책이 여기에 나타나요. <Link to="/user/recommend">추천 도서</Link>나{' '}
            <Link to="/user/search">도서 검색</Link>에서 읽고 싶은 책을 담을 수도 있어요.
          </p>
        ) : null}
        <div className="status-groups">
          {VISIBLE_STATUSES.map((status) => {
            const group = data.books.filter((b) => b.status === status);
            if (group.length === 0) return null;
            const finished = status === BookStatus.COMPLETE;
            const shown = finished ? group.slice(0, FINISHED_SHOWN) : group;
            return (
              <section key={status} className="card status-group" aria-labelledby={`group-${status}`}>
                <h3 id={`group-${status}`}>
                  {BOOK_STATUS_LABELS[status]} <span className="count">{group.length}권</span>
                </h3>
                <ul className="book-list">
                  {shown.map((b) => {
                    const action = actionFor(b);
                    return (
                      <li key={b.id}>
                        <BookListMain book={b} badges={b.current ? <span className="badge current">현재 도서</span> : null}>
                          {status === BookStatus.ACTIVITY ? (
                            <ProgressBar name={`${b.title} 진행률`} percent={b.percent} label={b.label} />
                          ) : null}
                        </BookListMain>
                        <Link className="button small secondary" to={action.to}>
                          {action.label}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
                {finished && group.length > FINISHED_SHOWN ? <Link to="/user/after">다 읽은 책 모두 보기</Link> : null}
              </section>
            );
          })}
        </div>
      </section>

      <section aria-labelledby="recent-title">
        <h2 id="recent-title">최근 독서 기록</h2>
        {data.recent.length === 0 ? (
          <p className="card empty">아직 독서 기록이 없어요.</p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">날짜</th>
                  <th scope="col">도서</th>
                  <th scope="col">읽은 곳</th>
                  <th scope="col">시간</th>
                </tr>
              </thead>
              <tbody>
                {data.recent.map((r, i) => (
                  <tr key={i}>
                    <td>{formatKoreanDate(r.date)}</td>
                    <td>{r.title}</td>
                    <td>{r.pages}</td>
                    <td>{r.minutes}분</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="recommend-title">
        <h2 id="recommend-title">추천 도서</h2>
        {data.recommend.length === 0 ? (
          <p className="card empty">지금은 추천할 도서가 없어요.</p>
        ) : (
          <ul className="recommend-grid">
            {data.recommend.map((b) => (
              <li key={b.bookId} className="card">
                <BookCover bookId={b.bookId} title={b.title} size="sm" />
                <div>
                  <strong>{b.title}</strong>
                  <p className="muted">
                    {b.author} · {levelLabel(b.level)} · {genreLabel(b.genre)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to="/user/recommend">추천 도서 더 보기</Link>
        </p>
      </section>
    </div>
  );
}
