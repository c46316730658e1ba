import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { PROBLEM_BANK_MESSAGES as MSG } from '~/domain/problem-bank';
import { formAction } from '~/web/form-action.server';
import { idParam, notFound, pageData, redirectWithFlash } from '~/web/http.server';
import { addProblem, draftSlot } from '~/services/operators/problem-drafts.server';
import { problemSetOf } from '~/services/operators/problem-sets.server';
import { newProblemSchema } from './__problem-forms.server';
import { ProblemForm, problemDefaults } from './__problem-forms';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `문제 추가 | ${data?.title ?? '문제 세트'} | 리드인 운영` }];

// A new problem at the end of the set's draft. The form carries the position it was shown for, so posting it twice
// adds it once.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSuper(request, { allow: ['PRODUCT'] });
  const setId = idParam(params.setId);
  const set = await problemSetOf(setId);
  if (!set) throw notFound(MSG.setNotFound);
  const slot = await draftSlot(setId);
  if (!slot) throw notFound(MSG.noDraft);
  return pageData({ setId, title: set.title, ...slot });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request, { allow: ['PRODUCT'] }),
    ids: ['setId'],
    schema: newProblemSchema,
    run: async ({ user, request, ids: { setId }, value }) => {
      const added = await addProblem(user, setId, value.position, value.problem, requestOrigin(request));
      return redirectWithFlash(`/super/problems/${setId}`, `${added.order}번 문제를 추가했습니다.`);
    },
  });
}

export default function NewProblem() {
  const { setId, title, version, position } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="new-problem-title" className="stack">
      <p>
        <Link to={`/super/problems/${setId}`}>‹ {title}</Link>
      </p>
      <h1 id="new-problem-title" className="page-title">
        문제 추가 (v{version} 초안, {position}번)
      </h1>
      <div className="card">
        <ProblemForm lastResult={lastResult} defaults={problemDefaults()} position={position} submitLabel="추가하기" />
      </div>
    </section>
  );
}
