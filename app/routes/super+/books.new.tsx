import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { clientIp } from '~/auth/rate-limit.server';
import { isDomainError } from '~/lib/errors';
import { redirectWithFlash } from '~/web/http.server';
import { createBook } from '~/services/operators/catalogue.server';
import { parseBookForm, readBookPost } from './__book-form.server';
import { BookForm } from './__book-form';

export const meta: MetaFunction = () => [{ title: '도서 등록 | 리드인 운영' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request, { allow: ['PRODUCT'] });
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireSuper(request, { allow: ['PRODUCT'] });
  let formData;
  try {
    formData = await readBookPost(request);
  } catch (error) {
    if (isDomainError(error)) return json({ status: 'error' as const, error: { '': [error.message] } }, { status: error.status });
    throw error;
  }
  const { submission, cover } = await parseBookForm(formData);
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 });
  try {
    const book = await createBook(operator, submission.value, cover, { address: clientIp(request), origin: new URL(request.url).origin });
    return redirectWithFlash(`/super/books/${book.id}`, `'${book.title}' 도서를 등록했습니다.`);
  } catch (error) {
    if (isDomainError(error)) return json(submission.reply({ formErrors: [error.message] }), { status: error.status });
    throw error;
  }
}

export default function NewBook() {
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="new-book-title" className="stack">
      <p>
        <Link to="/super/books">‹ 도서 목록</Link>
      </p>
      <h1 id="new-book-title" className="page-title">
        도서 등록
      </h1>
      <div className="card">
        <BookForm
          lastResult={lastResult}
          submitLabel="등록하기"
          hasCover={false}
          defaults={{ title: '', author: '', publisher: '', isbn: '', totalPages: '', level: '', genre: '', careerFields: [], summary: '' }}
        />
      </div>
    </section>
  );
}
