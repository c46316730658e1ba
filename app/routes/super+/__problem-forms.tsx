import { Form, useNavigation } from '@remix-run/react';
import { CsrfInput } from '~/components/csrf';
import { getFormProps, getInputProps, useForm, type FormReply } from '~/components/form-client';
import { FieldError, FormErrors, SelectField, TextAreaField, TextField } from '~/components/form-fields';
import { SubmitButton } from '~/components/form-actions';
import { LEVELS } from '~/domain/catalogue';
import { EXAM_METHOD_LABELS, MAX_OPTIONS, SET_KIND_LABELS, type ProblemInput } from '~/domain/problem-bank';
import { categoryLabel, describeAnswer, isMultipleAnswer, OPTION_MARKS, PROBLEM_CATEGORIES, type ProblemSetKind } from '~/domain/problems';

// The problem bank's forms and the operators' view of a problem: plain posts, the server's messages beside each field,
// the typed values kept when a post is refused (the one reply shape), with or without JavaScript.

const LEVEL_CHOICES = LEVELS.map((l) => ({ value: l, label: `L${l}` }));
const KIND_CHOICES = (Object.keys(SET_KIND_LABELS) as ProblemSetKind[]).map((k) => ({ value: k, label: SET_KIND_LABELS[k] }));
const CATEGORY_CHOICES = PROBLEM_CATEGORIES.map((c) => ({ value: c.code, label: c.label }));

export type SetDefaults = {
  kind?: ProblemSetKind | '';
  bookId?: number | '';
  title: string;
  description: string;
  subject: string;
  passage: string;
  level: number | '';
};

/**
 * A new set (kind and book chosen here) or a set's details (`kind` fixed). Without JavaScript every field is shown,
 * each saying which kind it is for; the server keeps only those of the set's kind.
 */
export function SetForm({
  lastResult,
  defaults,
  kind,
  books,
  submitLabel,
}: {
  lastResult: FormReply | null | undefined;
  defaults: SetDefaults;
  /** The set's kind when editing; undefined on the new-set form. */
  kind?: ProblemSetKind;
  books?: { id: number; title: string; author: string }[];
  submitLabel: string;
}) {
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm<Required<SetDefaults>>({
    id: kind ? 'set-details-form' : 'new-set-form',
    lastResult,
    defaultValue: defaults,
  });
  const creating = kind === undefined;
  return (
    <>
      <FormErrors errors={form.errors} id={form.errorId} />
      <Form method="post" {...getFormProps(form)} className="set-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="details" />
        {creating ? (
          <>
            <SelectField label="종류" meta={fields.kind} empty="선택해 주세요" options={KIND_CHOICES} />
            <div className="for-book">
              <SelectField
                label="도서 (도서 문제 분석)"
                meta={fields.bookId}
                empty="선택해 주세요"
                options={(books ?? []).map((b) => ({ value: b.id, label: `${b.title} · ${b.author}` }))}
                hint="문제 세트가 아직 없는 도서만 나옵니다. 한 도서의 문제는 한 세트에서 버전으로 고칩니다."
              />
            </div>
          </>
        ) : null}
        <TextField label="제목" meta={fields.title} />
        <TextAreaField label="설명 (선택)" meta={fields.description} hint="학생이 시작하기 전에 보는 안내입니다." />
        {creating || kind === 'SUBJECT_TEST' ? (
          <div className="for-subject">
            <TextField label={creating ? '과목 (교과 연계 독해)' : '과목'} meta={fields.subject} hint="예: 국어, 사회, 과학" />
            <TextAreaField label={creating ? '지문 (교과 연계 독해, 선택)' : '지문 (선택)'} meta={fields.passage} rows={6} />
          </div>
        ) : null}
        {creating || kind === 'COURSE_TEST' ? (
          <div className="for-course">
            <SelectField
              label={creating ? '대상 수준 (수준 진단, 선택)' : '대상 수준 (선택)'}
              meta={fields.level}
              empty="모든 수준"
              options={LEVEL_CHOICES}
            />
          </div>
        ) : null}
        <div className="form-actions">
          <SubmitButton busy={busy} label={submitLabel} />
        </div>
      </Form>
    </>
  );
}

export type ProblemDefaults = {
  examMethod: 'm' | 's' | '';
  question: string;
  options: string;
  correctAnswer: string;
  acceptedAnswers: string;
  explanation: string;
  category: string;
  points: number | '';
};

/** A problem of the draft: added at `position`, or edited. */
export function ProblemForm({
  lastResult,
  defaults,
  position,
  submitLabel,
}: {
  lastResult: FormReply | null | undefined;
  defaults: ProblemDefaults;
  position?: number;
  submitLabel: string;
}) {
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm<ProblemDefaults>({ id: 'problem-form', lastResult, defaultValue: defaults });
  return (
    <>
      <FormErrors errors={form.errors} id={form.errorId} />
      <Form method="post" {...getFormProps(form)} className="stack problem-form">
        <CsrfInput />
        {position ? <input type="hidden" name="position" value={position} /> : null}
        <fieldset className="field" aria-describedby={fields.examMethod.errors ? fields.examMethod.errorId : undefined}>
          <legend>문제 유형</legend>
          {(['m', 's'] as const).map((m) => (
            <label key={m} className="checkbox">
              <input {...getInputProps(fields.examMethod, { type: 'radio', value: m })} id={`${fields.examMethod.id}-${m}`} />
              {EXAM_METHOD_LABELS[m]}
            </label>
          ))}
          <FieldError meta={fields.examMethod} />
        </fieldset>
        <TextAreaField label="문제" meta={fields.question} />
        <div className="only-m">
          <TextAreaField
            label="보기 (객관식)"
            meta={fields.options}
            rows={5}
            hint={`한 줄에 보기 하나씩, 2개부터 ${MAX_OPTIONS}개까지 씁니다. 줄 순서가 ①, ②, ③ … 번호가 됩니다.`}
          />
        </div>
        <TextField
          label="정답"
          meta={fields.correctAnswer}
          hint="객관식은 정답 보기의 번호를 씁니다. 정답이 여럿이면 쉼표로 구분합니다 (예: 1,3). 주관식은 모범 답안을 씁니다."
        />
        <div className="only-s">
          <TextAreaField
            label="인정 답 (주관식, 선택)"
            meta={fields.acceptedAnswers}
            hint="모범 답안 말고도 맞게 볼 답을 한 줄에 하나씩 씁니다. 띄어쓰기와 대소문자는 달라도 맞게 채점합니다."
          />
        </div>
        <TextAreaField label="해설" meta={fields.explanation} hint="학생이 채점 뒤 오답 확인에서 봅니다." />
        <SelectField label="영역" meta={fields.category} empty="선택해 주세요" options={CATEGORY_CHOICES} />
        <TextField label="배점" meta={fields.points} type="number" inputMode="numeric" hint="1점부터 100점까지" />
        <div className="form-actions">
          <SubmitButton busy={busy} label={submitLabel} />
        </div>
      </Form>
    </>
  );
}

export type BankProblem = Omit<ProblemInput, 'category'> & { category: string; order: number };

/** The operator's summary of a problem's answer: the right options or the model answer, the accepted texts. */
export function AnswerKey({ problem: p }: { problem: BankProblem }) {
  return (
    <dl className="answer-key">
      <dt>정답</dt>
      <dd data-testid="correct-answer">{describeAnswer(p.correctAnswer, p.examMethod, p.options)}</dd>
      {p.acceptedAnswers.length ? (
        <>
          <dt>인정 답</dt>
          <dd>{p.acceptedAnswers.join(', ')}</dd>
        </>
      ) : null}
      <dt>해설</dt>
      <dd>{p.explanation}</dd>
    </dl>
  );
}

/** One problem of a version as the set's page lists it: the question, its options, the answer key. */
export function BankProblemSummary({ problem: p }: { problem: BankProblem }) {
  return (
    <>
      <h3 className="bank-problem-title">
        {p.order}. {p.question}
      </h3>
      <p className="muted">
        {EXAM_METHOD_LABELS[p.examMethod]}
        {isMultipleAnswer(p) ? ' (정답 여러 개)' : ''} · {categoryLabel(p.category)} · {p.points}점
      </p>
      {p.examMethod === 'm' ? (
        <ul className="bank-options">
          {p.options.map((o, i) => (
            <li key={i}>
              {OPTION_MARKS[i]} {o}
            </li>
          ))}
        </ul>
      ) : null}
      <AnswerKey problem={p} />
    </>
  );
}

/** Form defaults of a stored problem (options and accepted answers one per line). */
export const problemDefaults = (p?: BankProblem): ProblemDefaults =>
  p
    ? {
        examMethod: p.examMethod,
        question: p.question,
        options: p.options.join('\n'),
        correctAnswer: p.correctAnswer,
        acceptedAnswers: p.acceptedAnswers.join('\n'),
        explanation: p.explanation,
        category: p.category,
        points: p.points,
      }
    : { examMethod: 'm', question: '', options: '', correctAnswer: '', acceptedAnswers: '', explanation: '', category: '', points: 10 };
