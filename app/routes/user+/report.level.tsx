import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireUser } from '~/web/guards.server';
import { LevelChart } from '~/components/charts/level-chart';
import { PrintButton } from '~/components/print-button';
import { levelLabel } from '~/domain/catalogue';
import { levelGraph } from '~/services/reports.server';
import { formatKoreanDate } from '~/lib/dates';
import { withParticle } from '~/domain/korean';

export const meta: MetaFunction = () => [{ title: '수준 변화 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  return json({ name: user.name, ...(await levelGraph(user.id)) });
}

export default function LevelGraph() {
  const g = useLoaderData<typeof loader>();
  const first = g.points[0];
  const last = g.points.at(-1);
  return (
    <div className="page">
      <header className="page-title">
        <div className="report-actions">
          <Link className="button secondary" to="/user/report">
            독서 리포트
          </Link>
          <PrintButton />
        </div>
        <h1>{g.name}님의 읽기 수준 변화</h1>
        <p>
          지금 읽기 수준은 <strong>{g.current ? levelLabel(g.current) : '아직 정해지지 않았어요'}</strong>입니다.
          {first && last && g.points.length > 1
            ? ` ${formatKoreanDate(first.date)} 이후 L${first.level}에서 ${withParticle(`L${last.level}`, '이/가')} 되었어요.`
            : ''}
        </p>
      </header>
      <section className="card">
        {g.points.length ? (
          <LevelChart points={g.points} />
        ) : (
          <p>
            아직 수준 진단 결과가 없어요. <Link to="/user/activity/courseTest">수준 진단 평가</Link>를 보면 여기에 기록돼요.
          </p>
        )}
      </section>
    </div>
  );
}
