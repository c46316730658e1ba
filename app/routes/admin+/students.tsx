import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { studentResetSchema as resetSchema } from '~/auth/account-schemas.server';
import { requireBasicPay } from '~/auth/guards.server';
import { setFlash } from '~/auth/session.server';
import { Pagination } from '~/components/pagination';
import { isDomainError } from '~/lib/errors';
import { formatDateTime } from '~/lib/dates';
import { listAcademyStudents, resetStudentPassword } from '~/services/academy-members.server';
import { CsrfInput } from '~/components/csrf';

export const meta: MetaFunction = () => [{ title: '학생 관리 | 리드인' }];

// Needs this month's basic payment (spec §5): head2's academy has not paid and sees '이번 달 기본 결제를 해주세요.'.
// A head or teacher resets a student's password here (spec: POST student/changePassword { studentId, password }).

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
  const list = user.organisationId ? await listAcademyStudents(user.organisationId, page) : { rows: [], total: 0, page: 1, pages: 1 };
  return json({
    ...list,
    rows: list.rows.map((s) => ({
      id: s.id,
      name: s.name,
      loginId: s.loginId,
      grade: s.grade,
      level: s.level,
      lastLoginAt: s.lastLoginAt ? formatDateTime(s.lastLoginAt) : null,
    })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBasicPay(request);
  const formData = await request.formData();
  const parsed = resetSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const studentId = Number(formData.get('studentId') ?? 0) || 0;
    return json({ studentId, error: parsed.error.issues[0]?.message ?? '입력한 내용을 확인해 주세요.' }, { status: 400 });
  }
  try {
    const student = await resetStudentPassword(user, parsed.data.studentId, parsed.data.password);
    return redirect(new URL(request.url).pathname + new URL(request.url).search, {
      headers: {
        'Set-Cookie': await setFlash({ kind: 'success', message: `${student.name}(${student.loginId}) 학생의 비밀번호를 초기화했습니다.` }),
      },
    });
  } catch (error) {
    if (isDomainError(error)) return json({ studentId: parsed.data.studentId, error: error.message }, { status: error.status });
    throw error;
  }
}

export default function AdminStudents() {
  const { rows, total, page, pages } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <section aria-labelledby="students-title">
      <h1 id="students-title" className="page-title">
        학생 관리
      </h1>
      <p className="muted">우리 학원 학생 {total}명</p>
      {failed && !failed.studentId ? (
        <div className="alert error" role="alert">
          {failed.error}
        </div>
      ) : null}
      {rows.length === 0 ? (
        <p className="card muted">등록된 학생이 없습니다. 학생이 회원가입할 때 학원 코드를 입력하면 이 목록에 나타납니다.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">학원 학생 목록</caption>
            <thead>
              <tr>
                <th scope="col">이름</th>
                <th scope="col">아이디</th>
                <th scope="col">학년</th>
                <th scope="col">레벨</th>
                <th scope="col">최근 로그인</th>
                <th scope="col">비밀번호 초기화</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.id}>
                  <td>
                    <Link to={`/admin/students/${s.id}`}>{s.name}</Link>
                  </td>
                  <td>{s.loginId}</td>
                  <td>{s.grade ?? '-'}</td>
                  <td>{s.level ?? '-'}</td>
                  <td>{s.lastLoginAt ?? '기록 없음'}</td>
                  <td>
                    <Form method="post" className="inline-form" aria-label={`${s.name} 비밀번호 초기화`}>
                      <CsrfInput />
                      <input type="hidden" name="studentId" value={s.id} />
                      <label className="sr-only" htmlFor={`pw-${s.id}`}>
                        {s.name} 새 비밀번호
                      </label>
                      <input
                        id={`pw-${s.id}`}
                        name="password"
                        type="password"
                        autoComplete="new-password"
                        placeholder="새 비밀번호"
                        minLength={8}
                        required
                        aria-invalid={failed?.studentId === s.id ? true : undefined}
                        aria-describedby={failed?.studentId === s.id ? `pw-${s.id}-error` : undefined}
                      />
                      <button type="submit" className="small">
                        비밀번호 초기화
                      </button>
                      {failed?.studentId === s.id ? (
                        <p className="field-error" id={`pw-${s.id}-error`}>
                          {failed.error}
                        </p>
                      ) : null}
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={pages} base="/admin/students" />
    </section>
  );
}
