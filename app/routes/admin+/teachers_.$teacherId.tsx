import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireHead } from '~/web/guards.server';
import { CsrfInput } from '~/components/csrf';
import { CONSTRAINTS } from '~/domain/account-constraints';
import { formatDateTime } from '~/lib/dates';
import { firstError, getFormProps, replyFor, useForm } from '~/components/form-client';
import { FormErrors, TextField } from '~/components/form-fields';
import { formAction } from '~/web/form-action.server';
import { idParam, orRespond, pageData, redirectWithFlash } from '~/web/http.server';
import { openClassesInScope } from '~/services/academy/scope.server';
import {
  getTeacher,
  setTeacherActive,
  setTeacherClasses,
  TEACHER_MESSAGES as M,
  teacherPageSchema,
  updateTeacher,
} from '~/services/academy/teachers.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.teacher.name ?? '선생님'} 선생님 | 리드인` }];

// One teacher of the academy (HEAD only): name and phone, the open classes they teach, and deactivation (they can no
// longer sign in and their sessions end; their classes keep them, shown as 비활성) or reactivation.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireHead(request, { basicPay: true });
  const teacherId = idParam(params.teacherId, M.notFound);
  const [teacher, classes] = await orRespond(() => Promise.all([getTeacher(user, teacherId), openClassesInScope(user)]));
  const taught = new Set(teacher.classes.map((c) => c.id));
  return pageData({
    teacher: {
      id: teacher.id,
      name: teacher.name,
      loginId: teacher.loginId,
      phone: teacher.phone,
      active: teacher.status === 'ACTIVE',
      isHead: teacher.isHead,
      isSelf: teacher.id === user.id,
      mustChangePassword: teacher.mustChangePassword,
      lastLoginAt: teacher.lastLoginAt ? formatDateTime(teacher.lastLoginAt) : null,
    },
    classes: classes.map((c) => ({ ...c, taught: taught.has(c.id) })),
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireHead(request, { basicPay: true }),
    ids: ['teacherId'],
    notFound: M.notFound,
    schema: teacherPageSchema,
    unknownIntent: '요청을 처리할 수 없습니다.',
    run: async ({ user, ids: { teacherId }, value }) => {
      const back = `/admin/teachers/${teacherId}`;
      switch (value.intent) {
        case 'edit': {
          const result = await updateTeacher(user, teacherId, value);
          return redirectWithFlash(back, M.saved(result.name));
        }
        case 'deactivate':
        case 'reactivate': {
          const active = value.intent === 'reactivate';
          const result = await setTeacherActive(user, teacherId, active);
          return redirectWithFlash(back, active ? M.reactivated(result.name) : M.deactivated(result.name));
        }
        case 'classes': {
          const result = await setTeacherClasses(user, teacherId, value.classId);
          return redirectWithFlash(back, M.classesSaved(result.name));
        }
      }
    },
  });
}

export default function AdminTeacher() {
  const { teacher: t, classes } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const base = `/admin/teachers/${t.id}`;
  const errorOf = (intent: string) => firstError(replyFor(reply, intent));
  // A refusal of a submission no form of the page made (a stale page) shows above the forms.
  const stale = reply && !['edit', 'classes', 'deactivate', 'reactivate'].includes(String(reply.initialValue?.intent));
  return (
    <section aria-labelledby="teacher-title" className="stack teacher-page">
      <p>
        <Link to="/admin/teachers">← 선생님 관리</Link>
      </p>
      <h1 id="teacher-title" className="page-title">
        {t.name} 선생님 {t.active ? null : <span className="badge neutral">비활성</span>}
      </h1>
      <p className="muted">
        아이디 {t.loginId} · 최근 로그인 {t.lastLoginAt ?? '기록 없음'}
        {t.mustChangePassword ? ' · 첫 로그인 때 비밀번호 변경 예정' : ''}
      </p>

      {stale ? (
        <div className="alert error" role="alert">
          {firstError(reply)}
        </div>
      ) : null}
      <EditTeacher key={`${t.name}-${t.phone}`} teacher={t} reply={replyFor(reply, 'edit')} />

      <section aria-labelledby="teacher-classes-title" className="card stack">
        <h2 id="teacher-classes-title">담당 반</h2>
        {classes.length === 0 ? (
          <p className="muted">
            운영 중인 반이 없습니다. <Link to="/admin/classes">반 관리</Link>에서 반을 먼저 만들어 주세요.
          </p>
        ) : !t.active ? (
          <p className="muted">비활성 선생님은 반에 배정할 수 없습니다. 다시 활성으로 바꾼 뒤 배정해 주세요.</p>
        ) : (
          <Form method="post" action={base} className="stack">
            <CsrfInput />
            <input type="hidden" name="intent" value="classes" />
            <fieldset className="fieldset">
              <legend>가르치는 반을 고르세요</legend>
              <div className="check-grid">
                {classes.map((c) => (
                  <label key={c.id} className="checkbox">
                    <input type="checkbox" name="classId" value={c.id} defaultChecked={c.taught} /> {c.name}
                  </label>
                ))}
              </div>
            </fieldset>
            {errorOf('classes') ? (
              <p className="field-error" role="alert">
                {errorOf('classes')}
              </p>
            ) : null}
            <div className="form-actions">
              <button type="submit" disabled={busy}>
                담당 반 저장
              </button>
            </div>
          </Form>
        )}
      </section>

      {t.isSelf ? null : (
        <section aria-labelledby="teacher-status-title" className="card stack">
          <h2 id="teacher-status-title">계정 상태</h2>
          {errorOf('deactivate') || errorOf('reactivate') ? (
            <p className="field-error" role="alert">
              {errorOf('deactivate') ?? errorOf('reactivate')}
            </p>
          ) : null}
          {t.active ? (
            <>
              <p className="muted">
                비활성으로 바꾸면 이 선생님은 로그인할 수 없고, 로그인되어 있던 기기에서도 로그아웃됩니다. 담당 반 기록은 남습니다.
              </p>
              <Form method="post" action={base}>
                <CsrfInput />
                <input type="hidden" name="intent" value="deactivate" />
                <button type="submit" className="button danger" disabled={busy}>
                  비활성으로 바꾸기
                </button>
              </Form>
            </>
          ) : (
            <>
              <p className="muted">이 선생님은 지금 로그인할 수 없습니다.</p>
              <Form method="post" action={base}>
                <CsrfInput />
                <input type="hidden" name="intent" value="reactivate" />
                <button type="submit" disabled={busy}>
                  다시 활성으로 바꾸기
                </button>
              </Form>
            </>
          )}
        </section>
      )}
    </section>
  );
}

function EditTeacher({
  teacher: t,
  reply,
}: {
  teacher: { id: number; name: string; phone: string | null };
  reply: ReturnType<typeof useActionData<typeof action>> | null;
}) {
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm<{ name: string; phone: string }>({
    id: 'edit-teacher',
    lastResult: reply,
    constraint: { name: CONSTRAINTS.staff.name, phone: CONSTRAINTS.staff.phone },
    defaultValue: { name: t.name, phone: t.phone ?? '' },
  });
  return (
    <section aria-labelledby="teacher-info-title" className="card stack">
      <h2 id="teacher-info-title">정보 수정</h2>
      <FormErrors errors={form.errors} id={form.errorId} />
      <Form method="post" action={`/admin/teachers/${t.id}`} className="stack" {...getFormProps(form)}>
        <CsrfInput />
        <input type="hidden" name="intent" value="edit" />
        <TextField label="이름" meta={fields.name} />
        <TextField label="휴대폰 번호" meta={fields.phone} type="tel" inputMode="tel" />
        <div className="form-actions">
          <button type="submit" disabled={busy}>
            저장
          </button>
        </div>
      </Form>
    </section>
  );
}
