import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { clientIp } from '~/auth/rate-limit.server';
import { TALK_MESSAGES } from '~/domain/talk';
import { isDomainError } from '~/lib/errors';
import { domainErrorResponse, idParam, orRespond, pageData, redirectWithFlash } from '~/web/http.server';
import { getTemplate, updateTemplate } from '~/services/talk/templates.server';
import { TEMPLATE_ERROR_FIELDS, TalkTemplateForm, templateValues } from './__talk-template-form';

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

export async function action({ request, params }: ActionFunctionArgs) {
  const operator = await requireSuper(request);
  const id = idParam(params.templateId, TALK_MESSAGES.templateNotFound);
  const values = templateValues(await request.formData());
  try {
    const row = await updateTemplate(operator, id, values, { address: clientIp(request), origin: new URL(request.url).origin });
    return redirectWithFlash('/super/talk/templates', TALK_MESSAGES.templateSaved(row.name));
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // A missing template is the area's 404; the form's refusals stay on the page beside their field.
    if (error.status === 404) throw domainErrorResponse(error);
    return json({ values, error: { field: TEMPLATE_ERROR_FIELDS[error.code] ?? null, message: error.message } }, { status: error.status });
  }
}

export default function EditTalkTemplate() {
  const { template } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
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
        <TalkTemplateForm isNew={false} submitLabel="저장하기" error={failed?.error} values={failed?.values ?? template.values} />
      </div>
    </section>
  );
}
