import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireUser } from '~/web/guards.server';
import { HorizontalBarChart } from '~/components/charts/bar-chart';
import { NoCurrentBook } from '~/components/no-current-book';
import { BookCover } from '~/components/reading';
import { careerFieldLabel, genreLabel, levelLabel } from '~/domain/catalogue';
import { formatMinutes, READING_ERRORS } from '~/domain/reading';
import { orRespond, pageData } from '~/web/http.server';
import { analysisScoreIndicator } from '~/services/problems/book-report.server';
import { getIndicator } from '~/services/reading/overview.server';
import { currentBookOrChoices, requestedId } from './__current-book.server';

// The spec's path /user/activity/readingBook/info/indicator names no book: the result book comes as ?id=. Without it
// the page is the current book's (a redirect to its ?id=), or, with no current book, the student's books to choose from.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data && 'book' in data ? data.book.title : '도서'} · 도서 지표 | 리드인` },
];

const indicatorPage = (resultBookId: number) => `/user/activity/readingBook/info/indicator?id=${resultBookId}`;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const id = requestedId(request);
  if (id === 'invalid') throw new Response(READING_ERRORS.BOOK_NOT_FOUND, { status: 404 });
  if (id === null) {
    const choices = await currentBookOrChoices(user.id, indicatorPage);
    return json({ choices }, { headers: { 'Cache-Control': 'no-store' } });
  }
  const [ind, analysis] = await orRespond(() => Promise.all([getIndicator(user.id, id), analysisScoreIndicator(user.id, id)]));
  const b = ind.book;
  return pageData({
    book: {
      id: b.resultBookId,
      bookId: b.bookId,
      title: b.title,
      author: b.author,
      totalPages: b.totalPages,
      level: b.level,
      genre: b.genre,
      careerFields: b.careerFields,
    },
    mine: ind.mine,
    average: ind.average,
    analysis,
  });
}

/** Mine beside the readers' average, as two bars (server-rendered SVG with a text equivalent). */
function CompareBars({ label, mine, average, unit }: { label: string; mine: number; average: number; unit: string }) {
  return (
    <HorizontalBarChart
      title={label}
      width={300}
      unit={unit}
      data={[
        { label: '나', value: mine },
        { label: '평균', value: average, color: '#f2a93b' },
      ]}
    />
  );
}

export default function BookIndicatorPage() {
  const data = useLoaderData<typeof loader>();
  if ('choices' in data) return <NoCurrentBook title="도서 지표" books={data.choices} />;
  return <BookIndicator {...data} />;
}

type Indicator = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { choices: unknown }>;

function BookIndicator({ book, mine, average, analysis }: Indicator) {
  return (
    <div className="page stack">
      <p className="muted">
        <Link to={`/user/activity/readingBook/info/${book.id}`}>← 도서 정보</Link>
      </p>
      <section className="card book-row" aria-labelledby="ind-title">
        <BookCover bookId={book.bookId} title={book.title} size="md" />
        <div className="stack">
          <h1 id="ind-title">{book.title} · 도서 지표</h1>
          <dl className="facts">
            <dt>수준</dt>
            <dd>{levelLabel(book.level)}</dd>
            <dt>쪽수</dt>
            <dd>{book.totalPages}쪽</dd>
            <dt>장르</dt>
            <dd>{genreLabel(book.genre)}</dd>
            <dt>진로 분야</dt>
            <dd>{book.careerFields.map(careerFieldLabel).join(', ') || '—'}</dd>
          </dl>
        </div>
      </section>
      <section className="card" aria-labelledby="cmp-title">
        <h2 id="cmp-title">나의 읽기와 다른 독자 평균</h2>
        <p className="muted">
          이 책을 다 읽은 독자 {average.readers}명의 평균과 비교해요. 나의 누적 읽은 시간은 {formatMinutes(mine.minutes)}, 가장 멀리 읽은
          쪽은 {mine.lastPage}쪽이에요.
        </p>
        <div className="card-grid">
          <CompareBars label="읽은 시간" mine={mine.minutes} average={average.minutes} unit="분" />
          <CompareBars label="기록 횟수" mine={mine.sessions} average={average.sessions} unit="회" />
          <CompareBars label="읽은 날 수" mine={mine.days} average={average.days} unit="일" />
          {analysis.mine !== null && analysis.average !== null ? (
            <CompareBars label={`문제 분석 점수 (응시 ${analysis.takers}명)`} mine={analysis.mine} average={analysis.average} unit="점" />
          ) : null}
        </div>
        {analysis.mine === null ? <p className="muted">문제 분석을 마치면 점수도 다른 독자의 평균과 함께 보여요.</p> : null}
      </section>
    </div>
  );
}
