import { Form } from '@remix-run/react';
import { Link } from '~/components/link';
import type { ReactNode } from 'react';
import { PrintButton } from '~/components/print-button';
import type { MonthFigures } from '~/services/academy/parent-report.server';
import type { AreaResult, NextBook } from '~/services/academy/report-sections.server';
import { formatKoreanDate } from '~/lib/dates';

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
