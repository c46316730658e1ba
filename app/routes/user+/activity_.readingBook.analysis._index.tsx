import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireUser } from '~/web/guards.server';
import { ErrorPage } from '~/components/error-page';
import { MedalBadge } from '~/components/score-chart';
import { listAnalysisBooks } from '~/services/problems/pages.server';

export const meta: MetaFunction = () => [{ title: '문제 분석 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  return json(await listAnalysisBooks(user.id), { headers: { 'Cache-Control': 'no-store' } });
}

export default function AnalysisBooks() {
  const { waiting, done } = useLoaderData<typeof loader>();
  return (
    <div className="page stack">
      <h1 className="page-title">문제 분석</h1>
      <p className="muted">다 읽은 책의 문제를 풀고, 영역별 결과와 메달을 확인하세요.</p>
      <section className="stack" aria-labelledby="waiting-title">
        <h2 id="waiting-title">문제 분석을 기다리는 책</h2>
        {waiting.length === 0 ? (
          <p className="card muted">지금 문제 분석을 할 책이 없습니다. 책을 다 읽으면 여기에 나타납니다.</p>
        ) : (
          <ul className="card-grid test-list">
            {waiting.map((b) => (
              <li key={b.resultBookId} className="card stack">
                <h3>{b.title}</h3>
                <p className="muted">
                  {b.author} · L{b.level}
                </p>
                <Link
                  className="button"
                  to={`/user/activity/readingBook/analysis/${b.resultBookId}`}
                  aria-label={`${b.title} 문제 분석 하기`}
                >
                  문제 분석 하기
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="stack" aria-labelledby="done-title">
        <h2 id="done-title">분석을 마친 책</h2>
        {done.length === 0 ? (
          <p className="card muted">아직 분석을 마친 책이 없습니다.</p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">책</th>
                  <th scope="col">점수</th>
                  <th scope="col">메달</th>
                  <th scope="col">상태</th>
                  <th scope="col">리포트</th>
                </tr>
              </thead>
              <tbody>
                {done.map((b) => (
                  <tr key={b.resultBookId}>
                    <th scope="row">
                      <Link to={`/user/activity/readingBook/analysis/${b.resultBookId}`}>{b.title}</Link>
                    </th>
                    <td>{b.score !== null ? `${b.score}점` : '-'}</td>
                    <td>{b.score !== null ? <MedalBadge medal={b.medal} /> : '-'}</td>
                    <td>{b.statusLabel}</td>
                    <td>
                      <Link to={`/user/bookCommon/report/${b.resultBookId}`} aria-label={`${b.title} 리포트`}>
                        리포트
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage homeHref="/user/activity" homeLabel="독서활동으로" />;
}
