import { formatKoreanDate } from '~/lib/dates';
import type { ReadingSummary } from '~/domain/problem-pages';

export type { ReadingSummary };

const READ_METHOD_LABELS: Record<number, string> = {
  0: '정하지 않음',
  1: '자유 읽기',
  2: '3회 나눠 읽기',
  3: '4회 나눠 읽기',
  4: '5회 나눠 읽기',
  5: '6회 나눠 읽기',
  6: '100분 읽기',
  7: '시계 읽기',
  8: '예약',
  100: '쪽수 없는 책',
};

/**
 * The reading part of the per-book report, fed by readingSummaryForReport(). Reading time, pages and sessions show
 * once reading records exist; until then the assignment and status dates.
 */
export function ReadingSummarySection({ reading }: { reading: ReadingSummary }) {
  return (
    <section className="card stack report-section" aria-labelledby="reading-title">
      <h2 id="reading-title">독서 기록</h2>
      <dl className="report-facts">
        <div>
          <dt>읽기 방식</dt>
          <dd>{READ_METHOD_LABELS[reading.readMethod] ?? '-'}</dd>
        </div>
        <div>
          <dt>배정일</dt>
          <dd>{formatKoreanDate(new Date(reading.assignedAt))}</dd>
        </div>
        <div>
          <dt>최근 상태 변경</dt>
          <dd>{formatKoreanDate(new Date(reading.statusChangedAt))}</dd>
        </div>
        {reading.completedAt ? (
          <div>
            <dt>활동 완료일</dt>
            <dd>{formatKoreanDate(new Date(reading.completedAt))}</dd>
          </div>
        ) : null}
        <div>
          <dt>책 쪽수</dt>
          <dd>{reading.totalPages}쪽</dd>
        </div>
        <div>
          <dt>독서 기록</dt>
          <dd data-testid="reading-sessions">{reading.sessions !== null ? `${reading.sessions}회` : '기록 없음'}</dd>
        </div>
        <div>
          <dt>읽은 시간</dt>
          <dd>{reading.readingMinutes !== null ? `${reading.readingMinutes}분` : '기록 없음'}</dd>
        </div>
        <div>
          <dt>읽은 쪽수</dt>
          <dd>{reading.pagesRead !== null ? `${reading.pagesRead}쪽` : '기록 없음'}</dd>
        </div>
      </dl>
    </section>
  );
}
