import { Form, useNavigation } from '@remix-run/react';
import { CsrfInput } from '~/components/csrf';
import { getFormProps, getInputProps, useForm, type FormReply } from '~/components/form-client';
import { FormErrors, SelectField, TextAreaField, TextField } from '~/components/form-fields';
import { SubmitButton } from '~/components/form-actions';
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

const LEVEL_CHOICES = LEVELS.map((l) => ({ value: l, label: `L${l}` }));
const GENRE_CHOICES = GENRES.map((g) => ({ value: g.code, label: g.label }));

export function BookForm({
  lastResult,
  defaults,
  submitLabel,
  hasCover,
}: {
  lastResult: FormReply | null | undefined;
  defaults: BookDefaults;
  submitLabel: string;
  hasCover: boolean;
}) {
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm<BookDefaults & { cover: string }>({ id: 'book-form', lastResult, constraint, defaultValue: defaults });
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
        <SelectField label="읽기 수준" meta={fields.level} empty="선택해 주세요" options={LEVEL_CHOICES} />
        <SelectField label="장르" meta={fields.genre} empty="선택해 주세요" options={GENRE_CHOICES} />
        <fieldset className="field">
          <legend>진로 분야 (여러 개 고를 수 있습니다)</legend>
          {CAREER_FIELDS.map((c) => (
            <label key={c.code} className="checkbox">
              <input
                {...getInputProps(fields.careerFields, { type: 'checkbox', value: c.code })}
                id={`${fields.careerFields.id}-${c.code}`}
              />
              {c.label}
            </label>
          ))}
        </fieldset>
        <TextAreaField label="소개" meta={fields.summary} rows={4} />
        <div className="field">
          <label htmlFor={fields.cover.id}>{hasCover ? '표지 바꾸기 (선택)' : '표지 (선택)'}</label>
          <input
            {...getInputProps(fields.cover, { type: 'file', ariaDescribedBy: `${fields.cover.id}-hint` })}
            accept="image/jpeg,image/png,image/webp,image/gif"
          />
          <p className="muted field-hint" id={`${fields.cover.id}-hint`}>
            JPG, PNG, WEBP, GIF 10MB 이하. 올리지 않으면 제목으로 만든 표지를 씁니다.
          </p>
        </div>
        <div className="form-actions">
          <SubmitButton busy={busy} label={submitLabel} />
        </div>
      </Form>
    </>
  );
}
