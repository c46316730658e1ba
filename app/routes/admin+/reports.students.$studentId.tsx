import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { LevelChart } from '~/components/charts/level-chart';
import { levelLabel } from '~/domain/catalogue';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { parentReport, reportMonth } from '~/services/academy/parent-report.server';
import { AreaTable, MonthFigureList, MonthPicker, NextBooks, ReportToolbar, monthTitle } from './__report-parts';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${data.student.name} ${monthTitle(data.month)} 독서 리포트` : '독서 리포트'} | 리드인` },
];

// The monthly report a teacher prints for a student's parents: one A4 page (the print stylesheet drops the menus and
// buttons). Needs this month's basic payment; a student outside the staff member's scope is 404.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const studentId = idParam(params.studentId, '학생을 찾을 수 없습니다.');
  const month = reportMonth(new URL(request.url).searchParams.get('month'));
  return pageData(await orRespond(() => parentReport(user, studentId, month)));
}

export default function ParentReport() {
  const r = useLoaderData<typeof loader>();
  const s = r.student;
  return (
    <div className="page">
      <ReportToolbar back={{ to: `/admin/students/${s.id}`, label: `${s.name} 학생의 도서` }}>
        <MonthPicker month={r.month} action={`/admin/reports/students/${s.id}`} />
      </ReportToolbar>

      <article className="print-sheet" data-testid="parent-report">
        <header className="print-sheet-head">
          <p className="print-sheet-academy">{r.academy}</p>
          <h1>{monthTitle(r.month)} 독서 리포트</h1>
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
              <table className="table print-table">
                <thead>
                  <tr>
                    <th scope="col">책</th>
                    <th scope="col" className="num">
                      시간
                    </th>
                    <th scope="col" className="num">
                      쪽수
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {r.books.slice(0, 8).map((b) => (
                    <tr key={b.resultBookId}>
                      <td>
                        {b.title}
                        {b.completed ? <span className="badge">완독</span> : null}
                      </td>
                      <td className="num">{b.minutes}분</td>
                      <td className="num">{b.pages}쪽</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="muted">이번 달에는 읽은 기록이 없습니다.</p>
            )}
            {r.books.length > 8 ? <p className="muted">외 {r.books.length - 8}권</p> : null}
          </section>
        </div>

        <div className="print-sheet-grid">
          <AreaTable areas={r.areas} />
          <NextBooks books={r.nextBooks} />
        </div>

        <section aria-labelledby="comment-title" className="print-comment">
          <h2 id="comment-title">
            선생님 의견{' '}
            {r.comment && !r.comment.fromNote ? (
              <span className="badge neutral no-print">{r.comment.published ? '보호자 공개' : '공개 전'}</span>
            ) : null}
          </h2>
          {r.comment ? (
            <blockquote data-testid="teacher-comment">
              <p className="note-text">{r.comment.text}</p>
              <footer>— {r.comment.teacher} 선생님</footer>
            </blockquote>
          ) : (
            <div className="ruled-box" data-testid="comment-box" aria-label="선생님이 손으로 쓰는 의견 칸" />
          )}
        </section>
      </article>
      <p className="no-print muted">
        선생님 의견은 반 리포트에서 이 달의 의견으로 쓰고 공개합니다. 쓰지 않았으면 이번 달 독서 노트에 남긴 선생님의 가장 최근 댓글이
        실리고, 댓글도 없으면 손으로 쓸 수 있는 빈 칸이 인쇄됩니다. <Link to="/admin/notes">독서 노트</Link>
      </p>
    </div>
  );
}
