import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { clientIp } from '~/auth/rate-limit.server';
import { CsrfInput } from '~/components/csrf';
import { FaqItems, PolicyText } from '~/components/public-pages';
import {
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  contentDocument,
  entriesForForm,
  readContentDraft,
  seoulDateTimeInput,
  VERSION_STATE_LABELS,
  type ContentDocument,
  type ContentDraft,
  type ContentErrors,
} from '~/domain/content';
import { formatDateTime } from '~/lib/dates';
import { now } from '~/lib/clock.server';
import { notFound, pageData, positiveInt, redirectWithFlash } from '~/web/http.server';
import {
  ContentFormError,
  contentDocumentPage,
  contentVersionText,
  createContentVersion,
  deleteScheduledVersion,
  renderDraft,
  updateScheduledVersion,
} from '~/services/operators/content.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.doc.name ?? '문서'} | FAQ·약관 | 리드인 운영` }];

// One FAQ section or policy (ADMIN1, ADMIN2): its versions, the text of one of them (?v=), and the form that writes a
// new version (or edits the one waiting for its time). '미리보기' posts the form and shows it again with the text as
// the public page will render it, sanitised on the server: it works without JavaScript and keeps everything typed.

function documentOf(params: LoaderFunctionArgs['params']): ContentDocument {
  const doc = contentDocument(params.slug, params.code);
  if (!doc) throw notFound(CONTENT_MESSAGES.documentNotFound);
  return doc;
}

/** What the form shows: a draft with the FAQ pairs as the form lays them out (blank pairs to add more). */
const formValues = (draft: ContentDraft) => ({ ...draft, entries: entriesForForm(draft.entries) });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSuper(request);
  const doc = documentOf(params);
  const page = await contentDocumentPage(doc);
  const viewing = positiveInt(new URL(request.url).searchParams.get('v'));
  const view = viewing ? await contentVersionText(doc, viewing) : null;
  if (viewing && !view) throw notFound(CONTENT_MESSAGES.versionNotFound);
  const editing = page.scheduled;
  const source = editing?.content ?? page.current?.content ?? { title: doc.name, body: '', entries: [] };
  return pageData({
    doc,
    versions: page.versions.map((v) => ({
      version: v.version,
      title: v.title,
      from: formatDateTime(v.effectiveFrom),
      author: v.shipped ? '배포된 파일' : (v.author ?? '-'),
      writtenAt: v.createdAt ? formatDateTime(v.createdAt) : '-',
      state: v.state,
    })),
    form: {
      editing: editing?.version ?? null,
      base: page.latest,
      values: formValues({
        title: source.title,
        body: source.body,
        entries: source.entries,
        when: editing ? 'at' : 'now',
        effectiveAt: editing ? seoulDateTimeInput(editing.effectiveFrom) : '',
        effectiveShown: editing ? seoulDateTimeInput(editing.effectiveFrom) : '',
      }),
    },
    minEffective: seoulDateTimeInput(now()),
    view: view ? { ...view, effectiveFrom: view.effectiveFrom.toISOString() } : null,
  });
}

type Result = {
  values?: ReturnType<typeof formValues>;
  errors: ContentErrors;
  formError?: string;
  preview?: { title: string; html: string; items: { id: number; question: string; answerHtml: string }[] };
};

export async function action({ request, params }: ActionFunctionArgs) {
  const operator = await requireSuper(request);
  const doc = documentOf(params);
  const origin = { address: clientIp(request), origin: new URL(request.url).origin };
  const form = await request.formData();
  const here = `/super/content/${doc.slug}/${doc.code}`;
  const intent = form.get('intent');
  const editing = positiveInt(form.get('editing'));
  const draft = readContentDraft(form);
  const from = (at: Date) => (at <= now() ? '지금부터 시행합니다.' : `${formatDateTime(at)}부터 시행합니다.`);
  try {
    if (intent === 'delete') {
      if (!editing) throw notFound(CONTENT_MESSAGES.versionNotFound);
      const { deleted } = await deleteScheduledVersion(operator, doc, editing, origin);
      return deleted
        ? redirectWithFlash(here, `예약된 버전(${editing})을 삭제했습니다.`)
        : redirectWithFlash(here, '이미 삭제된 버전입니다.', 'info');
    }
    if (intent !== 'save') {
      const preview = { title: draft.title.trim(), ...renderDraft(doc, draft) };
      return json({ values: formValues(draft), errors: {}, preview } satisfies Result);
    }
    if (editing) {
      const { row, changed } = await updateScheduledVersion(operator, doc, editing, draft, origin);
      return changed
        ? redirectWithFlash(here, `예약된 버전(${row.version})을 고쳤습니다. ${from(row.effectiveFrom)}`)
        : redirectWithFlash(here, '바뀐 내용이 없습니다.', 'info');
    }
    const base = positiveInt(form.get('base')) ?? (form.get('base') === '0' ? 0 : -1);
    const { row } = await createContentVersion(operator, doc, base, draft, origin);
    return redirectWithFlash(here, `새 버전(${row.version})을 저장했습니다. ${from(row.effectiveFrom)}`);
  } catch (error) {
    if (!(error instanceof ContentFormError)) throw error;
    // Beside the fields when the draft was refused, above the form otherwise; what was typed is shown again.
    const formError = Object.keys(error.errors).length ? undefined : error.message;
    return json({ values: intent === 'delete' ? undefined : formValues(draft), errors: error.errors, formError } satisfies Result, {
      status: error.status,
    });
  }
}

export default function ContentDocumentPage() {
  const { doc, versions, form, minEffective, view } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as Result | undefined;
  const busy = useNavigation().state === 'submitting';
  const values = result?.values ?? form.values;
  const errors: ContentErrors = result?.errors ?? {};
  const hasErrors = Boolean(result?.formError) || Object.keys(errors).length > 0;
  const here = `/super/content/${doc.slug}/${doc.code}`;
  return (
    <section aria-labelledby="doc-title" className="stack content-document">
      <p>
        <Link to="/super/content">‹ FAQ·약관</Link>
      </p>
      <h1 id="doc-title" className="page-title">
        {doc.name}
      </h1>
      <p className="muted">
        공개 화면: {doc.kind === 'FAQ' ? '자주 묻는 질문' : '약관 및 정책'} ({`/landing/${doc.slug}/${doc.code}`},{' '}
        {`/user/${doc.slug}/${doc.code}`}). 시각은 한국 시간입니다.
      </p>

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

      {view ? (
        <section className="card stack" aria-labelledby="view-title">
          <h2 id="view-title">
            버전 {view.version} 내용 <span className="muted">({formatDateTime(view.effectiveFrom)}부터)</span>
          </h2>
          <ContentPreview kind={doc.kind} title={view.title} html={view.html} items={view.items} level={3} />
          <p>
            <Link to={here}>내용 닫기</Link>
          </p>
        </section>
      ) : null}

      <section className="card" aria-labelledby="write-title">
        <h2 id="write-title">{form.editing ? `예약된 버전(${form.editing}) 고치기` : `새 버전(${form.base + 1}) 쓰기`}</h2>
        <p className="muted">
          {form.editing
            ? '예약된 버전은 시행 일시 전까지 고치거나 삭제할 수 있습니다. 새 버전은 예약된 버전이 시행되거나 삭제된 뒤에 쓸 수 있습니다.'
            : '지금 시행 중인 내용을 바탕으로 새 버전을 씁니다. 본문은 마크다운으로 쓰고, 미리보기로 공개 화면에 보일 모습을 확인하세요.'}
        </p>
        {result?.preview ? (
          <section className="content-preview stack" aria-labelledby="preview-title">
            <h3 id="preview-title">미리보기</h3>
            <ContentPreview
              kind={doc.kind}
              title={result.preview.title}
              html={result.preview.html}
              items={result.preview.items}
              level={4}
            />
          </section>
        ) : null}
        {result?.formError || hasErrors ? (
          <p className="alert error" role="alert" id="content-error">
            {result?.formError ?? CONTENT_MESSAGES.fixBelow}
          </p>
        ) : null}
        <Form method="post" key={`${form.editing ?? 'new'}-${form.base}`} aria-describedby={hasErrors ? 'content-error' : undefined}>
          <CsrfInput />
          {form.editing ? (
            <input type="hidden" name="editing" value={form.editing} />
          ) : (
            <input type="hidden" name="base" value={form.base} />
          )}
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
          <fieldset className="fieldset" aria-describedby={errors.effectiveAt ? 'effectiveAt-error' : undefined}>
            <legend>시행 일시 (한국 시간)</legend>
            <label className="checkbox">
              <input type="radio" name="when" value="now" defaultChecked={values.when === 'now'} /> 지금 바로
            </label>
            <label className="checkbox">
              <input type="radio" name="when" value="at" defaultChecked={values.when === 'at'} /> 정한 일시부터
            </label>
            <div className="field">
              <label htmlFor="effectiveAt">시행 일시</label>
              <input
                id="effectiveAt"
                name="effectiveAt"
                type="datetime-local"
                min={minEffective}
                defaultValue={values.effectiveAt}
                aria-invalid={errors.effectiveAt ? true : undefined}
                aria-describedby={errors.effectiveAt ? 'effectiveAt-error' : 'effectiveAt-hint'}
              />
              <p className="muted field-hint" id="effectiveAt-hint">
                &lsquo;정한 일시부터&rsquo;를 고를 때만 씁니다. 지난 시각은 고를 수 없습니다.
              </p>
              {errors.effectiveAt ? (
                <p className="field-error" id="effectiveAt-error">
                  {errors.effectiveAt}
                </p>
              ) : null}
            </div>
          </fieldset>
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
    </section>
  );
}

function TextInput({
  name,
  label,
  value,
  error,
  maxLength,
}: {
  name: string;
  label: string;
  value: string;
  error?: string;
  maxLength: number;
}) {
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input
        type="text"
        id={name}
        name={name}
        required
        maxLength={maxLength}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
      />
      {error ? (
        <p className="field-error" id={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The FAQ's questions as question/answer pairs; emptying both fields of a pair deletes that question. */
function FaqEntriesFields({ entries, errors }: { entries: { question: string; answer: string }[]; errors: ContentErrors }) {
  return (
    <fieldset className="fieldset faq-entries" aria-describedby={errors.entries ? 'entries-error' : 'entries-hint'}>
      <legend>질문과 답변</legend>
      <p className="muted field-hint" id="entries-hint">
        답변은 마크다운으로 씁니다. 질문을 지우려면 질문과 답변을 모두 비우세요. 빈 칸이 모자라면 미리보기를 누르면 빈 칸이 더 생깁니다.
      </p>
      {errors.entries ? (
        <p className="field-error" id="entries-error">
          {errors.entries}
        </p>
      ) : null}
      <ol className="faq-entry-list">
        {entries.map((entry, i) => {
          const error = errors.entry?.[i];
          const errorId = `entry-${i}-error`;
          return (
            <li key={i} className="faq-entry">
              <div className="field">
                <label htmlFor={`entry-${i}-question`}>질문 {i + 1}</label>
                <input
                  type="text"
                  id={`entry-${i}-question`}
                  name={`entries[${i}].question`}
                  maxLength={CONTENT_LIMITS.question}
                  defaultValue={entry.question}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                />
              </div>
              <div className="field">
                <label htmlFor={`entry-${i}-answer`}>답변 {i + 1}</label>
                <textarea
                  id={`entry-${i}-answer`}
                  name={`entries[${i}].answer`}
                  rows={4}
                  maxLength={CONTENT_LIMITS.answer}
                  defaultValue={entry.answer}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                />
                {error ? (
                  <p className="field-error" id={errorId}>
                    {error}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}

/** A version's text as the public page shows it (sanitised HTML from the server). */
function ContentPreview({
  kind,
  title,
  html,
  items,
  level,
}: {
  kind: ContentDocument['kind'];
  title: string;
  html: string;
  items: { id: number; question: string; answerHtml: string }[];
  level: 3 | 4;
}) {
  if (kind === 'POLICY') return <PolicyText title={title} effectiveFrom={null} html={html} level={level} />;
  const Heading = `h${level}` as const;
  return (
    <div className="faq">
      <Heading>{title}</Heading>
      <FaqItems items={items} open />
    </div>
  );
}
