import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { useActionData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { formAction } from '~/web/form-action.server';
import { redirectWithFlash } from '~/web/http.server';
import { createBook } from '~/services/operators/catalogue.server';
import { BOOK_UPLOAD, bookFormSchema, coverBytes } from './__book-form.server';
import { BookForm } from './__book-form';

export const meta: MetaFunction = () => [{ title: '도서 등록 | 리드인 운영' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request, { allow: ['PRODUCT'] });
  return null;
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request, { allow: ['PRODUCT'] }),
    schema: bookFormSchema,
    upload: BOOK_UPLOAD,
    hideFields: ['cover'],
    run: async ({ user, request, value: { cover, ...input } }) => {
      const book = await createBook(user, input, await coverBytes(cover), requestOrigin(request));
      return redirectWithFlash(`/super/books/${book.id}`, `'${book.title}' 도서를 등록했습니다.`);
    },
  });
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
