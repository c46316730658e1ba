import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { clientIp } from '~/auth/rate-limit.server';
import { isDomainError } from '~/lib/errors';
import { pageData, positiveInt, redirectWithFlash, refusedForm } from '~/web/http.server';
import { booksWithoutSet, createProblemSet, ProblemBankErrors } from '~/services/operators/problem-sets.server';
import { parseNewSetForm } from './__problem-forms.server';
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

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireSuper(request, { allow: ['PRODUCT'] });
  const submission = parseNewSetForm(await request.formData());
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 });
  try {
    const set = await createProblemSet(operator, submission.value, { address: clientIp(request), origin: new URL(request.url).origin });
    return redirectWithFlash(`/super/problems/${set.id}`, `'${set.title}' 문제 세트를 만들었습니다. 문제를 추가한 뒤 게시해 주세요.`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return refusedForm(submission, error, { [ProblemBankErrors.BOOK_HAS_SET]: 'bookId', [ProblemBankErrors.BOOK_NOT_FOUND]: 'bookId' });
  }
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
