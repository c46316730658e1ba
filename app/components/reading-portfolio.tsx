import { Form } from '@remix-run/react';
import { PrintButton } from '~/components/print-button';
import { PORTFOLIO_COLUMNS, type Portfolio } from '~/domain/portfolio';
import { formatKoreanDate } from '~/lib/dates';

// The reading portfolio as a page (issue 32): the period and notes to include (a plain GET form, works without
// JavaScript), and the sheet that prints as a document. The student's page, the operator's copy for a data-access
// request and (later) a parent's page show it with their own addresses.

const minutesText = (total: number) => (total >= 60 ? `${Math.floor(total / 60)}시간 ${total % 60}분` : `${total}분`);

/** The screen-only choices: the period, the notes to include (when `withNotes`), print and CSV. */
export function PortfolioChoices({
  portfolio: p,
  action,
  csvHref,
  withNotes,
}: {
  portfolio: Portfolio;
  action: string;
  csvHref: string;
  withNotes: boolean;
}) {
  return (
    <Form method="get" action={action} className="card stack no-print portfolio-choices">
      <div className="inline-fields">
        <div className="field">
          <label htmlFor="portfolio-from">시작일</label>
          <input id="portfolio-from" type="date" name="from" defaultValue={p.period.from} required />
        </div>
        <div className="field">
          <label htmlFor="portfolio-to">끝 날짜</label>
          <input id="portfolio-to" type="date" name="to" defaultValue={p.period.to} required />
        </div>
      </div>
      {withNotes && p.noteChoices.length ? (
        <fieldset>
          <legend>포트폴리오에 넣을 독서 노트</legend>
          {p.noteChoices.map((n) => (
            <label key={n.id} className="checkbox">
              <input type="checkbox" name="note" value={n.id} defaultChecked={n.chosen} /> {n.title}{' '}
              <span className="muted">({formatKoreanDate(n.submittedOn)})</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="form-actions">
        <button type="submit">기간 적용</button>
        <a className="button secondary" href={csvHref} download>
          CSV 내려받기
        </a>
        <PrintButton />
      </div>
    </Form>
  );
}

/** The sheet: who, the period, the books in the school record's order, the totals, the chosen notes. */
export function PortfolioSheet({ portfolio: p }: { portfolio: Portfolio }) {
  const t = p.totals;
  return (
    <article className="print-sheet" data-testid="portfolio">
      <header className="print-sheet-head">
        {p.student.academy ? <p className="print-sheet-academy">{p.student.academy}</p> : null}
        <h1>독서 포트폴리오</h1>
        <p className="print-sheet-who">
          <strong>{p.student.name}</strong>
          {p.student.grade ? ` · ${p.student.grade}` : ''} · {formatKoreanDate(p.period.from)} ~ {formatKoreanDate(p.period.to)}
        </p>
      </header>
      <dl className="figure-boxes" data-testid="portfolio-totals">
        <div>
          <dt>읽은 책</dt>
          <dd>{t.books}권</dd>
        </div>
        <div>
          <dt>완독</dt>
          <dd>{t.completed}권</dd>
        </div>
        <div>
          <dt>독서 시간</dt>
          <dd>{minutesText(t.minutes)}</dd>
        </div>
        <div>
          <dt>읽은 쪽수</dt>
          <dd>{t.pages.toLocaleString('ko-KR')}쪽</dd>
        </div>
        <div>
          <dt>읽은 날</dt>
          <dd>{t.days}일</dd>
        </div>
      </dl>
      <h2>읽은 책 (독서활동상황 순서)</h2>
      {p.rows.length ? (
        <table className="table print-table" data-testid="portfolio-rows">
          <thead>
            <tr>
              {PORTFOLIO_COLUMNS.map((c) => (
                <th key={c.key} scope="col" className={c.key === 'minutes' || c.key === 'pages' || c.key === 'no' ? 'num' : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {p.rows.map((r) => (
              <tr key={r.no}>
                {PORTFOLIO_COLUMNS.map((c) => (
                  <td key={c.key} className={c.key === 'minutes' || c.key === 'pages' || c.key === 'no' ? 'num' : undefined}>
                    {r[c.key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">이 기간에 읽은 책이 없습니다.</p>
      )}
      {p.notes.length ? (
        <section aria-labelledby="portfolio-notes" className="print-comment">
          <h2 id="portfolio-notes">독서 노트</h2>
          {p.notes.map((n) => (
            <blockquote key={n.id} data-testid="portfolio-note">
              <p>
                <strong>
                  {n.title}({n.author})
                </strong>{' '}
                <span className="muted">{formatKoreanDate(n.submittedOn)}</span>
              </p>
              <p className="note-text">{n.text}</p>
            </blockquote>
          ))}
        </section>
      ) : null}
    </article>
  );
}
