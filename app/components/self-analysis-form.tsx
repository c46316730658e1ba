import { Form } from '@remix-run/react';
import { SELF_ANALYSIS_ITEMS, type SelfAnalysisScores } from '~/domain/problems';
import { CsrfInput } from '~/components/csrf';

const SCALE = ['전혀 아니다', '아니다', '보통이다', '그렇다', '매우 그렇다'];

/** The five 1–5 ratings of a book (spec readingBookAnalysis/{a}/{b}/{c}/{d}/{e}). */
export function SelfAnalysisForm({ values, error }: { values: Partial<SelfAnalysisScores> | null; error?: string | null }) {
  return (
    <section className="card stack" aria-labelledby="self-analysis-title">
      <h2 id="self-analysis-title">자기 분석</h2>
      <p className="muted">책을 읽고 난 나의 생각을 1점부터 5점까지 골라 주세요.</p>
      {error ? (
        <div className="alert error" role="alert">
          {error}
        </div>
      ) : null}
      <Form method="post" className="stack self-analysis">
        <CsrfInput />
        <input type="hidden" name="intent" value="selfAnalysis" />
        {SELF_ANALYSIS_ITEMS.map((item) => (
          <fieldset key={item.key} className="rating">
            <legend>
              <strong>{item.label}</strong> {item.question}
            </legend>
            <div className="rating-options">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} title={SCALE[n - 1]}>
                  <input type="radio" name={item.key} value={n} defaultChecked={values?.[item.key] === n} required />
                  <span>{n}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <div className="form-actions">
          <button type="submit">{values ? '자기 분석 고치기' : '자기 분석 저장'}</button>
        </div>
      </Form>
    </section>
  );
}

export function SelfAnalysisSummary({ values }: { values: SelfAnalysisScores | null }) {
  if (!values) return <p className="muted">아직 자기 분석을 하지 않았습니다.</p>;
  return (
    <dl className="self-summary">
      {SELF_ANALYSIS_ITEMS.map((item) => (
        <div key={item.key}>
          <dt>{item.label}</dt>
          <dd aria-label={`${values[item.key]}점 (5점 만점)`}>
            <span aria-hidden="true">
              {'★'.repeat(values[item.key])}
              {'☆'.repeat(5 - values[item.key])}
            </span>{' '}
            {values[item.key]}점
          </dd>
        </div>
      ))}
    </dl>
  );
}
