import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { CsrfInput } from '~/components/csrf';
import { ConfirmDialog } from '~/components/dialogs';
import { firstError } from '~/components/form-client';
import { formAction } from '~/web/form-action.server';
import { redirectWithFlash } from '~/web/http.server';
import { CLASS_FIELDS, CLASS_MESSAGES as M, classPageSchema } from '~/services/academy/classes.server';
import {
  addClassTeacher,
  addStudentsToClass,
  closeClass,
  removeClassTeacher,
  removeStudentFromClass,
  renameClass,
} from '~/services/academy/class-changes.server';
import { SCOPE_MESSAGES } from '~/services/academy/scope.server';
import { clearClassGoal, GOAL_MESSAGES, setClassGoal } from '~/services/academy/goals.server';
import { ClassGoal } from './__class-goal';
import { AddStudents, ClassHistory, ClassSettings, ClassStudents, ClassTeachers, IN_PLACE } from './__class-sections';
import type { loader } from './__class-page.server';
import { withParticle } from '~/domain/korean';

export { loader } from './__class-page.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.class.name ?? '반'} | 리드인` }];

// One class: its teachers, its students now and its former members. The head renames it, closes it (a confirm step
// through `?close=1`, which works without JavaScript), chooses its teachers and adds students from the academy's list
// (searchable, a page at a time; a student in another class is moved) or takes them out. A teacher sees the classes
// they teach; another class's id answers 404. The page's sections are in ./__class-sections.tsx.

/** The candidates' search and page (the list the head was on), kept after adding students. */
function listSearch(request: Request) {
  const url = new URL(request.url);
  const kept = new URLSearchParams();
  for (const key of ['q', 'page']) {
    const value = url.searchParams.get(key);
    if (value) kept.set(key, value);
  }
  return kept.size ? `?${kept}` : '';
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireBasicPay(request),
    ids: ['classId'],
    notFound: SCOPE_MESSAGES.classNotFound,
    schema: classPageSchema,
    fields: CLASS_FIELDS,
    unknownIntent: '요청을 처리할 수 없습니다.',
    run: async ({ user, ids: { classId }, value, request }) => {
      const back = `/admin/classes/${classId}`;
      switch (value.intent) {
        case 'rename': {
          const result = await renameClass(user, classId, value.name);
          return redirectWithFlash(back, M.renamed(result.name));
        }
        case 'close': {
          const result = await closeClass(user, classId);
          return redirectWithFlash(back, M.closedDone(result.name, result.left));
        }
        case 'addTeacher': {
          const result = await addClassTeacher(user, classId, value.teacherId);
          return redirectWithFlash(back, M.teacherAdded(result.name));
        }
        case 'removeTeacher': {
          const result = await removeClassTeacher(user, classId, value.teacherId);
          return redirectWithFlash(back, M.teacherRemoved(result.name));
        }
        case 'addStudents': {
          const result = await addStudentsToClass(user, classId, value.studentId);
          return redirectWithFlash(`${back}${listSearch(request)}`, M.studentsAdded(result.added, result.moved));
        }
        case 'removeStudent': {
          const result = await removeStudentFromClass(user, classId, value.studentId);
          return redirectWithFlash(back, M.studentRemoved(result.name));
        }
        case 'goal': {
          await setClassGoal(user, classId, { books: value.books ?? null, minutes: value.minutes ?? null, days: value.days ?? null });
          return redirectWithFlash(back, GOAL_MESSAGES.saved);
        }
        case 'clearGoal': {
          await clearClassGoal(user, classId);
          return redirectWithFlash(back, GOAL_MESSAGES.cleared);
        }
      }
    },
  });
}

export default function AdminClass() {
  const data = useLoaderData<typeof loader>();
  const { class: c, isHead, students, confirmClose } = data;
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const base = `/admin/classes/${c.id}`;
  // A refusal of a form that shows its message in place (renaming, the teachers, adding students) is shown there;
  // any other (closing, taking a student out, a stale page) above the page.
  const generalError = reply && !IN_PLACE.includes(String(reply.initialValue?.intent)) ? firstError(reply) : null;
  return (
    <section aria-labelledby="class-title" className="stack class-page">
      <p>
        <Link to="/admin/classes">← 반 관리</Link>
      </p>
      <h1 id="class-title" className="page-title">
        {c.name} {c.open ? null : <span className="badge neutral">종료</span>}
      </h1>
      <p className="muted">
        {c.createdAt} 개설{c.closedAt ? ` · ${c.closedAt} 종료` : ''} · 지금 학생 {students.length}명
      </p>
      {confirmClose ? (
        <ConfirmDialog
          title="반 종료"
          icon="warning"
          message={
            <p>
              {withParticle(`‘${c.name}’`, '을/를')} 정말 종료할까요? 지금 학생 {students.length}명은 반에서 나오고, 종료된 반에는 학생을
              넣을 수 없습니다. 반의 기록은 남습니다.
            </p>
          }
          close={{ label: '취소', href: base }}
          confirm={{
            form: (
              <Form method="post" action={base}>
                <CsrfInput />
                <input type="hidden" name="intent" value="close" />
                <button type="submit" className="button danger" disabled={busy}>
                  반 종료
                </button>
              </Form>
            ),
          }}
        />
      ) : null}
      {generalError ? (
        <div className="alert error" role="alert">
          {generalError}
        </div>
      ) : null}
      {isHead && c.open ? <ClassSettings key={c.name} data={data} reply={reply} /> : null}
      <ClassGoal data={data} reply={reply} />
      <ClassTeachers data={data} reply={reply} />
      <ClassStudents data={data} />
      {data.candidates ? <AddStudents data={data} candidates={data.candidates} reply={reply} /> : null}
      <ClassHistory data={data} />
    </section>
  );
}
