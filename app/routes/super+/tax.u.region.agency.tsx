import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { requireSuper } from '~/auth/guards.server';
import { now } from '~/lib/clock.server';
import { addMonths, seoulMonth } from '~/lib/dates';
import { branchActivity } from '~/services/operators/branch.server';

export const meta: MetaFunction = () => [{ title: '지사 | 리드인 운영' }];

// BRANCH's home (spec §2): the academies of its region and their students' reading in a Seoul month. Operators
// (ADMIN1, ADMIN2) see every branch. Settlements join this page when payments are built.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSuper(request, { allow: ['BRANCH'] });
  const current = seoulMonth(now());
  const asked = new URL(request.url).searchParams.get('month') ?? '';
  // Any of the last 24 months; anything else is this month.
  const months = Array.from({ length: 24 }, (_, i) => addMonths(current, -i));
  const month = months.includes(asked) ? asked : current;
  const allBranches = user.authorities.includes('ADMIN1') || user.authorities.includes('ADMIN2');
  const rows = await branchActivity(allBranches ? null : (user.organisationId ?? -1), month);
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
  return json({ rows, total, month, months, allBranches });
}

const monthLabel = (month: string) => `${month.slice(0, 4)}년 ${Number(month.slice(5))}월`;

export default function BranchHome() {
  const { rows, total, month, months, allBranches } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="branch-title" className="stack">
      <h1 id="branch-title" className="page-title">
        {allBranches ? '지사별 학원 현황' : '우리 지사 학원 현황'}
      </h1>
      <Form method="get" className="inline-form" aria-label="달 선택">
        <label htmlFor="month">달</label>
        <select id="month" name="month" defaultValue={month}>
          {months.map((m) => (
            <option key={m} value={m}>
              {monthLabel(m)}
            </option>
          ))}
        </select>
        <button type="submit" className="small">
          보기
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="card muted">이 지사에 속한 학원이 아직 없습니다.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption>{monthLabel(month)} 학원별 학생 독서 활동</caption>
            <thead>
              <tr>
                <th scope="col">학원</th>
                {allBranches ? <th scope="col">지사</th> : null}
                <th scope="col">대리점</th>
                <th scope="col">학생</th>
                <th scope="col">읽은 학생</th>
                <th scope="col">독서 시간(분)</th>
                <th scope="col">읽은 쪽수</th>
                <th scope="col">완독한 책</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.academyId}>
                  <th scope="row">{r.academyName}</th>
                  {allBranches ? <td>{r.branchName ?? '-'}</td> : null}
                  <td>{r.agencyName ?? '-'}</td>
                  <td>{r.students}명</td>
                  <td>{r.readers}명</td>
                  <td>{r.minutes.toLocaleString('ko-KR')}</td>
                  <td>{r.pages.toLocaleString('ko-KR')}</td>
                  <td>{r.completed}권</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">합계</th>
                {allBranches ? <td /> : null}
                <td />
                <td>{total.students}명</td>
                <td>{total.readers}명</td>
                <td>{total.minutes.toLocaleString('ko-KR')}</td>
                <td>{total.pages.toLocaleString('ko-KR')}</td>
                <td>{total.completed}권</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
