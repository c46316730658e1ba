import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { firstError, replyFor } from '~/components/form-client';
import { requireUser } from '~/web/guards.server';
import { ErrorPage } from '~/components/error-page';
import { ProblemAttempt } from '~/components/problem-attempt';
import { SelfAnalysisForm } from '~/components/self-analysis-form';
import { MARKED_STEPS } from '~/domain/problems';
import { READING_ERRORS } from '~/domain/reading';
import { idParam, pageData } from '~/web/http.server';
import { attemptAction, attemptLoaderData } from './__attempt.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.data.book?.title ?? '문제 분석'} 문제 분석 | 리드인` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const resultBookId = idParam(params.resultBookId, READING_ERRORS.BOOK_NOT_FOUND);
  const { data, confirmSubmit } = await attemptLoaderData(request, user.id, { kind: 'book', resultBookId });
  return pageData({ data, confirmSubmit });
}

export async function action(args: ActionFunctionArgs) {
  return attemptAction(args, (params) => {
    const resultBookId = idParam(params.resultBookId, READING_ERRORS.BOOK_NOT_FOUND);
    return { target: { kind: 'book', resultBookId }, pageUrl: `/user/activity/readingBook/analysis/${resultBookId}` };
  });
}

export default function ReadingBookAnalysis() {
  const { data, confirmSubmit } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const selfAnalysis = replyFor(reply, 'selfAnalysis');
  const book = data.book!;
  const marked = data.attempt !== null && MARKED_STEPS.includes(data.attempt.step);
  return (
    <div className="page stack analysis-page">
      <nav aria-label="이동 경로" className="crumbs no-print">
        <Link to="/user/activity">독서활동</Link> › 문제 분석
      </nav>
      <header className="book-head">
        <div className="mini-cover" style={{ background: book.coverColor }} aria-hidden="true">
          {book.title}
        </div>
        <div>
          <h1 className="page-title">{book.title}</h1>
          <p className="muted">
            {book.author} · {book.publisher} · L{book.level}
          </p>
          <p>
            상태:{' '}
            <span className="badge" data-testid="book-status">
              {book.statusLabel}
            </span>
          </p>
        </div>
      </header>
      <ProblemAttempt
        data={data}
        error={selfAnalysis ? null : firstError(reply)}
        confirmSubmit={confirmSubmit}
        backHref="/user/activity"
        backLabel="독서활동으로"
        reportHref={`/user/bookCommon/report/${book.resultBookId}`}
      />
      {marked ? <SelfAnalysisForm values={data.selfAnalysis} error={firstError(selfAnalysis)} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage homeHref="/user/activity" homeLabel="독서활동으로" />;
}
