import { CONTENT_LIMITS, type ContentDocument, type ContentDraft, type ContentErrors } from '~/domain/content';
import { FaqItems, PolicyText } from '~/components/public-pages';

// The fields of a document's version form (__content-document.tsx) with their errors beside them, and a version's
// text as the public page shows it.

export type PreviewItem = { id: number; question: string; answerHtml: string };

/** When the version takes effect: at once, or from a Seoul time. */
export function EffectiveFields({ values, error, minEffective }: { values: ContentDraft; error?: string; minEffective: string }) {
  return (
    <fieldset className="fieldset" aria-describedby={error ? 'effectiveAt-error' : undefined}>
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
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'effectiveAt-error' : 'effectiveAt-hint'}
        />
        <p className="muted field-hint" id="effectiveAt-hint">
          &lsquo;정한 일시부터&rsquo;를 고를 때만 씁니다. 지난 시각은 고를 수 없습니다.
        </p>
        {error ? (
          <p className="field-error" id="effectiveAt-error">
            {error}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

export function TextInput({
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
export function FaqEntriesFields({ entries, errors }: { entries: { question: string; answer: string }[]; errors: ContentErrors }) {
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
export function ContentPreview({
  kind,
  title,
  html,
  items,
  level,
}: {
  kind: ContentDocument['kind'];
  title: string;
  html: string;
  items: PreviewItem[];
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
