import type { ReactNode } from 'react';

/** One figure of a page's stat grid: what it counts, the number, and a line or link under it. */
export function StatCard({ label, value, testId, children }: { label: string; value: ReactNode; testId?: string; children?: ReactNode }) {
  return (
    <div className="card stat">
      <span className="stat-label">{label}</span>
      <strong className="stat-value" data-testid={testId}>
        {value}
      </strong>
      {children}
    </div>
  );
}

/** A section of figures (StatCard): its heading (for screen readers only when `hideTitle`), the grid, a note under it. */
export function StatSection({
  id,
  title,
  hideTitle,
  note,
  children,
}: {
  id: string;
  title: string;
  hideTitle?: boolean;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={hideTitle ? 'visually-hidden' : undefined}>
        {title}
      </h2>
      <div className="stat-grid">{children}</div>
      {note}
    </section>
  );
}
