import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { LevelChart } from '~/components/charts/level-chart';
import { PrintButton } from '~/components/print-button';
import { levelLabel } from '~/domain/catalogue';
import { monthLabel } from '~/lib/dates';
import { requireParent } from '~/web/guards.server';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { childReport } from '~/services/parents/view.server';
import { MonthFigureList } from '~/routes/admin+/__report-parts';
import { ParentMonthPicker } from './__child-parts';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${data.child.name} ${monthLabel(data.report.month)} 독서 리포트` : '독서 리포트'} | 리드인` },
];

// The monthly report as the academy prints it (parentReport, the same figures and sheet), for one of the parent's
// children. The 알림톡 "monthly report ready" links here with ?month=.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireParent(request);
  const childId = idParam(params.childId, '자녀를 찾을 수 없습니다.');
  return pageData(await orRespond(() => childReport(user.id, childId, new URL(request.url).searchParams.get('month'))));
}

export default function ChildReport() {
  const { child, report: r } = useLoaderData<typeof loader>();
  const s = r.student;
  return (
    <div className="page">
      <div className="report-toolbar no-print">
        <Link to={`/parent/children/${child.id}`}>‹ {child.name} 독서 현황</Link>
        <ParentMonthPicker month={r.month} action={`/parent/children/${child.id}/report`} />
        <div className="report-print">
          <PrintButton />
        </div>
      </div>
      <article className="print-sheet" data-testid="parent-report">
        <header className="print-sheet-head">
          <p className="print-sheet-academy">{r.academy}</p>
          <h1>{monthLabel(r.month)} 독서 리포트</h1>
          <p className="print-sheet-who">
            <strong>{s.name}</strong>
            {s.grade ? ` · ${s.grade}` : ''}
            {s.className ? ` · ${s.className}` : ''}
            {s.level ? ` · 읽기 수준 ${levelLabel(s.level)}` : ''}
          </p>
        </header>
        <MonthFigureList figures={r.figures} />
        <div className="print-sheet-grid">
          <section aria-labelledby="level-title">
            <h2 id="level-title">읽기 수준 변화</h2>
            {r.levels.length ? (
              <LevelChart points={r.levels} width={420} height={220} />
            ) : (
              <p className="muted">아직 수준 진단 결과가 없습니다.</p>
            )}
          </section>
          <section aria-labelledby="books-title">
            <h2 id="books-title">이번 달 읽은 책 ({r.books.length}권)</h2>
            {r.books.length ? (
              <ul>
                {r.books.slice(0, 8).map((b) => (
                  <li key={b.resultBookId}>
                    {b.title} · {b.minutes}분 · {b.pages}쪽{b.completed ? <span className="badge">완독</span> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">이번 달에는 읽은 기록이 없습니다.</p>
            )}
          </section>
        </div>
        <section aria-labelledby="comment-title" className="print-comment">
          <h2 id="comment-title">선생님 의견</h2>
          {r.comment ? (
            <blockquote data-testid="teacher-comment">
              <p className="note-text">{r.comment.text}</p>
              <footer>— {r.comment.teacher} 선생님</footer>
            </blockquote>
          ) : (
            <p className="muted">이번 달 선생님 의견이 없습니다.</p>
          )}
        </section>
      </article>
    </div>
  );
}
