import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireHead } from '~/web/guards.server';
import { roleLabel } from '~/components/app-shell';
import { CsrfInput } from '~/components/csrf';
import { CONSTRAINTS } from '~/domain/account-constraints';
import { formatDateTime } from '~/lib/dates';
import { isDomainError } from '~/lib/errors';
import { domainErrorResponse, pageData, redirectWithFlash } from '~/web/http.server';
import { addTeacher, listTeachers, TEACHER_MESSAGES, teacherSchema } from '~/services/academy/teachers.server';

export const meta: MetaFunction = () => [{ title: '선생님 관리 | 리드인' }];

// HEAD only (spec §5): a teacher gets '알림' / '학원장만 접근 가능합니다.'. The head adds a teacher with a temporary
// password (the teacher must change it at the first sign-in) and opens a teacher's page to edit, deactivate or
// choose their classes.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireHead(request, { basicPay: true });
  const staff = await listTeachers(user);
  return pageData({
    staff: staff.map((s) => ({
      id: s.id,
      name: s.name,
      loginId: s.loginId,
      phone: s.phone,
      active: s.status === 'ACTIVE',
      isHead: s.isHead,
      classes: s.classes,
      role: roleLabel({ role: 'ADMIN', authorities: s.authorities }),
      lastLoginAt: s.lastLoginAt ? formatDateTime(s.lastLoginAt) : null,
    })),
  });
}

type Field = 'name' | 'loginId' | 'phone' | 'password';
type Failure = { values: Record<Field, string>; errors: Partial<Record<Field | 'form', string>> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireHead(request, { basicPay: true });
  const form = await request.formData();
  const values = {
    name: String(form.get('name') ?? ''),
    loginId: String(form.get('loginId') ?? ''),
    phone: String(form.get('phone') ?? ''),
    password: '',
  };
  const parsed = teacherSchema.safeParse({
    name: form.get('name') ?? undefined,
    loginId: form.get('loginId') ?? undefined,
    phone: form.get('phone') ?? undefined,
    password: form.get('password') ?? undefined,
  });
  if (!parsed.success) {
    const errors: Failure['errors'] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      errors[field] ??= issue.message;
    }
    return json<Failure>({ values, errors }, { status: 400 });
  }
  try {
    const created = await addTeacher(user, parsed.data);
    return redirectWithFlash('/admin/teachers', TEACHER_MESSAGES.added(created.name, created.loginId));
  } catch (error) {
    if (isDomainError(error)) {
      if (error.status === 403) throw domainErrorResponse(error);
      const field: Field | 'form' = error.code === 'LOGIN_ID_TAKEN' ? 'loginId' : 'form';
      return json<Failure>({ values, errors: { [field]: error.message } }, { status: error.status });
    }
    throw error;
  }
}

function Input({
  name,
  label,
  failed,
  type = 'text',
  hint,
  ...rest
}: {
  name: Field;
  label: string;
  failed?: Failure;
  type?: string;
  hint?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const error = failed?.errors[name];
  const id = `teacher-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={failed?.values[name] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...rest}
      />
      {hint ? (
        <p className="muted field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function AdminTeachers() {
  const { staff } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const c = CONSTRAINTS.staff;
  return (
    <section aria-labelledby="teachers-title" className="stack teachers-page">
      <h1 id="teachers-title" className="page-title">
        선생님 관리
      </h1>
      {staff.length === 0 ? (
        <p className="card muted">등록된 선생님이 없습니다.</p>
      ) : (
        <div className="table-wrap">
          <table className="table teachers-table">
            <caption className="sr-only">학원 선생님 목록</caption>
            <thead>
              <tr>
                <th scope="col">이름</th>
                <th scope="col">아이디</th>
                <th scope="col">구분</th>
                <th scope="col">담당 반</th>
                <th scope="col">연락처</th>
                <th scope="col">최근 로그인</th>
                <th scope="col">관리</th>
              </tr>
            </thead>
            <tbody>
              {staff.map((t) => (
                <tr key={t.id} className={t.active ? undefined : 'inactive'}>
                  <th scope="row">
                    {t.name}
                    {t.active ? null : <span className="badge neutral">비활성</span>}
                  </th>
                  <td>{t.loginId}</td>
                  <td>
                    <span className="badge">{t.role}</span>
                  </td>
                  <td>{t.classes.length ? t.classes.map((k) => k.name).join(', ') : <span className="muted">없음</span>}</td>
                  <td>{t.phone ?? '-'}</td>
                  <td>{t.lastLoginAt ?? '기록 없음'}</td>
                  <td>
                    <Link to={`/admin/teachers/${t.id}`} aria-label={`${t.name} 선생님 관리`}>
                      관리
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <section aria-labelledby="new-teacher-title" className="card stack">
        <h2 id="new-teacher-title">선생님 추가</h2>
        <p className="muted">임시 비밀번호를 선생님께 알려 주세요. 처음 로그인할 때 새 비밀번호로 바꾸게 됩니다.</p>
        {failed?.errors.form ? (
          <div className="alert error" role="alert">
            {failed.errors.form}
          </div>
        ) : null}
        <Form method="post" className="stack new-teacher-form" key={failed ? 'failed' : 'new'}>
          <CsrfInput />
          <Input name="name" label="이름" failed={failed} required maxLength={c.name.maxLength} autoComplete="off" />
          <Input
            name="loginId"
            label="아이디"
            failed={failed}
            required
            minLength={c.loginId.minLength}
            maxLength={c.loginId.maxLength}
            pattern={c.loginId.pattern}
            autoComplete="off"
            hint="영문 소문자와 숫자 4~20자"
          />
          <Input name="phone" label="휴대폰 번호" type="tel" failed={failed} required inputMode="tel" placeholder="010-1234-5678" />
          <Input
            name="password"
            label="임시 비밀번호"
            type="password"
            failed={failed}
            required
            minLength={8}
            maxLength={256}
            autoComplete="new-password"
            hint="8자 이상, 흔한 비밀번호는 쓸 수 없습니다."
          />
          <div className="form-actions">
            <button type="submit" disabled={busy}>
              선생님 추가
            </button>
          </div>
        </Form>
      </section>
    </section>
  );
}
