import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { CsrfInput } from '~/components/csrf';
import { GRADES, PASSWORD_HINT } from '~/domain/accounts';
import { isDomainError } from '~/lib/errors';
import { domainErrorResponse, orRespond, pageData, redirectWithFlash } from '~/web/http.server';
import { openClassesInScope } from '~/services/academy/scope.server';
import { addStudent, fieldErrors, newStudentSchema, STUDENT_MESSAGES } from '~/services/academy/students.server';

export const meta: MetaFunction = () => [{ title: '학생 추가 | 리드인' }];

// A student the academy registers by hand (issue 11): a head or a teacher (a teacher only into one of their classes).
// The temporary password is given to the student, who chooses their own at the first sign-in. No join request: the
// academy records that it obtained the guardian's consent.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const classOptions = await orRespond(() => openClassesInScope(user));
  return pageData({ classOptions, isHead: user.authorities.includes('HEAD'), consentLabel: STUDENT_MESSAGES.guardianConsent });
}

type Values = Record<'name' | 'loginId' | 'grade' | 'classId' | 'parentPhone', string>;
const FIELDS_OF: Record<string, string> = { LOGIN_ID_TAKEN: 'loginId', CLASS_REQUIRED: 'classId', CLASS_CLOSED: 'classId' };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBasicPay(request);
  const form = Object.fromEntries(await request.formData());
  const text = (k: string) => (typeof form[k] === 'string' ? String(form[k]) : '');
  const values: Values = {
    name: text('name'),
    loginId: text('loginId'),
    grade: text('grade'),
    classId: text('classId'),
    parentPhone: text('parentPhone'),
  };
  const parsed = newStudentSchema.safeParse(form);
  if (!parsed.success) return json({ values, errors: fieldErrors(parsed.error) }, { status: 400 });
  try {
    const student = await addStudent(user, parsed.data);
    return redirectWithFlash(
      '/admin/students',
      `${student.name}(${student.loginId}) 학생을 추가했습니다. 임시 비밀번호를 학생에게 알려 주세요. 처음 로그인할 때 새 비밀번호를 정합니다.`,
    );
  } catch (error) {
    if (isDomainError(error)) {
      if (error.status === 404) throw domainErrorResponse(error);
      const field = FIELDS_OF[error.code] ?? 'form';
      return json({ values, errors: { [field]: error.message } as Record<string, string> }, { status: error.status });
    }
    throw error;
  }
}

export default function NewStudent() {
  const { classOptions, isHead, consentLabel } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const navigation = useNavigation();
  const v = failed?.values;
  const e = failed?.errors ?? {};
  const described = (name: string) => (e[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${name}-error` } : {});
  const error = (name: string) =>
    e[name] ? (
      <p className="field-error" id={`${name}-error`}>
        {e[name]}
      </p>
    ) : null;
  return (
    <section aria-labelledby="new-student-title" className="narrow">
      <p>
        <Link to="/admin/students">‹ 학생 관리</Link>
      </p>
      <h1 id="new-student-title" className="page-title">
        학생 추가
      </h1>
      {failed ? (
        <div className="alert error" role="alert">
          {e.form ?? '입력한 내용을 확인해 주세요.'}
        </div>
      ) : null}
      <Form method="post" className="card" noValidate>
        <CsrfInput />
        <div className="field">
          <label htmlFor="name">이름</label>
          <input
            id="name"
            name="name"
            type="text"
            defaultValue={v?.name}
            required
            maxLength={30}
            autoComplete="off"
            {...described('name')}
          />
          {error('name')}
        </div>
        <div className="field">
          <label htmlFor="loginId">아이디</label>
          <input
            id="loginId"
            name="loginId"
            type="text"
            defaultValue={v?.loginId}
            required
            pattern="[a-z0-9]{4,20}"
            autoComplete="off"
            {...described('loginId')}
          />
          <p className="muted field-hint">영문 소문자와 숫자 4~20자</p>
          {error('loginId')}
        </div>
        <div className="field">
          <label htmlFor="grade">학년</label>
          <select id="grade" name="grade" defaultValue={v?.grade ?? ''} required {...described('grade')}>
            <option value="">학년을 선택해 주세요</option>
            {GRADES.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
          {error('grade')}
        </div>
        <div className="field">
          <label htmlFor="classId">반</label>
          <select id="classId" name="classId" defaultValue={v?.classId ?? ''} required={!isHead} {...described('classId')}>
            <option value="">{isHead ? '반 없음 (나중에 정하기)' : '반을 선택해 주세요'}</option>
            {classOptions.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {error('classId')}
        </div>
        <div className="field">
          <label htmlFor="parentPhone">학부모 연락처 (선택)</label>
          <input
            id="parentPhone"
            name="parentPhone"
            type="tel"
            inputMode="tel"
            defaultValue={v?.parentPhone}
            placeholder="010-1234-5678"
            autoComplete="off"
            {...described('parentPhone')}
          />
          {error('parentPhone')}
        </div>
        <div className="field">
          <label htmlFor="password">임시 비밀번호</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            {...described('password')}
          />
          <p className="muted field-hint">{PASSWORD_HINT}. 학생은 처음 로그인할 때 자기 비밀번호를 새로 정합니다.</p>
          {error('password')}
        </div>
        <div className="field consent">
          <label className="checkbox">
            <input type="checkbox" name="guardianConsent" required {...described('guardianConsent')} />
            <span>{consentLabel}</span>
          </label>
          {error('guardianConsent')}
        </div>
        <div className="form-actions">
          <button type="submit" disabled={navigation.state === 'submitting'}>
            {navigation.state === 'submitting' ? '추가하는 중…' : '학생 추가'}
          </button>
        </div>
      </Form>
    </section>
  );
}
