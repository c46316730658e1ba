import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireHead } from '~/web/guards.server';
import { roleLabel } from '~/domain/roles';
import { CsrfInput } from '~/components/csrf';
import { CONSTRAINTS } from '~/domain/account-constraints';
import { formatDateTime } from '~/lib/dates';
import { getFormProps, getInputProps, useForm } from '~/components/form-client';
import { FieldError, FormErrors, TextField } from '~/components/form-fields';
import { ListTable, type Column } from '~/components/list-page';
import { formAction } from '~/web/form-action.server';
import { pageData, redirectWithFlash } from '~/web/http.server';
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

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireHead(request, { basicPay: true }),
    schema: teacherSchema,
    fields: { LOGIN_ID_TAKEN: 'loginId' },
    hideFields: ['password'],
    run: async ({ user, value }) => {
      const created = await addTeacher(user, value);
      return redirectWithFlash('/admin/teachers', TEACHER_MESSAGES.added(created.name, created.loginId));
    },
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['staff'][number];

const COLUMNS: Column<Row>[] = [
  {
    header: '이름',
    rowHeader: true,
    cell: (t) => (
      <>
        {t.name}
        {t.active ? null : <span className="badge neutral">비활성</span>}
      </>
    ),
  },
  { header: '아이디', cell: (t) => t.loginId },
  { header: '구분', cell: (t) => <span className="badge">{t.role}</span> },
  { header: '담당 반', cell: (t) => (t.classes.length ? t.classes.map((k) => k.name).join(', ') : <span className="muted">없음</span>) },
  { header: '연락처', cell: (t) => t.phone ?? '-' },
  { header: '최근 로그인', cell: (t) => t.lastLoginAt ?? '기록 없음' },
  {
    header: '관리',
    cell: (t) => (
      <Link to={`/admin/teachers/${t.id}`} aria-label={`${t.name} 선생님 관리`}>
        관리
      </Link>
    ),
  },
];

export default function AdminTeachers() {
  const { staff } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm<Record<'name' | 'loginId' | 'phone' | 'password', string>>({
    id: 'new-teacher',
    lastResult,
    constraint: { ...CONSTRAINTS.staff, password: { required: true, minLength: 8, maxLength: 256 } },
  });
  const phone = fields.phone;
  return (
    <section aria-labelledby="teachers-title" className="stack teachers-page">
      <h1 id="teachers-title" className="page-title">
        선생님 관리
      </h1>
      <ListTable
        caption="학원 선생님 목록"
        className="teachers-table"
        columns={COLUMNS}
        rows={staff}
        rowKey={(t) => t.id}
        rowClassName={(t) => (t.active ? undefined : 'inactive')}
        empty="등록된 선생님이 없습니다."
      />

      <section aria-labelledby="new-teacher-title" className="card stack">
        <h2 id="new-teacher-title">선생님 추가</h2>
        <p className="muted">임시 비밀번호를 선생님께 알려 주세요. 처음 로그인할 때 새 비밀번호로 바꾸게 됩니다.</p>
        <FormErrors errors={form.errors} id={form.errorId} />
        <Form method="post" className="stack new-teacher-form" {...getFormProps(form)}>
          <CsrfInput />
          <TextField label="이름" meta={fields.name} autoComplete="off" />
          <TextField label="아이디" meta={fields.loginId} autoComplete="off" hint="영문 소문자와 숫자 4~20자" />
          <div className="field">
            <label htmlFor={phone.id}>휴대폰 번호</label>
            <input {...getInputProps(phone, { type: 'tel' })} inputMode="tel" placeholder="010-1234-5678" />
            <FieldError meta={phone} />
          </div>
          <TextField
            label="임시 비밀번호"
            meta={fields.password}
            type="password"
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
