import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireSuper } from '~/auth/guards.server';
import { When } from '~/components/notes';
import { Pagination } from '~/components/pagination';
import { orRespond, pageParam, pageData } from '~/lib/http.server';
import { listCoachQueue, recentCorrections } from '~/services/notes/review.server';

export const meta: MetaFunction = () => [{ title: '첨삭 대기열 | 리드인 운영' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSuper(request, { allow: ['COACH'] });
  const [queue, recent] = await orRespond(() => Promise.all([listCoachQueue(user, pageParam(request)), recentCorrections(user)]));
  return pageData({ queue, recent, user: { name: user.name } });
}

export default function CoachQueue() {
  const { queue, recent, user } = useLoaderData<typeof loader>();
  return (
    <div className="page stack">
      <header className="page-title">
        <h1>첨삭 대기열</h1>
        <p>
          {user.name}님, 선생님들이 첨삭을 요청한 독서 노트 {queue.total}편이 기다리고 있습니다. 오래 기다린 노트부터 보여 드립니다.
        </p>
      </header>
      {queue.items.length === 0 ? (
        <div className="card">
          <p>첨삭을 기다리는 노트가 없습니다.</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">첨삭을 기다리는 독서 노트</caption>
            <thead>
              <tr>
                <th scope="col">순서</th>
                <th scope="col">학원</th>
                <th scope="col">학생</th>
                <th scope="col">책</th>
                <th scope="col">요청 시각</th>
              </tr>
            </thead>
            <tbody>
              {queue.items.map((n, i) => (
                <tr key={n.id}>
                  <td>{(queue.page - 1) * 10 + i + 1}</td>
                  <td>{n.academyName ?? '개인 회원'}</td>
                  <td>{n.studentName}</td>
                  <td>
                    <Link to={`/super/coach/sharpening/${n.id}`}>{n.bookTitle}</Link>
                  </td>
                  <td>
                    <When at={n.waitingSince} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={queue.page} pages={queue.pages} href={(p) => `/super/coach/sharpening?page=${p}`} />
      {recent.length ? (
        <section className="card" aria-labelledby="recent-title">
          <h2 id="recent-title">최근 첨삭한 노트</h2>
          <ul>
            {recent.map((r) => (
              <li key={`${r.id}-${String(r.at)}`}>
                <Link to={`/super/coach/sharpening/${r.id}`}>
                  {r.studentName} · {r.bookTitle}
                </Link>{' '}
                <span className="muted">
                  <When at={r.at} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
