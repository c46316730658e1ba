import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { ConfirmDialog } from '~/components/dialogs';
import { firstError, replyFor } from '~/components/form-client';
import { formAction } from '~/web/form-action.server';
import { redirectWithFlash } from '~/web/http.server';
import { ASSIGNMENT_MESSAGES as M, allowRetake, assignBook, excludeBook, setReadMethod } from '~/services/assignments.server';
import { bookOfStudent, studentBooksSchema } from '~/services/academy/student-books.server';
import { CsrfInput } from '~/components/csrf';
import { StudentBooksList } from './__student-books';
import type { loader } from './__student-books-page.server';

export { loader } from './__student-books-page.server';
import { FactList } from '~/components/fact-list';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.student.name ?? '학생'} 학생의 도서 | 리드인` }];

// A student's books as their teacher sees them (product.md §2/§3): assign a book with a read method, change the read
// method before the reading ends, allow a retake of a marked problem analysis, exclude a book (confirm step: the
// first 제외 asks '정말 제외할까요?' through `?exclude=<id>`, which works without JavaScript). Needs this month's
// basic payment like the student list; a student of another academy is 404. The list is in ./__student-books.tsx.

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireBasicPay(request),
    ids: ['studentId'],
    notFound: M.studentNotFound,
    schema: studentBooksSchema,
    unknownIntent: '요청을 처리할 수 없습니다.',
    run: async ({ user, ids: { studentId }, value, request }) => {
      const page = new URL(request.url).searchParams.get('page');
      const back = `/admin/students/${studentId}${page ? `?page=${encodeURIComponent(page)}` : ''}`;
      if (value.intent === 'assign') {
        const result = await assignBook(user, studentId, { bookId: value.bookId, readMethod: value.readMethod ?? '' });
        return redirectWithFlash(back, M.assigned(result.title));
      }
      await bookOfStudent(user, studentId, value.resultBookId);
      switch (value.intent) {
        case 'readMethod': {
          const result = await setReadMethod(user, value.resultBookId, value.readMethod ?? '');
          return redirectWithFlash(back, M.readMethodSaved(result.title, result.label));
        }
        case 'retake': {
          const result = await allowRetake(user, value.resultBookId);
          return redirectWithFlash(back, M.retakeAllowed(result.title));
        }
        case 'exclude': {
          const result = await excludeBook(user, value.resultBookId);
          return redirectWithFlash(back, M.excludedDone(result.title));
        }
      }
    },
  });
}

export default function AdminStudentBooks() {
  const data = useLoaderData<typeof loader>();
  const { student, books, page, confirmExclude } = data;
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const base = `/admin/students/${student.id}`;
  const here = page > 1 ? `${base}?page=${page}` : base;
  const postTo = page > 1 ? `?page=${page}` : undefined;
  const assignError = firstError(replyFor(reply, 'assign'));
  // A row's refusal is shown in its row; one of a book not on this page (or of a stale form) above the page.
  const failedRow = reply && !replyFor(reply, 'assign') ? Number(reply.initialValue?.resultBookId) || 0 : null;
  const rowError = (id: number) => (failedRow === id ? firstError(reply) : null);
  const generalError = failedRow !== null && !books.some((b) => b.resultBookId === failedRow) ? firstError(reply) : null;
  return (
    <section aria-labelledby="student-books-title" className="stack student-books-page">
      <p>
        <Link to="/admin/students">← 학생 관리</Link> · <Link to={`/admin/students/${student.id}/overview`}>학생 한눈에 보기</Link> ·{' '}
        <Link to={`/admin/students/${student.id}/parents`}>보호자</Link>
      </p>
      <h1 id="student-books-title" className="page-title">
        {student.name} 학생의 도서
      </h1>
      {confirmExclude ? (
        <ConfirmDialog
          key={confirmExclude.resultBookId}
          title="도서 제외"
          icon="warning"
          message={
            <p>
              &lsquo;{confirmExclude.title}&rsquo; ({confirmExclude.statusLabel}) 정말 제외할까요? 제외한 도서는 학생 화면에 보이지
              않습니다.
            </p>
          }
          close={{ label: '취소', href: here }}
          confirm={{
            form: (
              <Form method="post" action={postTo}>
                <CsrfInput />
                <input type="hidden" name="intent" value="exclude" />
                <input type="hidden" name="resultBookId" value={confirmExclude.resultBookId} />
                <button type="submit" className="button danger" disabled={busy}>
                  제외
                </button>
              </Form>
            ),
          }}
        />
      ) : null}
      <FactList
        facts={[
          ['이름', student.name],
          ['아이디', student.loginId],
          ['학년', student.grade ?? '-'],
          ['레벨', student.level ?? '-'],
        ]}
      />

      {generalError ? (
        <div className="alert error" role="alert">
          {generalError}
        </div>
      ) : null}

      <section aria-labelledby="assign-title" className="card stack">
        <h2 id="assign-title">도서 배정</h2>
        {assignError ? (
          <p className="alert error" role="alert">
            {assignError}
          </p>
        ) : null}
        <p>도서 배정에서 책을 찾아 고르면 이 학생에게 배정합니다. 여러 권을 한 번에 고를 수 있고, 이미 있는 책은 건너뜁니다.</p>
        <p>
          <Link className="button" to={`/admin/assign?target=students&student=${student.id}`}>
            {student.name} 학생에게 도서 배정하기
          </Link>
        </p>
      </section>

      <StudentBooksList data={data} rowError={rowError} />
    </section>
  );
}
