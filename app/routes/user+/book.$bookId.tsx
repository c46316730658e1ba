import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { firstError } from '~/components/form-client';
import { requireUser } from '~/web/guards.server';
import { LikeButton } from '~/components/book-card';
import { BookCover, ReadMethodSelect } from '~/components/reading';
import { careerFieldLabel, careersOf, genreLabel, levelLabel } from '~/domain/catalogue';
import { ReadMethod, type BookStatus } from '~/domain/enums';
import { BOOK_STATUS_LABELS } from '~/domain/reading';
import { formAction, z } from '~/web/form-action.server';
import { idParam, orRespond, redirectWithFlash } from '~/web/http.server';
import { MESSAGES } from '~/messages';
import { addOwnBook, ownReadMethodChoices } from '~/services/own-books.server';
import { getBook } from '~/services/library.server';
import { nextStep } from '~/services/reports.server';
import { CsrfInput } from '~/components/csrf';

// A catalogue book: what it is, the careers it leads to, likes, and "put it on my list" (addReadinBookResult,
// docs/decisions/010): an individual member picks the read method, an academy student's teacher will.

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.book.title ?? '도서'} | 리드인` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const bookId = idParam(params.bookId, MESSAGES.bookNotFound);
  const [book, methods] = await orRespond(() => Promise.all([getBook(user.id, bookId), ownReadMethodChoices(user.id)]));
  const next = book.mine ? nextStep(book.mine.status, book.mine.resultBookId) : null;
  return json({
    book,
    mine: book.mine ? { ...book.mine, statusLabel: BOOK_STATUS_LABELS[book.mine.status as BookStatus] ?? '', next } : null,
    methods,
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireUser(request, { role: 'USER' }),
    ids: ['bookId'],
    notFound: MESSAGES.bookNotFound,
    schema: z.object({ intent: z.literal('add'), readMethod: z.string().optional() }),
    unknownIntent: '요청을 처리할 수 없습니다.',
    run: async ({ user, ids: { bookId }, value }) => {
      const added = await addOwnBook(user.id, bookId, value.readMethod);
      return redirectWithFlash(nextStep(added.status, added.resultBookId)?.href ?? '/user/activity', added.message);
    },
  });
}

export default function BookPage() {
  const { book, mine, methods } = useLoaderData<typeof loader>();
  const failed = firstError(useActionData<typeof action>());
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="page stack">
      <p className="muted">
        <Link to="/user/recommend">← 추천 도서</Link>
      </p>
      <article className="card book-detail">
        <BookCover bookId={book.id} title={book.title} size="lg" />
        <div>
          <h1>{book.title}</h1>
          <p className="muted">
            {book.author} · {book.publisher} · {book.totalPages}쪽
          </p>
          <p className="tags">
            <span className="badge">{levelLabel(book.level)}</span>
            <span className="badge neutral">{genreLabel(book.genre)}</span>
          </p>
          <p>{book.summary}</p>
          <h2 className="h3">이 책과 이어지는 진로</h2>
          <ul>
            {book.careerFields.map((f) => (
              <li key={f}>
                <strong>{careerFieldLabel(f)}</strong>: {careersOf(f).join(', ')}
              </li>
            ))}
          </ul>
          <p className="muted">이 책을 좋아하는 친구 {book.likes}명</p>
          <LikeButton bookId={book.id} liked={book.liked} redirectTo={`/user/book/${book.id}`} />
          <section className="own-book" aria-labelledby="own-book-title">
            <h2 className="h3" id="own-book-title">
              내 책 목록
            </h2>
            {mine ? (
              <p>
                내 책 목록에 있는 도서입니다 (<strong>{mine.statusLabel}</strong>).{' '}
                {mine.next ? <Link to={mine.next.href}>{mine.next.label} →</Link> : <Link to="/user/activity">내 활동 보기 →</Link>}
              </p>
            ) : (
              <Form method="post" className="stack">
                <CsrfInput />
                <input type="hidden" name="intent" value="add" />
                {failed ? (
                  <p className="alert error" role="alert">
                    {failed}
                  </p>
                ) : null}
                {methods ? (
                  <div className="field">
                    <label htmlFor="readMethod">읽기 방식</label>
                    <ReadMethodSelect id="readMethod" methods={methods} defaultValue={ReadMethod.FREE} />
                  </div>
                ) : (
                  <p className="muted field-hint">담은 책의 읽기 방식은 선생님이 정합니다.</p>
                )}
                <div className="form-actions">
                  <button type="submit" disabled={busy}>
                    읽을 책으로 담기
                  </button>
                </div>
              </Form>
            )}
          </section>
        </div>
      </article>
    </div>
  );
}
