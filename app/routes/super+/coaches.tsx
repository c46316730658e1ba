import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { clientIp } from '~/auth/rate-limit.server';
import { CsrfInput } from '~/components/csrf';
import { When } from '~/components/notes';
import { Pagination } from '~/components/pagination';
import { COACH_MESSAGES, STATUS_LABELS, waitLabel } from '~/domain/operators';
import { now } from '~/lib/clock.server';
import { monthLabel } from '~/lib/dates';
import { isDomainError } from '~/lib/errors';
import { pageData, pageParam, positiveInt, redirectWithFlash } from '~/web/http.server';
import { activeCoaches } from '~/services/notes/coach-assignment.server';
import {
  coachBoard,
  monthlyCorrections,
  reassignNote,
  recentMonth,
  waitingNotes,
  type WaitingFilter,
} from '~/services/operators/coaches.server';

export const meta: MetaFunction = () => [{ title: '코치 관리 | 리드인 운영' }];

// The coaches (ADMIN1 and ADMIN2; a COACH is sent to its queue by the guard): each coach's waiting load and
// completed corrections, the waiting notes with a form per note to move it to another coach (or back to unassigned),
// and a Seoul month's corrections per coach. The filters are GET forms (everything in the address); each move is a
// POST guarded on the note's version, answered by a redirect back to the same address with a flash.

function coachFilter(value: string | null): WaitingFilter['coachId'] {
  return value === 'none' ? 'none' : (positiveInt(value) ?? undefined);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  const url = new URL(request.url);
  const at = now();
  const coach = coachFilter(url.searchParams.get('coach'));
  const { month, months } = recentMonth(url.searchParams.get('month'), at);
  const [board, waiting, monthly, choices] = await Promise.all([
    coachBoard(at),
    waitingNotes({ coachId: coach }, pageParam(request)),
    monthlyCorrections(month),
    activeCoaches(),
  ]);
  return pageData({ board, waiting, monthly, month, months, choices, coach: coach === undefined ? '' : String(coach) });
}

type Failure = { noteId: number | null; error: string };

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireSuper(request);
  const url = new URL(request.url);
  const form = await request.formData();
  const noteId = positiveInt(form.get('noteId'));
  const version = positiveInt(form.get('version'));
  const target = String(form.get('coachId') ?? '');
  const coachId = target === 'none' ? null : positiveInt(target);
  if (String(form.get('intent')) !== 'reassign' || !noteId || !version || (target !== 'none' && !coachId))
    return json({ noteId, error: COACH_MESSAGES.badRequest } satisfies Failure, { status: 400 });
  try {
    const moved = await reassignNote(operator, { noteId, version, coachId }, { address: clientIp(request), origin: url.origin });
    const what = `${moved.studentName} 학생의 『${moved.bookTitle}』 노트를`;
    return redirectWithFlash(
      `/super/coaches${url.search}`,
      moved.coachName
        ? `${what} ${moved.coachName} 코치에게 넘겼습니다.`
        : `${what} 미배정으로 돌렸습니다. 어느 코치나 첨삭할 수 있습니다.`,
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return json({ noteId, error: error.message } satisfies Failure, { status: error.status });
  }
}

export default function Coaches() {
  const { board, waiting, monthly, month, months, choices, coach } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as Failure | undefined;
  const busy = useNavigation().state === 'submitting';
  const query = (changes: Record<string, string>) => {
    const q = new URLSearchParams({ ...(coach ? { coach } : {}), month, ...changes });
    for (const [k, v] of [...q]) if (!v) q.delete(k);
    return `/super/coaches?${q}`;
  };
  const totalWaiting = board.coaches.reduce((t, c) => t + c.waiting, board.unassigned.waiting);
  const monthTotal = monthly.reduce((t, r) => t + r.corrected, 0);
  return (
    <section aria-labelledby="coaches-title" className="stack">
      <header className="page-title">
        <h1 id="coaches-title">코치 관리</h1>
        <p>
          선생님이 첨삭을 요청한 노트는 그 순간 기다리는 노트가 가장 적은 활동 중인 코치에게 배정됩니다. 지금 첨삭을 기다리는 노트는 모두{' '}
          {totalWaiting}편입니다.
        </p>
      </header>

      {failed && failed.noteId === null ? (
        <p className="alert error" role="alert">
          {failed.error}
        </p>
      ) : null}

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

      <section className="card" aria-labelledby="waiting-title">
        <h2 id="waiting-title">첨삭 대기 노트</h2>
        <Form method="get" className="filter-form" aria-label="대기 노트 코치별 보기">
          <input type="hidden" name="month" value={month} />
          <label>
            코치
            <select name="coach" defaultValue={coach}>
              <option value="">전체</option>
              <option value="none">미배정</option>
              {board.coaches.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit">보기</button>
        </Form>
        <p className="muted" role="status">
          {waiting.total}편 · 오래 기다린 노트부터
        </p>
        {waiting.rows.length === 0 ? (
          <p className="empty">이 조건으로 첨삭을 기다리는 노트가 없습니다.</p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="sr-only">첨삭을 기다리는 노트와 배정된 코치</caption>
              <thead>
                <tr>
                  <th scope="col">요청 시각</th>
                  <th scope="col">학원</th>
                  <th scope="col">학생</th>
                  <th scope="col">책</th>
                  <th scope="col">배정된 코치</th>
                  <th scope="col">다른 코치에게 넘기기</th>
                </tr>
              </thead>
              <tbody>
                {waiting.rows.map((r) => {
                  const options = choices.filter((c) => c.id !== r.coachId);
                  const error = failed?.noteId === r.id ? failed.error : null;
                  return (
                    <tr key={r.id}>
                      <td>
                        <When at={r.waitingSince} />
                      </td>
                      <td>{r.academyName ?? '개인 회원'}</td>
                      <td>{r.studentName}</td>
                      <td>
                        <Link to={`/super/coach/sharpening/${r.id}`}>{r.bookTitle}</Link>
                      </td>
                      <td>{r.coachName ?? <span className="muted">미배정</span>}</td>
                      <td>
                        {options.length === 0 && r.coachId === null ? (
                          <span className="muted">넘길 코치가 없습니다</span>
                        ) : (
                          <Form method="post" className="inline-form reassign-form">
                            <CsrfInput />
                            <input type="hidden" name="intent" value="reassign" />
                            <input type="hidden" name="noteId" value={r.id} />
                            <input type="hidden" name="version" value={r.version} />
                            <label className="sr-only" htmlFor={`coach-${r.id}`}>
                              {r.studentName} 학생의 『{r.bookTitle}』 노트를 넘길 코치
                            </label>
                            <select id={`coach-${r.id}`} name="coachId" aria-describedby={error ? `coach-${r.id}-error` : undefined}>
                              {options.map((c) => (
                                <option key={c.id} value={c.id}>
                                  {c.name}
                                </option>
                              ))}
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
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={waiting.page} pages={waiting.pages} href={(p) => query({ page: String(p) })} />
      </section>

      <section className="card" aria-labelledby="monthly-title">
        <h2 id="monthly-title">{monthLabel(month)} 첨삭 완료</h2>
        <Form method="get" className="filter-form" aria-label="달별 첨삭 완료 보기">
          {coach ? <input type="hidden" name="coach" value={coach} /> : null}
          <label>
            달
            <select name="month" defaultValue={month}>
              {months.map((m) => (
                <option key={m} value={m}>
                  {monthLabel(m)}
                </option>
              ))}
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
    </section>
  );
}
