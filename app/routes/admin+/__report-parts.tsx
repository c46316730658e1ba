import { Form } from '@remix-run/react';
import { Link } from '~/components/link';
import type { ReactNode } from 'react';
import { PrintButton } from '~/components/print-button';
import type { SerializeFrom } from '@remix-run/node';
import type { MonthFigures, monthlyReport } from '~/services/academy/parent-report.server';
import { LevelChart } from '~/components/charts/level-chart';
import { levelLabel } from '~/domain/catalogue';
import type { AreaResult, NextBook } from '~/services/academy/report-sections.server';
import { formatKoreanDate, monthLabel } from '~/lib/dates';

// Pieces shared by the printable monthly reports (a student's, a class's). Not a route: flat routes skip `__` files.

/** '2026년 11월' */
export { monthLabel as monthTitle } from '~/lib/dates';

/** The screen-only bar above a report: back link, month choice, print. */
export function ReportToolbar({ back, children }: { back: { to: string; label: string }; children?: ReactNode }) {
  return (
    <div className="report-toolbar no-print">
      <Link to={back.to}>‹ {back.label}</Link>
      {children}
      <div className="report-print">
        <PrintButton />
        <span className="muted">브라우저의 인쇄 기능(Ctrl+P)을 사용하세요.</span>
      </div>
    </div>
  );
}

/** A plain GET form: works without JavaScript. */
export function MonthPicker({ month, action }: { month: string; action: string }) {
  return (
    <Form method="get" action={action} className="month-picker">
      <label htmlFor="report-month">월</label>
      <input id="report-month" type="month" name="month" defaultValue={month} required />
      <button type="submit" className="secondary">
        보기
      </button>
    </Form>
  );
}

export const minutesText = (total: number) => {
  const h = Math.floor(total / 60);
  const m = total % 60;
  return h > 0 ? `${h}시간 ${m}분` : `${m}분`;
};

/** The month's figures as a row of boxes (the same on screen and paper). */
export function MonthFigureList({ figures: f }: { figures: MonthFigures }) {
  const items: [string, string][] = [
    ['읽은 날', `${f.daysRead}일`],
    ['독서 시간', minutesText(f.minutes)],
    ['읽은 쪽수', `${f.pages.toLocaleString('ko-KR')}쪽`],
    ['완독한 책', `${f.booksCompleted}권`],
    ['문제 분석', f.analyses ? `${f.analyses}회 · 평균 ${f.averageScore ?? 0}점` : '0회'],
    ['독서 노트', `${f.notes}편`],
  ];
  return (
    <dl className="figure-boxes" data-testid="month-figures">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The five areas of the problem analysis: the month's score against the child's own earlier months. */
export function AreaTable({ areas }: { areas: AreaResult[] }) {
  const any = areas.some((a) => a.score !== null || a.earlier !== null);
  return (
    <section aria-labelledby="areas-title">
      <h2 id="areas-title">문제 분석 영역별 결과</h2>
      {any ? (
        <table className="table print-table" data-testid="area-results">
          <thead>
            <tr>
              <th scope="col">영역</th>
              <th scope="col" className="num">
                이번 달
              </th>
              <th scope="col" className="num">
                지난 3개월
              </th>
              <th scope="col" className="num">
                변화
              </th>
            </tr>
          </thead>
          <tbody>
            {areas.map((a) => (
              <tr key={a.code}>
                <th scope="row">{a.label}</th>
                <td className="num">{a.score === null ? '–' : `${a.score}점`}</td>
                <td className="num">{a.earlier === null ? '–' : `${a.earlier}점`}</td>
                <td className="num">{a.change === null ? '–' : a.change > 0 ? `▲${a.change}` : a.change < 0 ? `▼${-a.change}` : '='}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">이 달과 지난 3개월에 푼 문제 분석이 없습니다.</p>
      )}
      <p className="muted small-text">다른 학생과 비교하지 않고, 이 학생의 지난 기록과만 비교합니다.</p>
    </section>
  );
}

/** The books assigned and not yet finished: next month's reading. */
export function NextBooks({ books }: { books: NextBook[] }) {
  return (
    <section aria-labelledby="next-books-title">
      <h2 id="next-books-title">다음 달 읽을 책</h2>
      {books.length ? (
        <ul className="plain-list" data-testid="next-books">
          {books.map((b) => (
            <li key={b.resultBookId}>
              {b.title} <span className="muted">({b.author})</span>
              {b.dueOn ? <span className="muted"> · {formatKoreanDate(b.dueOn)}까지</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">배정된 책이 없습니다.</p>
      )}
    </section>
  );
}

/** A student's month as one A4 sheet: the academy's copy (`staff`: the comment's publication is marked) and the parents'. */
export function ReportSheet({ report: r, staff = false }: { report: SerializeFrom<typeof monthlyReport>; staff?: boolean }) {
  const s = r.student;
  return (
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
          {staff && r.comment && !r.comment.fromNote ? (
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
  );
}
