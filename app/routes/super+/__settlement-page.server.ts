import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireSuper } from '~/web/guards.server';
import { now } from '~/lib/clock.server';
import { formatDateTime } from '~/lib/dates';
import { pageData } from '~/web/http.server';
import { branchActivity } from '~/services/operators/branch.server';
import { branchChoices, settlementReport, settlementScope } from '~/services/payments/settlement-report.server';

// The server side of the branch's page (tax.u.region.agency.tsx): its loader, re-exported by the route. The page's
// parts (__settlement.tsx) read its type from here, so neither imports the route.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSuper(request, { allow: ['BRANCH'] });
  const url = new URL(request.url);
  const { month, months, allBranches, branchId, academyId } = settlementScope(user, url, now());
  const [rows, report, branches] = await Promise.all([
    branchActivity(branchId, month),
    settlementReport({ branchId, month, academyId }),
    allBranches ? branchChoices() : Promise.resolve([]),
  ]);
  const total = rows.reduce(
    (t, r) => ({
      students: t.students + r.students,
      readers: t.readers + r.readers,
      minutes: t.minutes + r.minutes,
      pages: t.pages + r.pages,
      completed: t.completed + r.completed,
    }),
    { students: 0, readers: 0, minutes: 0, pages: 0, completed: 0 },
  );
  const query = new URLSearchParams({ month, ...(allBranches && branchId ? { branch: String(branchId) } : {}) }).toString();
  return pageData({
    rows,
    total,
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
