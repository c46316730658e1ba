import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { monthLabel } from '~/lib/dates';
import { requireParent } from '~/web/guards.server';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { childReport } from '~/services/parents/view.server';
import { MonthPicker, ReportSheet, ReportToolbar } from '~/routes/admin+/__report-parts';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${data.child.name} ${monthLabel(data.report.month)} 독서 리포트` : '독서 리포트'} | 리드인` },
];

// The monthly report as the academy prints it (monthlyReport and the same sheet as the academy's copy), for one of the
// parent's children, once the teacher published it. The 알림톡 "monthly report ready" links here with ?month=.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireParent(request);
  const childId = idParam(params.childId, '자녀를 찾을 수 없습니다.');
  return pageData(await orRespond(() => childReport(user.id, childId, new URL(request.url).searchParams.get('month'))));
}

export default function ChildReport() {
  const { child, report } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <ReportToolbar back={{ to: `/parent/children/${child.id}`, label: `${child.name} 독서 현황` }}>
        <MonthPicker month={report.month} action={`/parent/children/${child.id}/report`} />
      </ReportToolbar>
      <ReportSheet report={report} />
    </div>
  );
}
