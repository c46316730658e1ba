import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { requestOrigin } from '~/web/origin.server';
import { idParam, notFound, orRespond, pageData } from '~/web/http.server';
import { PortfolioChoices, PortfolioSheet } from '~/components/reading-portfolio';
import { portfolioForOperator, portfolioPeriod } from '~/services/portfolio.server';
import { userDetail } from '~/services/operators/users.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.user.name ?? '회원'} 독서 포트폴리오 | 리드인 운영` }];

// A member's reading portfolio for a data-access request (정보 열람 요청): the operator chooses the period, and each
// portfolio produced (page or CSV) is written to the audit trail ('user.portfolio') with the period.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const operator = await requireSuper(request);
  const id = idParam(params.userId);
  const user = await userDetail(id);
  if (!user || user.role !== 'USER') throw notFound('회원을 찾을 수 없습니다.');
  const search = new URL(request.url).searchParams;
  if (!search.get('from') || !search.get('to')) return pageData({ user: { id: user.id, name: user.name }, portfolio: null, csvHref: '' });
  const period = await orRespond(async () => portfolioPeriod(search));
  const portfolio = await orRespond(() => portfolioForOperator(operator, requestOrigin(request), user.id, period, 'page'));
  return pageData({
    user: { id: user.id, name: user.name },
    portfolio,
    csvHref: `/super/user/${user.id}/portfolio.csv?from=${period.from}&to=${period.to}`,
  });
}

export default function OperatorPortfolio() {
  const { user, portfolio, csvHref } = useLoaderData<typeof loader>();
  const action = `/super/user/${user.id}/portfolio`;
  return (
    <section className="stack" aria-labelledby="portfolio-title">
      <p className="no-print">
        <Link to={`/super/user/${user.id}`}>‹ {user.name}</Link>
      </p>
      <h1 id="portfolio-title" className="page-title no-print">
        {user.name} 독서 포트폴리오 (정보 열람 요청)
      </h1>
      <p className="muted no-print">
        만들 때마다 감사 기록에 남습니다. 독서 노트는 학생이 고른 것만 싣기 때문에 이 사본에는 넣지 않습니다.
      </p>
      {portfolio ? (
        <>
          <PortfolioChoices portfolio={portfolio} action={action} csvHref={csvHref} withNotes={false} />
          <PortfolioSheet portfolio={portfolio} />
        </>
      ) : (
        <Form method="get" action={action} className="card inline-fields">
          <div className="field">
            <label htmlFor="from">시작일</label>
            <input id="from" type="date" name="from" required />
          </div>
          <div className="field">
            <label htmlFor="to">끝 날짜</label>
            <input id="to" type="date" name="to" required />
          </div>
          <div className="form-actions">
            <button type="submit">포트폴리오 만들기</button>
          </div>
        </Form>
      )}
    </section>
  );
}
