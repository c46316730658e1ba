import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '~/components/form-client';
import type { ReactNode } from 'react';
import { Link } from '~/components/link';
import { GRADES, SECURITY_QUESTIONS } from '~/domain/accounts';
import { Options } from '~/components/filter-select';

// Labelled inputs of the account forms: the error sits beside its field and is announced (aria-describedby).

type InputType = 'text' | 'password' | 'email' | 'tel' | 'number' | 'date';

export function TextField({
  label,
  meta,
  type = 'text',
  hint,
  autoComplete,
  inputMode,
}: {
  label: string;
  meta: FieldMetadata;
  type?: InputType;
  hint?: ReactNode;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
}) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const props = getInputProps(meta, { type, ariaDescribedBy: hintId });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <input {...props} autoComplete={autoComplete} inputMode={inputMode} />
      <FieldHint id={hintId} hint={hint} />
      <FieldError meta={meta} />
    </div>
  );
}

export function SecurityQuestionField({ meta }: { meta: FieldMetadata }) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>보안 질문</label>
      <select {...getSelectProps(meta)}>
        <option value="">질문을 선택해 주세요</option>
        {SECURITY_QUESTIONS.map((q, i) => (
          <option key={q} value={i + 1}>
            {q}
          </option>
        ))}
      </select>
      <FieldError meta={meta} />
    </div>
  );
}

export function GradeField({ meta }: { meta: FieldMetadata }) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>학년</label>
      <select {...getSelectProps(meta)} required>
        <option value="">학년을 선택해 주세요</option>
        {GRADES.map((g) => (
          <option key={g} value={g}>
            {g.replace('초', '초등 ').replace('중', '중학 ').replace('고', '고등 ')}학년
          </option>
        ))}
      </select>
      <FieldError meta={meta} />
    </div>
  );
}

/** One consent: its own box, a link to the document it refers to (opens apart), and its error beside it. */
export function ConsentBox({
  meta,
  label,
  to,
  linkLabel,
  children,
}: {
  meta: FieldMetadata;
  label: string;
  to: string;
  linkLabel: string;
  children?: ReactNode;
}) {
  return (
    <div className="field consent">
      <label className="checkbox">
        <input {...getInputProps(meta, { type: 'checkbox' })} />
        <span>{label}</span>
      </label>{' '}
      <Link to={to} target="_blank" className="consent-link">
        {linkLabel}
      </Link>
      {children}
      <FieldError meta={meta} />
    </div>
  );
}

/** One checkbox with its label beside it and its error under it (a consent the form requires). */
export function CheckboxField({ meta, label }: { meta: FieldMetadata; label: ReactNode }) {
  return (
    <div className="field consent">
      <label className="checkbox">
        <input {...getInputProps(meta, { type: 'checkbox' })} />
        <span>{label}</span>
      </label>
      <FieldError meta={meta} />
    </div>
  );
}

/** A labelled textarea with an optional hint and its error beside it. */
export function TextAreaField({ label, meta, rows = 3, hint }: { label: string; meta: FieldMetadata; rows?: number; hint?: ReactNode }) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <textarea {...getTextareaProps(meta, { ariaDescribedBy: hintId })} rows={rows} />
      <FieldHint id={hintId} hint={hint} />
      <FieldError meta={meta} />
    </div>
  );
}

/** A labelled select of `options` (after an empty first choice), with its error beside it. */
export function SelectField({
  label,
  meta,
  empty,
  options,
  hint,
}: {
  label: string;
  meta: FieldMetadata;
  /** The first, empty choice; none when absent. */
  empty?: string;
  options: { value: string | number; label: string }[];
  hint?: ReactNode;
}) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select {...getSelectProps(meta, { ariaDescribedBy: hintId })}>
        {empty === undefined ? null : <option value="">{empty}</option>}
        <Options options={options.map((o) => [o.value, o.label] as const)} />
      </select>
      <FieldHint id={hintId} hint={hint} />
      <FieldError meta={meta} />
    </div>
  );
}

/** A field's hint under it, which the field names with aria-describedby. */
function FieldHint({ id, hint }: { id: string | undefined; hint: ReactNode }) {
  return hint ? (
    <p className="muted field-hint" id={id}>
      {hint}
    </p>
  ) : null;
}

/** A field's first error, beside it; the input points to it with aria-describedby (conform's errorId). */
export function FieldError({ meta }: { meta: FieldMetadata }) {
  return meta.errors ? (
    <p className="field-error" id={meta.errorId}>
      {meta.errors[0]}
    </p>
  ) : null;
}

export function FormErrors({ errors, id }: { errors?: string[]; id?: string }) {
  if (!errors?.length) return null;
  return (
    <div className="alert error" role="alert" id={id}>
      {errors[0]}
    </div>
  );
}
