import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { ColumnChart, HorizontalBarChart, LineChart } from '~/components/charts';
import { NoteStateBadge, When } from '~/components/notes';
import { Pagination } from '~/components/pagination';
import { MedalBadge } from '~/components/score-chart';
import { careerFieldLabel, genreLabel, levelLabel } from '~/domain/catalogue';
import { NoteState } from '~/domain/enums';
import { seoulMonth } from '~/lib/dates';
import { idParam, orRespond, pageData, pageParam } from '~/web/http.server';
import { now } from '~/lib/clock.server';
import { studentInScope } from '~/services/academy/scope.server';
import { listStudentNotes } from '~/services/notes/student-notes.server';
import { listAnalysisBooks } from '~/services/problems/pages.server';
import { dashboard, generalReport, levelGraph } from '~/services/reports.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.student.name ?? '학생'} 학생 한눈에 보기 | 리드인 학원` },
];

// Everything a student sees about themself, for their teacher (product.md §3): the dashboard figures, the general
// report, the level graph, the notes with their comments and the problem analysis results. The student's own
// services answer, with the student's id, once the staff member's scope allows the student (another class's or
// academy's student is 404).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireBasicPay(request);
  const student = await orRespond(() => studentInScope(staff, idParam(params.studentId)));
  const [board, report, graph, notes, analyses] = await Promise.all([
    dashboard(student.id),
    generalReport(student.id),
    levelGraph(student.id),
    listStudentNotes(student.id, pageParam(request)),
    listAnalysisBooks(student.id),
  ]);
  return pageData({
    student,
    board,
    report,
    graph,
    // Drafts stay the student's own.
    notes: { ...notes, items: notes.items.filter((n) => n.state !== NoteState.NONE) },
    analyses: analyses.done,
    month: seoulMonth(now()),
  });
}

export default function StudentOverview() {
  const { student, board, report, graph, notes, analyses, month } = useLoaderData<typeof loader>();
  const hours = Math.floor(board.thisMonth.minutes / 60);
  const minutes = board.thisMonth.minutes % 60;
  return (
    <section className="page stack" aria-labelledby="overview-title">
      <p>
        <Link to={`/admin/students/${student.id}`}>← {student.name} 학생의 도서</Link> · <Link to="/admin/progress">학습 현황</Link> ·{' '}
        <Link to={`/admin/reports/students/${student.id}?month=${month}`}>월간 리포트</Link>
      </p>
      <header className="page-title">
        <h1 id="overview-title">{student.name} 학생 한눈에 보기</h1>
        <p>
          {student.loginId} · {student.grade ?? '학년 미정'} · 읽기 수준 {student.level ? levelLabel(student.level) : '미정'}
        </p>
      </header>

      <section aria-labelledby="month-title">
        <h2 id="month-title">이번 달 독서</h2>
        <div className="stat-grid">
          <div className="card stat">
            <span className="stat-label">독서 시간</span>
            <strong className="stat-value">{hours > 0 ? `${hours}시간 ${minutes}분` : `${minutes}분`}</strong>
          </div>
          <div className="card stat">
            <span className="stat-label">읽은 쪽수</span>
            <strong className="stat-value">{board.thisMonth.pages.toLocaleString('ko-KR')}쪽</strong>
          </div>
          <div className="card stat">
            <span className="stat-label">읽은 책</span>
            <strong className="stat-value">{board.thisMonth.booksRead}권</strong>
            <span className="muted">완독 {board.thisMonth.booksCompleted}권</span>
          </div>
          <div className="card stat">
            <span className="stat-label">연속 독서</span>
            <strong className="stat-value">{board.streak}일</strong>
          </div>
        </div>
        <p className="muted">
          지금 읽는 책: {board.focus ? `『${board.focus.title}』` : '없음'} · 메달 금 {board.medals.GOLD} · 은 {board.medals.SILVER} · 동{' '}
          {board.medals.BRONZE}
        </p>
      </section>

      <section className="card" aria-labelledby="days-title">
        <h2 id="days-title">최근 4주 독서 시간</h2>
        <ColumnChart
          title="하루 독서 시간(분)"
          unit="분"
          data={board.series.map((s) => ({ label: s.day.slice(5).replace('-', '/'), value: s.minutes }))}
        />
      </section>

      <section className="card" aria-labelledby="report-title">
        <h2 id="report-title">독서 리포트</h2>
        <p>
          지금까지 {report.totals.completed}권 완독, {report.totals.minutes.toLocaleString('ko-KR')}분 동안{' '}
          {report.totals.pages.toLocaleString('ko-KR')}쪽, 독서 기록 {report.totals.sessions}번.
        </p>
        <ColumnChart
          title="월별 독서 시간(분)"
          unit="분"
          labelEvery={1}
          data={report.months.map((m) => ({ label: `${Number(m.month.slice(5))}월`, value: m.minutes }))}
        />
        <div className="report-grid">
          <div>
            <h3>장르별</h3>
            {report.genres.length ? (
              <HorizontalBarChart
                title="장르별 읽은 책(권)"
                unit="권"
                width={420}
                data={report.genres.map((g) => ({
                  label: genreLabel(g.genre),
                  value: g.books,
                  display: `${g.books}권 (완독 ${g.completed})`,
                }))}
              />
            ) : (
              <p className="muted">아직 읽은 책이 없습니다.</p>
            )}
          </div>
          <div>
            <h3>진로 분야별</h3>
            {report.careerFields.length ? (
              <HorizontalBarChart
                title="진로 분야별 읽은 책(권)"
                unit="권"
                width={420}
                color="#217a4b"
                data={report.careerFields.map((f) => ({ label: careerFieldLabel(f.field), value: f.books }))}
              />
            ) : (
              <p className="muted">아직 읽은 책이 없습니다.</p>
            )}
          </div>
        </div>
      </section>

      <section className="card" aria-labelledby="level-title">
        <h2 id="level-title">읽기 수준 변화</h2>
        {graph.points.length ? (
          <LineChart
            title="수준 진단 결과(L1–L10)"
            min={1}
            max={10}
            format={(v) => `L${v}`}
            data={graph.points.map((p) => ({
              label: p.date.slice(2).replaceAll('-', '.'),
              value: p.level,
              display: `${p.date} L${p.level}`,
            }))}
          />
        ) : (
          <p className="muted">아직 수준 진단 결과가 없습니다.</p>
        )}
      </section>

      <section className="card" aria-labelledby="analyses-title">
        <h2 id="analyses-title">문제 분석 결과</h2>
        {analyses.length === 0 ? (
          <p className="muted">아직 채점된 문제 분석이 없습니다.</p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="sr-only">도서별 문제 분석 점수</caption>
              <thead>
                <tr>
                  <th scope="col">도서</th>
                  <th scope="col">레벨</th>
                  <th scope="col">점수</th>
                  <th scope="col">메달</th>
                  <th scope="col">상태</th>
                </tr>
              </thead>
              <tbody>
                {analyses.map((a) => (
                  <tr key={a.resultBookId}>
                    <th scope="row">{a.title}</th>
                    <td>{a.level}</td>
                    <td>{a.score === null ? '-' : `${a.score}점`}</td>
                    <td>
                      <MedalBadge medal={a.medal} />
                    </td>
                    <td>{a.statusLabel}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="card stack" aria-labelledby="notes-title">
        <h2 id="notes-title">독서 노트</h2>
        {notes.items.length === 0 ? (
          <p className="muted">제출한 독서 노트가 없습니다.</p>
        ) : (
          <ul className="note-list stack" style={{ listStyle: 'none', paddingLeft: 0 }}>
            {notes.items.map((n) => (
              <li key={n.id} className="card">
                <h3>
                  『{n.bookTitle}』 <NoteStateBadge state={n.state} />
                </h3>
                <p className="muted">
                  제출 <When at={n.submittedAt} withTime={false} />
                </p>
                <p className="note-text">{n.note}</p>
                {n.noteInput ? (
                  <p>
                    <strong>선생님 의견:</strong> {n.noteInput}
                  </p>
                ) : null}
                {n.correction ? (
                  <p>
                    <strong>코치 첨삭:</strong> {n.correction}
                  </p>
                ) : null}
                <p>
                  <Link to={`/admin/notes/${n.id}`}>노트 검토 화면</Link>
                </p>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={notes.page} pages={notes.pages} base={`/admin/students/${student.id}/overview`} />
      </section>
    </section>
  );
}
