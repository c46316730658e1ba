import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { ImportFileForm } from '~/components/spreadsheet-import';
import { CAREER_FIELDS, GENRES } from '~/domain/catalogue';
import { formatDateTime } from '~/lib/dates';
import { firstError } from '~/components/form-client';
import { formAction } from '~/web/form-action.server';
import { pageData } from '~/web/http.server';
import {
  BOOK_IMPORT_COLUMNS,
  BOOK_IMPORT_UPLOAD,
  bookImportFileSchema,
  previewBookImport,
  recentBookImports,
} from '~/services/operators/book-import.server';

export const meta: MetaFunction = () => [{ title: '엑셀로 여러 권 등록 | 리드인 운영' }];

// Books in bulk (ADMIN1, ADMIN2, PRODUCT): a plain multipart form uploads an .xlsx or CSV (UTF-8 or CP949); the rows
// are checked and kept as a preview on /super/books/import/{id}, where nothing is added until the operator confirms.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request, { allow: ['PRODUCT'] });
  const recent = await recentBookImports();
  return pageData({
    headers: BOOK_IMPORT_COLUMNS.map((c) => c.header),
    recent: recent.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt) })),
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request, { allow: ['PRODUCT'] }),
    schema: bookImportFileSchema,
    upload: BOOK_IMPORT_UPLOAD,
    hideFields: ['file'],
    run: async ({ user, value: { file } }) => {
      const importId = await previewBookImport(user, file.name || '도서 목록', new Uint8Array(await file.arrayBuffer()));
      return redirect(`/super/books/import/${importId}`);
    },
  });
}

export default function ImportBooks() {
  const { headers, recent } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <section aria-labelledby="import-title" className="stack">
      <p>
        <Link to="/super/books">‹ 도서 목록</Link>
      </p>
      <h1 id="import-title" className="page-title">
        엑셀로 여러 권 등록
      </h1>
      <div className="card">
        <p>
          엑셀(.xlsx) 또는 CSV 파일로 여러 권을 한 번에 등록합니다. 첫 줄에 열 이름({headers.join(', ')})을 적고, 그 아래에 책을 한 줄에 한
          권씩 적어 주세요. 열의 순서는 상관없고, 영어 열 이름(title, author, publisher, isbn, pages, level, genre, careerFields, summary)도
          읽습니다.
        </p>
        <ul className="muted">
          <li>제목, 지은이, 출판사, 쪽수(1~5000), 읽기 수준(1~10, L3처럼 적어도 됩니다), 장르는 꼭 적어야 합니다.</li>
          <li>장르: {GENRES.map((g) => g.label).join(', ')}.</li>
          <li>진로 분야(선택, 쉼표로 여러 개): {CAREER_FIELDS.map((c) => c.label).join(', ')}.</li>
          <li>ISBN(선택)은 하이픈이 있어도 됩니다. 이미 도서 목록에 있는 ISBN이나 파일 안에서 겹치는 ISBN은 등록하지 않습니다.</li>
          <li>표지는 가져오지 않습니다. 제목으로 만든 표지를 쓰고, 도서 화면에서 표지를 올릴 수 있습니다.</li>
          <li>파일을 올리면 먼저 확인 화면이 나옵니다. 확인하기 전에는 아무 책도 등록되지 않습니다.</li>
        </ul>
        <p>
          양식 내려받기: <a href="/super/books/import/template.xlsx">엑셀 양식</a> · <a href="/super/books/import/template.csv">CSV 양식</a>
        </p>
      </div>
      <ImportFileForm label="도서 목록 파일 (.xlsx, .csv, 2MB 이하, 500권까지)" error={firstError(failed)} busy={busy} />
      <section aria-labelledby="recent-imports-title">
        <h2 id="recent-imports-title">최근 가져온 파일</h2>
        {recent.length === 0 ? (
          <p className="empty">아직 가져온 파일이 없습니다.</p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="sr-only">최근 가져온 도서 목록 파일</caption>
              <thead>
                <tr>
                  <th scope="col">파일</th>
                  <th scope="col">올린 사람</th>
                  <th scope="col">올린 시각</th>
                  <th scope="col">결과</th>
                </tr>
              </thead>
              <tbody>
                {recent.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <Link to={`/super/books/import/${r.id}`}>{r.fileName}</Link>
                    </td>
                    <td>{r.createdByName}</td>
                    <td>{r.createdAt}</td>
                    <td>{r.status === 'CONFIRMED' ? `${r.createdCount ?? 0}권 등록` : `확인 대기 (${r.rows}줄)`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}
