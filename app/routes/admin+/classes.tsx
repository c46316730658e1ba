import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { CsrfInput } from '~/components/csrf';
import { CLASS_NAME_MAX } from '~/domain/classes';
import { formatKoreanDate } from '~/lib/dates';
import { isDomainError } from '~/lib/errors';
import { domainErrorResponse, pageData, positiveInt, redirectWithFlash } from '~/web/http.server';
import { CLASS_MESSAGES, createClass, listClasses, listTeacherChoices } from '~/services/academy/classes.server';
import { isHead } from '~/services/academy/scope.server';

export const meta: MetaFunction = () => [{ title: '반 관리 | 리드인' }];

// The academy's classes (반): a head sees them all and creates new ones; a teacher sees the classes they teach. Open
// classes come first; closed ones stay listed as history. Needs this month's basic payment like the student list.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const head = isHead(user);
  const [rows, teachers] = await Promise.all([
    listClasses(user),
    head ? listTeacherChoices(user) : Promise.resolve([] as { id: number; name: string; loginId: string }[]),
  ]);
  return pageData({
    isHead: head,
    teachers,
    classes: rows.map((c) => ({
      id: c.id,
      name: c.name,
      open: c.status === 'OPEN',
      studentCount: c.studentCount,
      teachers: c.teachers,
      createdAt: formatKoreanDate(c.createdAt),
      closedAt: c.closedAt ? formatKoreanDate(c.closedAt) : null,
    })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBasicPay(request);
  const form = await request.formData();
  const name = String(form.get('name') ?? '');
  const teacherIds = form
    .getAll('teacherId')
    .map((v) => positiveInt(v))
    .filter((v): v is number => v !== null);
  try {
    const created = await createClass(user, { name, teacherIds });
    return redirectWithFlash(`/admin/classes/${created.id}`, CLASS_MESSAGES.created(created.name));
  } catch (error) {
    if (isDomainError(error)) {
      if (error.status === 403) throw domainErrorResponse(error);
      const field = error.code === 'INVALID_CLASS_NAME' || error.code === 'CLASS_NAME_TAKEN' ? 'name' : 'teacherId';
      return json({ field, error: error.message, name, teacherIds }, { status: error.status });
    }
    throw error;
  }
}

export default function AdminClasses() {
  const { classes, isHead, teachers } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const nameError = failed?.field === 'name' ? failed.error : null;
  const teacherError = failed?.field === 'teacherId' ? failed.error : null;
  const checked = new Set(failed?.teacherIds ?? []);
  const open = classes.filter((c) => c.open);
  const closed = classes.filter((c) => !c.open);
  return (
    <section aria-labelledby="classes-title" className="stack classes-page">
      <h1 id="classes-title" className="page-title">
        반 관리
      </h1>
      <p className="muted">
        {isHead ? `운영 중인 반 ${open.length}개` : `담당 반 ${open.length}개`}
        {closed.length ? ` · 종료된 반 ${closed.length}개` : ''}
      </p>

      {isHead ? (
        <section aria-labelledby="new-class-title" className="card stack">
          <h2 id="new-class-title">새 반 만들기</h2>
          <Form method="post" className="stack new-class-form">
            <CsrfInput />
            <div className="field">
              <label htmlFor="class-name">반 이름</label>
              <input
                id="class-name"
                name="name"
                type="text"
                required
                maxLength={CLASS_NAME_MAX}
                defaultValue={failed?.name ?? ''}
                key={failed ? `failed-${failed.name}` : 'new'}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? 'class-name-error' : undefined}
              />
              {nameError ? (
                <p className="field-error" id="class-name-error" role="alert">
                  {nameError}
                </p>
              ) : null}
            </div>
            <fieldset className="fieldset" aria-describedby={teacherError ? 'class-teachers-error' : undefined}>
              <legend>담당 선생님 (한 명 이상)</legend>
              <div className="check-grid">
                {teachers.map((t) => (
                  <label key={t.id} className="checkbox">
                    <input type="checkbox" name="teacherId" value={t.id} defaultChecked={checked.has(t.id)} /> {t.name}{' '}
                    <span className="muted small-text">({t.loginId})</span>
                  </label>
                ))}
              </div>
              {teacherError ? (
                <p className="field-error" id="class-teachers-error" role="alert">
                  {teacherError}
                </p>
              ) : null}
            </fieldset>
            <div className="form-actions">
              <button type="submit" disabled={busy}>
                반 만들기
              </button>
            </div>
          </Form>
        </section>
      ) : null}

      {classes.length === 0 ? (
        <p className="card muted">
          {isHead
            ? '아직 만든 반이 없습니다. 위에서 첫 반을 만들어 주세요.'
            : '담당하는 반이 없습니다. 학원장에게 반 배정을 요청해 주세요.'}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table classes-table">
            <caption className="sr-only">반 목록</caption>
            <thead>
              <tr>
                <th scope="col">반</th>
                <th scope="col">담당 선생님</th>
                <th scope="col">학생 수</th>
                <th scope="col">상태</th>
              </tr>
            </thead>
            <tbody>
              {classes.map((c) => (
                <tr key={c.id} className={c.open ? undefined : 'closed-class'}>
                  <th scope="row">
                    <Link to={`/admin/classes/${c.id}`}>{c.name}</Link>
                  </th>
                  <td>
                    {c.teachers.length === 0
                      ? '-'
                      : c.teachers.map((t, i) => (
                          <span key={t.id}>
                            {i > 0 ? ', ' : ''}
                            {t.name}
                            {t.active ? '' : ' (비활성)'}
                          </span>
                        ))}
                  </td>
                  <td>{c.open ? `${c.studentCount}명` : '-'}</td>
                  <td>
                    {c.open ? (
                      <span className="badge">운영 중</span>
                    ) : (
                      <span className="badge neutral">종료 {c.closedAt ? `(${c.closedAt})` : ''}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
