import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { firstError } from '~/components/form-client';
import { monthLabel, won } from '~/domain/payments';
import { formAction } from '~/web/form-action.server';
import { redirectWithFlash } from '~/web/http.server';
import { markPaidOut } from '~/services/payments/settlement-report.server';
import { BAD_REQUEST, payoutSchema, requirePayout } from './__settlement-forms.server';
import { ReadingActivity, SettlementTables } from './__settlement';
import { CountryReading } from './__settlement-country';
import { BranchPayouts, InvoiceCard, SettlementSummary } from './__settlement-payouts';
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
  const { month, months, allBranches, branchId, branches, query } = data;
  const refused = firstError(useActionData<typeof action>());
  const busy = useNavigation().state === 'submitting';
  return (
    <section aria-labelledby="branch-title" className="stack">
      <h1 id="branch-title" className="page-title">
        {allBranches ? '지사별 학원 현황과 정산' : '우리 지사 학원 현황과 정산'}
      </h1>
      {/* Keyed by what it shows: a link to another branch or month (client-side) sets its choices afresh. */}
      <Form key={query} method="get" className="inline-form" aria-label="달 선택">
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
      {data.view === 'country' ? (
        <>
          <CountryReading reading={data.reading} month={month} />
          <SettlementSummary settlement={data.settlement} month={month} query={query} refused={refused} />
          {data.settlement.branches.length > 0 ? <BranchPayouts branches={data.settlement.branches} month={month} busy={busy} /> : null}
        </>
      ) : (
        <>
          <ReadingActivity {...data} />
          <SettlementSummary settlement={data.report} month={month} query={query} refused={refused} />
          {allBranches && data.report.branches.length > 0 ? (
            <BranchPayouts branches={data.report.branches} month={month} busy={busy} />
          ) : null}
          <SettlementTables {...data} drillAcademy={data.academyId ? data.report.drilled : null} />
          {data.report.totals.count > 0 ? <InvoiceCard invoice={data.report.invoice} month={month} /> : null}
        </>
      )}
    </section>
  );
}
