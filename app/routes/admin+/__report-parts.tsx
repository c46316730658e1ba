import { Form } from '@remix-run/react';
import { Link } from '~/components/link';
import type { ReactNode } from 'react';
import { PrintButton } from '~/components/print-button';
import type { MonthFigures } from '~/services/academy/parent-report.server';

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
