import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireHead } from '~/web/guards.server';
import { toXlsx } from '~/lib/spreadsheets.server';
import { downloadResponse } from '~/web/downloads.server';
import { templateTable } from '~/services/academy/roster-import.server';

// The roster template: the header row the import reads (이름, 아이디, 학년, 반, 학부모 연락처, 임시 비밀번호).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireHead(request, { basicPay: true });
  return downloadResponse(await toXlsx(templateTable(), '학생 명단'), '학생명단-양식.xlsx', 'xlsx');
}
