import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { CsrfInput } from '~/components/csrf';
import { ImportRowResult, ImportSummary } from '~/components/spreadsheet-import';
import { genreLabel } from '~/domain/catalogue';
import { BOOK_IMPORT_MESSAGES } from '~/domain/operators';
import { formatDateTime } from '~/lib/dates';
import { firstError } from '~/components/form-client';
import { formAction, z } from '~/web/form-action.server';
import { idParam, orRespond, pageData, redirectWithFlash } from '~/web/http.server';
import { confirmBookImport, getBookImport } from '~/services/operators/book-import.server';
import {} from './__book-form.server';
import { SubmitButton } from '~/components/form-actions';

export const meta: MetaFunction = () => [{ title: '도서 목록 확인 | 리드인 운영' }];

// The preview of an uploaded book list: every row as read, with its errors, and the counts. 등록하기 adds the valid
// rows in one transaction and comes back here (post-redirect-get) to show what each row became; a second confirm
// (a double submit, the back button) adds nothing and says so.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSuper(request, { allow: ['PRODUCT'] });
  const found = await orRespond(() => getBookImport(idParam(params.importId, BOOK_IMPORT_MESSAGES.notFound)));
  return pageData({
    ...found,
    createdAt: formatDateTime(found.createdAt),
    confirmedAt: found.confirmedAt ? formatDateTime(found.confirmedAt) : null,
    rows: found.rows.map((r) => ({
      line: r.line,
      title: r.cells.title,
      author: r.cells.author,
      publisher: r.cells.publisher,
      isbn: r.book?.isbn ?? r.cells.isbn,
      totalPages: r.cells.totalPages,
      level: r.book ? `L${r.book.level}` : r.cells.level,
      genre: r.book ? genreLabel(r.book.genre) : r.cells.genre,
      errors: r.errors,
      outcome: r.outcome ?? null,
      bookId: r.bookId ?? null,
      skipReason: r.skipReason ?? null,
    })),
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request, { allow: ['PRODUCT'] }),
    ids: ['importId'],
    notFound: BOOK_IMPORT_MESSAGES.notFound,
    schema: z.object({}),
    run: async ({ user, request, ids: { importId } }) => {
      const here = `/super/books/import/${importId}`;
      const result = await confirmBookImport(user, importId, requestOrigin(request));
      if (result.alreadyConfirmed)
        return redirectWithFlash(here, '이미 등록을 마친 파일입니다. 이번에는 새로 등록한 책이 없습니다.', 'info');
      return redirectWithFlash(
        here,
        `${result.created}권을 등록했습니다.${result.skipped ? ` 오류가 있거나 이미 있는 ${result.skipped}줄은 건너뛰었습니다.` : ''}`,
      );
    },
  });
}

export default function BookImportPreview() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const confirmed = data.status === 'CONFIRMED';
  return (
    <section aria-labelledby="preview-title" className="stack">
      <p>
        <Link to="/super/books">‹ 도서 목록</Link> · <Link to="/super/books/import">다른 파일 가져오기</Link>
      </p>
      <h1 id="preview-title" className="page-title">
        {confirmed ? '도서 가져오기 결과' : '도서 목록 확인'}
      </h1>
      <p className="muted">
        {data.fileName} · {data.createdByName} · 올린 시각 {data.createdAt}
        {data.confirmedAt ? ` · 등록 시각 ${data.confirmedAt}` : ''}
      </p>
      {confirmed ? (
        <p className="card">
          이 파일로 {data.createdCount ?? 0}권을 등록했고 {data.counts.total - (data.createdCount ?? 0)}줄은 건너뛰었습니다.{' '}
          <Link to="/super/books">도서 목록에서 보기</Link>
        </p>
      ) : (
        <ImportSummary counts={data.counts} what={['책', '권']} error={firstError(failed)}>
          <Form method="post">
            <CsrfInput />
            <SubmitButton busy={busy} label={`${data.counts.valid}권 등록하기`} busyLabel="등록하는 중…" />
          </Form>
        </ImportSummary>
      )}
      <div className="table-wrap">
        <table className="table">
          <caption className="sr-only">파일의 줄마다 확인한 결과</caption>
          <thead>
            <tr>
              <th scope="col">줄</th>
              <th scope="col">제목</th>
              <th scope="col">지은이</th>
              <th scope="col">출판사</th>
              <th scope="col">ISBN</th>
              <th scope="col">쪽수</th>
              <th scope="col">수준</th>
              <th scope="col">장르</th>
              <th scope="col">확인 결과</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((r) => (
              <tr key={r.line} className={r.errors.length ? 'row-error' : undefined}>
                <td>{r.line}</td>
                <td>{r.bookId ? <Link to={`/super/books/${r.bookId}`}>{r.title}</Link> : r.title || '-'}</td>
                <td>{r.author || '-'}</td>
                <td>{r.publisher || '-'}</td>
                <td>{r.isbn || '-'}</td>
                <td>{r.totalPages || '-'}</td>
                <td>{r.level || '-'}</td>
                <td>{r.genre || '-'}</td>
                <td>
                  <ImportRowResult outcome={r.outcome} skipReason={r.skipReason} errors={r.errors} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
