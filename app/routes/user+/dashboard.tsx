import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireUser } from '~/web/guards.server';
import { BookCover } from '~/components/reading';
import { ColumnChart } from '~/components/charts/column-chart';
import { StatCard, StatSection } from '~/components/charts/stat-card';
import { LatestNotices, NoticePopups } from '~/components/notice-popups';
import { homePopups } from '~/web/forms/notice-form.server';
import { latestNotices } from '~/services/notices/notices.server';
import { dashboard } from '~/services/reports.server';
import { latestJoinRequest } from '~/services/join-requests.server';
import { studentGoal, studentMilestones } from '~/services/academy/goals.server';

export const meta: MetaFunction = () => [{ title: '대시보드 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const [board, join, popups, notices, goal, milestones] = await Promise.all([
    dashboard(user.id),
    latestJoinRequest(user.id),
    homePopups(request, user.id),
    latestNotices(user.id),
    studentGoal(user.id),
    studentMilestones(user.id),
  ]);
  // A join request still waiting, or declined, is said on the dashboard; an approved one needs no word.
  const joinRequest = join && join.status !== 'APPROVED' ? { status: join.status, academyName: join.academyName } : null;
  return json({ name: user.name, userId: user.id, ...board, joinRequest, popups, notices, goal, milestones });
}

const STATUS_TEXT: Record<number, string> = {
  1: '읽기 전 활동을 기다리고 있어요',
  10: '읽기 시작을 기다리고 있어요',
  20: '읽는 중이에요',
  30: '문제 분석 차례예요',
  40: '독서 노트 차례예요',
};

export default function Dashboard() {
  const d = useLoaderData<typeof loader>();
  const [, month] = d.month.split('-');
  const hours = Math.floor(d.thisMonth.minutes / 60);
  const minutes = d.thisMonth.minutes % 60;
  return (
    <div className="page dashboard">
      <NoticePopups popups={d.popups} userId={d.userId} />
      <header className="page-title">
        <h1>{d.name}님의 독서 대시보드</h1>
        <p>{Number(month)}월의 독서를 한눈에 보여 드려요.</p>
      </header>
      {d.joinRequest?.status === 'PENDING' ? (
        <p className="alert info" role="status">
          <strong>{d.joinRequest.academyName}</strong> 가입 신청을 보냈어요. 학원장님이 승인하면 학원 학생이 되어 선생님이 책을 배정해 줄
          거예요. 그동안에는 개인 회원으로 책을 골라 읽을 수 있어요.
        </p>
      ) : d.joinRequest?.status === 'DECLINED' ? (
        <p className="alert warning" role="status">
          <strong>{d.joinRequest.academyName}</strong>에서 가입 신청을 받아들이지 않았어요. 학원 코드가 맞는지 학원에 다시 확인해 주세요.
        </p>
      ) : null}

      <StatSection id="month-title" title="이번 달 독서" hideTitle>
        <StatCard label="이번 달 독서 시간" value={hours > 0 ? `${hours}시간 ${minutes}분` : `${minutes}분`} />
        <StatCard label="이번 달 읽은 쪽수" value={`${d.thisMonth.pages.toLocaleString('ko-KR')}쪽`} />
        <StatCard label="이번 달 읽은 책" value={`${d.thisMonth.booksRead}권`}>
          <span className="muted">완독 {d.thisMonth.booksCompleted}권</span>
        </StatCard>
        <StatCard label="연속 독서" value={`${d.streak}일`}>
          <span className="muted">{d.streak > 0 ? '오늘도 이어 가요!' : '오늘 읽으면 1일째!'}</span>
        </StatCard>
      </StatSection>

      <div className="dashboard-grid">
        {d.goal ? (
          <section className="card" aria-labelledby="goal-title" data-testid="my-goal">
            <h2 id="goal-title">{Number(month)}월 우리 반 목표</h2>
            {d.goal.reached ? (
              <p className="alert success" role="status">
                이번 달 목표를 달성했어요! 정말 잘했어요.
              </p>
            ) : null}
            <ul className="plain-list">
              {d.goal.items.map((i) => (
                <li key={i.key}>
                  {i.label} <strong>{`${i.value}${i.unit} / ${i.target}${i.unit}`}</strong> {i.reached ? '✓' : ''}
                  <progress max={i.target} value={Math.min(i.value, i.target)} aria-label={i.label} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className="card" aria-labelledby="steps-title" data-testid="milestones">
          <h2 id="steps-title">나의 독서 이정표</h2>
          <ul className="plain-list">
            {d.milestones.map((m) => (
              <li key={m.key} className={m.reached ? '' : 'muted'}>
                {m.reached ? '★' : '☆'} <strong>{m.label}</strong> {m.reached ? m.text : m.progress}
              </li>
            ))}
          </ul>
        </section>
        <section className="card" aria-labelledby="now-title">
          <h2 id="now-title">지금 할 일</h2>
          {d.needsLevelTest ? (
            <div className="focus-first">
              <p>
                <strong>먼저 수준 진단을 해 볼까요?</strong> 몇 가지 문제를 풀면 나에게 맞는 책을 골라 줄 수 있어요.
              </p>
              <Link className="button" to="/user/activity/courseTest">
                수준 진단 하기
              </Link>
            </div>
          ) : null}
          {d.focus ? (
            <div className="focus">
              <BookCover bookId={d.focus.bookId} title={d.focus.title} size="sm" />
              <div>
                <h3>{d.focus.title}</h3>
                <p className="muted">
                  {d.focus.author} · {STATUS_TEXT[d.focus.status] ?? ''}
                </p>
                {d.focus.noteHeld ? <p>선생님이 독서 노트를 다시 써 달라고 했어요. 선생님의 의견을 읽고 고쳐 써 보세요.</p> : null}
                {d.focus.next ? (
                  <Link className={d.needsLevelTest ? 'button secondary' : 'button'} to={d.focus.next.href}>
                    {d.focus.next.label}
                  </Link>
                ) : null}
              </div>
            </div>
          ) : (
            <p>
              지금 진행 중인 책이 없어요. 선생님이 배정한 책이 여기에 보여요. <Link to="/user/recommend">추천 도서</Link>에서 읽고 싶은 책을
              담을 수도 있어요.
            </p>
          )}
        </section>

        <section className="card" aria-labelledby="notes-title">
          <h2 id="notes-title">독서 노트 소식</h2>
          {d.unreadComments > 0 ? (
            <p>
              <strong>새 의견 {d.unreadComments}개</strong>가 도착했어요. <Link to="/user/note/list">독서 노트에서 확인하기</Link>
            </p>
          ) : (
            <p className="muted">새로 도착한 의견이 없어요.</p>
          )}
          <h2 id="medals-title" style={{ marginTop: '1rem' }}>
            나의 메달
          </h2>
          <ul className="medals" aria-labelledby="medals-title">
            <li className="medal gold">
              금메달 <strong>{d.medals.GOLD}</strong>
            </li>
            <li className="medal silver">
              은메달 <strong>{d.medals.SILVER}</strong>
            </li>
            <li className="medal bronze">
              동메달 <strong>{d.medals.BRONZE}</strong>
            </li>
          </ul>
        </section>
      </div>

      <LatestNotices notices={d.notices} base="/user/notices" />

      <section className="card" aria-labelledby="days-title" style={{ marginTop: '1rem' }}>
        <h2 id="days-title">최근 4주 독서 시간</h2>
        <ColumnChart
          title="하루 독서 시간(분)"
          unit="분"
          data={d.series.map((s) => ({ label: s.day.slice(5).replace('-', '/'), value: s.minutes }))}
        />
        <p className="form-actions">
          <Link className="button secondary" to="/user/report">
            독서 리포트 보기
          </Link>
          <Link className="button secondary" to="/user/report/level">
            수준 변화 보기
          </Link>
          <Link className="button secondary" to="/user/portfolio">
            독서 포트폴리오
          </Link>
        </p>
      </section>
    </div>
  );
}
