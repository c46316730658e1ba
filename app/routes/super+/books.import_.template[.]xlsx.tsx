import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireSuper } from '~/web/guards.server';
import { toXlsx } from '~/lib/spreadsheets.server';
import { downloadResponse } from '~/web/downloads.server';
import { bookTemplateTable } from '~/services/operators/book-import.server';

// The template of the books' bulk import: the header row it reads (제목, 지은이, 출판사, ISBN, 쪽수, 읽기 수준, 장르, 진로 분야, 소개).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request, { allow: ['PRODUCT'] });
  return downloadResponse(await toXlsx(bookTemplateTable(), '도서 목록'), '도서목록-양식.xlsx', 'xlsx');
}
