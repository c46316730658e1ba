import type { SerializeFrom } from '@remix-run/node';
import { Form } from '@remix-run/react';
import { Link } from '~/components/link';
import { CsrfInput } from '~/components/csrf';
import type { FormReply } from '~/components/form-client';
import { ITEM_STATUS_LABELS } from '~/domain/operators';
import { SET_STATUSES } from '~/domain/problem-bank';
import { BankProblemSummary } from './__problem-forms';
import type { loader } from './__problem-set-page.server';
import { Options, choices } from '~/components/filter-select';
import { Refused } from '~/components/form-actions';

// The parts of a problem set's page (problems.$setId._index.tsx): the problems of the draft (or of the version
// students take) with the draft's buttons, the versions, and the status form. Each button is a plain post form whose
// refusal is shown beside it.

type Page = SerializeFrom<typeof loader>;

/** A post form of one button; `fields` go as hidden inputs. */
function ButtonForm({
  intent,
  fields,
  label,
  busy,
  className,
  children,
}: {
  intent: string;
  fields: Record<string, string | number>;
  label: string;
  busy: boolean;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <Form method="post" className="inline-form">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <button type="submit" className={className} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

/** The problems shown (the draft's, else the current version's) and, on a draft, the buttons that change them. */
export function ProblemsSection({ page, reply, busy }: { page: Page; reply: FormReply | null | undefined; busy: boolean }) {
  const { set, draft, current, problems } = page;
  const here = `/super/problems/${set.id}`;
  return (
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
          초안은 학생에게 보이지 않습니다. 게시하면 새로 푸는 학생부터 이 초안의 문제를 풀고, 이미 푼 학생의 결과는 그 학생이 푼 버전 그대로
          남습니다.
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
          <Refused reply={reply} intent="edit" />
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
                    <ButtonForm
                      intent="delete"
                      fields={{ problemId: p.id }}
                      label={`네, ${p.order}번 삭제`}
                      busy={busy}
                      className="secondary small"
                    >
                      <span>이 문제를 초안에서 지울까요?</span>
                    </ButtonForm>
                  </details>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Refused reply={reply} intent="delete" />
      <Refused reply={reply} intent="up" />
      <Refused reply={reply} intent="down" />
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
            <ButtonForm
              intent="discard"
              fields={{ version: draft.version }}
              label="네, 초안 버리기"
              busy={busy}
              className="secondary small"
            >
              <span>v{draft.version} 초안의 변경을 모두 버릴까요? 게시된 버전은 그대로입니다.</span>
            </ButtonForm>
          </details>
        </div>
      ) : null}
      <Refused reply={reply} intent="publish" />
      <Refused reply={reply} intent="discard" />
    </section>
  );
}

/** Every version of the set: its state, problems, when and by whom it was published, attempts, its preview. */
export function VersionsSection({ page }: { page: Page }) {
  const here = `/super/problems/${page.set.id}`;
  return (
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
            {page.versions.map((v) => (
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
  );
}

/** The set's status: ‘사용 안 함’ takes it away from students. */
export function StatusSection({ status, reply, busy }: { status: number; reply: FormReply | null | undefined; busy: boolean }) {
  return (
    <section className="card stack" aria-labelledby="status-title">
      <h2 id="status-title">상태</h2>
      <p className="muted">‘사용 안 함’으로 바꾸면 학생에게 더는 제공되지 않습니다. 이미 푼 학생의 결과는 그대로 남습니다.</p>
      <Form method="post" className="inline-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="status" />
        <label htmlFor="set-status">바꿀 상태</label>
        <select id="set-status" name="status" defaultValue={status}>
          <Options options={choices(SET_STATUSES, ITEM_STATUS_LABELS)} />
        </select>
        <button type="submit" className="small" disabled={busy}>
          상태 바꾸기
        </button>
      </Form>
      <Refused reply={reply} intent="status" />
    </section>
  );
}
