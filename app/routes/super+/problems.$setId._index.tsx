import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import type { SubmissionResult } from '@conform-to/react';
import { requireSuper } from '~/web/guards.server';
import { clientIp } from '~/auth/rate-limit.server';
import { CsrfInput } from '~/components/csrf';
import { ItemStatus } from '~/domain/enums';
import { withParticle } from '~/domain/korean';
import { ITEM_STATUS_LABELS } from '~/domain/operators';
import { PROBLEM_BANK_MESSAGES as MSG, SET_KIND_LABELS, SET_STATUSES } from '~/domain/problem-bank';
import { formatKoreanDateTime } from '~/lib/dates';
import { isDomainError } from '~/lib/errors';
import { domainErrorResponse, idParam, notFound, orRespond, pageData, positiveInt, redirectWithFlash } from '~/web/http.server';
import { deleteProblem, discardDraft, moveProblem, publishDraft, startDraft } from '~/services/operators/problem-drafts.server';
import { problemSetOf, problemSetPage, setProblemSetStatus, updateProblemSet } from '~/services/operators/problem-sets.server';
import { parseSetDetailsForm } from './__problem-forms.server';
import { BankProblemSummary, SetForm } from './__problem-forms';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.set.title ?? '문제 세트'} | 문제 관리 | 리드인 운영` }];

// One problem set: its versions (published when, by whom, attempts on each), its problems, its details and status.
// Problems are only ever edited on the draft: "편집 시작" copies the current version, and "게시" makes the draft the
// version new attempts take. Every button is a plain post form; a repeated post changes nothing twice.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSuper(request, { allow: ['PRODUCT'] });
  const page = await orRespond(() => problemSetPage(idParam(params.setId)));
  const { set } = page;
  return pageData({
    set: {
      id: set.id,
      kind: set.kind,
      title: set.title,
      description: set.description,
      subject: set.subject,
      passage: set.passage,
      level: set.level,
      status: set.status,
      bookId: set.bookId,
      bookTitle: set.bookTitle,
    },
    versions: page.versions.map((v) => ({
      ...v,
      publishedLabel: v.publishedAt ? formatKoreanDateTime(v.publishedAt) : null,
      isCurrent: v.id === set.currentVersionId,
    })),
    draft: page.draft ? { version: page.draft.version } : null,
    current: page.current ? { version: page.current.version } : null,
    problems: page.problems,
  });
}

type Refusal = { intent: string; error: string };

export async function action({ request, params }: ActionFunctionArgs) {
  const operator = await requireSuper(request, { allow: ['PRODUCT'] });
  const setId = idParam(params.setId);
  const here = `/super/problems/${setId}`;
  const origin = { address: clientIp(request), origin: new URL(request.url).origin };
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const problemId = positiveInt(form.get('problemId'));
  const version = positiveInt(form.get('version'));
  const refused = (error: string, status = 400) => json({ intent, error } satisfies Refusal, { status });
  try {
    switch (intent) {
      case 'details': {
        const set = await problemSetOf(setId);
        if (!set) throw notFound(MSG.setNotFound);
        const submission = parseSetDetailsForm(form, set.kind);
        if (submission.status !== 'success') return json(submission.reply(), { status: 400 });
        const result = await updateProblemSet(operator, setId, submission.value, origin);
        return redirectWithFlash(here, result.changed ? `'${result.title}' 문제 세트 정보를 저장했습니다.` : '바뀐 내용이 없습니다.');
      }
      case 'status': {
        const status = Number(form.get('status'));
        if (!(SET_STATUSES as readonly number[]).includes(status)) return refused('상태를 선택해 주세요.');
        const result = await setProblemSetStatus(operator, setId, status as ItemStatus, origin);
        return redirectWithFlash(
          here,
          result.changed
            ? `'${result.title}' 문제 세트를 ${withParticle(`'${ITEM_STATUS_LABELS[status]}'`, '으로/로')} 바꿨습니다.`
            : '바뀐 상태가 없습니다.',
        );
      }
      case 'edit': {
        const draft = await startDraft(operator, setId, origin);
        return redirectWithFlash(
          here,
          draft.created
            ? `v${draft.version} 초안을 만들었습니다. 게시하기 전까지 학생 화면은 바뀌지 않습니다.`
            : `v${draft.version} 초안을 편집 중입니다.`,
        );
      }
      case 'publish': {
        if (!version) return refused('게시할 초안을 찾을 수 없습니다. 화면을 새로 고쳐 주세요.');
        const result = await publishDraft(operator, setId, version, origin);
        return redirectWithFlash(
          here,
          result.changed
            ? `v${result.version} 게시를 마쳤습니다. 이제 새로 푸는 학생은 이 버전을 풉니다.`
            : `v${result.version}: 이미 게시한 버전입니다.`,
          result.changed ? 'success' : 'info',
        );
      }
      case 'discard': {
        if (!version) return refused('버릴 초안을 찾을 수 없습니다. 화면을 새로 고쳐 주세요.');
        const result = await discardDraft(operator, setId, version, origin);
        return redirectWithFlash(
          here,
          result.changed ? `v${version} 초안을 버렸습니다.` : '버릴 초안이 없습니다.',
          result.changed ? 'success' : 'info',
        );
      }
      case 'delete': {
        if (!problemId) return refused('문제를 찾을 수 없습니다.');
        const result = await deleteProblem(operator, setId, problemId, origin);
        return redirectWithFlash(
          here,
          result.changed ? `${result.order}번 문제를 삭제했습니다.` : '이미 삭제된 문제입니다.',
          result.changed ? 'success' : 'info',
        );
      }
      case 'up':
      case 'down': {
        const from = positiveInt(form.get('order'));
        if (!problemId || !from) return refused('문제를 찾을 수 없습니다.');
        const result = await moveProblem(operator, setId, problemId, from, intent, origin);
        return redirectWithFlash(
          here,
          result.changed ? `${from}번 문제를 ${result.to}번으로 옮겼습니다.` : '순서가 이미 바뀌었습니다.',
          result.changed ? 'success' : 'info',
        );
      }
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.status === 404 || error.status === 403) throw domainErrorResponse(error);
    return refused(error.message, error.status);
  }
  return refused('요청을 처리할 수 없습니다.');
}

function Refused({ result, intent }: { result: Refusal | null; intent: string }) {
  return result?.intent === intent ? (
    <p className="alert error" role="alert">
      {result.error}
    </p>
  ) : null;
}

export default function ProblemSetPage() {
  const { set, versions, draft, current, problems } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const refusal = result && 'intent' in result ? (result as Refusal) : null;
  const detailsResult = result && !('intent' in result) ? (result as SubmissionResult<string[]>) : undefined;
  const here = `/super/problems/${set.id}`;
  const shown = draft ?? current;
  return (
    <section aria-labelledby="set-title" className="stack">
      <p>
        <Link to="/super/problems">‹ 문제 세트 목록</Link>
      </p>
      <div className="page-head">
        <div>
          <h1 id="set-title" className="page-title">
            {set.title}
          </h1>
          <p className="muted">
            {SET_KIND_LABELS[set.kind]}
            {set.bookId ? (
              <>
                {' · '}
                <Link to={`/super/books/${set.bookId}`}>{set.bookTitle}</Link>
              </>
            ) : null}
            {' · '}
            {ITEM_STATUS_LABELS[set.status]} · 학생이 푸는 버전: {current ? `v${current.version}` : '아직 게시 전'}
          </p>
        </div>
        {shown ? (
          <Link to={`${here}/preview`} className="button secondary">
            학생 화면 미리보기
          </Link>
        ) : null}
      </div>
      {set.status === ItemStatus.INACTIVE ? (
        <p className="alert info">사용 안 함 상태입니다. 학생에게 제공되지 않고, 이미 푼 학생의 결과만 남아 있습니다.</p>
      ) : null}

      <section className="card stack" aria-labelledby="problems-title">
        <div className="page-head">
          <h2 id="problems-title">
            {draft ? `v${draft.version} 초안 (편집 중)` : current ? `v${current.version} 문제 (학생에게 제공 중)` : '문제'}
          </h2>
          {draft ? (
            <Link to={`${here}/problem/new`} className="button">
              문제 추가
            </Link>
          ) : null}
        </div>
        {draft ? (
          <p className="muted">
            초안은 학생에게 보이지 않습니다. 게시하면 새로 푸는 학생부터 이 초안의 문제를 풀고, 이미 푼 학생의 결과는 그 학생이 푼 버전
            그대로 남습니다.
          </p>
        ) : (
          <>
            <p className="muted">
              문제는 초안에서만 고칩니다. ‘편집 시작’을 누르면 {current ? `v${current.version} 문제를 복사한 ` : ''}초안이 만들어지고,
              게시하기 전까지 학생 화면은 바뀌지 않습니다.
            </p>
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="edit" />
              <button type="submit" disabled={busy}>
                편집 시작
              </button>
            </Form>
            <Refused result={refusal} intent="edit" />
          </>
        )}
        {problems.length === 0 ? (
          <p className="muted">{draft ? '아직 문제가 없습니다. ‘문제 추가’로 첫 문제를 넣어 주세요.' : '문제가 없습니다.'}</p>
        ) : (
          <ol className="bank-problems">
            {problems.map((p, i) => (
              <li key={p.id} className="bank-problem" aria-label={`${p.order}번 문제`}>
                <BankProblemSummary problem={p} />
                {draft ? (
                  <div className="form-actions">
                    <Link to={`${here}/problem/${p.id}`} className="button secondary small">
                      {p.order}번 수정
                    </Link>
                    {(['up', 'down'] as const).map((dir) =>
                      (dir === 'up' && i === 0) || (dir === 'down' && i === problems.length - 1) ? null : (
                        <Form method="post" key={dir} className="inline-form">
                          <CsrfInput />
                          <input type="hidden" name="problemId" value={p.id} />
                          <input type="hidden" name="order" value={p.order} />
                          <button type="submit" name="intent" value={dir} className="secondary small" disabled={busy}>
                            {dir === 'up' ? `${p.order}번 위로` : `${p.order}번 아래로`}
                          </button>
                        </Form>
                      ),
                    )}
                    <details className="confirm-delete">
                      <summary>{p.order}번 삭제</summary>
                      <Form method="post" className="inline-form">
                        <CsrfInput />
                        <input type="hidden" name="intent" value="delete" />
                        <input type="hidden" name="problemId" value={p.id} />
                        <span>이 문제를 초안에서 지울까요?</span>
                        <button type="submit" className="secondary small" disabled={busy}>
                          네, {p.order}번 삭제
                        </button>
                      </Form>
                    </details>
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        )}
        <Refused result={refusal} intent="delete" />
        <Refused result={refusal} intent="up" />
        <Refused result={refusal} intent="down" />
        {draft ? (
          <div className="form-actions">
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="publish" />
              <input type="hidden" name="version" value={draft.version} />
              <button type="submit" disabled={busy}>
                v{draft.version} 게시
              </button>
            </Form>
            <details className="confirm-delete">
              <summary>초안 버리기</summary>
              <Form method="post" className="inline-form">
                <CsrfInput />
                <input type="hidden" name="intent" value="discard" />
                <input type="hidden" name="version" value={draft.version} />
                <span>v{draft.version} 초안의 변경을 모두 버릴까요? 게시된 버전은 그대로입니다.</span>
                <button type="submit" className="secondary small" disabled={busy}>
                  네, 초안 버리기
                </button>
              </Form>
            </details>
          </div>
        ) : null}
        <Refused result={refusal} intent="publish" />
        <Refused result={refusal} intent="discard" />
      </section>

      <section className="card stack" aria-labelledby="versions-title">
        <h2 id="versions-title">버전</h2>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">버전</th>
                <th scope="col">상태</th>
                <th scope="col">문항</th>
                <th scope="col">게시</th>
                <th scope="col">응시</th>
                <th scope="col">미리보기</th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => (
                <tr key={v.id}>
                  <th scope="row">v{v.version}</th>
                  <td>{v.publishedLabel === null ? '초안 (편집 중)' : v.isCurrent ? '학생에게 제공 중' : '지난 버전'}</td>
                  <td>{v.problems}문항</td>
                  <td>
                    {v.publishedLabel ? (
                      `${v.publishedLabel}${v.publishedBy ? ` · ${v.publishedBy}` : ''}`
                    ) : (
                      <span className="muted">게시 전</span>
                    )}
                  </td>
                  <td>{v.attempts}건</td>
                  <td>
                    <Link to={`${here}/preview?version=${v.version}`} aria-label={`v${v.version} 학생 화면 미리보기`}>
                      보기
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="card stack" aria-labelledby="status-title">
        <h2 id="status-title">상태</h2>
        <p className="muted">‘사용 안 함’으로 바꾸면 학생에게 더는 제공되지 않습니다. 이미 푼 학생의 결과는 그대로 남습니다.</p>
        <Form method="post" className="inline-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="status" />
          <label htmlFor="set-status">바꿀 상태</label>
          <select id="set-status" name="status" defaultValue={set.status}>
            {SET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ITEM_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
          <button type="submit" className="small" disabled={busy}>
            상태 바꾸기
          </button>
        </Form>
        <Refused result={refusal} intent="status" />
      </section>

      <section className="card" aria-labelledby="details-title">
        <h2 id="details-title">세트 정보</h2>
        <SetForm
          lastResult={detailsResult}
          kind={set.kind}
          submitLabel="저장하기"
          defaults={{
            title: set.title,
            description: set.description,
            subject: set.subject ?? '',
            passage: set.passage ?? '',
            level: set.level ?? '',
          }}
        />
      </section>
    </section>
  );
}
