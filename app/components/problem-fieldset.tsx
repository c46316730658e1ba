import { categoryLabel, OPTION_MARKS, parsePositions } from '~/domain/problems';

// A problem and a set's passage as the student sees them, apart from the attempt's pages (problem-attempt.tsx) so
// the operators' preview draws them without loading those (docs/decisions/028).

export type ShownProblem = {
  id: number;
  order: number;
  examMethod: 'm' | 's';
  question: string;
  options: string[];
  multiple: boolean;
  category: string;
  points: number;
  /** The answer already saved ('' for none). */
  answer: string;
};

/** A set's reading passage (subject tests), above its problems. */
export function Passage({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <section className="card passage" aria-label="지문">
      <h3>지문</h3>
      <p>{text}</p>
    </section>
  );
}

/**
 * One problem as the student sees it while solving: its question, category and points, and radio buttons (one right
 * option), checkboxes (several) or a text box. `disabled` draws it read-only, as the operators' preview does.
 */
export function ProblemFieldset({ problem: p, disabled = false }: { problem: ShownProblem; disabled?: boolean }) {
  const chosen = new Set(parsePositions(p.answer) ?? []);
  const legendId = `q-${p.id}`;
  return (
    <fieldset className="card problem" aria-labelledby={legendId} disabled={disabled}>
      <legend id={legendId}>
        <span className="problem-no">{p.order}.</span> <span className="problem-q">{p.question}</span>
      </legend>
      <p className="problem-meta">
        <span className="badge">{categoryLabel(p.category)}</span> {p.points}점
        {p.examMethod === 'm' ? (p.multiple ? ' · 알맞은 것을 모두 고르세요' : ' · 하나를 고르세요') : ' · 답을 쓰세요'}
      </p>
      {p.examMethod === 'm' ? (
        <ul className="options">
          {p.options.map((option, i) => (
            <li key={i}>
              <label>
                <input type={p.multiple ? 'checkbox' : 'radio'} name={`p${p.id}`} value={i + 1} defaultChecked={chosen.has(i + 1)} />
                <span aria-hidden="true">{OPTION_MARKS[i]}</span> {option}
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <div className="field">
          <label htmlFor={`a-${p.id}`}>답</label>
          <input id={`a-${p.id}`} type="text" name={`p${p.id}`} defaultValue={p.answer} maxLength={200} autoComplete="off" />
        </div>
      )}
    </fieldset>
  );
}
