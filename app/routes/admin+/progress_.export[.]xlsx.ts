import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireBasicPay } from '~/web/guards.server';
import { orRespond } from '~/web/http.server';
import { toXlsx } from '~/lib/spreadsheets.server';
import { downloadResponse } from '~/web/downloads.server';
import { classProgress, progressQueryOf, progressTable } from '~/services/academy/progress.server';

// The class progress of the period as an Excel file: the same rows and numbers as /admin/progress (every page).
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireBasicPay(request);
  const progress = await orRespond(() => classProgress(staff, progressQueryOf(new URL(request.url).searchParams)));
  const body = await toXlsx(progressTable(progress), '학습 현황');
  return downloadResponse(body, `학습 현황_${progress.chosen?.name ?? '반'}_${progress.period.from}_${progress.period.to}.xlsx`, 'xlsx');
}
