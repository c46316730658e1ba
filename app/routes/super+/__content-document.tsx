import { Form, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { CsrfInput } from '~/components/csrf';
import type { FormReply } from '~/components/form-client';
import {
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  entriesForForm,
  VERSION_STATE_LABELS,
  type ContentDocument,
  type ContentDraft,
  type ContentErrors,
  type VersionState,
} from '~/domain/content';
import { ContentPreview, EffectiveFields, FaqEntriesFields, TextInput, type PreviewItem } from './__content-fields';

// The parts of a document's page (content.$slug.$code.tsx): its versions, the text of one of them, and the form that
// writes a new version or edits the scheduled one, shown again as the reply gives it (what was typed, the preview, the
// errors beside their fields).

export type ContentPreviewData = { title: string; html: string; items: PreviewItem[] };
/** A preview's reply: the form's values (with blank pairs to add more) and the text as the public page will show it. */
export type PreviewReply = FormReply<{ values: ContentDraft; preview: ContentPreviewData }>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What the form shows after a reply: the preview's values, what a refused save posted, or the page's own values. */
function shownValues(reply: PreviewReply | null | undefined, values: ContentDraft): ContentDraft {
  if (reply?.data) return reply.data.values;
  const posted = reply?.initialValue;
  // A refused delete posts no draft: the page's own values stay.
  if (!posted || posted.intent === 'delete') return values;
  const entries = Array.isArray(posted.entries) ? (posted.entries as unknown[]) : [];
  return {
    title: text(posted.title),
    body: text(posted.body),
    entries: entriesForForm(
      Array.from(entries, (e) => {
        const pair = (e ?? {}) as Record<string, unknown>;
        return { question: text(pair.question), answer: text(pair.answer) };
      }),
    ),
    when: posted.when === 'at' ? 'at' : 'now',
    effectiveAt: text(posted.effectiveAt),
    effectiveShown: text(posted.effectiveShown),
  };
}

/** The reply's errors as the fields show them ('entries[i]' is the pair i). */
function draftErrors(reply: PreviewReply | null | undefined): ContentErrors {
  const errors: ContentErrors = {};
  for (const [name, messages] of Object.entries(reply?.error ?? {})) {
    const message = messages?.[0];
    if (!message || name === '') continue;
    const pair = /^entries\[(\d+)\]$/.exec(name);
    if (pair) errors.entry = { ...errors.entry, [Number(pair[1])]: message };
    else if (name === 'title' || name === 'body' || name === 'entries' || name === 'effectiveAt') errors[name] = message;
  }
  return errors;
}

export function VersionsTable({
  here,
  versions,
}: {
  here: string;
  versions: { version: number; title: string; from: string; state: VersionState; author: string; writtenAt: string }[];
}) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption>버전</caption>
        <thead>
          <tr>
            <th scope="col">버전</th>
            <th scope="col">제목</th>
            <th scope="col">시행 일시</th>
            <th scope="col">상태</th>
            <th scope="col">작성자</th>
            <th scope="col">작성 일시</th>
          </tr>
        </thead>
        <tbody>
          {versions.length === 0 ? (
            <tr>
              <td colSpan={6} className="muted">
                아직 버전이 없습니다. 아래에서 첫 버전을 써 주세요.
              </td>
            </tr>
          ) : (
            versions.map((v) => (
              <tr key={v.version}>
                <td>
                  <Link to={`${here}?v=${v.version}`} aria-label={`버전 ${v.version} 내용 보기`}>
                    {v.version}
                  </Link>
                </td>
                <td>{v.title}</td>
                <td>{v.from}</td>
                <td>
                  <span className={`badge content-${v.state}`}>{VERSION_STATE_LABELS[v.state]}</span>
                </td>
                <td>{v.author}</td>
                <td>{v.writtenAt}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The form that writes a new version (on top of `base`) or edits the scheduled one (`editing`), with its preview. */
export function ContentForm({
  doc,
  form,
  minEffective,
  reply,
}: {
  doc: ContentDocument;
  form: { editing: number | null; base: number; values: ContentDraft };
  minEffective: string;
  reply: PreviewReply | null | undefined;
}) {
  const busy = useNavigation().state === 'submitting';
  const values = shownValues(reply, form.values);
  const errors = draftErrors(reply);
  const formError = reply?.error?.['']?.[0];
  const hasErrors = Boolean(formError) || Object.keys(errors).length > 0;
  const preview = reply?.data?.preview;
  return (
    <section className="card" aria-labelledby="write-title">
      <h2 id="write-title">{form.editing ? `예약된 버전(${form.editing}) 고치기` : `새 버전(${form.base + 1}) 쓰기`}</h2>
      <p className="muted">
        {form.editing
          ? '예약된 버전은 시행 일시 전까지 고치거나 삭제할 수 있습니다. 새 버전은 예약된 버전이 시행되거나 삭제된 뒤에 쓸 수 있습니다.'
          : '지금 시행 중인 내용을 바탕으로 새 버전을 씁니다. 본문은 마크다운으로 쓰고, 미리보기로 공개 화면에 보일 모습을 확인하세요.'}
      </p>
      {preview ? (
        <section className="content-preview stack" aria-labelledby="preview-title">
          <h3 id="preview-title">미리보기</h3>
          <ContentPreview kind={doc.kind} title={preview.title} html={preview.html} items={preview.items} level={4} />
        </section>
      ) : null}
      {hasErrors ? (
        <p className="alert error" role="alert" id="content-error">
          {formError ?? CONTENT_MESSAGES.fixBelow}
        </p>
      ) : null}
      <Form method="post" key={`${form.editing ?? 'new'}-${form.base}`} aria-describedby={hasErrors ? 'content-error' : undefined}>
        <CsrfInput />
        {form.editing ? <input type="hidden" name="editing" value={form.editing} /> : <input type="hidden" name="base" value={form.base} />}
        <input type="hidden" name="effectiveShown" value={values.effectiveShown} />
        <TextInput name="title" label="제목" value={values.title} error={errors.title} maxLength={CONTENT_LIMITS.title} />
        {doc.kind === 'POLICY' ? (
          <div className="field">
            <label htmlFor="body">본문 (마크다운)</label>
            <textarea
              id="body"
              name="body"
              rows={20}
              required
              maxLength={CONTENT_LIMITS.body}
              defaultValue={values.body}
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={errors.body ? 'body-error' : 'body-hint'}
            />
            <p className="muted field-hint" id="body-hint">
              제목과 시행일은 공개 화면 위쪽에 따로 보이니 본문에 쓰지 않아도 됩니다. ## 조항 제목, 1. 번호 목록, **굵게**,
              [링크](https://…)를 쓸 수 있습니다.
            </p>
            {errors.body ? (
              <p className="field-error" id="body-error">
                {errors.body}
              </p>
            ) : null}
          </div>
        ) : (
          <FaqEntriesFields entries={values.entries} errors={errors} />
        )}
        <EffectiveFields values={values} error={errors.effectiveAt} minEffective={minEffective} />
        <div className="form-actions">
          <button type="submit" name="intent" value="preview" className="secondary" formNoValidate disabled={busy}>
            미리보기
          </button>
          <button type="submit" name="intent" value="save" disabled={busy}>
            저장
          </button>
        </div>
      </Form>
      {form.editing ? (
        <Form method="post" className="form-actions">
          <CsrfInput />
          <input type="hidden" name="editing" value={form.editing} />
          <button type="submit" name="intent" value="delete" className="danger" disabled={busy}>
            예약된 버전 삭제
          </button>
        </Form>
      ) : null}
    </section>
  );
}
