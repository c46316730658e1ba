import { Link } from '~/components/link';
import { formatKoreanDate } from '~/lib/dates';
import { ProblemAttempt, type AttemptPageData } from './problem-attempt';
import { MedalBadge } from './score-chart';
import type { TestListRow } from '~/domain/problem-pages';
import type { Medal } from '~/domain/problems';

export type TestKind = 'courseTest' | 'subjectTest';
export const TEST_TITLES: Record<TestKind, { title: string; intro: string }> = {
  courseTest: {
    title: '수준 진단',
    intro: '쉬운 문항부터 어려운 문항까지 풀며 지금의 읽기 수준(L1–L10)을 알아봅니다. 결과에 따라 읽기 수준이 정해집니다.',
  },
  subjectTest: { title: '교과 연계 독해', intro: '교과서에 나오는 글과 비슷한 지문을 읽고 문제를 풀며 교과 독해력을 기릅니다.' },
};

type TestRow = TestListRow;

export function TestList({
  kind,
  tests,
  level,
  history,
}: {
  kind: TestKind;
  tests: TestRow[];
  level?: number | null;
  history?: { level: number; recordedAt: string }[];
}) {
  const t = TEST_TITLES[kind];
  return (
    <div className="page stack">
      <h1 className="page-title">{t.title}</h1>
      <p className="muted">{t.intro}</p>
      {kind === 'courseTest' ? (
        <p className="alert info" data-testid="current-level">
          지금 나의 읽기 수준: <strong>{level ? `L${level}` : '아직 정해지지 않음'}</strong>
        </p>
      ) : null}
      {tests.length === 0 ? (
        <p className="card muted">지금 응시할 수 있는 테스트가 없습니다.</p>
      ) : (
        <ul className="card-grid test-list">
          {tests.map((test) => (
            <li key={test.id} className="card stack">
              <h2>{test.title}</h2>
              <p className="muted">{test.description}</p>
              <p>
                {test.count}문항{test.subject ? ` · ${test.subject}` : ''}
              </p>
              {test.lastScore !== null ? (
                <p>
                  최근 결과: <strong>{test.lastScore}점</strong> <MedalBadge medal={test.lastMedal as Medal | null} />
                  {test.lastPlacedLevel ? ` · L${test.lastPlacedLevel}` : ''}
                  {test.lastMarkedAt ? <span className="muted"> ({formatKoreanDate(new Date(test.lastMarkedAt))})</span> : null}
                </p>
              ) : null}
              <Link className="button" to={`/user/activity/${kind}/${test.id}`}>
                {test.step === null ? '응시하기' : test.lastScore !== null && test.step === 200 ? '결과 보기 · 다시 응시' : '이어서 하기'}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {history && history.length > 0 ? (
        <section className="card stack" aria-labelledby="history-title">
          <h2 id="history-title">읽기 수준 기록</h2>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">날짜</th>
                  <th scope="col">수준</th>
                </tr>
              </thead>
              <tbody>
                {history.map((h, i) => (
                  <tr key={i}>
                    <td>{formatKoreanDate(new Date(h.recordedAt))}</td>
                    <td>L{h.level}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}

export function TestTake({
  kind,
  data,
  confirmSubmit,
  error,
}: {
  kind: TestKind;
  data: AttemptPageData;
  confirmSubmit: boolean;
  /** A refused step (the page's reply), shown above the attempt. */
  error?: string | null;
}) {
  const t = TEST_TITLES[kind];
  return (
    <div className="page stack">
      <nav aria-label="이동 경로" className="crumbs no-print">
        <Link to={`/user/activity/${kind}`}>{t.title}</Link> › {data.set.title}
      </nav>
      <h1 className="page-title">{data.set.title}</h1>
      <ProblemAttempt
        data={data}
        error={error}
        confirmSubmit={confirmSubmit}
        backHref={`/user/activity/${kind}`}
        backLabel={`${t.title} 목록으로`}
      />
    </div>
  );
}
