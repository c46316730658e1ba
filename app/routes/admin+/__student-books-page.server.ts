import type { LoaderFunctionArgs, SerializeFrom } from '@remix-run/node';
import { requireBasicPay } from '~/web/guards.server';
import { formatKoreanDate } from '~/lib/dates';
import { orRespond, pageData, pageParam, positiveInt } from '~/web/http.server';
import { ASSIGNABLE_READ_METHODS, listStudentBooks, readMethodChoiceLabel } from '~/services/assignments.server';
import { bookToExclude } from '~/services/academy/student-books.server';

// The server side of a student's books (students_.$studentId.tsx): its loader, re-exported by the route, and the
// page's data type. The list (__student-books.tsx) reads that type from here, so neither imports the route.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const studentId = positiveInt(params.studentId) ?? 0;
  const url = new URL(request.url);
  const [list, confirmExclude] = await orRespond(() =>
    Promise.all([
      listStudentBooks(user, studentId, pageParam(request)),
      bookToExclude(user, studentId, positiveInt(url.searchParams.get('exclude'))),
    ]),
  );
  return pageData({
    ...list,
    books: list.books.map((b) => ({ ...b, assignedAt: formatKoreanDate(b.assignedAt) })),
    methods: ASSIGNABLE_READ_METHODS.map((m) => ({ value: m, label: readMethodChoiceLabel(m) })),
    confirmExclude: confirmExclude && {
      resultBookId: confirmExclude.resultBookId,
      title: confirmExclude.title,
      statusLabel: confirmExclude.statusLabel,
    },
  });
}

export type StudentBooksPage = SerializeFrom<typeof loader>;
