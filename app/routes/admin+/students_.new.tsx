import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { CsrfInput } from '~/components/csrf';
import { getFormProps, useForm } from '~/components/form-client';
import { CheckboxField, FormErrors, TextField } from '~/components/form-fields';
import { SubmitButton } from '~/components/form-actions';
import { StudentDetailsFields } from '~/components/student-fields';
import { CONSTRAINTS } from '~/domain/account-constraints';
import { PASSWORD_HINT } from '~/domain/accounts';
import { formAction } from '~/web/form-action.server';
import { orRespond, pageData, redirectWithFlash } from '~/web/http.server';
import { openClassesInScope } from '~/services/academy/scope.server';
import { addStudent, newStudentSchema, STUDENT_MESSAGES } from '~/services/academy/students.server';
import { studentCharge } from '~/services/payments/billing-state.server';
import { ChargeNotice } from '~/components/charge-notice';

export const meta: MetaFunction = () => [{ title: '학생 추가 | 리드인' }];

// A student the academy registers by hand (issue 11): a head or a teacher (a teacher only into one of their classes).
// The temporary password is given to the student, who chooses their own at the first sign-in. No join request: the
// academy records that it obtained the guardian's consent. A student who takes the academy past what this month's bill
// covers adds a student pack: the form says which and how much before it is sent.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const [classOptions, charge] = await Promise.all([
    orRespond(() => openClassesInScope(user)),
    studentCharge(user.organisationId, 1, '이 학생을 추가하면'),
  ]);
  return pageData({
    classOptions,
    isHead: user.authorities.includes('HEAD'),
    consentLabel: STUDENT_MESSAGES.guardianConsent,
    charge: charge?.message ?? null,
  });
}

/** Where the service's refusals are shown. */
const FIELDS = { LOGIN_ID_TAKEN: 'loginId', CLASS_REQUIRED: 'classId', CLASS_CLOSED: 'classId' } as const;

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireBasicPay(request),
    schema: newStudentSchema,
    fields: FIELDS,
    hideFields: ['password'],
    run: async ({ user, value }) => {
      const student = await addStudent(user, value);
      return redirectWithFlash(
        '/admin/students',
        `${student.name}(${student.loginId}) 학생을 추가했습니다. 임시 비밀번호를 학생에게 알려 주세요. 처음 로그인할 때 새 비밀번호를 정합니다.`,
      );
    },
  });
}

export default function NewStudent() {
  const { classOptions, isHead, consentLabel, charge } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm<Record<keyof typeof CONSTRAINTS.student, string>>({
    id: 'new-student',
    lastResult,
    constraint: { ...CONSTRAINTS.student, classId: { required: !isHead } },
  });
  return (
    <section aria-labelledby="new-student-title" className="narrow">
      <p>
        <Link to="/admin/students">‹ 학생 관리</Link>
      </p>
      <h1 id="new-student-title" className="page-title">
        학생 추가
      </h1>
      <Form method="post" className="card" {...getFormProps(form)}>
        <CsrfInput />
        <FormErrors errors={form.errors} id={form.errorId} />
        <StudentDetailsFields
          fields={fields}
          classOptions={classOptions}
          noClass={isHead ? '반 없음 (나중에 정하기)' : '반을 선택해 주세요'}
          afterName={<TextField label="아이디" meta={fields.loginId} autoComplete="off" hint="영문 소문자와 숫자 4~20자" />}
        />
        <TextField
          label="임시 비밀번호"
          meta={fields.password}
          type="password"
          autoComplete="new-password"
          hint={`${PASSWORD_HINT}. 학생은 처음 로그인할 때 자기 비밀번호를 새로 정합니다.`}
        />
        <CheckboxField meta={fields.guardianConsent} label={consentLabel} />
        <ChargeNotice message={charge} />
        <div className="form-actions">
          <SubmitButton busy={busy} label={'학생 추가'} busyLabel="추가하는 중…" />
        </div>
      </Form>
    </section>
  );
}
