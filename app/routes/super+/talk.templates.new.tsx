import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { useActionData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { TALK_MESSAGES } from '~/domain/talk';
import { formAction } from '~/web/form-action.server';
import { redirectWithFlash } from '~/web/http.server';
import { createTemplate } from '~/services/talk/templates.server';
import { TEMPLATE_FIELDS, templateSchema } from './__talk-template-form.server';
import { TalkTemplateForm } from './__talk-template-form';

export const meta: MetaFunction = () => [{ title: '알림톡 템플릿 등록 | 리드인 운영' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  return null;
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request),
    schema: templateSchema,
    fields: TEMPLATE_FIELDS,
    run: async ({ user, request, value }) => {
      const row = await createTemplate(user, value, requestOrigin(request));
      return redirectWithFlash('/super/talk/templates', TALK_MESSAGES.templateCreated(row.name));
    },
  });
}

export default function NewTalkTemplate() {
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="new-template-title" className="stack">
      <p>
        <Link to="/super/talk/templates">‹ 알림톡 템플릿</Link>
      </p>
      <h1 id="new-template-title" className="page-title">
        알림톡 템플릿 등록
      </h1>
      <div className="card">
        <TalkTemplateForm
          isNew
          submitLabel="등록하기"
          lastResult={lastResult}
          values={{ code: '', name: '', body: '', event: '', approval: 'REQUESTED', providerTemplateId: '', active: true }}
        />
      </div>
    </section>
  );
}
