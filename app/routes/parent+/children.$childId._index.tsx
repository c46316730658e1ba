import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { LevelChart } from '~/components/charts/level-chart';
import { levelLabel } from '~/domain/catalogue';
import { noteStateLabel } from '~/domain/notes';
import { formatKoreanDate } from '~/lib/dates';
import { requireParent } from '~/web/guards.server';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { childOverview } from '~/services/parents/view.server';
import { AreaTable, ChildSwitcher, MonthCompare } from './__child-parts';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `${data.child.name} ` : ''}독서 현황 | 리드인` }];

// One child's reading as their parent sees it (docs/decisions/039-what-a-guardian-may-see.md): every figure from the
// function the child's own pages or the printed report use. A child not theirs is 404.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireParent(request);
  const childId = idParam(params.childId, '자녀를 찾을 수 없습니다.');
  return pageData(await orRespond(() => childOverview(user.id, childId)));
}

export default function ChildPage() {
  const d = useLoaderData<typeof loader>();
  const base = `/parent/children/${d.child.id}`;
  return (
    <div className="page stack">
      <ChildSwitcher children={d.children} current={d.child.id} />
      <h1>
        {d.child.name}
        <span className="muted"> {[d.child.grade, d.child.academy].filter(Boolean).join(' · ')}</span>
      </h1>
      <p>
        {d.reportMonth ? (
          <Link className="button secondary" to={`${base}/report?month=${d.reportMonth}`}>
            {d.reportMonth === d.month ? '이번 달' : '지난달'} 독서 리포트 보기
          </Link>
        ) : (
          <span className="muted">학원이 공개한 월간 독서 리포트가 아직 없습니다.</span>
        )}
      </p>

      <section aria-labelledby="month-title" className="card">
        <h2 id="month-title">이번 달과 지난달</h2>
        <MonthCompare month={d.month} lastMonth={d.lastMonth} now={d.thisMonth} before={d.previousMonth} />
      </section>

      <section aria-labelledby="books-title" className="card">
        <h2 id="books-title">책</h2>
        <h3>읽고 있는 책 ({d.reading.total}권)</h3>
        {d.reading.items.length ? (
          <ul data-testid="books-reading">
            {d.reading.items.map((b) => (
              <li key={b.resultBookId}>
                {b.title} <span className="muted">{b.author}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">읽고 있는 책이 없습니다.</p>
        )}
        <h3>완독한 책 ({d.finished.total}권)</h3>
        {d.finished.items.length ? (
          <ul data-testid="books-finished">
            {d.finished.items.map((b) => (
              <li key={b.resultBookId}>
                {b.title} <span className="muted">{b.author}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">아직 완독한 책이 없습니다.</p>
        )}
      </section>

      <section aria-labelledby="areas-title" className="card">
        <h2 id="areas-title">문제 분석 영역별 결과</h2>
        <p className="muted small">{d.child.name} 학생의 지난 달들과 비교합니다. 다른 학생과 비교하지 않습니다.</p>
        <AreaTable months={d.areas} />
      </section>

      <section aria-labelledby="level-title" className="card">
        <h2 id="level-title">읽기 수준 변화</h2>
        {d.currentLevel ? <p>현재 수준: {levelLabel(d.currentLevel)}</p> : null}
        {d.levels.length ? <LevelChart points={d.levels} /> : <p className="muted">아직 수준 진단 결과가 없습니다.</p>}
      </section>

      <section aria-labelledby="notes-title" className="card">
        <h2 id="notes-title">독서 노트</h2>
        {d.notes.length ? (
          <ul className="plain-list link-list" data-testid="child-notes">
            {d.notes.map((n) => (
              <li key={n.id}>
                <Link to={`${base}/notes/${n.id}`}>{n.bookTitle}</Link> <span className="badge">{noteStateLabel(n.state)}</span>
                {n.noteInput ? <span className="muted"> · 선생님 의견 있음</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">제출한 독서 노트가 없습니다.</p>
        )}
      </section>

      <section aria-labelledby="notices-title" className="card">
        <h2 id="notices-title">학원 공지사항</h2>
        {d.notices.length ? (
          <ul className="plain-list link-list" data-testid="child-notices">
            {d.notices.map((n) => (
              <li key={n.id}>
                <Link to={`${base}/notices/${n.id}`}>{n.title}</Link> <span className="muted">{formatKoreanDate(n.publishedAt)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">공지사항이 없습니다.</p>
        )}
      </section>
    </div>
  );
}
