import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { CsrfInput } from '~/components/csrf';
import { TextField } from '~/components/form-fields';
import { getFormProps, replyFor, useForm } from '~/components/form-client';
import { FormErrors } from '~/components/form-fields';
import { formatKoreanDate } from '~/lib/dates';
import { formAction, z } from '~/web/form-action.server';
import { requireBasicPay } from '~/web/guards.server';
import { idParam, orRespond, pageData, redirectWithFlash } from '~/web/http.server';
import { studentInScope } from '~/services/academy/scope.server';
import { addParent, PARENT_MESSAGES, parentsOfStudent, setParentAccess } from '~/services/parents/links.server';

export const meta: MetaFunction = () => [{ title: '보호자 | 리드인' }];

// A student's parents (docs/decisions/039, 040): who can see the student's record, a second parent added by name and
// phone, and each parent's access turned off or on. Plain posts: works without JavaScript.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const studentId = idParam(params.studentId, '학생을 찾을 수 없습니다.');
  const student = await orRespond(() => studentInScope(user, studentId));
  return pageData({
    student: { id: student.id, name: student.name },
    parents: (await parentsOfStudent(student.id)).map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireBasicPay(request),
    ids: ['studentId'],
    schema: z.discriminatedUnion('intent', [
      z.object({
        intent: z.literal('add'),
        name: z.string({ required_error: PARENT_MESSAGES.nameRequired }).trim().min(1, PARENT_MESSAGES.nameRequired),
        phone: z.string({ required_error: PARENT_MESSAGES.phoneRequired }).trim().min(1, PARENT_MESSAGES.phoneRequired),
      }),
      z.object({ intent: z.literal('access'), linkId: z.coerce.number().int().positive(), status: z.enum(['ACTIVE', 'OFF']) }),
    ]),
    fields: { PARENT_PHONE_INVALID: 'phone', PARENT_NAME_REQUIRED: 'name' },
    run: async ({ user, ids, value }) => {
      const here = `/admin/students/${ids.studentId}/parents`;
      if (value.intent === 'add') {
        await addParent(user, ids.studentId, value);
        return redirectWithFlash(here, PARENT_MESSAGES.added);
      }
      await setParentAccess(user, ids.studentId, value.linkId, value.status);
      return redirectWithFlash(here, value.status === 'OFF' ? PARENT_MESSAGES.turnedOff : PARENT_MESSAGES.turnedOn);
    },
  });
}

export default function StudentParents() {
  const { student, parents } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [form, fields] = useForm({ id: 'add-parent', lastResult: replyFor(reply, 'add'), shouldValidate: 'onSubmit' });
  return (
    <div className="page">
      <p>
        <Link to={`/admin/students/${student.id}`}>← {student.name} 학생의 도서</Link>
      </p>
      <h1>{student.name} 학생의 보호자</h1>
      <section className="card" aria-labelledby="parents-title">
        <h2 id="parents-title">기록을 볼 수 있는 보호자</h2>
        {parents.length ? (
          <table className="table" data-testid="parents">
            <thead>
              <tr>
                <th scope="col">이름</th>
                <th scope="col">휴대폰</th>
                <th scope="col">등록</th>
                <th scope="col">열람</th>
                <th scope="col">변경</th>
              </tr>
            </thead>
            <tbody>
              {parents.map((p) => (
                <tr key={p.linkId}>
                  <td>{p.name}</td>
                  <td>{p.phone}</td>
                  <td>
                    {formatKoreanDate(p.createdAt)} {p.fromAcademy ? '학원 추가' : '등록된 번호'}
                  </td>
                  <td>{p.status === 'ACTIVE' ? '열람 중' : '중지'}</td>
                  <td>
                    <Form method="post">
                      <CsrfInput />
                      <input type="hidden" name="intent" value="access" />
                      <input type="hidden" name="linkId" value={p.linkId} />
                      <input type="hidden" name="status" value={p.status === 'ACTIVE' ? 'OFF' : 'ACTIVE'} />
                      <button type="submit" className="secondary">
                        {p.status === 'ACTIVE' ? '열람 중지' : '열람 허용'}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="muted">아직 보호자가 로그인한 적이 없습니다. 학생 정보의 보호자 번호로 로그인하면 여기에 나타납니다.</p>
        )}
      </section>
      <section className="card" aria-labelledby="add-parent-title">
        <h2 id="add-parent-title">보호자 추가</h2>
        <Form method="post" {...getFormProps(form)}>
          <CsrfInput />
          <FormErrors errors={form.errors} id={form.errorId} />
          <input type="hidden" name="intent" value="add" />
          <TextField label="보호자 이름" meta={fields.name} />
          <TextField label="휴대폰 번호" meta={fields.phone} type="tel" inputMode="tel" />
          <button type="submit">보호자 추가</button>
        </Form>
      </section>
    </div>
  );
}
