import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { CsrfInput } from '~/components/csrf';
import { CLASS_NAME_MAX } from '~/domain/classes';
import { ConfirmDialog } from '~/components/dialogs';
import { Pagination } from '~/components/pagination';
import { formatKoreanDate } from '~/lib/dates';
import { isDomainError } from '~/lib/errors';
import { domainErrorResponse, idParam, orRespond, pageData, positiveInt, redirectWithFlash } from '~/web/http.server';
import {
  addClassTeacher,
  addStudentsToClass,
  CLASS_MESSAGES as M,
  closeClass,
  getClassDetail,
  listClassCandidates,
  listTeacherChoices,
  removeClassTeacher,
  removeStudentFromClass,
  renameClass,
} from '~/services/academy/classes.server';
import { isHead, SCOPE_MESSAGES } from '~/services/academy/scope.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.class.name ?? '반'} | 리드인` }];

// One class: its teachers, its students now and its former members. The head renames it, closes it (a confirm step
// through `?close=1`, which works without JavaScript), chooses its teachers and adds students from the academy's list
// (searchable, a page at a time; a student in another class is moved) or takes them out. A teacher sees the classes
// they teach; another class's id answers 404.

const ids = (values: FormDataEntryValue[]) => values.map((v) => positiveInt(v)).filter((v): v is number => v !== null);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const classId = idParam(params.classId, SCOPE_MESSAGES.classNotFound);
  const url = new URL(request.url);
  const head = isHead(user);
  const detail = await orRespond(() => getClassDetail(user, classId));
  const open = detail.class.status === 'OPEN';
  const [teacherChoices, candidates] =
    head && open
      ? await Promise.all([
          listTeacherChoices(user),
          listClassCandidates(user, classId, { q: url.searchParams.get('q') ?? '', page: positiveInt(url.searchParams.get('page')) ?? 1 }),
        ])
      : [[], null];
  const teacherIds = new Set(detail.teachers.map((t) => t.id));
  return pageData({
    isHead: head,
    class: {
      id: detail.class.id,
      name: detail.class.name,
      open,
      createdAt: formatKoreanDate(detail.class.createdAt),
      closedAt: detail.class.closedAt ? formatKoreanDate(detail.class.closedAt) : null,
    },
    teachers: detail.teachers,
    students: detail.students.map((s) => ({ ...s, joinedAt: formatKoreanDate(s.joinedAt) })),
    history: detail.history.map((h) => ({ ...h, joinedAt: formatKoreanDate(h.joinedAt), leftAt: formatKoreanDate(h.leftAt) })),
    teacherChoices: teacherChoices.filter((t) => !teacherIds.has(t.id)),
    candidates,
    confirmClose: head && open && url.searchParams.get('close') === '1',
  });
}

type Failure = { intent: string; error: string; name?: string; studentIds?: number[] };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireBasicPay(request);
  const classId = idParam(params.classId, SCOPE_MESSAGES.classNotFound);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const url = new URL(request.url);
  const back = `/admin/classes/${classId}`;
  const listQuery = new URLSearchParams();
  for (const key of ['q', 'page']) {
    const value = url.searchParams.get(key);
    if (value) listQuery.set(key, value);
  }
  const backToList = listQuery.size ? `${back}?${listQuery}` : back;
  try {
    switch (intent) {
      case 'rename': {
        const result = await renameClass(user, classId, form.get('name'));
        return redirectWithFlash(back, M.renamed(result.name));
      }
      case 'close': {
        const result = await closeClass(user, classId);
        return redirectWithFlash(back, M.closedDone(result.name, result.left));
      }
      case 'addTeacher': {
        const teacherId = positiveInt(form.get('teacherId'));
        if (!teacherId) return json<Failure>({ intent, error: '추가할 선생님을 골라 주세요.' }, { status: 400 });
        const result = await addClassTeacher(user, classId, teacherId);
        return redirectWithFlash(back, M.teacherAdded(result.name));
      }
      case 'removeTeacher': {
        const result = await removeClassTeacher(user, classId, positiveInt(form.get('teacherId')) ?? 0);
        return redirectWithFlash(back, M.teacherRemoved(result.name));
      }
      case 'addStudents': {
        const studentIds = ids(form.getAll('studentId'));
        const result = await addStudentsToClass(user, classId, studentIds);
        return redirectWithFlash(backToList, M.studentsAdded(result.added, result.moved));
      }
      case 'removeStudent': {
        const result = await removeStudentFromClass(user, classId, positiveInt(form.get('studentId')) ?? 0);
        return redirectWithFlash(back, M.studentRemoved(result.name));
      }
      default:
        return json<Failure>({ intent, error: '요청을 처리할 수 없습니다.' }, { status: 400 });
    }
  } catch (error) {
    if (isDomainError(error)) {
      // The class itself missing (or out of scope) and a teacher's attempt at a head's action are error pages.
      if (error.status === 403 || error.code === 'CLASS_NOT_FOUND') throw domainErrorResponse(error);
      return json<Failure>(
        { intent, error: error.message, name: String(form.get('name') ?? ''), studentIds: ids(form.getAll('studentId')) },
        { status: error.status },
      );
    }
    throw error;
  }
}

export default function AdminClass() {
  const data = useLoaderData<typeof loader>();
  const { class: c, isHead, teachers, students, history, teacherChoices, candidates, confirmClose } = data;
  const failed = useActionData<typeof action>() as Failure | undefined;
  const busy = useNavigation().state === 'submitting';
  const base = `/admin/classes/${c.id}`;
  const errorOf = (...intents: string[]) => (failed && intents.includes(failed.intent) ? failed.error : null);
  const listAction =
    candidates && (candidates.q || candidates.page > 1)
      ? `?${new URLSearchParams({ ...(candidates.q ? { q: candidates.q } : {}), ...(candidates.page > 1 ? { page: String(candidates.page) } : {}) })}`
      : undefined;
  const checked = new Set(failed?.studentIds ?? []);
  const generalError = errorOf('close', 'removeStudent', '');
  return (
    <section aria-labelledby="class-title" className="stack class-page">
      <p>
        <Link to="/admin/classes">← 반 관리</Link>
      </p>
      <h1 id="class-title" className="page-title">
        {c.name} {c.open ? null : <span className="badge neutral">종료</span>}
      </h1>
      <p className="muted">
        {c.createdAt} 개설{c.closedAt ? ` · ${c.closedAt} 종료` : ''} · 지금 학생 {students.length}명
      </p>
      {confirmClose ? (
        <ConfirmDialog
          title="반 종료"
          icon="warning"
          message={
            <p>
              &lsquo;{c.name}&rsquo;을(를) 정말 종료할까요? 지금 학생 {students.length}명은 반에서 나오고, 종료된 반에는 학생을 넣을 수
              없습니다. 반의 기록은 남습니다.
            </p>
          }
          close={{ label: '취소', href: base }}
          confirm={{
            form: (
              <Form method="post" action={base}>
                <CsrfInput />
                <input type="hidden" name="intent" value="close" />
                <button type="submit" className="button danger" disabled={busy}>
                  반 종료
                </button>
              </Form>
            ),
          }}
        />
      ) : null}
      {generalError ? (
        <div className="alert error" role="alert">
          {generalError}
        </div>
      ) : null}

      {isHead && c.open ? (
        <section aria-labelledby="class-settings-title" className="card stack">
          <h2 id="class-settings-title">반 정보</h2>
          <Form method="post" action={base} className="inline-fields">
            <CsrfInput />
            <input type="hidden" name="intent" value="rename" />
            <div className="field">
              <label htmlFor="class-name">반 이름</label>
              <input
                id="class-name"
                name="name"
                type="text"
                required
                maxLength={CLASS_NAME_MAX}
                defaultValue={failed?.intent === 'rename' ? failed.name : c.name}
                key={failed?.intent === 'rename' ? `failed-${failed.name}` : c.name}
                aria-invalid={errorOf('rename') ? true : undefined}
                aria-describedby={errorOf('rename') ? 'class-name-error' : undefined}
              />
              {errorOf('rename') ? (
                <p className="field-error" id="class-name-error" role="alert">
                  {errorOf('rename')}
                </p>
              ) : null}
            </div>
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
      ) : null}

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
        {errorOf('removeTeacher') ? (
          <p className="field-error" role="alert">
            {errorOf('removeTeacher')}
          </p>
        ) : null}
        {isHead && c.open && teacherChoices.length > 0 ? (
          <Form method="post" action={base} className="inline-fields">
            <CsrfInput />
            <input type="hidden" name="intent" value="addTeacher" />
            <div className="field">
              <label htmlFor="add-teacher">선생님 추가</label>
              <select id="add-teacher" name="teacherId" required defaultValue="">
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
            {errorOf('addTeacher') ? (
              <p className="field-error" role="alert">
                {errorOf('addTeacher')}
              </p>
            ) : null}
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="class-students-title" className="stack">
        <h2 id="class-students-title">학생 {students.length}명</h2>
        {students.length === 0 ? (
          <p className="card muted">
            {c.open ? '아직 학생이 없습니다.' : '종료된 반이라 지금 학생이 없습니다. 아래 기록에서 지난 학생을 볼 수 있습니다.'}
          </p>
        ) : (
          <div className="table-wrap">
            <table className="table class-students">
              <caption className="sr-only">{c.name} 학생 목록</caption>
              <thead>
                <tr>
                  <th scope="col">이름</th>
                  <th scope="col">아이디</th>
                  <th scope="col">학년</th>
                  <th scope="col">들어온 날</th>
                  {isHead ? <th scope="col">반에서 빼기</th> : null}
                </tr>
              </thead>
              <tbody>
                {students.map((s) => (
                  <tr key={s.membershipId}>
                    <th scope="row">
                      <Link to={`/admin/students/${s.id}`}>{s.name}</Link>
                    </th>
                    <td>{s.loginId}</td>
                    <td>{s.grade ?? '-'}</td>
                    <td>{s.joinedAt}</td>
                    {isHead ? (
                      <td>
                        <Form method="post" action={base} className="row-form">
                          <CsrfInput />
                          <input type="hidden" name="intent" value="removeStudent" />
                          <input type="hidden" name="studentId" value={s.id} />
                          <button type="submit" className="small secondary" disabled={busy} aria-label={`${s.name} 반에서 빼기`}>
                            빼기
                          </button>
                        </Form>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {candidates ? (
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
            <Form method="post" action={listAction ? `${base}${listAction}` : base} className="stack">
              <CsrfInput />
              <input type="hidden" name="intent" value="addStudents" />
              <div className="table-wrap">
                <table className="table candidates">
                  <caption className="sr-only">반에 넣을 수 있는 학생 ({candidates.total}명)</caption>
                  <thead>
                    <tr>
                      <th scope="col">선택</th>
                      <th scope="col">이름</th>
                      <th scope="col">아이디</th>
                      <th scope="col">학년</th>
                      <th scope="col">지금 반</th>
                    </tr>
                  </thead>
                  <tbody>
                    {candidates.rows.map((s) => (
                      <tr key={s.id}>
                        <td>
                          <input
                            type="checkbox"
                            name="studentId"
                            value={s.id}
                            id={`candidate-${s.id}`}
                            defaultChecked={checked.has(s.id)}
                            aria-label={`${s.name} (${s.loginId}) 선택`}
                          />
                        </td>
                        <td>
                          <label htmlFor={`candidate-${s.id}`}>{s.name}</label>
                        </td>
                        <td>{s.loginId}</td>
                        <td>{s.grade ?? '-'}</td>
                        <td>{s.currentClass ?? <span className="muted">없음</span>}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {errorOf('addStudents') ? (
                <p className="field-error" role="alert">
                  {errorOf('addStudents')}
                </p>
              ) : null}
              <div className="form-actions">
                <button type="submit" disabled={busy}>
                  고른 학생 넣기
                </button>
              </div>
            </Form>
          )}
          <Pagination
            page={candidates.page}
            pages={candidates.pages}
            href={(p) => `${base}?${new URLSearchParams({ ...(candidates.q ? { q: candidates.q } : {}), page: String(p) })}`}
          />
        </section>
      ) : null}

      <section aria-labelledby="class-history-title" className="stack">
        <h2 id="class-history-title">지난 학생 기록</h2>
        {history.length === 0 ? (
          <p className="card muted">반을 떠난 학생이 아직 없습니다.</p>
        ) : (
          <div className="table-wrap">
            <table className="table class-history">
              <caption className="sr-only">{c.name}을(를) 떠난 학생</caption>
              <thead>
                <tr>
                  <th scope="col">이름</th>
                  <th scope="col">아이디</th>
                  <th scope="col">들어온 날</th>
                  <th scope="col">나간 날</th>
                </tr>
              </thead>
              <tbody>
                {history.map((h) => (
                  <tr key={h.membershipId}>
                    <th scope="row">{h.name}</th>
                    <td>{h.loginId}</td>
                    <td>{h.joinedAt}</td>
                    <td>{h.leftAt}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}
