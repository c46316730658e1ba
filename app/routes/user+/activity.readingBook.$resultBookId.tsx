import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { randomUUID } from 'node:crypto';
import { requireUser } from '~/web/guards.server';
import { BookCover, MethodBadge, ProgressBar, StatusBadge } from '~/components/reading';
import { BookStatus, ReadMethod } from '~/domain/enums';
import {
  formatMinutes,
  isReadable,
  pageRange,
  READING_ERRORS,
  READING_INTENTS,
  SESSION_COUNTS,
  type ReadingIntent as Intent,
} from '~/domain/reading';
import { nowMs } from '~/lib/clock.server';
import { seoulDay, formatKoreanDate } from '~/lib/dates';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { getReadingPage } from '~/services/reading/overview.server';
import { replyFor } from '~/lib/form-reply';
import { action } from './__reading-action.server';
import { ClockPanel, EditForm, NoPageForm, RecordForm, StartForm } from './__reading-forms';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.book.title ?? '독서 기록'} | 리드인` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const id = idParam(params.resultBookId, READING_ERRORS.BOOK_NOT_FOUND);
  const data = await orRespond(() => getReadingPage(user.id, id));
  const { book } = data;
  return pageData({
    book: {
      id: book.resultBookId,
      bookId: book.bookId,
      title: book.title,
      author: book.author,
      // The cover above the fold is drawn into the page (BookCover's `above`).
      cover: { author: book.author, coverColor: book.coverColor, uploaded: book.coverImage !== null },
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
  });
}

export { action };

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
  // A reply belongs to the form of its intent; one of no known form (a stale page) is shown at the record form.
  const stray = actionData && !READING_INTENTS.includes(actionData.initialValue?.intent as Intent) ? actionData : undefined;
  const last = (i: Intent) => replyFor(actionData, i) ?? (i === 'record' ? stray : undefined);
  const sessions = SESSION_COUNTS[book.method] ?? null;
  const isClock = book.method === ReadMethod.CLOCK;
  const clockErrors = (last('clock-start') ?? last('clock-reset'))?.error?.[''] ?? undefined;

  return (
    <div className="page stack reading-page">
      <p className="muted">
        <Link to="/user/activity">← 독서활동</Link>
      </p>
      <section className="card book-row" aria-labelledby="book-title">
        <BookCover bookId={book.bookId} title={book.title} size="md" above={book.cover} />
        <div className="stack">
          <div>
            <h1 id="book-title">{book.title}</h1>
            <p className="muted">
              {book.author} · {book.method === ReadMethod.NO_PAGE ? `모두 ${book.totalPages}부분` : `총 ${book.totalPages}쪽`}
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
          {READING_ERRORS.READ_METHOD_NOT_FOUND} 선생님께 읽기 방식을 정해 달라고 말씀드려 주세요.
        </div>
      ) : null}

      {book.status === BookStatus.PRE_ACTIVITY_COMPLETE ? (
        <StartForm lastResult={last('start')} noPage={book.method === ReadMethod.NO_PAGE} busy={busy} />
      ) : null}

      {book.status === BookStatus.ACTIVITY && isReadable(book.method) ? (
        <>
          {isClock ? <ClockPanel errors={clockErrors} clock={data.clock} serverNow={data.serverNow} busy={busy} /> : null}

          {book.method === ReadMethod.NO_PAGE ? (
            <NoPageForm lastResult={last('nopage')} book={book} today={data.today} submissionKey={data.submissionKey} busy={busy} />
          ) : !isClock || data.clock.running ? (
            <RecordForm
              lastResult={last('record')}
              book={book}
              sessions={sessions}
              isClock={isClock}
              nextStartPage={data.nextStartPage}
              today={data.today}
              submissionKey={data.submissionKey}
              busy={busy}
            />
          ) : null}

          {data.records.length > 0 && book.method !== ReadMethod.NO_PAGE ? (
            <EditForm lastResult={last('edit')} last={data.records[0]} busy={busy} />
          ) : null}
        </>
      ) : null}

      {book.status >= BookStatus.DIAGNOSIS && book.status !== BookStatus.EXCLUDE ? (
        <div className="alert success" role="status">
          이 책은 다 읽었어요. 다음 단계:{' '}
          {book.status === BookStatus.DIAGNOSIS ? '문제 분석' : book.status === BookStatus.NOTE ? '독서 노트' : '모든 활동 완료'}
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
                        <td>{formatKoreanDate(p.date)}</td>
                        <td>{p.index}번째 부분까지</td>
                        <td>{p.minutes}분</td>
                      </tr>
                    ))
                  : data.records.map((r) => (
                      <tr key={r.id}>
                        <td>{formatKoreanDate(r.date)}</td>
                        <td>{pageRange(r.start, r.end)}</td>
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
    </div>
  );
}
