import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireBasicPay } from '~/web/guards.server';
import { orRespond } from '~/web/http.server';
import { toCsv } from '~/lib/spreadsheets.server';
import { downloadResponse } from '~/web/downloads.server';
import { classProgress, progressQueryOf, progressTable } from '~/services/academy/progress.server';

// The class progress of the period as CSV (UTF-8 with BOM): the same rows and numbers as /admin/progress.
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireBasicPay(request);
  const progress = await orRespond(() => classProgress(staff, progressQueryOf(new URL(request.url).searchParams)));
  return downloadResponse(
    toCsv(progressTable(progress)),
    `학습 현황_${progress.chosen?.name ?? '반'}_${progress.period.from}_${progress.period.to}.csv`,
    'csv',
  );
}
