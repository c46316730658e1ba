import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUser } from '~/web/guards.server';
import { orRespond, pageData } from '~/web/http.server';
import { PortfolioChoices, PortfolioSheet } from '~/components/reading-portfolio';
import { portfolioPeriod, readingPortfolio } from '~/services/portfolio.server';
import { positiveInt } from '~/lib/numbers';

export const meta: MetaFunction = () => [{ title: '독서 포트폴리오 | 리드인' }];

// The student's reading portfolio for a period they choose, with the notes they choose to include: a page that
// prints as a document, and the same rows as CSV (./portfolio[.]csv.ts).

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const params = new URL(request.url).searchParams;
  const noteIds = params
    .getAll('note')
    .map(positiveInt)
    .filter((n): n is number => n !== null);
  const portfolio = await orRespond(async () => readingPortfolio(user.id, portfolioPeriod(params), noteIds));
  return pageData({ portfolio, csvHref: `/user/portfolio.csv?from=${portfolio.period.from}&to=${portfolio.period.to}` });
}

export default function UserPortfolio() {
  const { portfolio, csvHref } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <p className="no-print muted">
        기간을 고르고 넣고 싶은 독서 노트를 골라 인쇄하거나 CSV로 내려받으세요. 책은 학교생활기록부 독서활동상황처럼 읽은 순서대로
        ‘제목(저자)’으로 적힙니다.
      </p>
      <PortfolioChoices portfolio={portfolio} action="/user/portfolio" csvHref={csvHref} withNotes />
      <PortfolioSheet portfolio={portfolio} />
    </div>
  );
}
