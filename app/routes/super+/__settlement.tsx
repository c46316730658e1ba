import type { SerializeFrom } from '@remix-run/node';
import { Link } from '~/components/link';
import { Pagination } from '~/components/pagination';
import { rateLabel } from '~/domain/operator-payments';
import { PAYMENT_METHOD_LABELS, SETTLEMENT_STATUS_LABELS, TIER_LABELS, monthLabel, won } from '~/domain/payments';
import type { loader } from './__settlement-page.server';
import { MonthBill } from './__organisations';

// The parts of one branch's month (/super/tax/u/region/agency): its academies' reading in the month, the settlement by
// academy, by agency and line by line (an operator's order numbers link to the payment).

/** A branch's month (one branch: its academies, agencies and lines). */
type Page = Extract<SerializeFrom<typeof loader>, { view: 'branch' }>;

type Activity = { students: number; readers: number; minutes: number; pages: number; completed: number };

/** The month's reading of a row (an academy, a branch, a total): readers, minutes, pages, books completed. */
export function ReadingCells({ figures: f }: { figures: Omit<Activity, 'students'> }) {
  return (
    <>
      <td>{f.readers.toLocaleString('ko-KR')}명</td>
      <td>{f.minutes.toLocaleString('ko-KR')}</td>
      <td>{f.pages.toLocaleString('ko-KR')}</td>
      <td>{f.completed.toLocaleString('ko-KR')}권</td>
    </>
  );
}

/** The students the month's bill counts and the month's reading of an academy's row or of the total row. */
function ActivityCells({ figures: f }: { figures: Activity }) {
  return (
    <>
      <td>{f.students.toLocaleString('ko-KR')}명</td>
      <ReadingCells figures={f} />
    </>
  );
}

/** The paid amount and the branch's and agency's shares of a row (a status, an academy, the total). */
export function ShareCells({ figures: f }: { figures: { base: number; branchAmount: number; agencyAmount: number } }) {
  return (
    <>
      <td>{won(f.base)}</td>
      <td>{won(f.branchAmount)}</td>
      <td>{won(f.agencyAmount)}</td>
    </>
  );
}

/** The link to page `page` of the branch's month (the month and branch kept, no academy drilled into). */
export const monthPageHref = (query: string, page: number) => `/super/tax/u/region/agency?${query}${page > 1 ? `&page=${page}` : ''}`;

/** Which academies of how many a page shows ('학원 2,000곳 중 51–100번째'), when there is more than one page. */
function PageRange({ page, pages, perPage, count }: { page: number; pages: number; perPage: number; count: number }) {
  if (pages <= 1) return null;
  const first = Math.min(count, (page - 1) * perPage + 1);
  const last = Math.min(count, page * perPage);
  return (
    <p className="muted" data-testid="page-range">
      학원 {count.toLocaleString('ko-KR')}곳 중 {first.toLocaleString('ko-KR')}–{last.toLocaleString('ko-KR')}번째 · 합계는 모든 학원의
      합계입니다.
    </p>
  );
}

/** The page links of the branch's month: under the reading table and under the lines, the same pages. */
export function MonthPages({ page, pages, query }: Pick<Page, 'page' | 'pages' | 'query'>) {
  return <Pagination page={page} pages={pages} href={(p) => monthPageHref(query, p)} />;
}

/** The region's academies (a page of them) and their students' reading in the month, with the totals of all of them. */
export function ReadingActivity({
  rows,
  total,
  academies,
  page,
  pages,
  perPage,
  query,
  month,
}: Pick<Page, 'rows' | 'total' | 'academies' | 'page' | 'pages' | 'perPage' | 'query' | 'month'>) {
  return rows.length === 0 ? (
    <p className="card muted">이 지사에 속한 학원이 아직 없습니다.</p>
  ) : (
    <div className="table-wrap">
      <PageRange page={page} pages={pages} perPage={perPage} count={academies} />
      <table className="table">
        <caption>{monthLabel(month)} 학원별 학생 독서활동</caption>
        <thead>
          <tr>
            <th scope="col">학원</th>
            <th scope="col">대리점</th>
            <th scope="col">학생</th>
            <th scope="col">읽은 학생</th>
            <th scope="col">독서 시간(분)</th>
            <th scope="col">읽은 쪽수</th>
            <th scope="col">완독한 책</th>
            <th scope="col">이달 요금</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.academyId}>
              <th scope="row">{r.academyName}</th>
              <td>{r.agencyName ?? '-'}</td>
              <ActivityCells figures={r} />
              <td>
                <MonthBill month={r.bill} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{pages > 1 ? `합계 (학원 ${academies.toLocaleString('ko-KR')}곳)` : '합계'}</th>
            <td />
            <ActivityCells figures={total} />
            <td />
          </tr>
        </tfoot>
      </table>
      <MonthPages page={page} pages={pages} query={query} />
    </div>
  );
}

/** The month's settlement by academy (a link to its lines), by agency, and line by line (all, or one academy's). */
export function SettlementTables({
  report,
  query,
  page,
  pages,
  perPage,
  allBranches,
  drillAcademy,
}: Pick<Page, 'report' | 'query' | 'page' | 'pages' | 'perPage' | 'allBranches'> & {
  drillAcademy: Page['report']['academies'][number] | null | undefined;
}) {
  const here = monthPageHref(query, page);
  return report.academies.length === 0 ? (
    <p className="card muted">이 달의 정산 내역이 없습니다.</p>
  ) : (
    <>
      <div className="table-wrap">
        <PageRange page={page} pages={pages} perPage={perPage} count={report.academyCount} />
        <table className="table">
          <caption>학원별 정산</caption>
          <thead>
            <tr>
              <th scope="col">학원</th>
              <th scope="col">대리점</th>
              <th scope="col">정산 대상</th>
              <th scope="col">결제 금액</th>
              <th scope="col">지사 몫</th>
              <th scope="col">대리점 몫</th>
            </tr>
          </thead>
          <tbody>
            {report.academies.map((a) => (
              <tr key={a.academyId}>
                <th scope="row">
                  <Link to={`${here}&academy=${a.academyId}#lines`}>{a.academyName}</Link>
                </th>
                <td>{a.agencyName ?? '-'}</td>
                <td>
                  {a.count}건 <span className="muted">(전체 {a.lines}건)</span>
                </td>
                <ShareCells figures={a} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{pages > 1 ? `합계 (학원 ${report.academyCount.toLocaleString('ko-KR')}곳)` : '합계'}</th>
              <td />
              <td>{report.totals.count}건</td>
              <ShareCells figures={report.totals} />
            </tr>
          </tfoot>
        </table>
      </div>

      <div className="table-wrap">
        <table className="table">
          <caption>대리점별 정산</caption>
          <thead>
            <tr>
              <th scope="col">대리점</th>
              <th scope="col">학원 수</th>
              <th scope="col">정산 대상</th>
              <th scope="col">결제 금액</th>
              <th scope="col">대리점 몫</th>
            </tr>
          </thead>
          <tbody>
            {report.agencies.map((g) => (
              <tr key={`${g.branchName}-${g.agencyId ?? '-'}`}>
                <th scope="row">{g.agencyName}</th>
                <td>{g.academyCount}곳</td>
                <td>{g.count}건</td>
                <td>{won(g.base)}</td>
                <td>{won(g.agencyAmount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="table-wrap" id="lines">
        <table className="table settlement-lines">
          <caption>
            정산 내역{drillAcademy ? ` · ${drillAcademy.academyName}` : ''}
            {drillAcademy ? (
              <>
                {' '}
                <Link to={`${here}#lines`}>({pages > 1 ? '이 쪽의 학원 모두 보기' : '모든 학원 보기'})</Link>
              </>
            ) : null}
          </caption>
          <thead>
            <tr>
              <th scope="col">학원</th>
              <th scope="col">주문번호</th>
              <th scope="col">항목</th>
              <th scope="col">결제 방법</th>
              <th scope="col">결제일</th>
              <th scope="col">결제 금액</th>
              <th scope="col">지사 몫</th>
              <th scope="col">대리점 몫</th>
              <th scope="col">상태</th>
            </tr>
          </thead>
          <tbody>
            {report.lines.map((l) => (
              <tr key={l.id} data-order-id={l.orderId}>
                <th scope="row">{l.academyName}</th>
                <td>{allBranches ? <Link to={`/super/payments/${l.paymentId}`}>{l.orderId}</Link> : l.orderId}</td>
                <td>{TIER_LABELS[l.tier] ?? l.tier}</td>
                <td>{PAYMENT_METHOD_LABELS[l.method] ?? l.method}</td>
                <td>{l.approvedAt ?? '-'}</td>
                <td>{won(l.baseAmount)}</td>
                <td>
                  {won(l.branchAmount)} <span className="muted">({rateLabel(l.branchRate)})</span>
                </td>
                <td>
                  {won(l.agencyAmount)} <span className="muted">({rateLabel(l.agencyRate)})</span>
                </td>
                <td>
                  <span className={`badge settlement-status-${l.status}`}>{SETTLEMENT_STATUS_LABELS[l.status]}</span>
                  {l.toRecover ? <span className="settlement-recover"> 회수 필요</span> : null}
                  {l.paidOutAt ? <span className="muted"> · 지급 {l.paidOutAt}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {drillAcademy ? null : <MonthPages page={page} pages={pages} query={query} />}
      </div>
    </>
  );
}
