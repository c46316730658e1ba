import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { randomUUID } from 'node:crypto';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { requireUser } from '~/auth/guards.server';
import { setFlash } from '~/auth/session.server';
import { BookCover, MethodBadge, ProgressBar, StatusBadge } from '~/components/reading';
import { BookStatus, ReadMethod } from '~/domain/enums';
import { formatMinutes, isReadable, pageRange, READING_ERRORS, SESSION_COUNTS } from '~/domain/reading';
import { nowMs } from '~/lib/clock.server';
import { formatTime, seoulDay } from '~/lib/dates';
import { isDomainError } from '~/lib/errors';
import {
  editLastRecord,
  getReadingPage,
  resetClock,
  saveNoPage,
  saveRecord,
  startClock,
  startReading,
} from '~/services/reading.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.book.title ?? '독서 기록'} | 리드인` }];

const page = (message: string) =>
  z.number({ required_error: message, invalid_type_error: '숫자로 입력해 주세요.' }).int('정수로 입력해 주세요.').min(1, '1 이상으로 입력해 주세요.');
const minutes = z.number({ invalid_type_error: '숫자로 입력해 주세요.' }).int('정수로 입력해 주세요.').optional();
const key = z.string({ required_error: READING_ERRORS.READ_SAVE_FAILED }).min(8).max(100);

const schemas = {
  start: z.object({ intent: z.literal('start'), startPage: page('시작 페이지를 입력해 주세요.').optional() }),
  record: z.object({
    intent: z.literal('record'),
    submissionKey: key,
    startPage: page('시작 페이지를 입력해 주세요.'),
    endPage: page('끝 페이지를 입력해 주세요.'),
    minutes,
    readDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, READING_ERRORS.INVALID_READ_DATE).optional(),
    isRepeat: z.boolean().optional(),
    weak: z.boolean().optional(),
  }),
  edit: z.object({ intent: z.literal('edit'), endPage: page('끝 페이지를 입력해 주세요.') }),
  nopage: z.object({
    intent: z.literal('nopage'),
    submissionKey: key,
    index: page('읽은 부분의 번호를 입력해 주세요.'),
    minutes,
    readDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, READING_ERRORS.INVALID_READ_DATE).optional(),
  }),
  'clock-start': z.object({ intent: z.literal('clock-start') }),
  'clock-reset': z.object({ intent: z.literal('clock-reset') }),
};
type Intent = keyof typeof schemas;

/** Service errors that belong to one field; the spec's messages are shown above the form. */
const FIELD_OF: Record<string, string> = { INVALID_READ_TIME: 'minutes', INVALID_READ_DATE: 'readDate', INVALID_READ_PAGE: 'endPage' };

function resultBookId(params: { resultBookId?: string }) {
  const id = Number(params.resultBookId);
  if (!Number.isInteger(id) || id <= 0) throw new Response(READING_ERRORS.BOOK_NOT_FOUND, { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const id = resultBookId(params);
  let data;
  try {
    data = await getReadingPage(user.id, id);
  } catch (error) {
    if (isDomainError(error)) throw new Response(error.message, { status: error.status });
    throw error;
  }
  const { book } = data;
  return json(
    {
      book: {
        id: book.resultBookId,
        bookId: book.bookId,
        title: book.title,
        author: book.author,
        totalPages: book.totalPages,
        status: book.status,
        method: book.readMethod,
        startPage: book.startPage,
        progress: book.progress,
      },
      records: data.records.map((r) => ({
        id: r.id,
        date: r.readDate,
        start: r.startPage,
        end: r.endPage,
        minutes: r.minutes,
        session: r.sessionIndex,
        isRepeat: r.isRepeat,
        weak: r.weak,
      })),
      noPage: data.noPage.map((p) => ({ id: p.id, date: p.readDate, index: p.sectionIndex, minutes: p.minutes })),
      clock: data.clock,
      serverNow: nowMs(),
      nextStartPage: data.nextStartPage,
      readTimeResult: data.readTimeResult,
      today: seoulDay(new Date(nowMs())),
      submissionKey: randomUUID(),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const id = resultBookId(params);
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? '') as Intent;
  const schema = schemas[intent];
  if (!schema) return json({ intent: 'record' as Intent, result: { status: 'error', error: { '': [READING_ERRORS.READ_SAVE_FAILED] } } as SubmissionResult<string[]> }, { status: 400 });
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success') return json({ intent, result: submission.reply() }, { status: 400 });
  const value = submission.value as Record<string, unknown>;
  const self = `/user/activity/readingBook/${id}`;
  let message = '독서 기록을 저장했어요.';
  try {
    if (intent === 'start') {
      await startReading(user.id, id, { startPage: Number(value.startPage ?? 1) });
      message = '읽기를 시작했어요. 오늘 읽은 만큼 기록해 보세요.';
    } else if (intent === 'record' || intent === 'nopage') {
      const saved =
        intent === 'record'
          ? await saveRecord(user.id, id, {
              startPage: value.startPage as number,
              endPage: value.endPage as number,
              minutes: value.minutes as number | undefined,
              readDate: value.readDate as string | undefined,
              isRepeat: Boolean(value.isRepeat),
              weak: Boolean(value.weak),
              submissionKey: value.submissionKey as string,
            })
          : await saveNoPage(user.id, id, {
              index: value.index as number,
              minutes: value.minutes as number,
              readDate: value.readDate as string | undefined,
              submissionKey: value.submissionKey as string,
            });
      if (saved.status === BookStatus.DIAGNOSIS) message = '축하해요! 책을 다 읽었어요. 이제 문제 분석을 할 차례예요.';
    } else if (intent === 'edit') {
      const saved = await editLastRecord(user.id, id, { endPage: value.endPage as number });
      message = saved.status === BookStatus.DIAGNOSIS ? '축하해요! 책을 다 읽었어요. 이제 문제 분석을 할 차례예요.' : '마지막 기록의 끝 페이지를 고쳤어요.';
    } else if (intent === 'clock-start') {
      await startClock(user.id, id);
      message = '시계를 시작했어요. 다 읽으면 종료를 눌러 주세요.';
    } else {
      await resetClock(user.id, id);
      message = '시계를 초기화했어요. 기록은 저장되지 않았어요.';
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const field = FIELD_OF[error.code];
    return json(
      { intent, result: submission.reply(field ? { fieldErrors: { [field]: [error.message] } } : { formErrors: [error.message] }) },
      { status: error.status === 404 ? 404 : 400 },
    );
  }
  return redirect(self, { headers: { 'Set-Cookie': await setFlash({ kind: 'success', message }) } });
}

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

/** The running clock: the start time without JavaScript, a ticking clock with it (server time, offset-corrected). */
function RunningClock({ startedAt, serverNow }: { startedAt: string; serverNow: number }) {
  const [elapsed, setElapsed] = useState<number | null>(null);
  useEffect(() => {
    const offset = serverNow - Date.now();
    const start = Date.parse(startedAt);
    const tick = () => setElapsed(Math.max(0, Date.now() + offset - start));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [startedAt, serverNow]);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    <div>
      <p>
        시작 시각 <time dateTime={startedAt}>{formatTime(startedAt)}</time> (서버 기준)
      </p>
      {elapsed !== null ? (
        <p className="clock" role="timer" aria-label="읽은 시간">
          {two(Math.floor(elapsed / 3_600_000))}:{two(Math.floor(elapsed / 60_000) % 60)}:{two(Math.floor(elapsed / 1000) % 60)}
        </p>
      ) : null}
    </div>
  );
}

export default function ReadingBook() {
  const { submissionKey } = useLoaderData<typeof loader>();
  // A saved record redirects here with a new submission key: the forms start afresh. A refused one keeps the key and
  // what the student typed.
  return <ReadingBookView key={submissionKey} />;
}

function ReadingBookView() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const { book } = data;
  const last = (i: Intent) => (actionData?.intent === i ? actionData.result : undefined);
  const sessions = SESSION_COUNTS[book.method] ?? null;
  const isClock = book.method === ReadMethod.CLOCK;

  const [recordForm, recordFields] = useForm({
    id: 'record-form',
    lastResult: last('record'),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemas.record }),
    defaultValue: { startPage: String(data.nextStartPage), readDate: data.today, submissionKey: data.submissionKey },
  });
  const [editForm, editFields] = useForm({
    id: 'edit-form',
    lastResult: last('edit'),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemas.edit }),
    defaultValue: { endPage: data.records[0] ? String(data.records[0].end) : '' },
  });
  const [startForm, startFields] = useForm({
    id: 'start-form',
    lastResult: last('start'),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemas.start }),
    defaultValue: { startPage: '1' },
  });
  const [noPageForm, noPageFields] = useForm({
    id: 'nopage-form',
    lastResult: last('nopage'),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemas.nopage }),
    defaultValue: { readDate: data.today, submissionKey: data.submissionKey },
  });
  const clockErrors = actionData && (actionData.intent === 'clock-start' || actionData.intent === 'clock-reset') ? (actionData.result.error?.[''] ?? undefined) : undefined;

  return (
    <main className="stack reading-page">
      <p className="muted">
        <Link to="/user/activity">← 독서 활동</Link>
      </p>
      <section className="card book-row" aria-labelledby="book-title">
        <BookCover bookId={book.bookId} title={book.title} size="md" />
        <div className="stack">
          <div>
            <h1 id="book-title">{book.title}</h1>
            <p className="muted">
              {book.author} · 총 {book.totalPages}쪽
            </p>
            <div className="badges">
              <StatusBadge status={book.status} />
              <MethodBadge method={book.method} />
            </div>
          </div>
          <ProgressBar name="읽기 진행률" percent={book.progress.percent} label={book.progress.label} />
          <p className="muted">
            누적 {formatMinutes(book.progress.minutes)}
            {book.method !== ReadMethod.NO_PAGE ? ` · 가장 멀리 읽은 쪽 ${book.progress.lastPage}쪽` : ''}
          </p>
          <p>
            <Link to={`/user/activity/readingBook/info/${book.id}`}>도서 정보</Link> ·{' '}
            <Link to={`/user/activity/readingBook/info/indicator?id=${book.id}`}>도서 지표</Link>
          </p>
        </div>
      </section>

      {sessions ? (
        <section className="card" aria-labelledby="slots-title">
          <h2 id="slots-title">회차별 읽은 시간</h2>
          <ol className="slots">
            {data.readTimeResult.map((m, i) => (
              <li key={i} className={i >= sessions ? 'off' : m >= 0 ? 'done' : ''}>
                {i + 1}회
                <br />
                {i >= sessions ? '—' : m >= 0 ? `${m}분` : '아직'}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {book.status === BookStatus.WAITING ? (
        <section className="card">
          <h2>읽기 전 활동이 먼저예요</h2>
          <p>표지와 제목을 보고 내용을 예측해 본 뒤 읽기를 시작할 수 있어요.</p>
          <Link className="button" to={`/user/before/${book.id}`}>
            읽기 전 활동 하기
          </Link>
        </section>
      ) : null}

      {!isReadable(book.method) && (book.status === BookStatus.PRE_ACTIVITY_COMPLETE || book.status === BookStatus.ACTIVITY) ? (
        <div className="alert warning" role="alert">
          {READING_ERRORS.READ_METHOD_NOT_FOUND} 선생님께 읽기 방법을 정해 달라고 말씀드려 주세요.
        </div>
      ) : null}

      {book.status === BookStatus.PRE_ACTIVITY_COMPLETE ? (
        <section className="card" aria-labelledby="start-title">
          <h2 id="start-title">읽기 시작</h2>
          <FormAlert errors={startForm.errors} id={startForm.errorId} />
          <Form method="post" {...getFormProps(startForm)}>
            <input type="hidden" name="intent" value="start" />
            {book.method !== ReadMethod.NO_PAGE ? (
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
      ) : null}

      {book.status === BookStatus.ACTIVITY && isReadable(book.method) ? (
        <>
          {isClock ? (
            <section className="card" aria-labelledby="clock-title">
              <h2 id="clock-title">시계 읽기</h2>
              <p className="muted">시작을 누르고 책을 읽은 뒤 종료를 누르면, 서버가 잰 시간이 기록돼요.</p>
              <FormAlert errors={clockErrors} />
              {data.clock.running && data.clock.startedAt ? (
                <RunningClock startedAt={data.clock.startedAt} serverNow={data.serverNow} />
              ) : (
                <Form method="post" className="inline-form">
                  <input type="hidden" name="intent" value="clock-start" />
                  <button type="submit" disabled={busy}>
                    시작
                  </button>
                </Form>
              )}
            </section>
          ) : null}

          {book.method === ReadMethod.NO_PAGE ? (
            <section className="card" aria-labelledby="nopage-title">
              <h2 id="nopage-title">오늘 읽은 부분 기록</h2>
              <FormAlert errors={noPageForm.errors} id={noPageForm.errorId} />
              <Form method="post" {...getFormProps(noPageForm)}>
                <input type="hidden" name="intent" value="nopage" />
                <input {...getInputProps(noPageFields.submissionKey, { type: 'hidden' })} />
                <div className="form-grid">
                  <div className="field">
                    <label htmlFor={noPageFields.index.id}>읽은 부분 번호 (1–{book.totalPages})</label>
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
                    <input {...getInputProps(noPageFields.readDate, { type: 'date' })} max={data.today} />
                    <FieldError errors={noPageFields.readDate.errors} id={noPageFields.readDate.errorId} />
                  </div>
                </div>
                <button type="submit" disabled={busy}>
                  기록 저장
                </button>
              </Form>
            </section>
          ) : !isClock || data.clock.running ? (
            <section className="card" aria-labelledby="record-title">
              <h2 id="record-title">{isClock ? '다 읽었으면 종료' : sessions ? `${book.progress.sessionsDone + 1}회차 기록` : '오늘 읽은 만큼 기록'}</h2>
              <FormAlert errors={recordForm.errors} id={recordForm.errorId} />
              <Form method="post" {...getFormProps(recordForm)}>
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
                    <input {...getInputProps(recordFields.readDate, { type: 'date' })} max={data.today} />
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
                <Form method="post" className="form-actions">
                  <input type="hidden" name="intent" value="clock-reset" />
                  <button type="submit" className="secondary" disabled={busy}>
                    초기화
                  </button>
                </Form>
              ) : null}
            </section>
          ) : null}

          {data.records.length > 0 && book.method !== ReadMethod.NO_PAGE ? (
            <section className="card" aria-labelledby="edit-title">
              <h2 id="edit-title">마지막 기록 고치기</h2>
              <p className="muted">
                마지막 기록: {pageRange(data.records[0].start, data.records[0].end)} ({data.records[0].date})
              </p>
              <FormAlert errors={editForm.errors} id={editForm.errorId} />
              <Form method="post" {...getFormProps(editForm)}>
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
          ) : null}
        </>
      ) : null}

      {book.status >= BookStatus.DIAGNOSIS && book.status !== BookStatus.EXCLUDE ? (
        <div className="alert success" role="status">
          이 책은 다 읽었어요. 다음 단계: {book.status === BookStatus.DIAGNOSIS ? '문제 분석' : book.status === BookStatus.NOTE ? '독서 노트' : '모든 활동 완료'}
        </div>
      ) : null}

      <section aria-labelledby="records-title">
        <h2 id="records-title">독서 기록</h2>
        {data.records.length === 0 && data.noPage.length === 0 ? (
          <p className="card empty">아직 기록이 없어요.</p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">날짜</th>
                  {book.method === ReadMethod.NO_PAGE ? <th scope="col">읽은 부분</th> : <th scope="col">쪽</th>}
                  {sessions ? <th scope="col">회차</th> : null}
                  <th scope="col">시간</th>
                  {book.method !== ReadMethod.NO_PAGE ? <th scope="col">표시</th> : null}
                </tr>
              </thead>
              <tbody>
                {book.method === ReadMethod.NO_PAGE
                  ? data.noPage.map((p) => (
                      <tr key={p.id}>
                        <td>{p.date}</td>
                        <td>{p.index}번째 부분까지</td>
                        <td>{p.minutes}분</td>
                      </tr>
                    ))
                  : data.records.map((r) => (
                      <tr key={r.id}>
                        <td>{r.date}</td>
                        <td>
                          {pageRange(r.start, r.end)}
                        </td>
                        {sessions ? <td>{r.session}회</td> : null}
                        <td>{r.minutes}분</td>
                        <td>{[r.isRepeat ? '다시 읽기' : '', r.weak ? '어려움' : ''].filter(Boolean).join(', ') || '—'}</td>
                      </tr>
                    ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}
