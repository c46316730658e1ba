import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireUser } from '~/web/guards.server';
import { ColumnChart } from '~/components/charts/column-chart';
import { HorizontalBarChart } from '~/components/charts/bar-chart';
import { StatCard, StatSection } from '~/components/charts/stat-card';
import { LatestNotices, NoticePopups } from '~/components/notice-popups';
import { formatKoreanDate } from '~/lib/dates';
import { homePopups } from '~/web/forms/notice-form.server';
import { orRespond, pageData } from '~/web/http.server';
import { SPEC_MESSAGES } from '~/messages';
import { academyDashboard } from '~/services/academy/dashboard.server';
import { latestNotices } from '~/services/notices/notices.server';

export const meta: MetaFunction = () => [{ title: '학원 대시보드 | 리드인' }];

// The academy's month at a glance (product.md §3). Opens even when this month's basic payment is missing: the notice
// says so above the figures.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'ADMIN' });
  const [board, popups, notices] = await Promise.all([
    orRespond(() => academyDashboard(user)),
    homePopups(request, user.id),
    latestNotices(user.id),
  ]);
  return pageData({ name: user.name, userId: user.id, ...board, popups, notices });
}

const hoursAndMinutes = (total: number) => {
  const h = Math.floor(total / 60);
  const m = total % 60;
  return h > 0 ? `${h.toLocaleString('ko-KR')}시간 ${m}분` : `${m}분`;
};

function daysSince(lastDay: string, today: string) {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${lastDay}T00:00:00Z`)) / 86_400_000);
}

export default function AdminDashboard() {
  const d = useLoaderData<typeof loader>();
  const monthNo = Number(d.month.slice(5));
  return (
    <div className="page dashboard">
      <NoticePopups popups={d.popups} userId={d.userId} />
      <header className="page-title">
        <h1>{monthNo}월 학원 현황</h1>
        <p>{d.head ? '학원 전체 학생의' : '담당 반 학생의'} 이번 달 독서를 한눈에 보여 드려요.</p>
      </header>

      {!d.basicPaid ? (
        <div className="alert warning" role="alert">
          <strong>{SPEC_MESSAGES.basicPayRequired}</strong>{' '}
          {d.head ? (
            <Link to="/admin/payments">결제하러 가기</Link>
          ) : (
            '결제가 확인될 때까지 학생·노트 관리 화면을 열 수 없어요. 학원장님께 알려 주세요.'
          )}
        </div>
      ) : null}

      <StatSection id="month-title" title="이번 달 독서" hideTitle>
        <StatCard label="이번 달 읽은 학생" value={`${d.activeReaders.toLocaleString('ko-KR')}명`} testId="active-readers" />
        <StatCard label="이번 달 완독" value={`${d.booksCompleted.toLocaleString('ko-KR')}권`} testId="books-completed" />
        <StatCard label="이번 달 독서 시간" value={hoursAndMinutes(d.minutes)} testId="minutes" />
        <StatCard label="이번 달 읽은 쪽수" value={`${d.pages.toLocaleString('ko-KR')}쪽`} testId="pages" />
        <StatCard label="검토를 기다리는 노트" value={`${d.notesWaiting.toLocaleString('ko-KR')}개`} testId="notes-waiting">
          {d.notesWaiting > 0 ? <Link to="/admin/notes?state=WRITE">노트 검토하러 가기</Link> : null}
        </StatCard>
        {d.billing ? (
          <StatCard label="이번 달 결제" value={d.billing.label} testId="billing-state">
            {d.billing.detail ? (
              <p className="muted" data-testid="billing-lines">
                {d.billing.detail}
              </p>
            ) : null}
            {d.billing.due ? (
              <p className="muted" data-testid="billing-due">
                남은 금액 {d.billing.due}
                {d.billing.pending ? ` (확인 중 ${d.billing.pending})` : ''}
              </p>
            ) : null}
            <Link to="/admin/payments">{d.billing.state === 'paid' ? '결제 내역 보기' : '결제하러 가기'}</Link>
          </StatCard>
        ) : null}
      </StatSection>

      <div className="dashboard-grid">
        <section className="card" aria-labelledby="stopped-title">
          <h2 id="stopped-title">7일 이상 읽지 않은 학생 ({d.stopped.total}명)</h2>
          {d.stopped.students.length ? (
            <>
              <ul className="plain-list dashboard-list" data-testid="stopped-students">
                {d.stopped.students.map((s) => (
                  <li key={s.id}>
                    <Link to={`/admin/students/${s.id}`}>{s.name}</Link>
                    {s.grade ? <span className="muted"> · {s.grade}</span> : null}
                    <span className="muted">
                      {' '}
                      ·{' '}
                      {s.lastDay
                        ? `마지막 독서 ${formatKoreanDate(`${s.lastDay}T12:00:00+09:00`)} (${daysSince(s.lastDay, d.today)}일 전)`
                        : `아직 독서 기록 없음 (가입 ${daysSince(s.joinedDay, d.today)}일 전)`}
                    </span>
                  </li>
                ))}
              </ul>
              {d.stopped.total > d.stopped.students.length ? (
                <p className="muted">
                  외 {d.stopped.total - d.stopped.students.length}명. <Link to="/admin/students">학생 관리</Link>에서 모두 볼 수 있어요.
                </p>
              ) : null}
            </>
          ) : (
            <p className="muted">7일 이상 읽지 않은 학생이 없어요. 가입한 지 7일이 안 된 학생은 아직 세지 않아요.</p>
          )}
        </section>

        <section className="card" aria-labelledby="method-title">
          <h2 id="method-title">읽기 방식을 기다리는 책 ({d.waitingForMethod.total}권)</h2>
          {d.waitingForMethod.books.length ? (
            <ul className="plain-list dashboard-list" data-testid="books-without-method">
              {d.waitingForMethod.books.map((b) => (
                <li key={b.resultBookId}>
                  <Link to={`/admin/students/${b.studentId}`}>
                    {b.studentName} · 《{b.title}》
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">읽기 방식이 정해지지 않은 책이 없어요.</p>
          )}
        </section>
      </div>

      <LatestNotices notices={d.notices} base="/admin/notices" />

      <section className="card" aria-labelledby="daily-title">
        <h2 id="daily-title">날짜별 독서 시간</h2>
        <ColumnChart
          title={`${monthNo}월 하루 독서 시간(분)`}
          unit="분"
          labelEvery={5}
          data={d.minutesPerDay.map((p) => ({ label: `${Number(p.day.slice(8))}일`, value: p.minutes }))}
        />
      </section>

      <section className="card" aria-labelledby="class-title">
        <h2 id="class-title">반별 독서</h2>
        {d.classes.length ? (
          <div className="report-grid">
            <HorizontalBarChart
              title="반별 독서 시간(분)"
              unit="분"
              width={420}
              data={d.classes.map((c) => ({ label: c.name, value: c.minutes, display: `${c.minutes.toLocaleString('ko-KR')}분` }))}
            />
            <HorizontalBarChart
              title="반별 읽은 쪽수"
              unit="쪽"
              width={420}
              color="#2f8f5b"
              data={d.classes.map((c) => ({ label: c.name, value: c.pages, display: `${c.pages.toLocaleString('ko-KR')}쪽` }))}
            />
          </div>
        ) : (
          <p className="muted">운영 중인 반이 없어요.</p>
        )}
        {d.classes.length ? (
          <ul className="plain-list dashboard-list">
            {d.classes.map((c) => (
              <li key={c.id}>
                <Link to={`/admin/reports/classes/${c.id}`}>{c.name} 월간 리포트</Link>
                <span className="muted"> · 학생 {c.students}명</span>
                {c.goal ? (
                  <span data-testid="class-goal-attainment">
                    {' '}
                    · 목표({c.goal.text}) 달성 {c.goal.reached}명 / {c.goal.students}명
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
