import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireSuper } from '~/web/guards.server';
import { requestOrigin } from '~/web/origin.server';
import { idParam, notFound, orRespond } from '~/web/http.server';
import { toCsv } from '~/lib/spreadsheets.server';
import { downloadResponse } from '~/web/downloads.server';
import { userDetail } from '~/services/operators/users.server';
import { portfolioFileName, portfolioForOperator, portfolioPeriod, portfolioTable } from '~/services/portfolio.server';

// A member's reading portfolio as CSV for a data-access request: audited like the page.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const operator = await requireSuper(request);
  const user = await userDetail(idParam(params.userId));
  if (!user || user.role !== 'USER') throw notFound('회원을 찾을 수 없습니다.');
  const period = await orRespond(async () => portfolioPeriod(new URL(request.url).searchParams));
  const portfolio = await orRespond(() => portfolioForOperator(operator, requestOrigin(request), user.id, period, 'csv'));
  return downloadResponse(toCsv(portfolioTable(portfolio)), portfolioFileName(portfolio), 'csv');
}
