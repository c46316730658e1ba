import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { idParam, orRespond, pageData, redirectWithFlash } from '~/web/http.server';
import { formAction } from '~/web/form-action.server';
import { classReport, reportMonth } from '~/services/academy/parent-report.server';
import {
  publishReport,
  REPORT_COMMENT_FIELDS,
  REPORT_COMMENT_MESSAGES as RC,
  reportCommentSchema,
  writeReportComment,
} from '~/services/academy/report-comments.server';
import { goalText } from '~/domain/goals';
import { ReportComments } from './__report-comments';
import { MonthPicker, ReportToolbar, minutesText, monthTitle } from './__report-parts';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${data.class.name} ${monthTitle(data.month)} 리포트` : '반 리포트'} | 리드인` },
];

// A class's month on one printable page: a row per student who was in the class that month, and their minutes as
// bars. Needs this month's basic payment; a class outside the staff member's scope is 404.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const classId = idParam(params.classId, '찾을 수 없는 반입니다.');
  const month = reportMonth(new URL(request.url).searchParams.get('month'));
  return pageData(await orRespond(() => classReport(user, classId, month)));
}

// The teacher writes each student's comment for the month's report here, and publishes it (shown to the parents).
export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireBasicPay(request),
    ids: ['classId'],
    notFound: '찾을 수 없는 반입니다.',
    schema: reportCommentSchema,
    fields: REPORT_COMMENT_FIELDS,
    run: async ({ user, ids: { classId }, value, request }) => {
      const month = reportMonth(new URL(request.url).searchParams.get('month'));
      const back = `/admin/reports/classes/${classId}?month=${month}`;
      const student = await writeReportComment(user, classId, value.studentId, month, value.comment);
      if (value.intent === 'saveComment') return redirectWithFlash(back, RC.saved(student.name));
      await publishReport(user, classId, student.id, month);
      return redirectWithFlash(back, RC.published(student.name));
    },
  });
}

/** A small bar of the student's minutes against the class's most (the number is in the cell beside it). */
function MinutesBar({ value, max }: { value: number; max: number }) {
  const width = max > 0 ? Math.round((value / max) * 100) : 0;
  return (
    <svg className="mini-bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="100" height="10" rx="2" fill="#eef1f4" />
      {width > 0 ? <rect x="0" y="0" width={width} height="10" rx="2" fill="#1f5f8b" /> : null}
    </svg>
  );
}

export default function ClassReport() {
  const r = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const most = Math.max(0, ...r.students.map((s) => s.figures.minutes));
  return (
    <div className="page">
      <ReportToolbar back={{ to: '/admin/dashboard', label: '대시보드' }}>
        <MonthPicker month={r.month} action={`/admin/reports/classes/${r.class.id}`} />
      </ReportToolbar>

      <article className="print-sheet" data-testid="class-report">
        <header className="print-sheet-head">
          <p className="print-sheet-academy">{r.academy}</p>
          <h1>
            {r.class.name} {monthTitle(r.month)} 독서 리포트
          </h1>
          <p className="print-sheet-who">
            학생 {r.students.length}명 · 독서 시간 {minutesText(r.totals.minutes)} · {r.totals.pages.toLocaleString('ko-KR')}쪽 · 완독{' '}
            {r.totals.booksCompleted}권 · 독서 노트 {r.totals.notes}편
          </p>
          {r.attainment ? (
            <p className="print-sheet-who" data-testid="report-attainment">
              반 목표({goalText(r.attainment.goal)}) 달성 {r.attainment.reached}명 / {r.attainment.students}명
            </p>
          ) : null}
        </header>

        {r.students.length ? (
          <div className="table-wrap">
            <table className="table print-table" data-testid="class-rows">
              <thead>
                <tr>
                  <th scope="col">학생</th>
                  <th scope="col" className="num">
                    읽은 날
                  </th>
                  <th scope="col" className="num">
                    독서 시간
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">독서 시간 막대</span>
                  </th>
                  <th scope="col" className="num">
                    쪽수
                  </th>
                  <th scope="col" className="num">
                    완독
                  </th>
                  <th scope="col" className="num">
                    문제 분석(평균)
                  </th>
                  <th scope="col" className="num">
                    노트
                  </th>
                </tr>
              </thead>
              <tbody>
                {r.students.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">
                      <Link to={`/admin/reports/students/${s.id}?month=${r.month}`}>{s.name}</Link>
                      {s.grade ? <span className="muted"> {s.grade}</span> : null}
                    </th>
                    <td className="num">{s.figures.daysRead}일</td>
                    <td className="num">{minutesText(s.figures.minutes)}</td>
                    <td className="bar-cell">
                      <MinutesBar value={s.figures.minutes} max={most} />
                    </td>
                    <td className="num">{s.figures.pages.toLocaleString('ko-KR')}쪽</td>
                    <td className="num">{s.figures.booksCompleted}권</td>
                    <td className="num">
                      {s.figures.analyses}회{s.figures.averageScore !== null ? ` (${s.figures.averageScore}점)` : ''}
                    </td>
                    <td className="num">{s.figures.notes}편</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="muted">이 달에 반에 있던 학생이 없습니다.</p>
        )}
      </article>
      {r.students.length ? <ReportComments classId={r.class.id} month={r.month} students={r.students} reply={reply} /> : null}
    </div>
  );
}
