import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { Pagination } from '~/components/pagination';
import { BOOK_STATUS_LABELS } from '~/domain/reading';
import { orRespond, pageData } from '~/web/http.server';
import { INACTIVE_DAYS, SORTS, type SortKey } from '~/domain/class-progress';
import { classProgress, periodQuery, progressQueryOf } from '~/services/academy/progress.server';
import { Options } from '~/components/filter-select';
import { formatKoreanDate } from '~/lib/dates';

export const meta: MetaFunction = () => [{ title: '학습 현황 | 리드인 학원' }];

// A class's reading progress for a week or a month (product.md §3): sortable columns (links), filters (GET form),
// pages of 20; students with no reading in the last 7 days are marked. The export links carry the same parameters.

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireBasicPay(request);
  const query = progressQueryOf(new URL(request.url).searchParams);
  const progress = await orRespond(() => classProgress(staff, query));
  const { rows: _all, ...rest } = progress;
  return pageData({ ...rest, periodQuery: periodQuery(progress.period) });
}

const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'name', label: SORTS.name },
  { key: 'days', label: SORTS.days, numeric: true },
  { key: 'minutes', label: '독서 시간(분)', numeric: true },
  { key: 'pages', label: SORTS.pages, numeric: true },
  { key: 'book', label: SORTS.book },
  { key: 'note', label: SORTS.note },
  { key: 'last', label: SORTS.last },
  { key: 'completed', label: SORTS.completed, numeric: true },
  { key: 'analyses', label: '문제 분석(평균)', numeric: true },
  { key: 'notes', label: SORTS.notes, numeric: true },
];

export default function ProgressPage() {
  const d = useLoaderData<typeof loader>();
  const base = (extra: Record<string, string | number | null | undefined>) => {
    const q = new URLSearchParams(d.periodQuery);
    if (d.chosen) q.set('classId', String(d.chosen.id));
    const all = { sort: d.sort, dir: d.dir, filter: d.filter, status: d.status, ...extra };
    for (const [k, v] of Object.entries(all)) if (v !== null && v !== undefined && v !== '') q.set(k, String(v));
    return q;
  };
  const href = (extra: Record<string, string | number | null | undefined>) => `/admin/progress?${base(extra).toString()}`;
  const periodHref = (pq: string) => {
    const q = new URLSearchParams(pq);
    if (d.chosen) q.set('classId', String(d.chosen.id));
    return `/admin/progress?${q.toString()}`;
  };
  const exportQuery = base({}).toString();
  return (
    <section className="page stack" aria-labelledby="progress-title">
      <header className="page-title">
        <h1 id="progress-title">학습 현황</h1>
        <p>반 학생들의 기간별 독서 현황입니다. 최근 {INACTIVE_DAYS}일 동안 독서 기록이 없는 학생은 &lsquo;미독서&rsquo;로 표시됩니다.</p>
      </header>
      {d.classes.length === 0 && !d.chosen ? (
        <p className="card">담당하는 반이 없습니다.</p>
      ) : (
        <>
          <Form method="get" className="card filters">
            <div className="filter-form">
              <div className="field">
                <label htmlFor="classId">반</label>
                <select id="classId" name="classId" defaultValue={d.chosen?.id}>
                  <Options options={d.classes.map((c) => [c.id, c.name] as const)} />
                </select>
              </div>
              <div className="field">
                <label htmlFor="period">기간</label>
                <select id="period" name="period" defaultValue={d.period.kind}>
                  <option value="week">이번 주</option>
                  <option value="month">이번 달</option>
                </select>
              </div>
              <div className="field">
                <label htmlFor="filter">학생</label>
                <select id="filter" name="filter" defaultValue={d.filter}>
                  <option value="">전체</option>
                  <option value="inactive">{INACTIVE_DAYS}일 이상 미독서</option>
                </select>
              </div>
              <div className="field">
                <label htmlFor="status">현재 도서 상태</label>
                <select id="status" name="status" defaultValue={d.status ?? ''}>
                  <option value="">전체</option>
                  {Object.entries(BOOK_STATUS_LABELS)
                    .filter(([k]) => k !== '100' && k !== '999')
                    .map(([k, label]) => (
                      <option key={k} value={k}>
                        {label}
                      </option>
                    ))}
                </select>
              </div>
              <div className="form-actions">
                <button type="submit" className="secondary">
                  보기
                </button>
              </div>
            </div>
          </Form>
          <nav className="period-nav" aria-label="기간 이동">
            <Link to={periodHref(d.period.prev)} rel="prev">
              ‹ 이전 {d.period.kind === 'week' ? '주' : '달'}
            </Link>{' '}
            <strong>
              {d.chosen?.name} · {d.period.label}
            </strong>{' '}
            {d.period.next ? (
              <Link to={periodHref(d.period.next)} rel="next">
                다음 {d.period.kind === 'week' ? '주' : '달'} ›
              </Link>
            ) : null}
          </nav>
          <p className="form-actions">
            <a className="button secondary" href={`/admin/progress/export.xlsx?${exportQuery}`} download>
              엑셀로 내려받기
            </a>
            <a className="button secondary" href={`/admin/progress/export.csv?${exportQuery}`} download>
              CSV로 내려받기
            </a>
            {d.chosen ? (
              <Link className="button secondary" to={`/admin/reports/classes/${d.chosen.id}?month=${d.period.month}`}>
                반 월간 리포트
              </Link>
            ) : null}
          </p>
          <p className="muted">
            {d.classSize}명 중 {d.total}명 표시 · 미독서 {d.inactiveCount}명
          </p>
          <div className="table-wrap">
            <table className="table progress-table">
              <caption className="sr-only">
                {d.chosen?.name} {d.period.label} 학습 현황
              </caption>
              <thead>
                <tr>
                  {COLUMNS.map((c) => {
                    const active = d.sort === c.key;
                    const next = active && d.dir === 'asc' ? 'desc' : active ? 'asc' : c.numeric ? 'desc' : 'asc';
                    return (
                      <th key={c.key} scope="col" aria-sort={active ? (d.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                        <Link to={href({ sort: c.key, dir: next, page: null })}>
                          {c.label}
                          {active ? (d.dir === 'asc' ? ' ▲' : ' ▼') : ''}
                        </Link>
                      </th>
                    );
                  })}
                  <th scope="col">보기</th>
                </tr>
              </thead>
              <tbody>
                {d.pageRows.length === 0 ? (
                  <tr>
                    <td colSpan={COLUMNS.length + 1}>조건에 맞는 학생이 없습니다.</td>
                  </tr>
                ) : (
                  d.pageRows.map((r) => (
                    <tr key={r.studentId} className={r.inactive ? 'inactive' : undefined}>
                      <th scope="row">
                        <Link to={`/admin/students/${r.studentId}/overview`}>{r.name}</Link>
                        <span className="muted small-text"> {r.loginId}</span>
                        {r.inactive ? <span className="badge warning"> {INACTIVE_DAYS}일 이상 미독서</span> : null}
                      </th>
                      <td>{r.days}일</td>
                      <td>{r.minutes}분</td>
                      <td>{r.pages}쪽</td>
                      <td>
                        {r.bookTitle ? (
                          <>
                            {r.bookTitle} <span className={`badge status-${r.bookStatus}`}>{r.bookStatusLabel}</span>
                          </>
                        ) : (
                          '-'
                        )}
                      </td>
                      <td>{r.noteStateLabel}</td>
                      <td>{r.lastReadOn ? formatKoreanDate(r.lastReadOn) : '-'}</td>
                      <td>{r.completed}권</td>
                      <td>
                        {r.analyses}회{r.averageScore !== null ? ` (${r.averageScore}점)` : ''}
                      </td>
                      <td>{r.notesWritten}편</td>
                      <td>
                        <Link to={`/admin/students/${r.studentId}`}>도서</Link>{' '}
                        <Link to={`/admin/reports/students/${r.studentId}?month=${d.period.month}`}>월간 리포트</Link>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <Pagination page={d.page} pages={d.pages} href={(p) => href({ page: p > 1 ? p : null })} />
        </>
      )}
    </section>
  );
}
