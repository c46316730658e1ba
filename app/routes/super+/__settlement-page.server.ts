import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireSuper } from '~/web/guards.server';
import { now } from '~/lib/clock.server';
import { formatDateTime } from '~/lib/dates';
import { pageData } from '~/web/http.server';
import { ACADEMIES_PER_PAGE, branchActivity, branchesReading } from '~/services/operators/branch.server';
import { branchChoices, countrySettlement, settlementReport, settlementScope } from '~/services/payments/settlement-report.server';

// The server side of the branch's page (tax.u.region.agency.tsx): its loader, re-exported by the route. The page's
// parts (__settlement.tsx) read its type from here, so neither imports the route.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSuper(request, { allow: ['BRANCH'] });
  const url = new URL(request.url);
  const { month, months, allBranches, branchId, academyId } = settlementScope(user, url, now());
  // Every branch (operators, no branch chosen): the country's month branch by branch (decision 049); a branch's
  // academies, agencies and lines are on its own month, a link away.
  if (allBranches && branchId === null) {
    const [reading, settlement, branches] = await Promise.all([branchesReading(month), countrySettlement(month), branchChoices()]);
    return pageData({
      view: 'country' as const,
      month,
      months,
      allBranches,
      branchId,
      branches,
      query: new URLSearchParams({ month }).toString(),
      reading,
      settlement,
    });
  }
  // One branch (a BRANCH user's, or the one an operator chose): a page of its academies (decisions 048, 049): the
  // reading table and the settlement's academies and lines show the page's, the totals above them every academy's.
  // The same page number pages both lists (each by name).
  const page = Number(url.searchParams.get('page') ?? '1');
  const [activity, report, branches] = await Promise.all([
    branchActivity(branchId, month, page, ACADEMIES_PER_PAGE),
    settlementReport({ branchId, month, academyId }, { page, size: ACADEMIES_PER_PAGE }),
    allBranches ? branchChoices() : Promise.resolve([]),
  ]);
  const query = new URLSearchParams({ month, ...(allBranches ? { branch: String(branchId) } : {}) }).toString();
  return pageData({
    view: 'branch' as const,
    rows: activity.rows,
    total: activity.total,
    academies: activity.academies,
    page: Math.max(activity.page, report.page),
    pages: Math.max(activity.pages, report.pages),
    perPage: ACADEMIES_PER_PAGE,
    month,
    months,
    allBranches,
    branchId,
    branches,
    academyId,
    query,
    report: {
      ...report,
      lines: report.lines.map((l) => ({
        ...l,
        approvedAt: l.approvedAt ? formatDateTime(l.approvedAt) : null,
        paidOutAt: l.paidOutAt ? formatDateTime(l.paidOutAt) : null,
      })),
    },
  });
}
