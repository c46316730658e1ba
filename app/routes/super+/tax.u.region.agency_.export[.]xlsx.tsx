import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireSuper } from '~/web/guards.server';
import { toXlsx } from '~/lib/spreadsheets.server';
import { downloadResponse } from '~/web/downloads.server';
import { settlementTable } from '~/services/payments/settlement-export.server';
import { settlementReport, settlementScope } from '~/services/payments/settlement-report.server';

// The branch's settlement of a month as an Excel workbook: the page's lines and its totals (the same scope rules).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSuper(request, { allow: ['BRANCH'] });
  const { month, branchId } = settlementScope(user, new URL(request.url));
  const report = await settlementReport({ branchId, month });
  return downloadResponse(await toXlsx(settlementTable(report), `${month} 정산`), `정산-${month}.xlsx`, 'xlsx');
}
