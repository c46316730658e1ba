import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { TALK_MESSAGES } from '~/domain/talk';
import { formAction } from '~/web/form-action.server';
import { idParam, orRespond, pageData, redirectWithFlash } from '~/web/http.server';
import { getTemplate, updateTemplate } from '~/services/talk/templates.server';
import { TEMPLATE_FIELDS, templateSchema } from './__talk-template-form.server';
import { TalkTemplateForm } from './__talk-template-form';

export const meta: MetaFunction = () => [{ title: '알림톡 템플릿 수정 | 리드인 운영' }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSuper(request);
  const id = idParam(params.templateId, TALK_MESSAGES.templateNotFound);
  const t = await orRespond(() => getTemplate(id));
  return pageData({
    template: {
      id: t.id,
      code: t.code,
      variables: t.variables,
      values: {
        code: t.code,
        name: t.name,
        body: t.body,
        event: t.event ?? '',
        approval: t.approval,
        providerTemplateId: t.providerTemplateId ?? '',
        active: t.active,
      },
    },
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request),
    ids: ['templateId'],
    notFound: TALK_MESSAGES.templateNotFound,
    schema: templateSchema,
    fields: TEMPLATE_FIELDS,
    run: async ({ user, request, ids: { templateId }, value }) => {
      const row = await updateTemplate(user, templateId, value, requestOrigin(request));
      return redirectWithFlash('/super/talk/templates', TALK_MESSAGES.templateSaved(row.name));
    },
  });
}

export default function EditTalkTemplate() {
  const { template } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="edit-template-title" className="stack">
      <p>
        <Link to="/super/talk/templates">‹ 알림톡 템플릿</Link>
      </p>
      <h1 id="edit-template-title" className="page-title">
        알림톡 템플릿 수정
      </h1>
      <p className="muted">
        코드 {template.code} · 변수 {template.variables.length ? template.variables.map((v) => `#{${v}}`).join(', ') : '없음'}
      </p>
      <div className="card">
        <TalkTemplateForm isNew={false} submitLabel="저장하기" lastResult={lastResult} values={template.values} />
      </div>
    </section>
  );
}
