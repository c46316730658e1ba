import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { CsrfInput } from '~/components/csrf';
import { requireSuper } from '~/web/guards.server';
import { BOOK_STATUSES } from '~/domain/catalogue';
import { withParticle } from '~/domain/korean';
import { ITEM_STATUS_LABELS } from '~/domain/operators';
import { firstError, replyFor } from '~/components/form-client';
import { formAction } from '~/web/form-action.server';
import { idParam, notFound, redirectWithFlash } from '~/web/http.server';
import { catalogueBook, setBookStatus, updateBook } from '~/services/operators/catalogue.server';
import { setsOfBook } from '~/services/operators/problem-sets.server';
import { BOOK_UPLOAD, bookPageSchema, coverBytes } from './__book-form.server';
import { BookForm } from './__book-form';
import { Options, choices } from '~/components/filter-select';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.book.title ?? '도서'} | 도서 관리 | 리드인 운영` }];

// One catalogue book: edit its fields and cover, and its item status. INACTIVE takes it out of search,
// recommendations and assignment at once; the students who have it keep it in their history.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSuper(request, { allow: ['PRODUCT'] });
  const book = await catalogueBook(idParam(params.bookId));
  if (!book) throw notFound('도서를 찾을 수 없습니다.');
  return json({
    book: {
      id: book.id,
      title: book.title,
      author: book.author,
      publisher: book.publisher,
      isbn: book.isbn ?? '',
      totalPages: book.totalPages,
      level: book.level,
      genre: book.genre,
      careerFields: book.careerFields,
      summary: book.summary,
      status: book.status,
      hasCover: Boolean(book.coverImage),
    },
    sets: await setsOfBook(book.id),
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request, { allow: ['PRODUCT'] }),
    ids: ['bookId'],
    schema: bookPageSchema,
    upload: BOOK_UPLOAD,
    hideFields: ['cover'],
    run: async ({ user, request, ids: { bookId: id }, value }) => {
      const here = `/super/books/${id}`;
      if (value.intent === 'status') {
        const result = await setBookStatus(user, id, value.status, requestOrigin(request));
        return redirectWithFlash(
          here,
          result.changed
            ? `'${result.title}' 도서를 ${withParticle(`'${ITEM_STATUS_LABELS[value.status]}'`, '으로/로')} 바꿨습니다.`
            : '바뀐 상태가 없습니다.',
        );
      }
      const { intent: _, cover, ...input } = value;
      const book = await updateBook(user, id, input, await coverBytes(cover), requestOrigin(request));
      return redirectWithFlash(here, `'${book.title}' 도서를 저장했습니다.`);
    },
  });
}

export default function CatalogueBook() {
  const { book, sets } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const statusError = firstError(replyFor(reply, 'status'));
  // The book form's reply (a refusal of the multipart body itself names no form: it is shown there too).
  const formResult = reply && !replyFor(reply, 'status') ? reply : null;
  return (
    <section aria-labelledby="book-title" className="stack">
      <p>
        <Link to="/super/books">‹ 도서 목록</Link>
      </p>
      <div className="book-detail">
        <img src={`/resources/covers/${book.id}`} alt={`${book.title} 표지`} width={120} height={168} className="cover" />
        <div>
          <h1 id="book-title" className="page-title">
            {book.title}
          </h1>
          <p className="muted">
            {book.author} · {book.publisher} · 지금 상태: {ITEM_STATUS_LABELS[book.status]}
          </p>
        </div>
      </div>
      <section className="card stack" aria-labelledby="book-sets-title">
        <h2 id="book-sets-title">문제 세트</h2>
        {sets.length === 0 ? (
          <>
            <p className="muted">이 도서의 문제 분석 세트가 아직 없습니다. 세트를 만들고 게시하면 학생이 다 읽은 뒤 풀 수 있습니다.</p>
            <p>
              <Link to={`/super/problems/new?bookId=${book.id}`} className="button">
                새 문제 세트
              </Link>
            </p>
          </>
        ) : (
          <ul>
            {sets.map((s) => (
              <li key={s.id}>
                <Link to={`/super/problems/${s.id}`}>{s.title}</Link>{' '}
                <span className="muted">
                  · {s.currentVersion ? `학생이 푸는 버전 v${s.currentVersion}` : '게시 전'}
                  {s.draftVersion ? ` · v${s.draftVersion} 초안 편집 중` : ''} · {ITEM_STATUS_LABELS[s.status]}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card stack" aria-labelledby="status-title">
        <h2 id="status-title">상태</h2>
        <p className="muted">
          &lsquo;사용 안 함&rsquo;으로 바꾸면 검색, 추천, 배정에서 바로 빠집니다. 이미 읽은 학생의 기록에는 그대로 남습니다.
        </p>
        <Form method="post" encType="multipart/form-data" className="inline-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="status" />
          <label htmlFor="status">바꿀 상태</label>
          <select id="status" name="status" defaultValue={book.status}>
            <Options options={choices(BOOK_STATUSES, ITEM_STATUS_LABELS)} />
          </select>
          <button type="submit" className="small" disabled={busy}>
            상태 바꾸기
          </button>
        </Form>
        {statusError ? (
          <p className="alert error" role="alert">
            {statusError}
          </p>
        ) : null}
      </section>
      <section className="card" aria-labelledby="edit-title">
        <h2 id="edit-title">도서 정보</h2>
        <BookForm
          lastResult={formResult}
          submitLabel="저장하기"
          hasCover={book.hasCover}
          defaults={{
            title: book.title,
            author: book.author,
            publisher: book.publisher,
            isbn: book.isbn,
            totalPages: book.totalPages,
            level: book.level,
            genre: book.genre,
            careerFields: book.careerFields,
            summary: book.summary,
          }}
        />
      </section>
    </section>
  );
}
