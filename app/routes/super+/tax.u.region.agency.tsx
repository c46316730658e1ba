import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { firstError } from '~/components/form-client';
import { monthLabel, won } from '~/domain/payments';
import { formAction } from '~/web/form-action.server';
import { redirectWithFlash } from '~/web/http.server';
import { markPaidOut } from '~/services/payments/settlement-report.server';
import { BAD_REQUEST, payoutSchema, requirePayout } from './__settlement-forms.server';
import { ReadingActivity, SettlementTables, ShareCells } from './__settlement';
import { BranchPayouts, InvoiceCard } from './__settlement-payouts';
import type { loader } from './__settlement-page.server';
import { Options } from '~/components/filter-select';

export { loader } from './__settlement-page.server';

export const meta: MetaFunction = () => [{ title: '지사 | 리드인 운영' }];

// BRANCH's home (spec §2): the academies of its region, their students' reading in a Seoul month, and the month's
// settlement: the region's academies and agencies with the payments' base and the branch's and agencies' shares, the
// lines (all, or one academy's), the figures of the tax invoice, and the same table as a spreadsheet. A BRANCH user
// sees only its own branch; operators (ADMIN1, ADMIN2) see every branch, or one, and mark a branch's month paid out.

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requirePayout(request),
    schema: payoutSchema,
    unknownIntent: BAD_REQUEST,
    run: async ({ user, request, value: { branch: branchId, month } }) => {
      const done = await markPaidOut(user, branchId, month, requestOrigin(request));
      return redirectWithFlash(
        `/super/tax/u/region/agency?${new URLSearchParams({ month, branch: String(branchId) })}`,
        `${monthLabel(month)} 정산 ${done.lines}건을 지급 완료로 표시했습니다. (지사 ${won(done.branch)}, 대리점 ${won(done.agency)})`,
      );
    },
  });
}

export default function BranchHome() {
  const data = useLoaderData<typeof loader>();
  const { month, months, allBranches, branchId, branches, academyId, query, report } = data;
  const refused = firstError(useActionData<typeof action>());
  const busy = useNavigation().state === 'submitting';
  const single = !allBranches || branchId !== null;
  const drillAcademy = academyId ? report.drilled : null;
  return (
    <section aria-labelledby="branch-title" className="stack">
      <h1 id="branch-title" className="page-title">
        {allBranches ? '지사별 학원 현황과 정산' : '우리 지사 학원 현황과 정산'}
      </h1>
      <Form method="get" className="inline-form" aria-label="달 선택">
        <label htmlFor="month">달</label>
        <select id="month" name="month" defaultValue={month}>
          <Options options={months.map((m) => [m, monthLabel(m)] as const)} />
        </select>
        {allBranches ? (
          <>
            <label htmlFor="branch">지사</label>
            <select id="branch" name="branch" defaultValue={branchId ?? ''}>
              <option value="">모든 지사</option>
              <Options options={branches.map((b) => [b.id, b.name] as const)} />
            </select>
          </>
        ) : null}
        <button type="submit" className="small">
          보기
        </button>
      </Form>
      <ReadingActivity {...data} />

      <h2 id="settlement-title">{monthLabel(month)} 정산</h2>
      {refused ? (
        <p className="alert error" role="alert">
          {refused}
        </p>
      ) : null}
      <div className="card settlement-summary" aria-labelledby="settlement-title">
        <dl className="facts">
          <dt>정산 대상 결제</dt>
          <dd data-testid="settlement-count">{report.totals.count}건</dd>
          <dt>결제 금액 합계</dt>
          <dd data-testid="settlement-base">{won(report.totals.base)}</dd>
          <dt>지사 정산액</dt>
          <dd data-testid="settlement-branch">{won(report.totals.branchAmount)}</dd>
          <dt>대리점 정산액</dt>
          <dd data-testid="settlement-agency">{won(report.totals.agencyAmount)}</dd>
          {report.recover.count > 0 ? (
            <>
              <dt>회수 필요 (지급 후 환불)</dt>
              <dd>
                {report.recover.count}건 · 지사 {won(report.recover.branchAmount)} · 대리점 {won(report.recover.agencyAmount)}
              </dd>
            </>
          ) : null}
        </dl>
        <p className="muted">정산 대상은 지급 대기와 지급 완료 결제입니다. 환불·취소된 결제는 합계에 넣지 않습니다.</p>
        <p>
          <a href={`/super/tax/u/region/agency/export.xlsx?${query}`} download>
            엑셀(.xlsx)로 받기
          </a>{' '}
          ·{' '}
          <a href={`/super/tax/u/region/agency/export.csv?${query}`} download>
            CSV로 받기
          </a>
        </p>
      </div>

      <div className="table-wrap">
        <table className="table">
          <caption>상태별 정산</caption>
          <thead>
            <tr>
              <th scope="col">상태</th>
              <th scope="col">건수</th>
              <th scope="col">결제 금액</th>
              <th scope="col">지사 몫</th>
              <th scope="col">대리점 몫</th>
            </tr>
          </thead>
          <tbody>
            {report.byStatus.map((s) => (
              <tr key={s.status}>
                <th scope="row">{s.label}</th>
                <td>{s.count}건</td>
                <ShareCells figures={s} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {allBranches && report.branches.length > 0 ? <BranchPayouts branches={report.branches} month={month} busy={busy} /> : null}

      <SettlementTables {...data} drillAcademy={drillAcademy} />

      {single && report.totals.count > 0 ? <InvoiceCard invoice={report.invoice} month={month} /> : null}
    </section>
  );
}
