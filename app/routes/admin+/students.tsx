import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { firstError, type FormReply } from '~/components/form-client';
import { FilterForm, ListPage, listHref, SearchField, type Column } from '~/components/list-page';
import { FilterSelect } from '~/components/filter-select';
import { resetStudentPassword } from '~/services/academy-members.server';
import { studentListSchema } from '~/services/academy/students.server';
import { formAction } from '~/web/form-action.server';
import { redirectWithFlash } from '~/web/http.server';
import { decideJoinRequest } from '~/services/join-requests.server';
import { CsrfInput } from '~/components/csrf';
import { JoinRequests } from './__join-requests';
import type { loader } from './__students-page.server';

export { loader } from './__students-page.server';

export const meta: MetaFunction = () => [{ title: '학생 관리 | 리드인' }];

// Needs this month's basic payment (spec §5): head2's academy has not paid and sees '이번 달 기본 결제를 해 주세요.'.
// A head or teacher resets a student's password here (spec: POST student/changePassword { studentId, password }).

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireBasicPay(request),
    schema: studentListSchema,
    hideFields: ['password'],
    run: async ({ user, value, request }) => {
      const url = new URL(request.url);
      if (value.intent === 'reset') {
        const student = await resetStudentPassword(user, value.studentId, value.password);
        return redirectWithFlash(
          url.pathname + url.search,
          `${student.name}(${student.loginId}) 학생의 비밀번호를 임시 비밀번호로 바꿨습니다. 다음 로그인에서 학생이 새 비밀번호를 정합니다.`,
        );
      }
      const decided = await decideJoinRequest(user, value.requestId, value.intent === 'approve' ? 'APPROVED' : 'DECLINED');
      return redirectWithFlash(
        url.pathname,
        decided.decision === 'APPROVED'
          ? `${decided.name} 학생의 가입을 승인했습니다. 이제 우리 학원 학생 목록에 있습니다.`
          : `${decided.name} 학생의 가입 신청을 거절했습니다.`,
      );
    },
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number];

const COLUMNS: Column<Row>[] = [
  { header: '이름', cell: (s) => <Link to={`/admin/students/${s.id}`}>{s.name}</Link> },
  { header: '아이디', cell: (s) => s.loginId },
  { header: '학년', cell: (s) => s.grade ?? '-' },
  { header: '반', cell: (s) => s.className ?? '-' },
  { header: '레벨', cell: (s) => s.level ?? '-' },
  { header: '상태', cell: (s) => <span className={`badge status-${s.status.toLowerCase()}`}>{s.statusLabel}</span> },
  { header: '최근 로그인', cell: (s) => s.lastLoginAt ?? '기록 없음' },
  {
    header: '관리',
    cell: (s) => (
      <Link to={`/admin/students/${s.id}/edit`} aria-label={`${s.name} 정보 수정`}>
        수정
      </Link>
    ),
  },
  { header: '비밀번호 초기화', cell: (s) => <ResetPassword student={s} /> },
];

export default function AdminStudents() {
  const { rows, total, page, pages, isHead, filter, query, classOptions, statuses } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const filtered = Object.keys(query).length > 0;
  // A refusal of a join request's decision is shown above the lists; a reset's beside its row.
  const decisionError = reply && !isReset(reply) ? firstError(reply) : null;
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
        <a href={listHref('/admin/students/export.xlsx', query)} className="button secondary" download>
          명단 내보내기 (엑셀)
        </a>
        <a href={listHref('/admin/students/export.csv', query)} className="button secondary" download>
          명단 내보내기 (CSV)
        </a>
      </div>
      <FilterForm label="학생 찾기" reset="/admin/students" submitLabel="찾기">
        <FilterSelect
          label="반"
          name="classId"
          value={filter.classId}
          allLabel="전체 반"
          options={classOptions.map((c) => [c.id, c.name] as const)}
        />
        <FilterSelect
          label="상태"
          name="status"
          value={filter.status}
          allLabel="전체 상태"
          options={statuses.map((s) => [s.value, s.label] as const)}
        />
        <SearchField label="이름 또는 아이디" value={filter.q} />
      </FilterForm>
      <p className="muted">{filtered ? `찾은 학생 ${total}명` : isHead ? `우리 학원 학생 ${total}명` : `내 반 학생 ${total}명`}</p>
      {decisionError ? (
        <div className="alert error" role="alert">
          {decisionError}
        </div>
      ) : null}
      {isHead ? <JoinRequests /> : null}
      <ListPage
        base="/admin/students"
        list={{ rows, page, pages, query }}
        caption="학원 학생 목록"
        columns={COLUMNS}
        empty={
          filtered
            ? '조건에 맞는 학생이 없습니다.'
            : '등록된 학생이 없습니다. 학생 추가나 명단 가져오기로 등록하거나, 학생이 회원가입할 때 학원 코드를 입력하고 학원장이 승인하면 이 목록에 나타납니다.'
        }
      />
    </section>
  );
}

/** A password reset's reply (its row's form posts the student's id). */
const isReset = (reply: FormReply) => reply.initialValue?.studentId !== undefined;

/** A row's password reset: the temporary password and its refusal beside it. */
function ResetPassword({ student: s }: { student: Row }) {
  const reply = useActionData<typeof action>();
  const error = reply && isReset(reply) && String(reply.initialValue?.studentId) === String(s.id) ? firstError(reply) : null;
  return (
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
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `pw-${s.id}-error` : undefined}
      />
      <button type="submit" className="small">
        비밀번호 초기화
      </button>
      {error ? (
        <p className="field-error" id={`pw-${s.id}-error`}>
          {error}
        </p>
      ) : null}
    </Form>
  );
}
