import { useEffect, useId, useRef, useState } from 'react';
import type { Constraint, FormReply } from '~/lib/form-reply';

// The one form client of every area (docs/decisions/030), whose rules are the server's alone (decision 011): the
// server's reply (`useActionData`, the one shape of app/lib/form-reply.ts that the page-action protocol writes) is
// shown beside its fields, and the browser's native constraints are written on the inputs. Its API and markup are
// those of @conform-to/react's `useForm` and `get*Props` (ids, aria attributes, noValidate), without conform's client
// code (about 9 KB of gzip JavaScript; docs/decisions/028, "Below 100 KB"). Nothing validates in the browser: a submit
// is never stopped, what was typed stays in the inputs, and a reply with errors moves the focus to the first field in
// error.

export type { Constraint, FormReply };
export { firstError, replyFor } from '~/lib/form-reply';

/** The server's answer to a submission (app/lib/form-reply.ts). */
export type SubmissionResult = FormReply;

/** What a field's markup needs; conform's own field metadata has the same members, so helpers take either. */
export type FieldMetadata = Constraint & {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  errors: string[] | undefined;
  initialValue: unknown;
};

export type FormMetadata = { id: string; errorId: string; errors: string[] | undefined; noValidate: boolean };

type Options = {
  id?: string;
  lastResult?: SubmissionResult | null;
  constraint?: Record<string, Constraint>;
  defaultValue?: Record<string, unknown>;
  /** Only the server validates: accepted for the forms' readability, always 'onSubmit'. */
  shouldValidate?: 'onSubmit';
  shouldRevalidate?: 'onSubmit';
};

export function useForm<Shape extends Record<string, unknown>>(options: Options): [FormMetadata, { [K in keyof Shape]-?: FieldMetadata }] {
  const generated = useId();
  const formId = options.id ?? generated;
  // An answer stays shown until the next one (a form may pass null while it is being submitted, as with conform).
  const latest = useRef<SubmissionResult | undefined>(options.lastResult ?? undefined);
  if (options.lastResult) latest.current = options.lastResult;
  const result = latest.current;
  // The values the inputs start from are fixed when the form first renders (they are uncontrolled, as with conform).
  const [initial] = useState(() => result?.initialValue ?? serialize(options.defaultValue ?? {}));
  const errors = result?.error ?? {};
  const formErrorId = `${formId}-error`;

  const focused = useRef<SubmissionResult | undefined>(result);
  useEffect(() => {
    if (!result || result === focused.current) return;
    focused.current = result;
    if (result.status !== 'error') return;
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    for (const element of Array.from(form.elements)) {
      const name = (element as HTMLInputElement).name;
      if (name && errors[name]?.length && 'focus' in element) {
        (element as HTMLElement).focus();
        break;
      }
    }
  });

  const field = (name: string): FieldMetadata => {
    const id = `${formId}-${name}`;
    return {
      ...options.constraint?.[name],
      id,
      name,
      formId,
      errorId: `${id}-error`,
      descriptionId: `${id}-description`,
      errors: errors[name] ?? undefined,
      initialValue: initial[name],
    };
  };
  const fields = new Proxy({} as { [K in keyof Shape]-?: FieldMetadata }, {
    get: (_, name) => (typeof name === 'string' ? field(name) : undefined),
  });
  return [{ id: formId, errorId: formErrorId, errors: errors[''] ?? undefined, noValidate: true }, fields];
}

/** Default values as form data writes them (conform's rule): true → 'on', numbers as text, dates as ISO text. */
function serialize(values: Record<string, unknown>): Record<string, unknown> {
  const one = (value: unknown) => {
    if (typeof value === 'boolean') return value ? 'on' : null;
    if (typeof value === 'number' || typeof value === 'bigint') return value.toString();
    if (value instanceof Date) return value.toISOString().slice(0, -1);
    return value;
  };
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v.map(one) : one(v)]));
}

type AriaOptions = { ariaDescribedBy?: string };

function clean<T extends Record<string, unknown>>(props: T): T {
  for (const key of Object.keys(props)) if (props[key] === undefined) delete props[key];
  return props;
}

function aria(meta: { errors?: unknown; errorId: string }, options: AriaOptions, control: boolean) {
  const invalid = typeof meta.errors !== 'undefined';
  return {
    'aria-invalid': (control && invalid) || undefined,
    'aria-describedby': invalid ? `${meta.errorId} ${options.ariaDescribedBy ?? ''}`.trim() : options.ariaDescribedBy,
  };
}

export function getFormProps(form: FormMetadata, options: AriaOptions = {}) {
  return clean({ id: form.id, noValidate: form.noValidate, ...aria(form, options, false) });
}

function control(meta: FieldMetadata, options: AriaOptions) {
  return { required: meta.required || undefined, id: meta.id, name: meta.name, form: meta.formId, ...aria(meta, options, true) };
}

export function getInputProps(meta: FieldMetadata, options: AriaOptions & { type: string; value?: string | boolean }) {
  const props: Record<string, unknown> = {
    ...control(meta, options),
    type: options.type,
    minLength: meta.minLength,
    maxLength: meta.maxLength,
    min: meta.min,
    max: meta.max,
    step: meta.step,
    pattern: meta.pattern,
    multiple: meta.multiple,
    accept: meta.accept,
  };
  if (typeof options.value === 'undefined' || options.value) {
    if (options.type === 'checkbox' || options.type === 'radio') {
      props.value = typeof options.value === 'string' ? options.value : 'on';
      props.defaultChecked = Array.isArray(meta.initialValue)
        ? meta.initialValue.includes(options.value)
        : meta.initialValue === props.value;
    } else if (typeof meta.initialValue === 'string') {
      props.defaultValue = meta.initialValue;
    }
  }
  return clean(props);
}

export function getSelectProps(meta: FieldMetadata, options: AriaOptions & { value?: boolean } = {}) {
  const props: Record<string, unknown> = { ...control(meta, options), multiple: meta.multiple };
  if (typeof options.value === 'undefined' || options.value) {
    props.defaultValue = Array.isArray(meta.initialValue)
      ? meta.initialValue.map((item) => `${item ?? ''}`)
      : meta.initialValue == null
        ? undefined
        : String(meta.initialValue);
  }
  return clean(props);
}

export function getTextareaProps(meta: FieldMetadata, options: AriaOptions & { value?: boolean } = {}) {
  const props: Record<string, unknown> = { ...control(meta, options), minLength: meta.minLength, maxLength: meta.maxLength };
  if (typeof options.value === 'undefined' || options.value) {
    props.defaultValue = meta.initialValue == null ? undefined : String(meta.initialValue);
  }
  return clean(props);
}
