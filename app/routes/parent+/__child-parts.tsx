import { Link } from '~/components/link';
import type { AreaMonth } from '~/services/problems/area-months.server';
import type { MonthFigures } from '~/services/academy/parent-report.server';
import { monthLabel } from '~/lib/dates';

// Pieces of the parents' pages. Not a route: flat routes skip `__` files.

type Child = { id: number; name: string; academy: string | null };

/** The child switcher: links (no script), the current child marked. */
export function ChildSwitcher({ children, current, suffix = '' }: { children: Child[]; current: number; suffix?: string }) {
  if (children.length < 2) return null;
  return (
    <nav aria-label="자녀 선택" className="tabs">
      {children.map((c) => (
        <Link key={c.id} to={`/parent/children/${c.id}${suffix}`} aria-current={c.id === current ? 'page' : undefined}>
          {c.name}
          {c.academy ? <span className="muted"> · {c.academy}</span> : null}
        </Link>
      ))}
    </nav>
  );
}

const minutes = (total: number) => (total >= 60 ? `${Math.floor(total / 60)}시간 ${total % 60}분` : `${total}분`);

/** This month against last month: reading days, minutes, pages, books finished. */
export function MonthCompare({
  month,
  lastMonth,
  now,
  before,
}: {
  month: string;
  lastMonth: string;
  now: MonthFigures;
  before: MonthFigures;
}) {
  const rows: [string, string, string][] = [
    ['읽은 날', `${now.daysRead}일`, `${before.daysRead}일`],
    ['독서 시간', minutes(now.minutes), minutes(before.minutes)],
    ['읽은 쪽수', `${now.pages.toLocaleString('ko-KR')}쪽`, `${before.pages.toLocaleString('ko-KR')}쪽`],
    ['완독한 책', `${now.booksCompleted}권`, `${before.booksCompleted}권`],
  ];
  return (
    <table className="table" data-testid="month-compare">
      <thead>
        <tr>
          <th scope="col">항목</th>
          <th scope="col" className="num">
            {monthLabel(month)}
          </th>
          <th scope="col" className="num">
            {monthLabel(lastMonth)}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, a, b]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td className="num">{a}</td>
            <td className="num">{b}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The five areas by month: the child's own months side by side (never other children). */
export function AreaTable({ months }: { months: AreaMonth[] }) {
  // Newest month first, as the month comparison above: on a phone the months scroll sideways, this month in view.
  const shown = months.filter((m) => m.areas.some((a) => a.total > 0)).reverse();
  if (shown.length === 0) return <p className="muted">아직 채점된 문제 분석이 없습니다.</p>;
  return (
    <div className="table-wrap">
      <table className="table" data-testid="area-results">
        <thead>
          <tr>
            <th scope="col">영역</th>
            {shown.map((m) => (
              <th key={m.month} scope="col" className="num">
                {monthLabel(m.month)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown[0].areas.map((area, i) => (
            <tr key={area.category}>
              <th scope="row">{area.label}</th>
              {shown.map((m) => (
                <td key={m.month} className="num">
                  {m.areas[i].score === null ? '–' : `${m.areas[i].score}점`}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
