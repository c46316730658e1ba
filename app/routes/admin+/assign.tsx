import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireBasicPay } from '~/web/guards.server';
import { WizardPage } from '~/components/wizard';
import { formAction } from '~/web/form-action.server';
import { redirectWithFlash } from '~/web/http.server';
import { confirmAssignment } from '~/services/academy/class-assignments.server';
import { assignChoices, assignmentInput } from './__assign.server';
import { ASSIGN_STEP_LABELS, BooksStep, PreviewStep, TargetStep } from './__assign-steps';
import type { loader } from './__assign-page.server';

export { loader } from './__assign-page.server';

export const meta: MetaFunction = () => [{ title: '도서 배정 | 리드인 학원' }];

// Assigning books to a class or to chosen students in one go (product.md §3), in three steps that carry the choice
// in the URL (GET forms and hidden fields: app/web/wizard.server.ts, app/components/wizard.tsx), so every step works
// without JavaScript: 1 books (catalogue filters, search, pages), 2 students, read method and due date, 3 preview
// (assigned or skipped per student × book) and the one confirm post, which assigns everything in one transaction and
// skips what is already open.

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireBasicPay(request),
    schema: assignChoices,
    run: async ({ user, value }) => {
      const result = await confirmAssignment(user, assignmentInput(value));
      return redirectWithFlash('/admin/assign', result.message);
    },
  });
}

export default function AssignPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <WizardPage
      id="assign-title"
      title="도서 배정"
      lead="여러 학생이나 반 전체에 도서를 한 번에 배정합니다. 이미 읽고 있는 도서는 건너뜁니다."
      className="page stack"
      steps={ASSIGN_STEP_LABELS}
      current={data.step}
      stepsLabel="배정 단계"
      error={data.error}
    >
      {data.step === 'books' ? <BooksStep data={data} /> : null}
      {data.step === 'target' ? <TargetStep data={data} /> : null}
      {data.step === 'preview' ? <PreviewStep data={data} lastResult={lastResult} /> : null}
    </WizardPage>
  );
}
