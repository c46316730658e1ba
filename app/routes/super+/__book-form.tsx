import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, useNavigation } from '@remix-run/react';
import { CsrfInput } from '~/components/csrf';
import { FormErrors, TextField } from '~/components/form-fields';
import { CAREER_FIELDS, GENRES, LEVELS } from '~/domain/catalogue';

// The catalogue's book form: the same fields for a new book and an edit, and a cover file (re-encoded on the server).

export type BookDefaults = {
  title: string;
  author: string;
  publisher: string;
  isbn: string;
  totalPages: number | '';
  level: number | '';
  genre: string;
  careerFields: string[];
  summary: string;
};

const constraint = {
  title: { required: true, maxLength: 200 },
  author: { required: true, maxLength: 100 },
  publisher: { required: true, maxLength: 100 },
  isbn: { maxLength: 17 },
  totalPages: { required: true, min: 1, max: 5000 },
  level: { required: true },
  genre: { required: true },
  summary: { maxLength: 2000 },
};

export function BookForm({
  lastResult,
  defaults,
  submitLabel,
  hasCover,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  defaults: BookDefaults;
  submitLabel: string;
  hasCover: boolean;
}) {
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    lastResult,
    constraint,
    defaultValue: defaults,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  });
  const chosen = new Set(defaults.careerFields);
  return (
    <>
      <FormErrors errors={form.errors} id={form.errorId} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <CsrfInput />
        <input type="hidden" name="intent" value="save" />
        <TextField label="제목" meta={fields.title} />
        <TextField label="지은이" meta={fields.author} />
        <TextField label="출판사" meta={fields.publisher} />
        <TextField label="ISBN (선택)" meta={fields.isbn} hint="하이픈은 있어도 없어도 됩니다." />
        <TextField label="쪽수" meta={fields.totalPages} type="number" inputMode="numeric" />
        <div className="field">
          <label htmlFor={fields.level.id}>읽기 수준</label>
          <select {...getSelectProps(fields.level)}>
            <option value="">선택해 주세요</option>
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                L{l}
              </option>
            ))}
          </select>
          {fields.level.errors ? (
            <p className="field-error" id={fields.level.errorId}>
              {fields.level.errors[0]}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={fields.genre.id}>장르</label>
          <select {...getSelectProps(fields.genre)}>
            <option value="">선택해 주세요</option>
            {GENRES.map((g) => (
              <option key={g.code} value={g.code}>
                {g.label}
              </option>
            ))}
          </select>
          {fields.genre.errors ? (
            <p className="field-error" id={fields.genre.errorId}>
              {fields.genre.errors[0]}
            </p>
          ) : null}
        </div>
        <fieldset className="field">
          <legend>진로 분야 (여러 개 고를 수 있습니다)</legend>
          {CAREER_FIELDS.map((c) => (
            <label key={c.code} className="checkbox">
              <input type="checkbox" name="careerFields" value={c.code} defaultChecked={chosen.has(c.code)} />
              {c.label}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={fields.summary.id}>소개</label>
          <textarea {...getTextareaProps(fields.summary)} rows={4} />
          {fields.summary.errors ? (
            <p className="field-error" id={fields.summary.errorId}>
              {fields.summary.errors[0]}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="cover">{hasCover ? '표지 바꾸기 (선택)' : '표지 (선택)'}</label>
          <input id="cover" name="cover" type="file" accept="image/jpeg,image/png,image/webp,image/gif" />
          <p className="muted field-hint">JPG, PNG, WEBP, GIF 10MB 이하. 올리지 않으면 제목으로 만든 표지를 씁니다.</p>
        </div>
        <div className="form-actions">
          <button type="submit" disabled={busy}>
            {busy ? '저장 중…' : submitLabel}
          </button>
        </div>
      </Form>
    </>
  );
}
