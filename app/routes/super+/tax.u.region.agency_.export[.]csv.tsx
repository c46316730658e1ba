import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireSuper } from '~/web/guards.server';
import { toCsv } from '~/lib/spreadsheets.server';
import { downloadResponse } from '~/web/downloads.server';
import { settlementReport, settlementScope, settlementTable } from '~/services/payments/settlement-report.server';

// The branch's settlement of a month as CSV (UTF-8 with BOM): the page's lines and its totals (the same scope rules).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSuper(request, { allow: ['BRANCH'] });
  const { month, branchId } = settlementScope(user, new URL(request.url));
  const report = await settlementReport({ branchId, month });
  return downloadResponse(toCsv(settlementTable(report)), `정산-${month}.csv`, 'csv');
}
