import { Form, useLoaderData } from '@remix-run/react';
import { CsrfInput } from '~/components/csrf';
import { ListTable } from '~/components/list-page';
import { ChargeNotice } from '~/components/charge-notice';
import type { loader } from './__students-page.server';

// The head's join requests on the student list (./students.tsx): students who entered the academy's code when they
// registered, each approved or declined here. Not a route: flat routes skip `__` files.

export function JoinRequests() {
  const { requests, approveCharge } = useLoaderData<typeof loader>();
  return (
    <section className="card join-requests" aria-labelledby="requests-title">
      <h2 id="requests-title">가입 승인 대기 {requests.length}명</h2>
      {requests.length === 0 ? (
        <p className="muted">새 가입 신청이 없습니다. 학생이 회원가입할 때 우리 학원 코드를 입력하면 여기에 나타납니다.</p>
      ) : (
        <>
          <ChargeNotice message={approveCharge} id="approve-charge" />
          <ListTable
            caption="학원 가입 신청 목록"
            rows={requests}
            rowKey={(r) => r.id}
            empty=""
            columns={[
              {
                header: '이름',
                cell: (r) => (
                  <>
                    {r.name}
                    {r.waitingGuardian ? <span className="muted small-text"> (보호자 동의 대기)</span> : null}
                  </>
                ),
              },
              { header: '아이디', cell: (r) => r.loginId },
              { header: '학년', cell: (r) => r.grade ?? '-' },
              { header: '신청 일시', cell: (r) => r.requestedAt },
              {
                header: '처리',
                cell: (r) => (
                  <Form method="post" className="inline-form" aria-label={`${r.name} 가입 신청 처리`}>
                    <CsrfInput />
                    <input type="hidden" name="requestId" value={r.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="approve"
                      className="small"
                      aria-describedby={approveCharge ? 'approve-charge' : undefined}
                    >
                      승인
                    </button>
                    <button type="submit" name="intent" value="decline" className="small secondary">
                      거절
                    </button>
                  </Form>
                ),
              },
            ]}
          />
        </>
      )}
    </section>
  );
}
