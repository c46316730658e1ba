import type { SerializeFrom } from '@remix-run/node';
import { Form } from '@remix-run/react';
import { CsrfInput } from '~/components/csrf';
import { Link } from '~/components/link';
import { When } from '~/components/notes';
import { STATUS_LABELS, waitLabel } from '~/domain/operators';
import { monthLabel } from '~/lib/dates';
import type { loader } from './__coaches-page.server';
import { Options } from '~/components/filter-select';

// The parts of /super/coaches: each coach's load, the move form of one waiting note, and a month's corrections per
// coach. The filters are GET forms (everything in the address); a move posts without JavaScript.

type Page = SerializeFrom<typeof loader>;
type WaitingRow = Page['waiting']['rows'][number];
type Choice = Page['choices'][number];

/** Each coach's waiting notes (a link to them), the oldest wait, and the corrections of this month and six months. */
export function CoachLoad({ board, query }: { board: Page['board']; query: (changes: Record<string, string>) => string }) {
  return (
    <section className="card" aria-labelledby="load-title">
      <h2 id="load-title">코치별 첨삭 현황</h2>
      {board.coaches.length === 0 ? (
        <p className="muted">첨삭 코치 계정이 없습니다. 회원 관리에서 운영 계정을 만들고 첨삭 코치 권한을 주세요.</p>
      ) : null}
      <div className="table-wrap">
        <table className="table">
          <caption className="sr-only">코치별 대기 노트와 첨삭 완료 수</caption>
          <thead>
            <tr>
              <th scope="col">코치</th>
              <th scope="col">상태</th>
              <th scope="col">대기 중</th>
              <th scope="col">가장 오래 기다린 노트</th>
              <th scope="col">이번 달 완료</th>
              <th scope="col">최근 6개월 완료</th>
            </tr>
          </thead>
          <tbody>
            {board.coaches.map((c) => (
              <tr key={c.id}>
                <th scope="row">
                  {c.name} <span className="muted">({c.loginId})</span>
                </th>
                <td>{STATUS_LABELS[c.status]}</td>
                <td>
                  <Link
                    to={`${query({ coach: String(c.id), page: '' })}#waiting-title`}
                    aria-label={`${c.name} 코치의 대기 노트 ${c.waiting}편 보기`}
                  >
                    {c.waiting}편
                  </Link>
                </td>
                <td>
                  <When at={c.oldestWaiting} />
                </td>
                <td>{c.thisMonth}편</td>
                <td>{c.sixMonths}편</td>
              </tr>
            ))}
            <tr>
              <th scope="row">미배정</th>
              <td>-</td>
              <td>
                <Link
                  to={`${query({ coach: 'none', page: '' })}#waiting-title`}
                  aria-label={`미배정 노트 ${board.unassigned.waiting}편 보기`}
                >
                  {board.unassigned.waiting}편
                </Link>
              </td>
              <td>
                <When at={board.unassigned.oldestWaiting} />
              </td>
              <td>-</td>
              <td>-</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="muted">최근 6개월은 이번 달({monthLabel(board.month)})과 그 앞의 다섯 달입니다.</p>
    </section>
  );
}

/** The form of one waiting note: the coaches it may go to (or back to unassigned), and the refusal of its last post. */
export function ReassignForm({
  row: r,
  choices,
  error,
  busy,
}: {
  row: WaitingRow;
  choices: Choice[];
  error: string | null;
  busy: boolean;
}) {
  const options = choices.filter((c) => c.id !== r.coachId);
  if (options.length === 0 && r.coachId === null) return <span className="muted">넘길 코치가 없습니다</span>;
  return (
    <Form method="post" className="inline-form reassign-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="reassign" />
      <input type="hidden" name="noteId" value={r.id} />
      <input type="hidden" name="version" value={r.version} />
      <label className="sr-only" htmlFor={`coach-${r.id}`}>
        {r.studentName} 학생의 『{r.bookTitle}』 노트를 넘길 코치
      </label>
      <select id={`coach-${r.id}`} name="coachId" aria-describedby={error ? `coach-${r.id}-error` : undefined}>
        <Options options={options.map((c) => [c.id, c.name] as const)} />
        {r.coachId !== null ? <option value="none">미배정</option> : null}
      </select>
      <button type="submit" className="secondary" disabled={busy}>
        넘기기
      </button>
      {error ? (
        <p className="field-error" id={`coach-${r.id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

/** A Seoul month's corrections per coach (and the operators who corrected), with the month's choice. */
export function MonthlyCorrections({ month, months, coach, monthly }: Pick<Page, 'month' | 'months' | 'coach' | 'monthly'>) {
  const monthTotal = monthly.reduce((t, r) => t + r.corrected, 0);
  return (
    <section className="card" aria-labelledby="monthly-title">
      <h2 id="monthly-title">{monthLabel(month)} 첨삭 완료</h2>
      <Form method="get" className="filter-form" aria-label="달별 첨삭 완료 보기">
        {coach ? <input type="hidden" name="coach" value={coach} /> : null}
        <label>
          달
          <select name="month" defaultValue={month}>
            <Options options={months.map((m) => [m, monthLabel(m)] as const)} />
          </select>
        </label>
        <button type="submit">보기</button>
      </Form>
      {monthly.length === 0 ? (
        <p className="empty">첨삭 코치 계정이 없고, 이 달에 첨삭한 사람도 없습니다.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">{monthLabel(month)} 코치별 첨삭 완료 (서울 시각 기준)</caption>
            <thead>
              <tr>
                <th scope="col">코치</th>
                <th scope="col">첨삭 완료</th>
                <th scope="col">학생 수</th>
                <th scope="col">평균 처리 시간</th>
              </tr>
            </thead>
            <tbody>
              {monthly.map((r) => (
                <tr key={r.actorId}>
                  <th scope="row">
                    {r.name} <span className="muted">({r.loginId})</span>
                    {r.isCoach ? null : <span className="badge neutral">운영자</span>}
                  </th>
                  <td>{r.corrected}편</td>
                  <td>{r.students}명</td>
                  <td>{waitLabel(r.averageMinutes)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">합계</th>
                <td>{monthTotal}편</td>
                <td colSpan={2} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <p className="muted">평균 처리 시간은 선생님이 첨삭을 요청한 때부터 첨삭을 마친 때까지입니다.</p>
    </section>
  );
}
