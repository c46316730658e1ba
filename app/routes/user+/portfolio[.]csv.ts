import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/web/guards.server';
import { orRespond } from '~/web/http.server';
import { toCsv } from '~/lib/spreadsheets.server';
import { downloadResponse } from '~/web/downloads.server';
import { portfolioFileName, portfolioPeriod, portfolioTable, readingPortfolio } from '~/services/portfolio.server';

// The student's reading portfolio of the period as CSV (UTF-8 with BOM, for Korean Excel): the page's rows.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const portfolio = await orRespond(async () => readingPortfolio(user.id, portfolioPeriod(new URL(request.url).searchParams)));
  return downloadResponse(toCsv(portfolioTable(portfolio)), portfolioFileName(portfolio), 'csv');
}
