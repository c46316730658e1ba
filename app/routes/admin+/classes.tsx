import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { CsrfInput } from '~/components/csrf';
import { CLASS_NAME_MAX } from '~/domain/classes';
import { formatKoreanDate } from '~/lib/dates';
import { getFormProps, getInputProps, useForm } from '~/components/form-client';
import { FieldError, FormErrors, TextField } from '~/components/form-fields';
import { ListTable, type Column } from '~/components/list-page';
import { formAction } from '~/web/form-action.server';
import { pageData, redirectWithFlash } from '~/web/http.server';
import { CLASS_FIELDS, CLASS_MESSAGES, listClasses, listTeacherChoices, newClassSchema } from '~/services/academy/classes.server';
import { createClass } from '~/services/academy/class-changes.server';
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

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireBasicPay(request),
    schema: newClassSchema,
    fields: CLASS_FIELDS,
    run: async ({ user, value }) => {
      const created = await createClass(user, { name: value.name, teacherIds: value.teacherId });
      return redirectWithFlash(`/admin/classes/${created.id}`, CLASS_MESSAGES.created(created.name));
    },
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['classes'][number];

const COLUMNS: Column<Row>[] = [
  { header: '반', rowHeader: true, cell: (c) => <Link to={`/admin/classes/${c.id}`}>{c.name}</Link> },
  {
    header: '담당 선생님',
    cell: (c) =>
      c.teachers.length === 0
        ? '-'
        : c.teachers.map((t, i) => (
            <span key={t.id}>
              {i > 0 ? ', ' : ''}
              {t.name}
              {t.active ? '' : ' (비활성)'}
            </span>
          )),
  },
  { header: '학생 수', cell: (c) => (c.open ? `${c.studentCount}명` : '-') },
  {
    header: '상태',
    cell: (c) =>
      c.open ? <span className="badge">운영 중</span> : <span className="badge neutral">종료 {c.closedAt ? `(${c.closedAt})` : ''}</span>,
  },
];

export default function AdminClasses() {
  const { classes, isHead } = useLoaderData<typeof loader>();
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
      {isHead ? <NewClassForm /> : null}
      <ListTable
        caption="반 목록"
        className="classes-table"
        columns={COLUMNS}
        rows={classes}
        rowKey={(c) => c.id}
        rowClassName={(c) => (c.open ? undefined : 'closed-class')}
        empty={
          isHead ? '아직 만든 반이 없습니다. 위에서 첫 반을 만들어 주세요.' : '담당하는 반이 없습니다. 학원장에게 반 배정을 요청해 주세요.'
        }
      />
    </section>
  );
}

function NewClassForm() {
  const { teachers } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm<{ name: string; teacherId: string[] }>({
    id: 'new-class',
    lastResult,
    constraint: { name: { required: true, maxLength: CLASS_NAME_MAX } },
  });
  const teacherId = fields.teacherId;
  return (
    <section aria-labelledby="new-class-title" className="card stack">
      <h2 id="new-class-title">새 반 만들기</h2>
      <Form method="post" className="stack new-class-form" {...getFormProps(form)}>
        <CsrfInput />
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField label="반 이름" meta={fields.name} />
        <fieldset className="fieldset" aria-describedby={teacherId.errors ? teacherId.errorId : undefined}>
          <legend>담당 선생님 (한 명 이상)</legend>
          <div className="check-grid">
            {teachers.map((t) => (
              <label key={t.id} className="checkbox">
                <input {...getInputProps(teacherId, { type: 'checkbox', value: String(t.id) })} id={undefined} /> {t.name}{' '}
                <span className="muted small-text">({t.loginId})</span>
              </label>
            ))}
          </div>
          <FieldError meta={teacherId} />
        </fieldset>
        <div className="form-actions">
          <button type="submit" disabled={busy}>
            반 만들기
          </button>
        </div>
      </Form>
    </section>
  );
}
