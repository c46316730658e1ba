import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireBasicPay } from '~/web/guards.server';
import { seoulDay } from '~/lib/dates';
import { orRespond } from '~/web/http.server';
import { toXlsx } from '~/lib/spreadsheets.server';
import { downloadResponse } from '~/web/downloads.server';
import { rosterFilter, rosterTable } from '~/services/academy/roster.server';

// The roster in the staff member's scope (a teacher: their classes' students), with the list's filters, as an Excel workbook.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const table = await orRespond(() => rosterTable(user, rosterFilter(request)));
  return downloadResponse(await toXlsx(table, '학생 명단'), `학생명단-${seoulDay()}.xlsx`, 'xlsx');
}
