import { Form, useNavigation } from '@remix-run/react';
import { CsrfInput } from '~/components/csrf';
import { getFormProps, getInputProps, getSelectProps, useForm, type FormReply } from '~/components/form-client';
import { FieldError, FormErrors, SelectField, TextAreaField, TextField } from '~/components/form-fields';
import { TALK_EVENTS, TEMPLATE_APPROVAL_LABELS } from '~/domain/talk';

/** The form's fields: the service's input, with the code (shown only when creating). */
export type TemplateValues = {
  code: string;
  name: string;
  body: string;
  event: string;
  approval: string;
  providerTemplateId: string;
  active: boolean;
};

const constraint = {
  code: { required: true, maxLength: 40, pattern: '[A-Z][A-Z0-9_]{1,39}' },
  name: { required: true, maxLength: 50 },
  body: { required: true, maxLength: 1000 },
  providerTemplateId: { maxLength: 100 },
};

const APPROVAL_CHOICES = Object.entries(TEMPLATE_APPROVAL_LABELS).map(([value, label]) => ({ value, label }));

/** The create and edit form of a 알림톡 template (the code only when creating). */
export function TalkTemplateForm({
  values,
  lastResult,
  isNew,
  submitLabel,
}: {
  values: TemplateValues;
  lastResult: FormReply | null | undefined;
  isNew: boolean;
  submitLabel: string;
}) {
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm<TemplateValues>({
    id: 'talk-template',
    lastResult,
    constraint,
    defaultValue: { ...values, approval: values.approval || 'REQUESTED' },
  });
  const eventHint = `${fields.event.id}-hint`;
  return (
    <Form method="post" className="stack" {...getFormProps(form)}>
      <CsrfInput />
      <FormErrors errors={form.errors} id={form.errorId} />
      {isNew ? <TextField label="코드" meta={fields.code} hint="영문 대문자·숫자·밑줄(_). 만든 뒤에는 바꿀 수 없습니다." /> : null}
      <TextField label="이름" meta={fields.name} />
      <TextAreaField
        label="내용"
        meta={fields.body}
        rows={5}
        hint={
          <>
            카카오에 검수 받은 내용과 똑같이 적습니다. 바뀌는 부분은 #&#123;변수&#125;로 씁니다. 학원·운영 발송용 템플릿에서
            #&#123;학생명&#125;, #&#123;학원명&#125;, #&#123;반이름&#125;은 받는 사람마다 자동으로 채워지고, 다른 변수는 보내는 사람이
            입력합니다.
          </>
        }
      />
      <div className="field">
        <label htmlFor={fields.event.id}>보내는 때</label>
        <select {...getSelectProps(fields.event, { ariaDescribedBy: eventHint })}>
          <option value="">학원·운영이 직접 보냄 (알림톡 보내기)</option>
          {Object.entries(TALK_EVENTS).map(([event, { label }]) => (
            <option key={event} value={event}>
              자동: {label}
            </option>
          ))}
        </select>
        <div className="field-hint" id={eventHint}>
          자동으로 보내는 템플릿에 쓸 수 있는 변수:
          <ul className="plain-list">
            {Object.entries(TALK_EVENTS).map(([event, { label, variables }]) => (
              <li key={event}>
                {label}: {variables.map((v) => `#{${v}}`).join(', ')}
              </li>
            ))}
          </ul>
        </div>
        <FieldError meta={fields.event} />
      </div>
      <SelectField label="카카오 검수 상태" meta={fields.approval} options={APPROVAL_CHOICES} />
      <TextField
        label="솔라피 템플릿 아이디"
        meta={fields.providerTemplateId}
        hint="승인된 템플릿에는 꼭 필요합니다 (솔라피 콘솔의 템플릿 아이디)."
      />
      <label className="checkbox">
        <input {...getInputProps(fields.active, { type: 'checkbox' })} /> 사용 중 (승인되고 사용 중인 템플릿만 보냅니다)
      </label>
      <div className="form-actions">
        <button type="submit" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
