import { getFormProps, getTextareaProps, useForm } from '~/components/form-client';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import type { z } from 'zod';
import { requireUser } from '~/web/guards.server';
import { BookCover, StatusBadge } from '~/components/reading';
import { BookStatus } from '~/domain/enums';
import { READING_ERRORS } from '~/domain/reading';
import { formAction } from '~/web/form-action.server';
import { idParam, orRespond, pageData, redirectWithFlash } from '~/web/http.server';
import { getBeforePage, submitBeforeReading } from '~/services/reading/before.server';
import { schema } from './__before-schema.server';
import { CsrfInput } from '~/components/csrf';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `읽기 전 활동 · ${data?.book.title ?? ''} | 리드인` }];

/** What the browser checks before a round trip (the schema above stays the authority). */
const CONSTRAINT = {
  prediction: { required: true, minLength: 5, maxLength: 1000 },
  whatIKnow: { required: true, minLength: 5, maxLength: 1000 },
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const { book, answer } = await orRespond(() => getBeforePage(user.id, idParam(params.resultBookId, READING_ERRORS.BOOK_NOT_FOUND)));
  return pageData({
    book: { id: book.resultBookId, bookId: book.bookId, title: book.title, author: book.author, status: book.status },
    answer: answer ? { prediction: answer.prediction, whatIKnow: answer.whatIKnow } : null,
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireUser(request, { role: 'USER' }),
    ids: ['resultBookId'],
    notFound: READING_ERRORS.BOOK_NOT_FOUND,
    schema,
    run: async ({ user, ids: { resultBookId: id }, value }) => {
      await submitBeforeReading(user.id, id, value);
      return redirectWithFlash(`/user/activity/readingBook/${id}`, '읽기 전 활동을 마쳤어요. 이제 읽기를 시작해 보세요.');
    },
  });
}

export default function BeforeReading() {
  const { book, answer } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  // Native constraints only (docs/decisions/011): the server's zod reply is the one validation.
  const [form, fields] = useForm<z.input<typeof schema>>({ lastResult, constraint: CONSTRAINT });
  return (
    <div className="page stack">
      <p className="muted">
        <Link to="/user/before">← 읽기 전 활동</Link>
      </p>
      <section className="card book-row" aria-labelledby="before-title">
        <BookCover bookId={book.bookId} title={book.title} size="lg" />
        <div className="stack">
          <div>
            <h1 id="before-title">{book.title}</h1>
            <p className="muted">{book.author}</p>
            <StatusBadge status={book.status} />
          </div>
          {answer ? (
            <div className="stack">
              <h2>내가 쓴 읽기 전 활동</h2>
              <h3>표지와 제목을 보고 한 예측</h3>
              <p>{answer.prediction}</p>
              <h3>이미 알고 있던 것</h3>
              <p>{answer.whatIKnow}</p>
              <Link className="button" to={`/user/activity/readingBook/${book.id}`}>
                읽기 화면으로
              </Link>
            </div>
          ) : book.status !== BookStatus.WAITING ? (
            <p className="alert info">{READING_ERRORS.INVALID_BOOK_STATUS}</p>
          ) : (
            <Form method="post" {...getFormProps(form)}>
              <CsrfInput />
              {form.errors?.length ? (
                <div className="alert error" role="alert" id={form.errorId}>
                  {form.errors[0]}
                </div>
              ) : null}
              <div className="field">
                <label htmlFor={fields.prediction.id}>표지와 제목을 보고, 어떤 이야기일지 예측해 보세요</label>
                <textarea {...getTextareaProps(fields.prediction)} />
                {fields.prediction.errors ? (
                  <p className="field-error" id={fields.prediction.errorId}>
                    {fields.prediction.errors[0]}
                  </p>
                ) : null}
              </div>
              <div className="field">
                <label htmlFor={fields.whatIKnow.id}>이 책의 주제나 작가에 대해 이미 알고 있는 것</label>
                <textarea {...getTextareaProps(fields.whatIKnow)} />
                {fields.whatIKnow.errors ? (
                  <p className="field-error" id={fields.whatIKnow.errorId}>
                    {fields.whatIKnow.errors[0]}
                  </p>
                ) : null}
              </div>
              <div className="form-actions">
                <button type="submit" disabled={navigation.state === 'submitting'}>
                  읽기 전 활동 제출
                </button>
              </div>
            </Form>
          )}
        </div>
      </section>
    </div>
  );
}
