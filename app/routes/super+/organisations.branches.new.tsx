import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { useActionData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { formAction } from '~/web/form-action.server';
import { redirectWithFlash } from '~/web/http.server';
import { createBranch } from '~/services/operators/branches.server';
import { BRANCH_FIELD_OF, branchSchema } from './__organisation-forms.server';
import { BRANCH_CONSTRAINT, BranchFields, IntentForm, OrganisationTabs } from './__organisations';

export const meta: MetaFunction = () => [{ title: '지사 등록 | 기관 관리 | 리드인 운영' }];

// Adding a branch (지사): its name (unique among branches), region, contact and settlement rate. Its agencies are
// added on its page.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  return null;
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request),
    schema: branchSchema,
    fields: BRANCH_FIELD_OF,
    run: async ({ user, request, value }) => {
      const branch = await createBranch(user, value, requestOrigin(request));
      return redirectWithFlash(
        `/super/organisations/branches/${branch.id}`,
        `'${branch.name}' 지사를 등록했습니다. 이제 대리점을 추가하세요.`,
      );
    },
  });
}

export default function NewBranch() {
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="new-branch-title" className="stack">
      <p>
        <Link to="/super/organisations/branches">‹ 지사 목록</Link>
      </p>
      <h1 id="new-branch-title" className="page-title">
        지사 등록
      </h1>
      <OrganisationTabs />
      <div className="card">
        <IntentForm
          id="new-branch"
          intent="create"
          lastResult={lastResult}
          constraint={BRANCH_CONSTRAINT}
          defaultValue={{ name: '', region: '', contactName: '', phone: '', settlementRate: '' }}
          submitLabel="지사 등록"
        >
          {(fields) => <BranchFields fields={fields} />}
        </IntentForm>
      </div>
    </section>
  );
}
