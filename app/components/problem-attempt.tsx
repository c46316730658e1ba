import { Form, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { useRef } from 'react';
import { ProblemStep } from '~/domain/enums';
import { categoryLabel, describeAnswer, OPTION_MARKS, STEP_LABELS } from '~/domain/problems';
import type { AttemptPage } from '~/domain/problem-pages';
import { CategoryScoreChart, CategoryTable, MedalBadge } from './score-chart';
import { CsrfInput } from '~/components/csrf';
import { Passage, ProblemFieldset } from './problem-fieldset';

export type AttemptPageData = AttemptPage;

const MARKS = OPTION_MARKS;

const STEPS_SHOWN = [ProblemStep.START, ProblemStep.CONFIRM, ProblemStep.SOLVE, ProblemStep.MARK, ProblemStep.CHECK, ProblemStep.COMPLETE];

function StepBar({ step }: { step: number }) {
  const current = step === ProblemStep.RESTART ? ProblemStep.SOLVE : step;
  return (
    <ol className="attempt-steps" aria-label="진행 단계">
      {STEPS_SHOWN.map((s) => (
        <li key={s} aria-current={s === current ? 'step' : undefined} className={s < current ? 'done' : undefined}>
          {STEP_LABELS[s]}
        </li>
      ))}
    </ol>
  );
}

/**
 * One engine's page for a book analysis, a course test or a subject test, by step. Plain forms: every step works
 * without JavaScript; with it, the submit button asks in a <dialog> instead of the confirmation page.
 */
export function ProblemAttempt({
  error,
  ...props
}: AttemptProps & {
  /** A refused step (the page's reply), shown above the step. */
  error?: string | null;
}) {
  return (
    <>
      {error ? (
        <div className="alert error" role="alert">
          {error}
        </div>
      ) : null}
      <AttemptStep {...props} />
    </>
  );
}

type AttemptProps = {
  data: AttemptPageData;
  confirmSubmit: boolean;
  backHref: string;
  backLabel: string;
  reportHref?: string;
};

function AttemptStep({ data, confirmSubmit, backHref, backLabel, reportHref }: AttemptProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { attempt, set, result } = data;
  const step = attempt?.step ?? ProblemStep.START;
  const isBook = set.kind === 'BOOK_ANALYSIS';

  if (!attempt || step === ProblemStep.START) {
    return (
      <section className="card stack" aria-labelledby="intro-title">
        <StepBar step={ProblemStep.START} />
        <h2 id="intro-title">{set.title}</h2>
        <p>{set.description}</p>
        <ul className="facts">
          <li>
            문항 수: <strong>{set.count}문항</strong>
          </li>
          <li>객관식은 답이 여러 개일 수 있는 문항이 있습니다. 네모 칸(□)이 나오면 알맞은 것을 모두 고르세요.</li>
          <li>푸는 중에 ‘임시 저장’을 누르면 고른 답이 저장되어, 창을 닫았다 열어도 이어서 풀 수 있습니다.</li>
        </ul>
        {data.canStart ? (
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="start" />
            <button type="submit" disabled={busy}>
              시작하기
            </button>
          </Form>
        ) : (
          <div className="alert info" role="status">
            {isBook ? '책을 다 읽은 뒤에 문제 분석을 할 수 있습니다.' : '지금은 응시할 수 없습니다.'}
          </div>
        )}
      </section>
    );
  }

  if (step === ProblemStep.CONFIRM) {
    return (
      <section className="card stack" aria-labelledby="confirm-title">
        <StepBar step={step} />
        <h2 id="confirm-title">풀기 전에 확인해 주세요</h2>
        <ul className="facts">
          <li>
            모두 <strong>{set.count}문항</strong>이며, 문항마다 배점이 다릅니다.
          </li>
          <li>‘제출’하면 바로 채점되고, 제출한 답은 고칠 수 없습니다.</li>
          {isBook ? <li>채점이 끝나면 독서 노트를 쓸 수 있습니다.</li> : null}
        </ul>
        <Form method="post">
          <CsrfInput />
          <input type="hidden" name="intent" value="solve" />
          <input type="hidden" name="attemptId" value={attempt.id} />
          <button type="submit" disabled={busy}>
            문제 풀기
          </button>
        </Form>
      </section>
    );
  }

  if (step === ProblemStep.SOLVE || step === ProblemStep.RESTART) {
    if (confirmSubmit) {
      const unanswered = data.problems.filter((p) => p.answer === '').length;
      return (
        <section className="card stack" aria-labelledby="submit-title">
          <StepBar step={step} />
          <h2 id="submit-title">답안을 제출할까요?</h2>
          <p>
            {set.count}문항 가운데 {set.count - unanswered}문항에 답했습니다.
            {unanswered > 0 ? ` 답하지 않은 ${unanswered}문항은 틀린 것으로 채점됩니다.` : ''}
          </p>
          <p>제출하면 바로 채점되고, 답을 고칠 수 없습니다.</p>
          <Form method="post" className="form-actions">
            <CsrfInput />
            <input type="hidden" name="intent" value="mark" />
            <input type="hidden" name="attemptId" value={attempt.id} />
            <button type="submit" disabled={busy}>
              제출하기
            </button>
            <Link to="." className="button secondary">
              계속 풀기
            </Link>
          </Form>
        </section>
      );
    }
    return (
      <section className="stack" aria-labelledby="solve-title">
        <StepBar step={step} />
        <h2 id="solve-title">
          문제 풀기 {step === ProblemStep.RESTART ? <span className="badge">다시 풀기 {attempt.round}회차</span> : null}
        </h2>
        <p className="muted" aria-live="polite">
          {set.count}문항 중 {data.answeredCount}문항의 답이 저장되어 있습니다.
        </p>
        <Passage text={set.passage} />
        <Form method="post" id="solve-form" className="stack">
          <CsrfInput />
          <input type="hidden" name="attemptId" value={attempt.id} />
          <input type="hidden" name="problems" value={data.problems.map((p) => p.id).join(',')} />
          {data.problems.map((p) => (
            <ProblemFieldset key={p.id} problem={p} />
          ))}
          <div className="form-actions sticky-actions">
            <button type="submit" name="intent" value="save" className="secondary" disabled={busy}>
              임시 저장
            </button>
            <button
              type="submit"
              name="intent"
              value="submit"
              disabled={busy}
              onClick={(event) => {
                // With JavaScript: ask in the dialog; its button submits this form with intent=mark.
                if (dialogRef.current?.showModal) {
                  event.preventDefault();
                  dialogRef.current.showModal();
                }
              }}
            >
              제출
            </button>
          </div>
        </Form>
        <dialog ref={dialogRef} className="confirm-dialog" aria-labelledby="dialog-title">
          <h2 id="dialog-title">답안 제출</h2>
          <p>제출하면 바로 채점되고, 답을 고칠 수 없습니다. 제출할까요?</p>
          <div className="form-actions">
            <button type="button" className="secondary" onClick={() => dialogRef.current?.close()}>
              닫기
            </button>
            <button type="submit" form="solve-form" name="intent" value="mark" onClick={() => dialogRef.current?.close()}>
              제출하기
            </button>
          </div>
        </dialog>
      </section>
    );
  }

  // Marked: MARK, CHECK, COMPLETE.
  const wrong = data.review.filter((r) => !r.isCorrect);
  return (
    <section className="stack" aria-labelledby="result-title">
      <StepBar step={step} />
      <section className="card result-head">
        <h2 id="result-title">채점 결과{attempt.round > 1 ? ` (${attempt.round}회차)` : ''}</h2>
        <p className="score-line">
          <strong className="score" data-testid="score">
            {result!.score}점
          </strong>{' '}
          <MedalBadge medal={result!.medal} />
        </p>
        <p>
          {result!.total}문항 중 <strong data-testid="correct-count">{result!.correctCount}</strong>문항을 맞혔습니다.
        </p>
        {result!.levelMessage ? (
          <p className="alert success" role="status">
            {result!.levelMessage}
          </p>
        ) : null}
      </section>
      <section className="card stack" aria-labelledby="category-title">
        <h2 id="category-title">영역별 결과</h2>
        <div className="chart-grid">
          <CategoryScoreChart rows={result!.categories} />
          <CategoryTable rows={result!.categories} />
        </div>
      </section>
      <section className="card stack" aria-labelledby="answers-title">
        <h2 id="answers-title">문항별 결과</h2>
        <div className="table-wrap">
          <table className="table" data-testid="answers-table">
            <thead>
              <tr>
                <th scope="col">번호</th>
                <th scope="col">영역</th>
                <th scope="col">제출한 답</th>
                <th scope="col">결과</th>
              </tr>
            </thead>
            <tbody>
              {data.review.map((r) => (
                <tr key={r.problemId} data-problem={r.order}>
                  <th scope="row">{r.order}</th>
                  <td>{categoryLabel(r.category)}</td>
                  <td className="cell-text">
                    <code className="submitted">{r.answer === '' ? '-' : r.answer}</code>{' '}
                    {r.examMethod === 'm' && r.answer !== '' ? (
                      <span className="muted">{describeAnswer(r.answer, 'm', r.options)}</span>
                    ) : null}
                  </td>
                  <td>{r.isCorrect ? <span className="ok">정답</span> : <span className="ng">오답</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {step === ProblemStep.MARK ? (
        <Form method="post">
          <CsrfInput />
          <input type="hidden" name="intent" value="check" />
          <input type="hidden" name="attemptId" value={attempt.id} />
          <button type="submit" disabled={busy}>
            오답 확인하기
          </button>
        </Form>
      ) : null}
      {step === ProblemStep.CHECK ? (
        <section className="stack" aria-labelledby="review-title">
          <h2 id="review-title">오답 확인</h2>
          {wrong.length === 0 ? <p className="alert success">틀린 문항이 없습니다. 훌륭해요!</p> : null}
          {wrong.map((r) => (
            <article key={r.problemId} className="card review">
              <h3>
                {r.order}. <span className="problem-q">{r.question}</span>
              </h3>
              {r.examMethod === 'm' ? (
                <ul className="options">
                  {r.options.map((o, i) => (
                    <li key={i}>
                      {MARKS[i]} {o}
                    </li>
                  ))}
                </ul>
              ) : null}
              <p>
                <strong>내 답:</strong> {describeAnswer(r.answer, r.examMethod, r.options)}
              </p>
              <p>
                <strong>정답:</strong> {describeAnswer(r.correctAnswer, r.examMethod, r.options)}
                {r.acceptedAnswers.length ? <span className="muted"> (인정 답: {r.acceptedAnswers.join(', ')})</span> : null}
              </p>
              <p className="explanation">
                <strong>해설:</strong> {r.explanation}
              </p>
            </article>
          ))}
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="complete" />
            <input type="hidden" name="attemptId" value={attempt.id} />
            <button type="submit" disabled={busy}>
              완료
            </button>
          </Form>
        </section>
      ) : null}
      {step === ProblemStep.COMPLETE ? (
        <section className="card stack" aria-labelledby="done-title">
          <h2 id="done-title">완료</h2>
          <p>{isBook ? '문제 분석을 마쳤습니다. 이제 독서 노트를 쓸 수 있습니다.' : '테스트를 마쳤습니다.'}</p>
          <div className="form-actions">
            {reportHref ? (
              <Link to={reportHref} className="button">
                책별 리포트 보기
              </Link>
            ) : null}
            {!isBook && data.canStart ? (
              <Form method="post">
                <CsrfInput />
                <input type="hidden" name="intent" value="start" />
                <button type="submit" className="secondary" disabled={busy}>
                  다시 응시하기
                </button>
              </Form>
            ) : null}
            <Link to={backHref} className="button secondary">
              {backLabel}
            </Link>
          </div>
        </section>
      ) : null}
      {data.canRestart ? (
        <Form method="post" className="card stack">
          <CsrfInput />
          <p>선생님이 다시 풀기를 허락했습니다.</p>
          <input type="hidden" name="intent" value="restart" />
          <button type="submit" className="secondary" disabled={busy}>
            다시 풀기
          </button>
        </Form>
      ) : null}
    </section>
  );
}
