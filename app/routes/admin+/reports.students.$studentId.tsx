import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { parentReport, reportMonth } from '~/services/academy/parent-report.server';
import { MonthPicker, ReportSheet, ReportToolbar, monthTitle } from './__report-parts';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${data.student.name} ${monthTitle(data.month)} 독서 리포트` : '독서 리포트'} | 리드인` },
];

// The monthly report a teacher prints for a student's parents: one A4 page (the print stylesheet drops the menus and
// buttons). Needs this month's basic payment; a student outside the staff member's scope is 404.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const studentId = idParam(params.studentId, '학생을 찾을 수 없습니다.');
  const month = reportMonth(new URL(request.url).searchParams.get('month'));
  return pageData(await orRespond(() => parentReport(user, studentId, month)));
}

export default function ParentReport() {
  const r = useLoaderData<typeof loader>();
  const s = r.student;
  return (
    <div className="page">
      <ReportToolbar back={{ to: `/admin/students/${s.id}`, label: `${s.name} 학생의 도서` }}>
        <MonthPicker month={r.month} action={`/admin/reports/students/${s.id}`} />
      </ReportToolbar>

      <ReportSheet report={r} staff />
      <p className="no-print muted">
        선생님 의견은 반 리포트에서 이 달의 의견으로 쓰고 공개합니다. 쓰지 않았으면 이번 달 독서 노트에 남긴 선생님의 가장 최근 댓글이
        실리고, 댓글도 없으면 손으로 쓸 수 있는 빈 칸이 인쇄됩니다. <Link to="/admin/notes">독서 노트</Link>
      </p>
    </div>
  );
}
