import { categoryLabel, MEDAL_LABELS, type Medal } from '~/domain/problems';
import { HorizontalBarChart } from './charts/bar-chart';

export type CategoryRow = { category: string; correct: number; total: number; score: number };

/** Score by category (0–100) as a server-rendered SVG bar chart; bars under 70 (no medal) stand out. */
export function CategoryScoreChart({ rows, title = '영역별 점수' }: { rows: CategoryRow[]; title?: string }) {
  return (
    <HorizontalBarChart
      title={title}
      hideCaption
      testId="category-chart"
      max={100}
      ticks={[0, 50, 100]}
      width={470}
      data={rows.map((r) => ({
        label: categoryLabel(r.category),
        value: r.score,
        display: `${r.score}점`,
        color: r.score >= 70 ? '#2f6fae' : '#e0a13a',
      }))}
    />
  );
}

export function CategoryTable({ rows }: { rows: CategoryRow[] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="sr-only">영역별 결과</caption>
        <thead>
          <tr>
            <th scope="col">영역</th>
            <th scope="col">맞힌 문항</th>
            <th scope="col">점수</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.category}>
              <th scope="row">{categoryLabel(r.category)}</th>
              <td>
                {r.correct} / {r.total}
              </td>
              <td>{r.score}점</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function MedalBadge({ medal }: { medal: Medal | null }) {
  if (!medal) return <span className="medal none">메달 없음</span>;
  return <span className={`medal ${medal.toLowerCase()}`}>{MEDAL_LABELS[medal]}</span>;
}
