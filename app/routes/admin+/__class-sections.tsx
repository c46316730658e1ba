import { Form, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { CsrfInput } from '~/components/csrf';
import { firstError, getFormProps, replyFor, useForm, type FormReply } from '~/components/form-client';
import { TextField } from '~/components/form-fields';
import { ListTable, listHref, type Column } from '~/components/list-page';
import { Pagination } from '~/components/pagination';
import { CLASS_NAME_MAX } from '~/domain/classes';
import type { ClassPage } from './__class-page.server';
import { withParticle } from '~/domain/korean';

// The sections of a class page (./classes_.$classId.tsx): its settings (rename, close), its teachers, its students now,
// the students the head may add, and its former members. Not a route: flat routes skip `__` files.

type Props = { data: ClassPage; reply?: FormReply | null };
type Candidates = NonNullable<ClassPage['candidates']>;

/** The forms whose refusal is shown beside them; the page shows the others above it. */
export const IN_PLACE = ['rename', 'addTeacher', 'removeTeacher', 'addStudents', 'goal'];

/** An error line beside a form. */
function InlineError({ message, id }: { message: string | null; id?: string }) {
  return message ? (
    <p className="field-error" id={id} role="alert">
      {message}
    </p>
  ) : null;
}

export function ClassSettings({ data: { class: c }, reply }: Props) {
  const busy = useNavigation().state === 'submitting';
  const base = `/admin/classes/${c.id}`;
  const [form, fields] = useForm<{ name: string }>({
    id: 'rename-class',
    lastResult: replyFor(reply, 'rename'),
    constraint: { name: { required: true, maxLength: CLASS_NAME_MAX } },
    defaultValue: { name: c.name },
  });
  return (
    <section aria-labelledby="class-settings-title" className="card stack">
      <h2 id="class-settings-title">반 정보</h2>
      <Form method="post" action={base} className="inline-fields" {...getFormProps(form)}>
        <CsrfInput />
        <input type="hidden" name="intent" value="rename" />
        <TextField label="반 이름" meta={fields.name} />
        <div className="form-actions">
          <button type="submit" className="secondary" disabled={busy}>
            이름 저장
          </button>
        </div>
      </Form>
      <Form method="get" action={base}>
        <input type="hidden" name="close" value="1" />
        <button type="submit" className="secondary">
          반 종료…
        </button>
      </Form>
    </section>
  );
}

export function ClassTeachers({ data: { class: c, isHead, teachers, teacherChoices }, reply }: Props) {
  const busy = useNavigation().state === 'submitting';
  const base = `/admin/classes/${c.id}`;
  const addError = firstError(replyFor(reply, 'addTeacher'));
  return (
    <section aria-labelledby="class-teachers-title" className="card stack">
      <h2 id="class-teachers-title">담당 선생님</h2>
      {teachers.length === 0 ? (
        <p className="muted">담당 선생님이 없습니다.</p>
      ) : (
        <ul className="plain-list class-teachers">
          {teachers.map((t) => (
            <li key={t.id}>
              {t.name} <span className="muted small-text">({t.loginId})</span>
              {t.active ? null : <span className="badge neutral">비활성</span>}
              {isHead && c.open && teachers.length > 1 ? (
                <Form method="post" action={base} className="inline-form">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="removeTeacher" />
                  <input type="hidden" name="teacherId" value={t.id} />
                  <button type="submit" className="small secondary" disabled={busy} aria-label={`${t.name} 선생님 담당에서 빼기`}>
                    빼기
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <InlineError message={firstError(replyFor(reply, 'removeTeacher'))} />
      {isHead && c.open && teacherChoices.length > 0 ? (
        <Form method="post" action={base} className="inline-fields">
          <CsrfInput />
          <input type="hidden" name="intent" value="addTeacher" />
          <div className="field">
            <label htmlFor="add-teacher">선생님 추가</label>
            <select
              id="add-teacher"
              name="teacherId"
              required
              defaultValue=""
              aria-invalid={addError ? true : undefined}
              aria-describedby={addError ? 'add-teacher-error' : undefined}
            >
              <option value="" disabled>
                선생님을 고르세요
              </option>
              {teacherChoices.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name} ({t.loginId})
                </option>
              ))}
            </select>
          </div>
          <div className="form-actions">
            <button type="submit" className="secondary" disabled={busy}>
              추가
            </button>
          </div>
          <InlineError message={addError} id="add-teacher-error" />
        </Form>
      ) : null}
    </section>
  );
}

export function ClassStudents({ data: { class: c, isHead, students } }: Props) {
  const busy = useNavigation().state === 'submitting';
  const base = `/admin/classes/${c.id}`;
  type Student = (typeof students)[number];
  const columns: Column<Student>[] = [
    { header: '이름', rowHeader: true, cell: (s) => <Link to={`/admin/students/${s.id}`}>{s.name}</Link> },
    { header: '아이디', cell: (s) => s.loginId },
    { header: '학년', cell: (s) => s.grade ?? '-' },
    { header: '들어온 날', cell: (s) => s.joinedAt },
  ];
  if (isHead)
    columns.push({
      header: '반에서 빼기',
      cell: (s) => (
        <Form method="post" action={base} className="row-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="removeStudent" />
          <input type="hidden" name="studentId" value={s.id} />
          <button type="submit" className="small secondary" disabled={busy} aria-label={`${s.name} 반에서 빼기`}>
            빼기
          </button>
        </Form>
      ),
    });
  return (
    <section aria-labelledby="class-students-title" className="stack">
      <h2 id="class-students-title">학생 {students.length}명</h2>
      <ListTable
        caption={`${c.name} 학생 목록`}
        className="class-students"
        columns={columns}
        rows={students}
        rowKey={(s) => s.membershipId}
        empty={c.open ? '아직 학생이 없습니다.' : '종료된 반이라 지금 학생이 없습니다. 아래 기록에서 지난 학생을 볼 수 있습니다.'}
      />
    </section>
  );
}

export function AddStudents({ data: { class: c }, candidates, reply }: Props & { candidates: Candidates }) {
  const busy = useNavigation().state === 'submitting';
  const base = `/admin/classes/${c.id}`;
  const query: Record<string, string> = candidates.q ? { q: candidates.q } : {};
  const failed = replyFor(reply, 'addStudents');
  const checked = new Set([failed?.initialValue?.studentId ?? []].flat().map(String));
  return (
    <section aria-labelledby="add-students-title" className="card stack">
      <h2 id="add-students-title">학생 넣기</h2>
      <p className="muted">다른 반에 있는 학생을 고르면 그 반에서 이 반으로 옮겨집니다. 이전 반의 기록은 남습니다.</p>
      <Form method="get" action={base} className="inline-fields" role="search">
        <div className="field">
          <label htmlFor="candidate-q">이름 또는 아이디</label>
          <input id="candidate-q" name="q" type="search" maxLength={30} defaultValue={candidates.q} />
        </div>
        <div className="form-actions">
          <button type="submit" className="secondary">
            검색
          </button>
        </div>
      </Form>
      {candidates.rows.length === 0 ? (
        <p className="muted">{candidates.q ? `'${candidates.q}'에 맞는 학생이 없습니다.` : '넣을 수 있는 학생이 없습니다.'}</p>
      ) : (
        <Form method="post" action={listHref(base, query, candidates.page)} className="stack">
          <CsrfInput />
          <input type="hidden" name="intent" value="addStudents" />
          <ListTable
            caption={`반에 넣을 수 있는 학생 (${candidates.total}명)`}
            className="candidates"
            rows={candidates.rows}
            rowKey={(s) => s.id}
            empty=""
            columns={[
              {
                header: '선택',
                cell: (s) => (
                  <input
                    type="checkbox"
                    name="studentId"
                    value={s.id}
                    id={`candidate-${s.id}`}
                    defaultChecked={checked.has(String(s.id))}
                    aria-label={`${s.name} (${s.loginId}) 선택`}
                  />
                ),
              },
              { header: '이름', cell: (s) => <label htmlFor={`candidate-${s.id}`}>{s.name}</label> },
              { header: '아이디', cell: (s) => s.loginId },
              { header: '학년', cell: (s) => s.grade ?? '-' },
              { header: '지금 반', cell: (s) => s.currentClass ?? <span className="muted">없음</span> },
            ]}
          />
          <InlineError message={firstError(failed)} />
          <div className="form-actions">
            <button type="submit" disabled={busy}>
              고른 학생 넣기
            </button>
          </div>
        </Form>
      )}
      <Pagination page={candidates.page} pages={candidates.pages} href={(p) => listHref(base, query, p)} />
    </section>
  );
}

export function ClassHistory({ data: { class: c, history } }: Props) {
  return (
    <section aria-labelledby="class-history-title" className="stack">
      <h2 id="class-history-title">지난 학생 기록</h2>
      <ListTable
        caption={`${withParticle(c.name, '을/를')} 떠난 학생`}
        className="class-history"
        columns={[
          { header: '이름', rowHeader: true, cell: (h) => h.name },
          { header: '아이디', cell: (h) => h.loginId },
          { header: '들어온 날', cell: (h) => h.joinedAt },
          { header: '나간 날', cell: (h) => h.leftAt },
        ]}
        rows={history}
        rowKey={(h) => h.membershipId}
        empty="반을 떠난 학생이 아직 없습니다."
      />
    </section>
  );
}
