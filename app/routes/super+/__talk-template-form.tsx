import { Form, useNavigation } from '@remix-run/react';
import { CsrfInput } from '~/components/csrf';
import { TALK_EVENTS, TEMPLATE_APPROVAL_LABELS } from '~/domain/talk';
import type { TemplateInput } from '~/services/talk/templates.server';

/** The form's fields: the service's input, with the code (shown only when creating). */
export type TemplateValues = TemplateInput & { code: string };

/** The field a template service error belongs to (by its code). */
export const TEMPLATE_ERROR_FIELDS: Record<string, keyof TemplateValues> = {
  TEMPLATE_CODE: 'code',
  TEMPLATE_NAME: 'name',
  TEMPLATE_BODY: 'body',
  TEMPLATE_EVENT: 'event',
  TEMPLATE_APPROVAL: 'approval',
  TEMPLATE_PROVIDER_ID: 'providerTemplateId',
};

/** The posted fields, as typed (kept on a refusal). */
export function templateValues(form: FormData): TemplateValues {
  const text = (name: string, max: number) => String(form.get(name) ?? '').slice(0, max);
  return {
    code: text('code', 60),
    name: text('name', 100),
    body: text('body', 2000),
    event: text('event', 40),
    approval: text('approval', 20),
    providerTemplateId: text('providerTemplateId', 200),
    active: form.get('active') === 'on',
  };
}

/** The create and edit form of a 알림톡 template (the code only when creating). */
export function TalkTemplateForm({
  values,
  error,
  isNew,
  submitLabel,
}: {
  values: TemplateValues;
  error?: { field: string | null; message: string } | null;
  isNew: boolean;
  submitLabel: string;
}) {
  const busy = useNavigation().state === 'submitting';
  const fieldError = (field: keyof TemplateValues) =>
    error?.field === field ? (
      <p className="field-error" id={`${field}-error`} role="alert">
        {error.message}
      </p>
    ) : null;
  const describedBy = (field: keyof TemplateValues, hint?: string) =>
    [error?.field === field ? `${field}-error` : null, hint].filter(Boolean).join(' ') || undefined;
  return (
    <Form method="post" className="stack">
      <CsrfInput />
      {error && !error.field ? (
        <p className="alert error" role="alert">
          {error.message}
        </p>
      ) : null}
      {isNew ? (
        <div className="field">
          <label htmlFor="code">코드</label>
          <input
            id="code"
            type="text"
            name="code"
            required
            maxLength={40}
            pattern="[A-Z][A-Z0-9_]{1,39}"
            defaultValue={values.code}
            aria-invalid={error?.field === 'code' || undefined}
            aria-describedby={describedBy('code', 'code-hint')}
          />
          <p className="field-hint" id="code-hint">
            영문 대문자·숫자·밑줄(_). 만든 뒤에는 바꿀 수 없습니다.
          </p>
          {fieldError('code')}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="name">이름</label>
        <input
          id="name"
          type="text"
          name="name"
          required
          maxLength={50}
          defaultValue={values.name}
          aria-invalid={error?.field === 'name' || undefined}
          aria-describedby={describedBy('name')}
        />
        {fieldError('name')}
      </div>
      <div className="field">
        <label htmlFor="body">내용</label>
        <textarea
          id="body"
          name="body"
          required
          rows={5}
          maxLength={1000}
          defaultValue={values.body}
          aria-invalid={error?.field === 'body' || undefined}
          aria-describedby={describedBy('body', 'body-hint')}
        />
        <p className="field-hint" id="body-hint">
          카카오에 검수 받은 내용과 똑같이 적습니다. 바뀌는 부분은 #&#123;변수&#125;로 씁니다. 학원·운영 발송용 템플릿에서
          #&#123;학생명&#125;, #&#123;학원명&#125;, #&#123;반이름&#125;은 받는 사람마다 자동으로 채워지고, 다른 변수는 보내는 사람이
          입력합니다.
        </p>
        {fieldError('body')}
      </div>
      <div className="field">
        <label htmlFor="event">보내는 때</label>
        <select
          id="event"
          name="event"
          defaultValue={values.event}
          aria-invalid={error?.field === 'event' || undefined}
          aria-describedby={describedBy('event', 'event-hint')}
        >
          <option value="">학원·운영이 직접 보냄 (알림톡 보내기)</option>
          {Object.entries(TALK_EVENTS).map(([event, { label }]) => (
            <option key={event} value={event}>
              자동: {label}
            </option>
          ))}
        </select>
        <div className="field-hint" id="event-hint">
          자동으로 보내는 템플릿에 쓸 수 있는 변수:
          <ul className="plain-list">
            {Object.entries(TALK_EVENTS).map(([event, { label, variables }]) => (
              <li key={event}>
                {label}: {variables.map((v) => `#{${v}}`).join(', ')}
              </li>
            ))}
          </ul>
        </div>
        {fieldError('event')}
      </div>
      <div className="field">
        <label htmlFor="approval">카카오 검수 상태</label>
        <select
          id="approval"
          name="approval"
          defaultValue={values.approval || 'REQUESTED'}
          aria-invalid={error?.field === 'approval' || undefined}
          aria-describedby={describedBy('approval')}
        >
          {Object.entries(TEMPLATE_APPROVAL_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        {fieldError('approval')}
      </div>
      <div className="field">
        <label htmlFor="providerTemplateId">솔라피 템플릿 아이디</label>
        <input
          id="providerTemplateId"
          type="text"
          name="providerTemplateId"
          maxLength={100}
          defaultValue={values.providerTemplateId}
          aria-invalid={error?.field === 'providerTemplateId' || undefined}
          aria-describedby={describedBy('providerTemplateId', 'provider-hint')}
        />
        <p className="field-hint" id="provider-hint">
          승인된 템플릿에는 꼭 필요합니다 (솔라피 콘솔의 템플릿 아이디).
        </p>
        {fieldError('providerTemplateId')}
      </div>
      <label className="checkbox">
        <input type="checkbox" name="active" defaultChecked={values.active} /> 사용 중 (승인되고 사용 중인 템플릿만 보냅니다)
      </label>
      <div className="form-actions">
        <button type="submit" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
