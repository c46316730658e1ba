import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { requestOrigin } from '~/web/origin.server';
import { firstError } from '~/components/form-client';
import { When } from '~/components/notes';
import { Pagination } from '~/components/pagination';
import { COACH_MESSAGES } from '~/domain/operators';
import { formAction } from '~/web/form-action.server';
import { redirectWithFlash } from '~/web/http.server';
import { reassignNote } from '~/services/operators/coaches.server';
import { movedMessage, reassignSchema } from './__coach-forms.server';
import { CoachLoad, MonthlyCorrections, ReassignForm } from './__coaches';
import type { loader } from './__coaches-page.server';
import { Options } from '~/components/filter-select';

export { loader } from './__coaches-page.server';

export const meta: MetaFunction = () => [{ title: '코치 관리 | 리드인 운영' }];

// The coaches (ADMIN1 and ADMIN2; a COACH is sent to its queue by the guard): each coach's waiting load and
// completed corrections, the waiting notes with a form per note to move it to another coach (or back to unassigned),
// and a Seoul month's corrections per coach. The filters are GET forms (everything in the address); each move is a
// POST guarded on the note's version, answered by a redirect back to the same address with a flash.

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request),
    schema: reassignSchema,
    unknownIntent: COACH_MESSAGES.badRequest,
    run: async ({ user: operator, request, value: { noteId, version, coachId } }) => {
      const url = new URL(request.url);
      const moved = await reassignNote(operator, { noteId, version, coachId }, requestOrigin(request));
      return redirectWithFlash(`/super/coaches${url.search}`, movedMessage(moved));
    },
  });
}

export default function Coaches() {
  const { board, waiting, monthly, month, months, choices, coach } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  // A refusal is shown in the row of the note it was about, or above the page when that note is not listed (a
  // malformed post, a note corrected meanwhile).
  const refused = firstError(reply);
  const refusedNote = String(reply?.initialValue?.noteId ?? '');
  const inRow = refused !== null && waiting.rows.some((r) => String(r.id) === refusedNote);
  const query = (changes: Record<string, string>) => {
    const q = new URLSearchParams({ ...(coach ? { coach } : {}), month, ...changes });
    for (const [k, v] of [...q]) if (!v) q.delete(k);
    return `/super/coaches?${q}`;
  };
  const totalWaiting = board.coaches.reduce((t, c) => t + c.waiting, board.unassigned.waiting);
  return (
    <section aria-labelledby="coaches-title" className="stack">
      <header className="page-title">
        <h1 id="coaches-title">코치 관리</h1>
        <p>
          선생님이 첨삭을 요청한 노트는 그 순간 기다리는 노트가 가장 적은 활동 중인 코치에게 배정됩니다. 지금 첨삭을 기다리는 노트는 모두{' '}
          {totalWaiting}편입니다.
        </p>
      </header>

      {refused && !inRow ? (
        <p className="alert error" role="alert">
          {refused}
        </p>
      ) : null}

      <CoachLoad board={board} query={query} />

      <section className="card" aria-labelledby="waiting-title">
        <h2 id="waiting-title">첨삭 대기 노트</h2>
        <Form method="get" className="filter-form" aria-label="대기 노트 코치별 보기">
          <input type="hidden" name="month" value={month} />
          <label>
            코치
            <select name="coach" defaultValue={coach}>
              <option value="">전체</option>
              <option value="none">미배정</option>
              <Options options={board.coaches.map((c) => [c.id, c.name] as const)} />
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
                  const error = refusedNote === String(r.id) ? refused : null;
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
                        <ReassignForm row={r} choices={choices} error={error} busy={busy} />
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

      <MonthlyCorrections month={month} months={months} coach={coach} monthly={monthly} />
    </section>
  );
}
