import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { PROBLEM_BANK_MESSAGES as MSG } from '~/domain/problem-bank';
import { formAction } from '~/web/form-action.server';
import { idParam, notFound, pageData, redirectWithFlash } from '~/web/http.server';
import { draftProblem, updateProblem } from '~/services/operators/problem-drafts.server';
import { problemSetOf } from '~/services/operators/problem-sets.server';
import { problemSchema } from './__problem-forms.server';
import { ProblemForm, problemDefaults } from './__problem-forms';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.problem.order ?? ''}번 문제 수정 | ${data?.title ?? '문제 세트'} | 리드인 운영` },
];

// Editing one problem of the set's draft. A problem of a published version is not found here: students' results on
// it never change.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSuper(request, { allow: ['PRODUCT'] });
  const setId = idParam(params.setId);
  const set = await problemSetOf(setId);
  const problem = set ? await draftProblem(setId, idParam(params.problemId)) : null;
  if (!set || !problem) throw notFound(MSG.problemNotFound);
  return pageData({
    setId,
    title: set.title,
    problem,
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request, { allow: ['PRODUCT'] }),
    ids: ['setId', 'problemId'],
    schema: problemSchema,
    run: async ({ user, request, ids: { setId, problemId }, value }) => {
      const result = await updateProblem(user, setId, problemId, value, requestOrigin(request));
      return redirectWithFlash(
        `/super/problems/${setId}`,
        result.changed ? `${result.order}번 문제를 고쳤습니다.` : '바뀐 내용이 없습니다.',
      );
    },
  });
}

export default function EditProblem() {
  const { setId, title, problem } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="edit-problem-title" className="stack">
      <p>
        <Link to={`/super/problems/${setId}`}>‹ {title}</Link>
      </p>
      <h1 id="edit-problem-title" className="page-title">
        {problem.order}번 문제 수정
      </h1>
      <div className="card">
        <ProblemForm lastResult={lastResult} defaults={problemDefaults(problem)} submitLabel="저장하기" />
      </div>
    </section>
  );
}
