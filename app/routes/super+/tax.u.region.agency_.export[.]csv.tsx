import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireSuper } from '~/web/guards.server';
import { downloadStreamResponse } from '~/web/downloads.server';
import { settlementCsv } from '~/services/payments/settlement-export.server';
import { settlementScope } from '~/services/payments/settlement-report.server';

// The branch's settlement of a month as CSV (UTF-8 with BOM): the page's lines and its totals (the same scope rules),
// streamed a batch of lines at a time.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSuper(request, { allow: ['BRANCH'] });
  const { month, branchId } = settlementScope(user, new URL(request.url));
  return downloadStreamResponse(settlementCsv({ branchId, month }), `정산-${month}.csv`, 'csv');
}
