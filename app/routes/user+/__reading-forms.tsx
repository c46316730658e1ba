import { getFormProps, getInputProps, useForm, type SubmissionResult } from '~/components/form-client';
import { Form } from '@remix-run/react';
import { pageRange } from '~/domain/reading';
import { CsrfInput } from '~/components/csrf';
import { RunningClock } from './__reading-clock';
import { formatKoreanDate } from '~/lib/dates';

// The forms of the reading page (activity.readingBook.$resultBookId.tsx), one per intent of its action. They check
// with the browser's own constraints only; the server's reading contract (app/domain/reading-input.ts) answers with
// the message beside the field (docs/decisions/011).

type Result = SubmissionResult | undefined;
/** The fields of a form as the browser posts them. */
type Fields<K extends string> = Partial<Record<K, string>>;

/** What the browser checks before a round trip: whole numbers from 1, minutes up to 600. */
const page = { required: true, min: 1 };
const CONSTRAINTS = {
  start: { startPage: { min: 1 } },
  record: {
    startPage: page,
    endPage: page,
    minutes: { min: 1, max: 600 },
    readDate: {},
    submissionKey: { required: true },
    isRepeat: {},
    weak: {},
  },
  edit: { endPage: page },
  nopage: { index: page, minutes: { min: 1, max: 600 }, readDate: {}, submissionKey: { required: true } },
};

function FormAlert({ errors, id }: { errors?: string[]; id?: string }) {
  if (!errors?.length) return null;
  return (
    <div className="alert error" role="alert" id={id}>
      {errors[0]}
    </div>
  );
}

function FieldError({ errors, id }: { errors?: string[]; id: string }) {
  return errors?.length ? (
    <p className="field-error" id={id}>
      {errors[0]}
    </p>
  ) : null;
}

type Book = { id: number; method: number; totalPages: number; progress: { sessionsDone: number } };

export function StartForm({ lastResult, noPage, busy }: { lastResult: Result; noPage: boolean; busy: boolean }) {
  const [startForm, startFields] = useForm<Fields<'startPage'>>({
    id: 'start-form',
    lastResult,
    constraint: CONSTRAINTS.start,
    defaultValue: { startPage: '1' },
  });
  return (
    <section className="card" aria-labelledby="start-title">
      <h2 id="start-title">읽기 시작</h2>
      <FormAlert errors={startForm.errors} id={startForm.errorId} />
      <Form method="post" {...getFormProps(startForm)}>
        <CsrfInput />
        <input type="hidden" name="intent" value="start" />
        {!noPage ? (
          <div className="field">
            <label htmlFor={startFields.startPage.id}>시작 페이지</label>
            <input {...getInputProps(startFields.startPage, { type: 'number' })} min={1} inputMode="numeric" />
            <FieldError errors={startFields.startPage.errors} id={startFields.startPage.errorId} />
          </div>
        ) : (
          <p>이 책은 쪽수 없이 읽어요. 읽은 부분의 번호와 시간을 기록해요.</p>
        )}
        <button type="submit" disabled={busy}>
          읽기 시작
        </button>
      </Form>
    </section>
  );
}

export function ClockPanel({
  errors,
  clock,
  serverNow,
  busy,
}: {
  errors?: string[];
  clock: { running: boolean; startedAt: string | null };
  serverNow: number;
  busy: boolean;
}) {
  return (
    <section className="card" aria-labelledby="clock-title">
      <h2 id="clock-title">시계 읽기</h2>
      <p className="muted">시작을 누르고 책을 읽은 다음 종료를 누르면, 읽은 시간이 저절로 기록돼요.</p>
      <FormAlert errors={errors} />
      {clock.running && clock.startedAt ? (
        <RunningClock startedAt={clock.startedAt} serverNow={serverNow} />
      ) : (
        <Form method="post" className="inline-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="clock-start" />
          <button type="submit" disabled={busy}>
            시작
          </button>
        </Form>
      )}
    </section>
  );
}

export function NoPageForm({
  lastResult,
  book,
  today,
  submissionKey,
  busy,
}: {
  lastResult: Result;
  book: Book;
  today: string;
  submissionKey: string;
  busy: boolean;
}) {
  const [noPageForm, noPageFields] = useForm<Fields<'index' | 'minutes' | 'readDate' | 'submissionKey'>>({
    id: 'nopage-form',
    lastResult,
    constraint: CONSTRAINTS.nopage,
    defaultValue: { readDate: today, submissionKey },
  });
  return (
    <section className="card" aria-labelledby="nopage-title">
      <h2 id="nopage-title">오늘 읽은 부분 기록</h2>
      <FormAlert errors={noPageForm.errors} id={noPageForm.errorId} />
      <Form method="post" {...getFormProps(noPageForm)}>
        <CsrfInput />
        <input type="hidden" name="intent" value="nopage" />
        <input {...getInputProps(noPageFields.submissionKey, { type: 'hidden' })} />
        <div className="form-grid">
          <div className="field">
            <label htmlFor={noPageFields.index.id}>몇 번째 부분까지 읽었나요? (모두 {book.totalPages}부분)</label>
            <input {...getInputProps(noPageFields.index, { type: 'number' })} min={1} inputMode="numeric" />
            <FieldError errors={noPageFields.index.errors} id={noPageFields.index.errorId} />
          </div>
          <div className="field">
            <label htmlFor={noPageFields.minutes.id}>읽은 시간(분)</label>
            <input {...getInputProps(noPageFields.minutes, { type: 'number' })} min={1} inputMode="numeric" />
            <FieldError errors={noPageFields.minutes.errors} id={noPageFields.minutes.errorId} />
          </div>
          <div className="field">
            <label htmlFor={noPageFields.readDate.id}>읽은 날짜</label>
            <input {...getInputProps(noPageFields.readDate, { type: 'date' })} max={today} />
            <FieldError errors={noPageFields.readDate.errors} id={noPageFields.readDate.errorId} />
          </div>
        </div>
        <button type="submit" disabled={busy}>
          기록 저장
        </button>
      </Form>
    </section>
  );
}

export function RecordForm({
  lastResult,
  book,
  sessions,
  isClock,
  nextStartPage,
  today,
  submissionKey,
  busy,
}: {
  lastResult: Result;
  book: Book;
  sessions: number | null;
  isClock: boolean;
  nextStartPage: number;
  today: string;
  submissionKey: string;
  busy: boolean;
}) {
  const [recordForm, recordFields] = useForm<
    Fields<'startPage' | 'endPage' | 'minutes' | 'readDate' | 'submissionKey' | 'isRepeat' | 'weak'>
  >({
    id: 'record-form',
    lastResult,
    constraint: CONSTRAINTS.record,
    defaultValue: { startPage: String(nextStartPage), readDate: today, submissionKey },
  });
  return (
    <section className="card" aria-labelledby="record-title">
      <h2 id="record-title">
        {isClock ? '다 읽었으면 종료' : sessions ? `${book.progress.sessionsDone + 1}회차 기록` : '오늘 읽은 만큼 기록'}
      </h2>
      <FormAlert errors={recordForm.errors} id={recordForm.errorId} />
      <Form method="post" {...getFormProps(recordForm)}>
        <CsrfInput />
        <input type="hidden" name="intent" value="record" />
        <input {...getInputProps(recordFields.submissionKey, { type: 'hidden' })} />
        <div className="form-grid">
          <div className="field">
            <label htmlFor={recordFields.startPage.id}>시작 페이지</label>
            <input {...getInputProps(recordFields.startPage, { type: 'number' })} min={1} inputMode="numeric" />
            <FieldError errors={recordFields.startPage.errors} id={recordFields.startPage.errorId} />
          </div>
          <div className="field">
            <label htmlFor={recordFields.endPage.id}>끝 페이지</label>
            <input {...getInputProps(recordFields.endPage, { type: 'number' })} min={1} inputMode="numeric" />
            <FieldError errors={recordFields.endPage.errors} id={recordFields.endPage.errorId} />
          </div>
          {!isClock ? (
            <div className="field">
              <label htmlFor={recordFields.minutes.id}>읽은 시간(분)</label>
              <input {...getInputProps(recordFields.minutes, { type: 'number' })} min={1} inputMode="numeric" />
              <FieldError errors={recordFields.minutes.errors} id={recordFields.minutes.errorId} />
            </div>
          ) : null}
          <div className="field">
            <label htmlFor={recordFields.readDate.id}>읽은 날짜</label>
            <input {...getInputProps(recordFields.readDate, { type: 'date' })} max={today} />
            <FieldError errors={recordFields.readDate.errors} id={recordFields.readDate.errorId} />
          </div>
        </div>
        <label className="checkbox">
          <input {...getInputProps(recordFields.isRepeat, { type: 'checkbox' })} /> 앞에서 읽은 부분을 다시 읽었어요
        </label>
        <label className="checkbox">
          <input {...getInputProps(recordFields.weak, { type: 'checkbox' })} /> 어려운 부분이 있었어요
        </label>
        <div className="form-actions">
          <button type="submit" disabled={busy}>
            {isClock ? '종료' : '기록 저장'}
          </button>
        </div>
      </Form>
      {isClock ? (
        // Clearing the clock loses the time: it asks first, with or without JavaScript (a native disclosure).
        <details className="clock-reset">
          <summary>시계를 처음부터 다시 하고 싶어요</summary>
          <Form method="post" className="form-actions">
            <CsrfInput />
            <input type="hidden" name="intent" value="clock-reset" />
            <p>지금까지 잰 시간이 지워지고 기록되지 않아요. 정말 처음부터 다시 할까요?</p>
            <button type="submit" className="secondary" disabled={busy}>
              네, 시계를 초기화할게요
            </button>
          </Form>
        </details>
      ) : null}
    </section>
  );
}

export function EditForm({
  lastResult,
  last,
  busy,
}: {
  lastResult: Result;
  last: { start: number; end: number; date: string };
  busy: boolean;
}) {
  const [editForm, editFields] = useForm<Fields<'endPage'>>({
    id: 'edit-form',
    lastResult,
    constraint: CONSTRAINTS.edit,
    defaultValue: { endPage: String(last.end) },
  });
  return (
    <section className="card" aria-labelledby="edit-title">
      <h2 id="edit-title">마지막 기록 고치기</h2>
      <p className="muted">
        마지막 기록: {pageRange(last.start, last.end)} ({formatKoreanDate(last.date)})
      </p>
      <FormAlert errors={editForm.errors} id={editForm.errorId} />
      <Form method="post" {...getFormProps(editForm)}>
        <CsrfInput />
        <input type="hidden" name="intent" value="edit" />
        <div className="form-grid">
          <div className="field">
            <label htmlFor={editFields.endPage.id}>고칠 끝 페이지</label>
            <input {...getInputProps(editFields.endPage, { type: 'number' })} min={1} inputMode="numeric" />
            <FieldError errors={editFields.endPage.errors} id={editFields.endPage.errorId} />
          </div>
        </div>
        <button type="submit" className="secondary" disabled={busy}>
          끝 페이지 고치기
        </button>
      </Form>
    </section>
  );
}
