import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { setFlash } from '~/web/session.server';
import { ConfirmDialog } from '~/components/dialogs';
import { Pagination } from '~/components/pagination';
import { ReadMethodSelect } from '~/components/reading';
import { formatKoreanDate } from '~/lib/dates';
import { isDomainError } from '~/lib/errors';
import { domainErrorResponse, notFound, positiveInt } from '~/web/http.server';
import {
  ASSIGNABLE_READ_METHODS,
  ASSIGNMENT_MESSAGES as M,
  allowRetake,
  assignBook,
  excludeBook,
  getStaffResultBook,
  listAssignableBooks,
  listStudentBooks,
  readMethodChoiceLabel,
  setReadMethod,
} from '~/services/assignments.server';
import { CsrfInput } from '~/components/csrf';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.student.name ?? '학생'} 학생의 도서 | 리드인` }];

// A student's books as their teacher sees them (product.md §2/§3): assign a book with a read method, change the read
// method before the reading ends, allow a retake of a marked problem analysis, exclude a book (confirm step: the
// first 제외 asks '정말 제외할까요?' through `?exclude=<id>`, which works without JavaScript). Needs this month's
// basic payment like the student list; a student of another academy is 404.

/** An id from the URL or the form; 0 (found nowhere) when it is not one. */
const toId = (value: FormDataEntryValue | string | null | undefined) => positiveInt(value) ?? 0;

function notFoundOr(error: unknown): never {
  if (isDomainError(error) && error.status === 404) throw domainErrorResponse(error);
  throw error;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const studentId = toId(params.studentId);
  const url = new URL(request.url);
  const page = Number(url.searchParams.get('page') ?? 1);
  try {
    const [list, catalogue] = await Promise.all([listStudentBooks(user, studentId, page), listAssignableBooks(user, studentId)]);
    const excludeId = toId(url.searchParams.get('exclude'));
    let confirmExclude: { resultBookId: number; title: string; statusLabel: string } | null = null;
    if (excludeId) {
      const book = await getStaffResultBook(user, excludeId).catch(() => null);
      if (book && book.userId === list.student.id && book.status !== 999) confirmExclude = book;
    }
    return json({
      ...list,
      books: list.books.map((b) => ({ ...b, assignedAt: formatKoreanDate(b.assignedAt) })),
      catalogue,
      methods: ASSIGNABLE_READ_METHODS.map((m) => ({ value: m, label: readMethodChoiceLabel(m) })),
      confirmExclude,
    });
  } catch (error) {
    notFoundOr(error);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireBasicPay(request);
  const studentId = toId(params.studentId);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const resultBookId = toId(form.get('resultBookId'));
  const url = new URL(request.url);
  const page = url.searchParams.get('page');
  const back = `/admin/students/${studentId}${page ? `?page=${encodeURIComponent(page)}` : ''}`;
  const done = async (message: string) => redirect(back, { headers: { 'Set-Cookie': await setFlash({ kind: 'success', message }) } });
  try {
    if (resultBookId) {
      // A book of this student only (another student's id in the form is "not found").
      const book = await getStaffResultBook(user, resultBookId);
      if (book.userId !== studentId) throw notFound(M.bookNotFound);
    }
    switch (intent) {
      case 'assign': {
        const bookId = toId(form.get('bookId'));
        if (!bookId) return json({ intent, resultBookId: 0, error: '배정할 도서를 골라 주세요.' }, { status: 400 });
        const result = await assignBook(user, studentId, { bookId, readMethod: String(form.get('readMethod') ?? '') });
        return done(M.assigned(result.title));
      }
      case 'readMethod': {
        const result = await setReadMethod(user, resultBookId, String(form.get('readMethod') ?? ''));
        return done(M.readMethodSaved(result.title, result.label));
      }
      case 'retake': {
        const result = await allowRetake(user, resultBookId);
        return done(M.retakeAllowed(result.title));
      }
      case 'exclude': {
        const result = await excludeBook(user, resultBookId);
        return done(M.excludedDone(result.title));
      }
      default:
        return json({ intent, resultBookId, error: '요청을 처리할 수 없습니다.' }, { status: 400 });
    }
  } catch (error) {
    if (isDomainError(error)) {
      if (error.status === 404 && !resultBookId && intent !== 'assign') throw domainErrorResponse(error);
      return json({ intent, resultBookId, error: error.message }, { status: error.status });
    }
    throw error;
  }
}

type ActionError = { intent: string; resultBookId: number; error: string };

export default function AdminStudentBooks() {
  const { student, books, total, page, pages, catalogue, methods, confirmExclude } = useLoaderData<typeof loader>();
  // A book already assigned shows "not set" plainly, with the choice to leave it for later.
  const rowMethods = methods.map((m) => (m.value === 0 ? { ...m, label: '미설정 (나중에 정하기)' } : m));
  const failed = useActionData<typeof action>() as ActionError | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const base = `/admin/students/${student.id}`;
  const here = page > 1 ? `${base}?page=${page}` : base;
  const action = page > 1 ? `?page=${page}` : undefined;
  const assignError = failed?.intent === 'assign' ? failed.error : null;
  const rowError = (id: number) => (failed && failed.intent !== 'assign' && failed.resultBookId === id ? failed.error : null);
  const generalError =
    failed && failed.intent !== 'assign' && !books.some((b) => b.resultBookId === failed.resultBookId) ? failed.error : null;
  return (
    <section aria-labelledby="student-books-title" className="stack student-books-page">
      <p>
        <Link to="/admin/students">← 학생 관리</Link> · <Link to={`/admin/students/${student.id}/overview`}>학생 한눈에 보기</Link>
      </p>
      <h1 id="student-books-title" className="page-title">
        {student.name} 학생의 도서
      </h1>
      {confirmExclude ? (
        <ConfirmDialog
          key={confirmExclude.resultBookId}
          title="도서 제외"
          icon="warning"
          message={
            <p>
              &lsquo;{confirmExclude.title}&rsquo; ({confirmExclude.statusLabel}) 정말 제외할까요? 제외한 도서는 학생 화면에 보이지
              않습니다.
            </p>
          }
          close={{ label: '취소', href: here }}
          confirm={{
            form: (
              <Form method="post" action={action}>
                <CsrfInput />
                <input type="hidden" name="intent" value="exclude" />
                <input type="hidden" name="resultBookId" value={confirmExclude.resultBookId} />
                <button type="submit" className="button danger" disabled={busy}>
                  제외
                </button>
              </Form>
            ),
          }}
        />
      ) : null}
      <dl className="student-facts card">
        <div>
          <dt>이름</dt>
          <dd>{student.name}</dd>
        </div>
        <div>
          <dt>아이디</dt>
          <dd>{student.loginId}</dd>
        </div>
        <div>
          <dt>학년</dt>
          <dd>{student.grade ?? '-'}</dd>
        </div>
        <div>
          <dt>레벨</dt>
          <dd>{student.level ?? '-'}</dd>
        </div>
      </dl>

      {generalError ? (
        <div className="alert error" role="alert">
          {generalError}
        </div>
      ) : null}

      <section aria-labelledby="assign-title" className="card stack">
        <h2 id="assign-title">도서 배정</h2>
        <Form method="post" action={action} className="assign-form" aria-describedby={assignError ? 'assign-error' : undefined}>
          <CsrfInput />
          <input type="hidden" name="intent" value="assign" />
          <div className="field">
            <label htmlFor="assign-book">도서</label>
            <select id="assign-book" name="bookId" required defaultValue="" aria-invalid={assignError ? true : undefined}>
              <option value="" disabled>
                도서를 고르세요
              </option>
              {catalogue.map((group) => (
                <optgroup key={group.level} label={`레벨 ${group.level}`}>
                  {group.books.map((b) => (
                    <option key={b.id} value={b.id} disabled={b.assigned}>
                      {b.title} · {b.author}
                      {b.assigned ? ' (배정됨)' : ''}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="assign-method">읽기 방식</label>
            <ReadMethodSelect id="assign-method" methods={methods} defaultValue={methods[0]?.value} />
          </div>
          <div className="form-actions">
            <button type="submit" disabled={busy}>
              배정
            </button>
          </div>
          {assignError ? (
            <p className="field-error" id="assign-error" role="alert">
              {assignError}
            </p>
          ) : null}
        </Form>
        <p className="muted">
          읽기 방식을 &lsquo;나중에 정하기&rsquo;로 배정하면 학생은 읽기 방식이 정해질 때까지 독서 기록을 저장할 수 없습니다.
        </p>
      </section>

      <section aria-labelledby="books-title" className="stack student-books-list">
        <h2 id="books-title">배정된 도서 {total}권</h2>
        {books.length === 0 ? (
          <p className="card muted">아직 배정된 도서가 없습니다. 위의 &lsquo;도서 배정&rsquo;에서 첫 도서를 배정해 주세요.</p>
        ) : (
          <div className="table-wrap">
            <table className="table student-books">
              <caption className="sr-only">{student.name} 학생의 도서 목록</caption>
              <thead>
                <tr>
                  <th scope="col">도서</th>
                  <th scope="col">상태</th>
                  <th scope="col">진행</th>
                  <th scope="col">읽기 방식</th>
                  <th scope="col">문제 분석</th>
                  <th scope="col">제외</th>
                </tr>
              </thead>
              <tbody>
                {books.map((b) => {
                  const error = rowError(b.resultBookId);
                  return (
                    <tr key={b.resultBookId} className={b.status === 999 ? 'excluded' : undefined}>
                      <th scope="row">
                        <span className="book-title">{b.title}</span>
                        <span className="muted small-text">
                          레벨 {b.level} · {b.assignedAt} 배정
                          {b.dueOn ? ` · 마감 ${b.dueOn}` : ''}
                        </span>
                        {error ? (
                          <p className="field-error" role="alert">
                            {error}
                          </p>
                        ) : null}
                      </th>
                      <td>
                        <span className={`badge status-${b.status}`}>{b.statusLabel}</span>
                      </td>
                      <td>{b.status === 999 ? '-' : b.progress.label}</td>
                      <td>
                        {b.canChangeReadMethod ? (
                          <Form method="post" action={action} className="row-form" aria-label={`${b.title} 읽기 방식 변경`}>
                            <CsrfInput />
                            <input type="hidden" name="intent" value="readMethod" />
                            <input type="hidden" name="resultBookId" value={b.resultBookId} />
                            <label className="sr-only" htmlFor={`method-${b.resultBookId}`}>
                              {b.title} 읽기 방식
                            </label>
                            <ReadMethodSelect id={`method-${b.resultBookId}`} methods={rowMethods} defaultValue={b.readMethod} />
                            <button type="submit" className="small secondary" disabled={busy}>
                              저장
                            </button>
                          </Form>
                        ) : (
                          b.readMethodLabel
                        )}
                      </td>
                      <td>
                        {b.canAllowRetake ? (
                          <Form method="post" action={action} className="row-form">
                            <CsrfInput />
                            <input type="hidden" name="intent" value="retake" />
                            <input type="hidden" name="resultBookId" value={b.resultBookId} />
                            <button type="submit" className="small secondary" disabled={busy} aria-label={`${b.title} 재응시 허용`}>
                              재응시 허용
                            </button>
                          </Form>
                        ) : b.retakeAllowed && b.status !== 999 ? (
                          <span className="badge">재응시 허용됨</span>
                        ) : b.marked ? (
                          <span className="muted">채점 완료</span>
                        ) : (
                          <span className="muted">-</span>
                        )}
                      </td>
                      <td>
                        {b.canExclude ? (
                          <Form method="get" className="row-form">
                            {page > 1 ? <input type="hidden" name="page" value={page} /> : null}
                            <input type="hidden" name="exclude" value={b.resultBookId} />
                            <button type="submit" className="small secondary exclude" aria-label={`${b.title} 제외`}>
                              제외
                            </button>
                          </Form>
                        ) : (
                          <span className="muted">제외됨</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={page} pages={pages} base={base} />
      </section>
    </section>
  );
}
