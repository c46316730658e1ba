import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { clientIp } from '~/auth/rate-limit.server';
import { TALK_MESSAGES } from '~/domain/talk';
import { isDomainError } from '~/lib/errors';
import { redirectWithFlash } from '~/web/http.server';
import { createTemplate } from '~/services/talk/templates.server';
import { TEMPLATE_ERROR_FIELDS, TalkTemplateForm, templateValues } from './__talk-template-form';

export const meta: MetaFunction = () => [{ title: '알림톡 템플릿 등록 | 리드인 운영' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireSuper(request);
  const values = templateValues(await request.formData());
  try {
    const row = await createTemplate(operator, values, { address: clientIp(request), origin: new URL(request.url).origin });
    return redirectWithFlash('/super/talk/templates', TALK_MESSAGES.templateCreated(row.name));
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return json({ values, error: { field: TEMPLATE_ERROR_FIELDS[error.code] ?? null, message: error.message } }, { status: error.status });
  }
}

export default function NewTalkTemplate() {
  const failed = useActionData<typeof action>();
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
          error={failed?.error}
          values={
            failed?.values ?? { code: '', name: '', body: '', event: '', approval: 'REQUESTED', providerTemplateId: '', active: true }
          }
        />
      </div>
    </section>
  );
}
