import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireBasicPay } from '~/web/guards.server';
import { seoulDay } from '~/lib/dates';
import { orRespond } from '~/web/http.server';
import { toCsv } from '~/lib/spreadsheets.server';
import { downloadResponse } from '~/web/downloads.server';
import { rosterFilter, rosterTable } from '~/services/academy/roster.server';

// The roster in the staff member's scope (a teacher: their classes' students), with the list's filters, as CSV (UTF-8 with a BOM, formula cells escaped).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const table = await orRespond(() => rosterTable(user, rosterFilter(request)));
  return downloadResponse(toCsv(table), `학생명단-${seoulDay()}.csv`, 'csv');
}
