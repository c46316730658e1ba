import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { formAction } from '~/web/form-action.server';
import { pageData, positiveInt, redirectWithFlash } from '~/web/http.server';
import { booksWithoutSet, createProblemSet } from '~/services/operators/problem-sets.server';
import { newSetSchema, SET_FIELDS } from './__problem-forms.server';
import { SetForm } from './__problem-forms';

export const meta: MetaFunction = () => [{ title: '새 문제 세트 | 리드인 운영' }];

// A new problem set: a book's analysis (from the book's page, the book is chosen already), a course test or a subject
// test. It starts as an empty draft (version 1) that students do not see until it is published.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request, { allow: ['PRODUCT'] });
  const bookId = positiveInt(new URL(request.url).searchParams.get('bookId'));
  const books = await booksWithoutSet();
  const chosen = books.find((b) => b.id === bookId);
  return pageData({ books, bookId: chosen?.id ?? null });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request, { allow: ['PRODUCT'] }),
    schema: newSetSchema,
    fields: SET_FIELDS,
    run: async ({ user, request, value }) => {
      const set = await createProblemSet(user, value, requestOrigin(request));
      return redirectWithFlash(`/super/problems/${set.id}`, `'${set.title}' 문제 세트를 만들었습니다. 문제를 추가한 뒤 게시해 주세요.`);
    },
  });
}

export default function NewProblemSet() {
  const { books, bookId } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="new-set-title" className="stack">
      <p>
        <Link to="/super/problems">‹ 문제 세트 목록</Link>
      </p>
      <h1 id="new-set-title" className="page-title">
        새 문제 세트
      </h1>
      <p className="muted">만든 세트는 빈 초안(v1)에서 시작합니다. 문제를 추가하고 게시하면 학생에게 보입니다.</p>
      <div className="card">
        <SetForm
          lastResult={lastResult}
          books={books}
          submitLabel="만들기"
          defaults={{
            kind: bookId ? 'BOOK_ANALYSIS' : '',
            bookId: bookId ?? '',
            title: '',
            description: '',
            subject: '',
            passage: '',
            level: '',
          }}
        />
      </div>
    </section>
  );
}
