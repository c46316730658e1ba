import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { ColumnChart } from '~/components/charts/column-chart';
import { HorizontalBarChart } from '~/components/charts/bar-chart';
import { LevelChart } from '~/components/charts/level-chart';
import { StatCard, StatSection } from '~/components/charts/stat-card';
import { NoteStateBadge, When } from '~/components/notes';
import { ListTable, type Column } from '~/components/list-page';
import { minutesText } from './__report-parts';
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

type Analysis = ReturnType<typeof useLoaderData<typeof loader>>['analyses'][number];

const ANALYSIS_COLUMNS: Column<Analysis>[] = [
  { header: '도서', rowHeader: true, cell: (a) => a.title },
  { header: '레벨', cell: (a) => a.level },
  { header: '점수', cell: (a) => (a.score === null ? '-' : `${a.score}점`) },
  { header: '메달', cell: (a) => <MedalBadge medal={a.medal} /> },
  { header: '상태', cell: (a) => a.statusLabel },
];

export default function StudentOverview() {
  const { student, board, report, graph, notes, analyses, month } = useLoaderData<typeof loader>();
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

      <StatSection
        id="month-title"
        title="이번 달 독서"
        note={
          <p className="muted">
            지금 읽는 책: {board.focus ? `『${board.focus.title}』` : '없음'} · 메달 금 {board.medals.GOLD} · 은 {board.medals.SILVER} · 동{' '}
            {board.medals.BRONZE}
          </p>
        }
      >
        <StatCard label="독서 시간" value={minutesText(board.thisMonth.minutes)} />
        <StatCard label="읽은 쪽수" value={`${board.thisMonth.pages.toLocaleString('ko-KR')}쪽`} />
        <StatCard label="읽은 책" value={`${board.thisMonth.booksRead}권`}>
          <span className="muted">완독 {board.thisMonth.booksCompleted}권</span>
        </StatCard>
        <StatCard label="연속 독서" value={`${board.streak}일`} />
      </StatSection>

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
        {graph.points.length ? <LevelChart points={graph.points} /> : <p className="muted">아직 수준 진단 결과가 없습니다.</p>}
      </section>

      <section className="card" aria-labelledby="analyses-title">
        <h2 id="analyses-title">문제 분석 결과</h2>
        {analyses.length === 0 ? (
          <p className="muted">아직 채점된 문제 분석이 없습니다.</p>
        ) : (
          <ListTable
            caption="도서별 문제 분석 점수"
            columns={ANALYSIS_COLUMNS}
            rows={analyses}
            rowKey={(a) => a.resultBookId}
            empty="아직 채점된 문제 분석이 없습니다."
          />
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
