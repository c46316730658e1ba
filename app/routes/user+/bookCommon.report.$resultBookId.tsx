import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireUser } from '~/web/guards.server';
import { ErrorPage } from '~/components/error-page';
import { ListTable, type Column } from '~/components/list-page';
import { ReadingSummarySection } from '~/components/reading-summary';
import { CategoryScoreChart, CategoryTable, MedalBadge } from '~/components/score-chart';
import { SelfAnalysisSummary } from '~/components/self-analysis-form';
import { BookStatus } from '~/domain/enums';
import { formatKoreanDate } from '~/lib/dates';
import { READING_ERRORS } from '~/domain/reading';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { getBookReport } from '~/services/problems/book-report.server';
import { studentNoteOfBook } from '~/services/notes/student-notes.server';
import { NoteFeedback, StudentNoteState } from '~/components/notes';
import { PrintButton } from '~/components/print-button';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.report.book.title ?? '책'} 리포트 | 리드인` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const id = idParam(params.resultBookId, READING_ERRORS.BOOK_NOT_FOUND);
  // The note as the note list shows it (its state and the teacher's and coach's comments), from the list's own query.
  const [report, note] = await Promise.all([orRespond(() => getBookReport(user.id, id)), studentNoteOfBook(user.id, id)]);
  return pageData({ report, note });
}

/** What the report says of the note when there is none yet, by the book's step. */
function noNoteYet(status: BookStatus) {
  if (status === BookStatus.NOTE) return '독서 노트를 쓸 차례입니다.';
  if (status === BookStatus.COMPLETE) return '이 책은 독서 노트 없이 활동을 마쳤습니다.';
  return '문제 분석을 마치면 독서 노트를 쓸 수 있습니다.';
}

type AttemptRecord = ReturnType<typeof useLoaderData<typeof loader>>['report']['records'][number];

const RECORD_COLUMNS: Column<AttemptRecord>[] = [
  { header: '회차', cell: (r) => `${r.round}회차` },
  { header: '채점일', cell: (r) => formatKoreanDate(new Date(r.markedAt)) },
  { header: '맞힌 문항', cell: (r) => `${r.correctCount} / ${r.total}` },
  { header: '점수', cell: (r) => `${r.score}점` },
  { header: '메달', cell: (r) => <MedalBadge medal={r.medal} /> },
];

export default function BookReport() {
  const { report, note } = useLoaderData<typeof loader>();
  const { book, result } = report;
  return (
    <div className="page stack report">
      <nav aria-label="이동 경로" className="crumbs no-print">
        <Link to="/user/activity">독서활동</Link> › 책별 리포트
      </nav>
      <header className="book-head">
        <div className="mini-cover" style={{ background: book.coverColor }} aria-hidden="true">
          {book.title}
        </div>
        <div>
          <h1 className="page-title">{book.title} 리포트</h1>
          <p className="muted">
            {book.author} · {book.publisher} · L{book.level} · {book.totalPages}쪽
          </p>
          <p>
            책 상태:{' '}
            <span className="badge" data-testid="book-status">
              {report.statusLabel}
            </span>
          </p>
        </div>
      </header>
      <p className="no-print muted">
        <PrintButton className="secondary small" /> 인쇄용으로 정리되어 있어 브라우저의 인쇄(Ctrl+P)로도 깔끔하게 뽑을 수 있습니다.
      </p>

      <ReadingSummarySection reading={report.reading} />

      <section className="card stack report-section" aria-labelledby="analysis-title">
        <h2 id="analysis-title">문제 분석 결과</h2>
        {result ? (
          <>
            <p className="score-line">
              <strong className="score" data-testid="score">
                {result.score}점
              </strong>{' '}
              <MedalBadge medal={result.medal} />{' '}
              <span className="muted">
                ({result.total}문항 중 {result.correctCount}문항 정답)
              </span>
            </p>
            <div className="chart-grid">
              <CategoryScoreChart rows={result.categories} title="영역별 점수" />
              <CategoryTable rows={result.categories} />
            </div>
          </>
        ) : (
          <p className="muted">
            아직 문제 분석을 하지 않았습니다.{' '}
            {report.status === BookStatus.DIAGNOSIS ? (
              <Link to={`/user/activity/readingBook/analysis/${report.resultBookId}`} className="no-print">
                문제 분석 하러 가기
              </Link>
            ) : null}
          </p>
        )}
      </section>

      <section className="card stack report-section" aria-labelledby="records-title">
        <h2 id="records-title">응시 기록</h2>
        {report.records.length === 0 ? (
          <p className="muted">응시 기록이 없습니다.</p>
        ) : (
          <ListTable
            caption="응시 기록"
            columns={RECORD_COLUMNS}
            rows={report.records}
            rowKey={(r) => r.attemptId}
            empty="응시 기록이 없습니다."
          />
        )}
      </section>

      <section className="card stack report-section" aria-labelledby="self-title">
        <h2 id="self-title">자기 분석</h2>
        <SelfAnalysisSummary values={report.selfAnalysis} />
      </section>

      <section className="card stack report-section" aria-labelledby="note-title">
        <h2 id="note-title">독서 노트</h2>
        {note ? (
          <>
            <p data-testid="note-state">
              <StudentNoteState note={note} />
            </p>
            <NoteFeedback noteInput={note.noteInput} correction={note.correction} />
            <p className="no-print">
              <Link to={`/user/activity/readingBook/note/${report.resultBookId}`}>노트 보기</Link> ·{' '}
              <Link to="/user/note/list">내 독서 노트</Link>
            </p>
          </>
        ) : (
          <p>{noNoteYet(report.status)}</p>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage homeHref="/user/activity" homeLabel="독서활동으로" />;
}
