import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { studentResetSchema as resetSchema } from '~/auth/account-schemas.server';
import { requireBasicPay } from '~/web/guards.server';
import { setFlash } from '~/web/session.server';
import { Pagination } from '~/components/pagination';
import { isDomainError } from '~/lib/errors';
import { formatDateTime } from '~/lib/dates';
import { resetStudentPassword } from '~/services/academy-members.server';
import { filterQuery, listStudents, rosterFilter, statusLabel, STUDENT_STATUS_FILTERS } from '~/services/academy/students.server';
import { orRespond, pageData, pageParam } from '~/web/http.server';
import { decideJoinRequest, listJoinRequests } from '~/services/join-requests.server';
import { openClassesInScope } from '~/services/academy/scope.server';
import { CsrfInput } from '~/components/csrf';

export const meta: MetaFunction = () => [{ title: '학생 관리 | 리드인' }];

// Needs this month's basic payment (spec §5): head2's academy has not paid and sees '이번 달 기본 결제를 해주세요.'.
// A head or teacher resets a student's password here (spec: POST student/changePassword { studentId, password }).

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const filter = rosterFilter(request);

  const isHead = user.authorities.includes('HEAD');
  const [list, requests, classOptions] = await Promise.all([
    orRespond(() => listStudents(user, filter, pageParam(request))),
    isHead && user.organisationId ? listJoinRequests(user.organisationId) : [],
    orRespond(() => openClassesInScope(user)),
  ]);
  return pageData({
    ...list,
    isHead,
    filter: { classId: filter.classId ? String(filter.classId) : '', status: filter.status ?? '', q: filter.q ?? '' },
    query: filterQuery(filter),
    classOptions,
    statuses: STUDENT_STATUS_FILTERS.map((s) => ({ value: s, label: statusLabel(s) })),
    requests: requests.map((r) => ({
      id: r.id,
      name: r.name,
      loginId: r.loginId,
      grade: r.grade,
      waitingGuardian: r.status === 'PENDING',
      requestedAt: formatDateTime(r.requestedAt),
    })),
    rows: list.rows.map((s) => ({
      id: s.id,
      name: s.name,
      loginId: s.loginId,
      grade: s.grade,
      level: s.level,
      className: s.className,
      status: s.status,
      statusLabel: statusLabel(s.status),
      lastLoginAt: s.lastLoginAt ? formatDateTime(s.lastLoginAt) : null,
    })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBasicPay(request);
  const formData = await request.formData();
  const intent = formData.get('intent');
  if (intent === 'approve' || intent === 'decline') {
    try {
      const decided = await decideJoinRequest(user, Number(formData.get('requestId')) || 0, intent === 'approve' ? 'APPROVED' : 'DECLINED');
      const message =
        decided.decision === 'APPROVED'
          ? `${decided.name} 학생의 가입을 승인했습니다. 이제 우리 학원 학생 목록에 있습니다.`
          : `${decided.name} 학생의 가입 신청을 거절했습니다.`;
      return redirect(new URL(request.url).pathname, { headers: { 'Set-Cookie': await setFlash({ kind: 'success', message }) } });
    } catch (error) {
      if (isDomainError(error)) return json({ studentId: 0, error: error.message }, { status: error.status });
      throw error;
    }
  }
  const parsed = resetSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const studentId = Number(formData.get('studentId') ?? 0) || 0;
    return json({ studentId, error: parsed.error.issues[0]?.message ?? '입력한 내용을 확인해 주세요.' }, { status: 400 });
  }
  try {
    const student = await resetStudentPassword(user, parsed.data.studentId, parsed.data.password);
    return redirect(new URL(request.url).pathname + new URL(request.url).search, {
      headers: {
        'Set-Cookie': await setFlash({
          kind: 'success',
          message: `${student.name}(${student.loginId}) 학생의 비밀번호를 임시 비밀번호로 바꿨습니다. 다음 로그인에서 학생이 새 비밀번호를 정합니다.`,
        }),
      },
    });
  } catch (error) {
    if (isDomainError(error)) return json({ studentId: parsed.data.studentId, error: error.message }, { status: error.status });
    throw error;
  }
}

export default function AdminStudents() {
  const { rows, total, page, pages, isHead, requests, filter, query, classOptions, statuses } = useLoaderData<typeof loader>();
  const suffix = query ? `?${query}` : '';
  const failed = useActionData<typeof action>();
  return (
    <section aria-labelledby="students-title">
      <h1 id="students-title" className="page-title">
        학생 관리
      </h1>
      <div className="report-actions">
        <Link to="/admin/students/new" className="button">
          학생 추가
        </Link>
        {isHead ? (
          <Link to="/admin/students/import" className="button secondary">
            명단 가져오기
          </Link>
        ) : null}
        <a href={`/admin/students/export.xlsx${suffix}`} className="button secondary" download>
          명단 내보내기 (엑셀)
        </a>
        <a href={`/admin/students/export.csv${suffix}`} className="button secondary" download>
          명단 내보내기 (CSV)
        </a>
      </div>
      <Form method="get" className="filter-form card" aria-label="학생 찾기">
        <div className="field">
          <label htmlFor="filter-class">반</label>
          <select id="filter-class" name="classId" defaultValue={filter.classId}>
            <option value="">전체 반</option>
            {classOptions.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-status">상태</label>
          <select id="filter-status" name="status" defaultValue={filter.status}>
            <option value="">전체 상태</option>
            {statuses.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-q">이름 또는 아이디</label>
          <input id="filter-q" name="q" type="search" defaultValue={filter.q} maxLength={50} />
        </div>
        <button type="submit">찾기</button>
        {query ? <Link to="/admin/students">조건 지우기</Link> : null}
      </Form>
      <p className="muted">{query ? `찾은 학생 ${total}명` : isHead ? `우리 학원 학생 ${total}명` : `내 반 학생 ${total}명`}</p>
      {failed && !failed.studentId ? (
        <div className="alert error" role="alert">
          {failed.error}
        </div>
      ) : null}
      {isHead ? (
        <section className="card join-requests" aria-labelledby="requests-title">
          <h2 id="requests-title">가입 승인 대기 {requests.length}명</h2>
          {requests.length === 0 ? (
            <p className="muted">새 가입 신청이 없습니다. 학생이 회원가입할 때 우리 학원 코드를 입력하면 여기에 나타납니다.</p>
          ) : (
            <div className="table-wrap">
              <table className="table">
                <caption className="sr-only">학원 가입 신청 목록</caption>
                <thead>
                  <tr>
                    <th scope="col">이름</th>
                    <th scope="col">아이디</th>
                    <th scope="col">학년</th>
                    <th scope="col">신청 일시</th>
                    <th scope="col">처리</th>
                  </tr>
                </thead>
                <tbody>
                  {requests.map((r) => (
                    <tr key={r.id}>
                      <td>
                        {r.name}
                        {r.waitingGuardian ? <span className="muted small-text"> (보호자 동의 대기)</span> : null}
                      </td>
                      <td>{r.loginId}</td>
                      <td>{r.grade ?? '-'}</td>
                      <td>{r.requestedAt}</td>
                      <td>
                        <Form method="post" className="inline-form" aria-label={`${r.name} 가입 신청 처리`}>
                          <CsrfInput />
                          <input type="hidden" name="requestId" value={r.id} />
                          <button type="submit" name="intent" value="approve" className="small">
                            승인
                          </button>
                          <button type="submit" name="intent" value="decline" className="small secondary">
                            거절
                          </button>
                        </Form>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}
      {rows.length === 0 ? (
        <p className="card muted">
          {query
            ? '조건에 맞는 학생이 없습니다.'
            : '등록된 학생이 없습니다. 학생 추가나 명단 가져오기로 등록하거나, 학생이 회원가입할 때 학원 코드를 입력하고 학원장이 승인하면 이 목록에 나타납니다.'}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">학원 학생 목록</caption>
            <thead>
              <tr>
                <th scope="col">이름</th>
                <th scope="col">아이디</th>
                <th scope="col">학년</th>
                <th scope="col">반</th>
                <th scope="col">레벨</th>
                <th scope="col">상태</th>
                <th scope="col">최근 로그인</th>
                <th scope="col">관리</th>
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
                  <td>{s.className ?? '-'}</td>
                  <td>{s.level ?? '-'}</td>
                  <td>
                    <span className={`badge status-${s.status.toLowerCase()}`}>{s.statusLabel}</span>
                  </td>
                  <td>{s.lastLoginAt ?? '기록 없음'}</td>
                  <td>
                    <Link to={`/admin/students/${s.id}/edit`} aria-label={`${s.name} 정보 수정`}>
                      수정
                    </Link>
                  </td>
                  <td>
                    <Form method="post" className="inline-form" aria-label={`${s.name} 비밀번호 초기화`}>
                      <CsrfInput />
                      <input type="hidden" name="studentId" value={s.id} />
                      <label className="sr-only" htmlFor={`pw-${s.id}`}>
                        {s.name} 임시 비밀번호
                      </label>
                      <input
                        id={`pw-${s.id}`}
                        name="password"
                        type="password"
                        autoComplete="new-password"
                        placeholder="임시 비밀번호"
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
      <Pagination page={page} pages={pages} href={(p) => `/admin/students?${query ? `${query}&` : ''}page=${p}`} />
    </section>
  );
}
