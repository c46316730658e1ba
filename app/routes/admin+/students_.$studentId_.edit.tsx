import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { openClassesInScope } from '~/services/academy/scope.server';
import { CsrfInput } from '~/components/csrf';
import { ConfirmDialog } from '~/components/dialogs';
import { GRADES } from '~/domain/accounts';
import { formatKoreanDate } from '~/lib/dates';
import { isDomainError } from '~/lib/errors';
import { domainErrorResponse, orRespond, pageData, positiveInt, redirectWithFlash } from '~/web/http.server';
import {
  changeStudentStatus,
  editStudentSchema,
  fieldErrors,
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
  return pageData({
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

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireBasicPay(request);
  const studentId = positiveInt(params.studentId) ?? 0;
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? 'save');
  const back = `/admin/students/${studentId}/edit`;
  const text = (k: string) => (typeof form[k] === 'string' ? String(form[k]) : '');
  const values = { name: text('name'), grade: text('grade'), classId: text('classId'), parentPhone: text('parentPhone') };
  try {
    if (intent === 'pause' || intent === 'resume' || intent === 'withdraw') {
      const student = await changeStudentStatus(user, studentId, intent);
      return redirectWithFlash(
        intent === 'withdraw' ? '/admin/students' : back,
        `${student.name}(${student.loginId}): ${STATUS_DONE[intent]}`,
      );
    }
    const parsed = editStudentSchema.safeParse(form);
    if (!parsed.success) return json({ values, errors: fieldErrors(parsed.error) }, { status: 400 });
    const student = await updateStudent(user, studentId, parsed.data);
    return redirectWithFlash(back, `${student.name}(${student.loginId}) 학생의 정보를 저장했습니다.`);
  } catch (error) {
    if (isDomainError(error)) {
      if (error.status === 404 || error.status === 403) throw domainErrorResponse(error);
      const field = error.code === 'CLASS_REQUIRED' || error.code === 'CLASS_CLOSED' ? 'classId' : 'form';
      return json({ values, errors: { [field]: error.message } as Record<string, string> }, { status: error.status });
    }
    throw error;
  }
}

export default function EditStudent() {
  const { student, classOptions, isHead, confirmWithdraw } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const v = failed?.values ?? student;
  const e: Record<string, string> = failed?.errors ?? {};
  const described = (name: string) => (e[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${name}-error` } : {});
  const error = (name: string) =>
    e[name] ? (
      <p className="field-error" id={`${name}-error`}>
        {e[name]}
      </p>
    ) : null;
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
      {e.form ? (
        <div className="alert error" role="alert">
          {e.form}
        </div>
      ) : null}
      {withdrawn ? (
        <p className="card muted">
          탈퇴한 학생입니다. 정보를 바꿀 수 없고, 이 화면에서는 되돌릴 수 없습니다. 지난 기록은 그대로 남아 있습니다.
        </p>
      ) : (
        <Form method="post" className="card" noValidate>
          <CsrfInput />
          <input type="hidden" name="intent" value="save" />
          <div className="field">
            <label htmlFor="name">이름</label>
            <input id="name" name="name" type="text" defaultValue={v.name} required maxLength={30} {...described('name')} />
            {error('name')}
          </div>
          <div className="field">
            <label htmlFor="grade">학년</label>
            <select id="grade" name="grade" defaultValue={v.grade} required {...described('grade')}>
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
            <select id="classId" name="classId" defaultValue={v.classId} {...described('classId')}>
              {isHead ? <option value="">반 없음</option> : null}
              {options.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            <p className="muted field-hint">반을 옮겨도 지난 반의 기록은 남습니다.</p>
            {error('classId')}
          </div>
          <div className="field">
            <label htmlFor="parentPhone">학부모 연락처 (선택)</label>
            <input
              id="parentPhone"
              name="parentPhone"
              type="tel"
              inputMode="tel"
              defaultValue={v.parentPhone}
              placeholder="010-1234-5678"
              {...described('parentPhone')}
            />
            {error('parentPhone')}
          </div>
          <div className="form-actions">
            <button type="submit" disabled={busy}>
              {busy ? '저장 중…' : '저장'}
            </button>
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
              <button type="submit" name="intent" value="resume" disabled={busy}>
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
