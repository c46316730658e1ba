import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireUser } from '~/web/guards.server';
import { ColumnChart } from '~/components/charts/column-chart';
import { HorizontalBarChart } from '~/components/charts/bar-chart';
import { PrintButton } from '~/components/print-button';
import { careerFieldLabel, genreLabel } from '~/domain/catalogue';
import { generalReport } from '~/services/reports.server';

export const meta: MetaFunction = () => [{ title: '독서 리포트 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  return json({ name: user.name, ...(await generalReport(user.id)) });
}

const monthLabel = (m: string) => `${Number(m.slice(5))}월`;

export default function GeneralReport() {
  const r = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <header className="page-title">
        <div className="report-actions">
          <Link className="button secondary" to="/user/report/level">
            수준 변화
          </Link>
          <PrintButton />
        </div>
        <h1>{r.name}님의 독서 리포트</h1>
        <p>
          지금까지 <strong>{r.totals.completed}권</strong>을 끝까지 읽었고, 모두 <strong>{Math.round(r.totals.minutes / 60)}시간</strong>(
          {r.totals.minutes.toLocaleString('ko-KR')}분) 동안 <strong>{r.totals.pages.toLocaleString('ko-KR')}쪽</strong>을 읽었어요. 독서
          기록은 {r.totals.sessions}번 남겼습니다.
        </p>
      </header>

      <section className="card" aria-labelledby="by-month">
        <h2 id="by-month">월별 독서</h2>
        <ColumnChart
          title="월별 독서 시간(분)"
          unit="분"
          labelEvery={1}
          data={r.months.map((m) => ({ label: monthLabel(m.month), value: m.minutes }))}
        />
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">월별 독서 시간, 쪽수, 읽은 책</caption>
            <thead>
              <tr>
                <th scope="col">월</th>
                <th scope="col">독서 시간</th>
                <th scope="col">읽은 쪽수</th>
                <th scope="col">읽은 책</th>
              </tr>
            </thead>
            <tbody>
              {r.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{m.month.replace('-', '년 ')}월</th>
                  <td>{m.minutes}분</td>
                  <td>{m.pages}쪽</td>
                  <td>{m.books}권</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <div className="report-grid" style={{ marginTop: '1rem' }}>
        <section className="card" aria-labelledby="by-genre">
          <h2 id="by-genre">장르별</h2>
          {r.genres.length ? (
            <HorizontalBarChart
              title="장르별 읽은 책(권)"
              unit="권"
              width={460}
              data={r.genres.map((g) => ({ label: genreLabel(g.genre), value: g.books, display: `${g.books}권 (완독 ${g.completed})` }))}
            />
          ) : (
            <p className="muted">아직 읽은 책이 없어요.</p>
          )}
        </section>
        <section className="card" aria-labelledby="by-field">
          <h2 id="by-field">진로 분야별</h2>
          {r.careerFields.length ? (
            <HorizontalBarChart
              title="진로 분야별 읽은 책(권)"
              unit="권"
              width={460}
              color="#217a4b"
              data={r.careerFields.map((f) => ({ label: careerFieldLabel(f.field), value: f.books }))}
            />
          ) : (
            <p className="muted">아직 읽은 책이 없어요.</p>
          )}
          <p className="no-print">
            <Link to="/user/jinro">진로 탐색에서 자세히 보기 →</Link>
          </p>
        </section>
      </div>
      <p className="muted no-print" style={{ marginTop: '1rem' }}>
        책마다의 자세한 리포트는 <Link to="/user/after">다 읽은 책</Link>에서 볼 수 있어요.
      </p>
    </div>
  );
}
