import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { openClassesInScope } from '~/services/academy/scope.server';
import { CsrfInput } from '~/components/csrf';
import { ConfirmDialog } from '~/components/dialogs';
import { firstError, getFormProps, replyFor, useForm } from '~/components/form-client';
import { FormErrors } from '~/components/form-fields';
import { SubmitButton } from '~/components/form-actions';
import { StudentDetailsFields } from '~/components/student-fields';
import { CONSTRAINTS } from '~/domain/account-constraints';
import { ChargeNotice } from '~/components/charge-notice';
import { formatKoreanDate } from '~/lib/dates';
import { studentCharge } from '~/services/payments/billing-state.server';
import { formAction, z } from '~/web/form-action.server';
import { orRespond, pageData, positiveInt, redirectWithFlash } from '~/web/http.server';
import {
  changeStudentStatus,
  editStudentSchema,
  getStudent,
  statusLabel,
  updateStudent,
  type StatusChange,
} from '~/services/academy/students.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.student.name ?? '학생'} 정보 수정 | 리드인` }];

// A student's details (name, grade, class, parent's phone), pause and resume, and withdrawal. Withdrawing asks first
// through `?withdraw=1` (works without JavaScript) and cannot be undone here; the class history stays.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const studentId = positiveInt(params.studentId) ?? 0;
  const [student, classOptions] = await Promise.all([
    orRespond(() => getStudent(user, studentId)),
    orRespond(() => openClassesInScope(user)),
  ]);
  const confirmWithdraw = new URL(request.url).searchParams.get('withdraw') === '1' && student.status !== 'WITHDRAWN';
  // A paused student made active again counts again: said before 다시 활동 as adding and approving say it.
  const resumeCharge = student.status === 'SUSPENDED' ? await studentCharge(user.organisationId, 1, '다시 활동으로 바꾸면') : null;
  return pageData({
    resumeCharge: resumeCharge?.message ?? null,
    isHead: user.authorities.includes('HEAD'),
    confirmWithdraw,
    classOptions,
    student: {
      id: student.id,
      name: student.name,
      loginId: student.loginId,
      grade: student.grade ?? '',
      level: student.level,
      status: student.status,
      statusLabel: statusLabel(student.status),
      parentPhone: student.parentPhone ?? '',
      classId: student.classId ? String(student.classId) : '',
      className: student.className,
      createdAt: student.createdAt ? formatKoreanDate(student.createdAt) : '',
      history: student.history.map((h) => ({
        className: h.className,
        joinedAt: formatKoreanDate(h.joinedAt),
        leftAt: h.leftAt ? formatKoreanDate(h.leftAt) : null,
      })),
    },
  });
}

const STATUS_DONE: Record<StatusChange, string> = {
  pause: '학생을 일시정지했습니다. 다시 활동으로 바꿀 때까지 로그인할 수 없습니다.',
  resume: '학생이 다시 활동합니다. 이제 로그인할 수 있습니다.',
  withdraw: '학생을 탈퇴 처리했습니다. 더 이상 로그인할 수 없고, 지난 기록은 그대로 남습니다.',
};

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireBasicPay(request),
    ids: ['studentId'],
    // Built in the action: a page module's top-level schema would run in the browser, where the server module is empty.
    schema: z.discriminatedUnion('intent', [
      editStudentSchema.extend({ intent: z.literal('save') }),
      z.object({ intent: z.enum(['pause', 'resume', 'withdraw']) }),
    ]),
    fields: { CLASS_REQUIRED: 'classId', CLASS_CLOSED: 'classId' },
    run: async ({ user, ids: { studentId }, value }) => {
      const back = `/admin/students/${studentId}/edit`;
      if (value.intent === 'save') {
        const { intent: _, ...edit } = value;
        const student = await updateStudent(user, studentId, edit);
        return redirectWithFlash(back, `${student.name}(${student.loginId}) 학생의 정보를 저장했습니다.`);
      }
      const student = await changeStudentStatus(user, studentId, value.intent);
      return redirectWithFlash(
        value.intent === 'withdraw' ? '/admin/students' : back,
        `${student.name}(${student.loginId}): ${STATUS_DONE[value.intent]}`,
      );
    },
  });
}

export default function EditStudent() {
  const { student, classOptions, isHead, confirmWithdraw, resumeCharge } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const saved = replyFor(lastResult, 'save');
  const [form, fields] = useForm<Record<'name' | 'grade' | 'classId' | 'parentPhone', string>>({
    id: 'edit-student',
    lastResult: saved,
    constraint: CONSTRAINTS.student,
    defaultValue: { name: student.name, grade: student.grade, classId: student.classId, parentPhone: student.parentPhone },
  });
  // A refusal of the status forms (pause, resume, withdraw) is shown above the page.
  const statusError = lastResult && !saved ? firstError(lastResult) : null;
  const withdrawn = student.status === 'WITHDRAWN';
  const here = `/admin/students/${student.id}/edit`;
  // A class the teacher cannot choose (a closed one) still shows as the current one.
  const options =
    student.classId && !classOptions.some((c) => String(c.id) === student.classId)
      ? [{ id: Number(student.classId), name: `${student.className} (현재)` }, ...classOptions]
      : classOptions;
  return (
    <section aria-labelledby="edit-student-title" className="narrow">
      <p>
        <Link to="/admin/students">‹ 학생 관리</Link>
      </p>
      <h1 id="edit-student-title" className="page-title">
        {student.name} 학생 정보
      </h1>
      <p className="muted">
        아이디 {student.loginId} · 상태 <span className="badge">{student.statusLabel}</span> · 등록일 {student.createdAt} ·{' '}
        <Link to={`/admin/students/${student.id}`}>도서 관리</Link>
      </p>
      {statusError ? (
        <div className="alert error" role="alert">
          {statusError}
        </div>
      ) : null}
      {withdrawn ? (
        <p className="card muted">
          탈퇴한 학생입니다. 정보를 바꿀 수 없고, 이 화면에서는 되돌릴 수 없습니다. 지난 기록은 그대로 남아 있습니다.
        </p>
      ) : (
        <Form method="post" className="card" {...getFormProps(form)}>
          <CsrfInput />
          <input type="hidden" name="intent" value="save" />
          <FormErrors errors={form.errors} id={form.errorId} />
          <StudentDetailsFields
            fields={fields}
            classOptions={options}
            noClass={isHead ? '반 없음' : undefined}
            classHint="반을 옮겨도 지난 반의 기록은 남습니다."
          />
          <div className="form-actions">
            <SubmitButton busy={busy} label={'저장'} />
          </div>
        </Form>
      )}
      {student.history.length > 0 ? (
        <section className="card" aria-labelledby="history-title">
          <h2 id="history-title">반 기록</h2>
          <ul>
            {student.history.map((h, i) => (
              <li key={i}>
                {h.className}: {h.joinedAt} ~ {h.leftAt ?? '현재'}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {!withdrawn ? (
        <section className="card" aria-labelledby="status-title">
          <h2 id="status-title">이용 상태</h2>
          {student.status === 'SUSPENDED' ? (
            <Form method="post" className="inline-form">
              <CsrfInput />
              <p>일시정지 중입니다. 다시 활동으로 바꾸면 학생이 로그인할 수 있습니다.</p>
              <ChargeNotice message={resumeCharge} id="resume-charge" />
              <button
                type="submit"
                name="intent"
                value="resume"
                disabled={busy}
                aria-describedby={resumeCharge ? 'resume-charge' : undefined}
              >
                다시 활동
              </button>
            </Form>
          ) : (
            <Form method="post" className="inline-form">
              <CsrfInput />
              <p>일시정지하면 다시 활동으로 바꿀 때까지 학생이 로그인할 수 없습니다.</p>
              <button type="submit" name="intent" value="pause" className="secondary" disabled={busy}>
                일시정지
              </button>
            </Form>
          )}
          <p>
            <Link to={`${here}?withdraw=1`} className="button danger">
              탈퇴 처리
            </Link>
          </p>
        </section>
      ) : null}
      {confirmWithdraw ? (
        <ConfirmDialog
          title="학생 탈퇴"
          icon="warning"
          message={
            <p>
              {student.name}({student.loginId}) 학생을 정말 탈퇴 처리할까요? 더 이상 로그인할 수 없고, 이 화면에서는 되돌릴 수 없습니다.
              지난 기록은 남습니다.
            </p>
          }
          close={{ label: '취소', href: here }}
          confirm={{
            form: (
              <Form method="post" action={here}>
                <CsrfInput />
                <input type="hidden" name="intent" value="withdraw" />
                <button type="submit" className="button danger" disabled={busy}>
                  탈퇴 처리
                </button>
              </Form>
            ),
          }}
        />
      ) : null}
    </section>
  );
}
