import type { SerializeFrom } from '@remix-run/node';
import { Form } from '@remix-run/react';
import { CsrfInput } from '~/components/csrf';
import { Link } from '~/components/link';
import { rateLabel } from '~/domain/operator-payments';
import { PAYMENT_METHOD_LABELS, SETTLEMENT_STATUS_LABELS, TIER_LABELS, monthLabel, won } from '~/domain/payments';
import type { loader } from './__settlement-page.server';

// The parts of the branch's page (/super/tax/u/region/agency): the academies' reading in the month, the operators'
// payout per branch, the settlement by academy, by agency and line by line, and the figures of the tax invoice.

type Page = SerializeFrom<typeof loader>;

/** The region's academies and their students' reading in the month, with the totals. */
export function ReadingActivity({ rows, total, month, allBranches }: Pick<Page, 'rows' | 'total' | 'month' | 'allBranches'>) {
  return rows.length === 0 ? (
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
  );
}

/** Each branch's settlement and what waits to be paid out, with the operators' form to mark its month paid out. */
export function BranchPayouts({ branches, month, busy }: { branches: Page['report']['branches']; month: string; busy: boolean }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption>지사별 정산과 지급</caption>
        <thead>
          <tr>
            <th scope="col">지사</th>
            <th scope="col">정산 대상</th>
            <th scope="col">지사 몫</th>
            <th scope="col">대리점 몫</th>
            <th scope="col">지급 대기</th>
            <th scope="col">지급</th>
          </tr>
        </thead>
        <tbody>
          {branches.map((b) => (
            <tr key={b.branchId}>
              <th scope="row">
                <Link to={`/super/tax/u/region/agency?${new URLSearchParams({ month, branch: String(b.branchId) })}`}>{b.branchName}</Link>
              </th>
              <td>
                {b.count}건 · {won(b.base)}
              </td>
              <td>{won(b.branchAmount)}</td>
              <td>{won(b.agencyAmount)}</td>
              <td>
                {b.waiting.count}건 · 지사 {won(b.waiting.branchAmount)} · 대리점 {won(b.waiting.agencyAmount)}
              </td>
              <td>
                {b.waiting.count > 0 ? (
                  <Form method="post" className="inline-form">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="payout" />
                    <input type="hidden" name="branch" value={b.branchId} />
                    <input type="hidden" name="month" value={month} />
                    <button type="submit" className="small" disabled={busy}>
                      {b.branchName} {monthLabel(month)} 지급 완료로 표시
                    </button>
                  </Form>
                ) : (
                  <span className="muted">지급할 내역 없음</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The month's settlement by academy (a link to its lines), by agency, and line by line (all, or one academy's). */
export function SettlementTables({
  report,
  query,
  allBranches,
  drillAcademy,
}: Pick<Page, 'report' | 'query' | 'allBranches'> & { drillAcademy: Page['report']['academies'][number] | null | undefined }) {
  return report.academies.length === 0 ? (
    <p className="card muted">이 달의 정산 내역이 없습니다.</p>
  ) : (
    <>
      <div className="table-wrap">
        <table className="table">
          <caption>학원별 정산</caption>
          <thead>
            <tr>
              <th scope="col">학원</th>
              {allBranches ? <th scope="col">지사</th> : null}
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
                  <Link to={`/super/tax/u/region/agency?${query}&academy=${a.academyId}#lines`}>{a.academyName}</Link>
                </th>
                {allBranches ? <td>{a.branchName}</td> : null}
                <td>{a.agencyName ?? '-'}</td>
                <td>
                  {a.count}건 <span className="muted">(전체 {a.lines}건)</span>
                </td>
                <td>{won(a.base)}</td>
                <td>{won(a.branchAmount)}</td>
                <td>{won(a.agencyAmount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">합계</th>
              {allBranches ? <td /> : null}
              <td />
              <td>{report.totals.count}건</td>
              <td>{won(report.totals.base)}</td>
              <td>{won(report.totals.branchAmount)}</td>
              <td>{won(report.totals.agencyAmount)}</td>
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
              {allBranches ? <th scope="col">지사</th> : null}
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
                {allBranches ? <td>{g.branchName}</td> : null}
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
                <Link to={`/super/tax/u/region/agency?${query}#lines`}>(모든 학원 보기)</Link>
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
      </div>
    </>
  );
}

/** The figures of the tax invoice for one branch's month, and the company that receives it. */
export function InvoiceCard({ invoice, month }: { invoice: Page['report']['invoice']; month: string }) {
  return (
    <div className="card">
      <h2>세금계산서 정보</h2>
      <p className="muted">
        정산액은 부가가치세 10%가 포함된 금액입니다. 공급가액은 정산액 ÷ 1.1을 원 단위로 반올림한 금액, 세액은 그 나머지입니다.
      </p>
      <div className="table-wrap">
        <table className="table">
          <caption className="sr-only">세금계산서 금액</caption>
          <thead>
            <tr>
              <th scope="col">구분</th>
              <th scope="col">합계 금액</th>
              <th scope="col">공급가액</th>
              <th scope="col">세액</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">지사 몫</th>
              <td>{won(invoice.branch.total)}</td>
              <td data-testid="invoice-branch-supply">{won(invoice.branch.supply)}</td>
              <td data-testid="invoice-branch-vat">{won(invoice.branch.vat)}</td>
            </tr>
            <tr>
              <th scope="row">대리점 몫</th>
              <td>{won(invoice.agency.total)}</td>
              <td>{won(invoice.agency.supply)}</td>
              <td>{won(invoice.agency.vat)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <h3>공급받는 자 (회사)</h3>
      <dl className="facts">
        <dt>상호</dt>
        <dd>{invoice.buyer.name ?? '-'}</dd>
        <dt>대표자</dt>
        <dd>{invoice.buyer.ceo ?? '-'}</dd>
        <dt>사업자등록번호</dt>
        <dd>{invoice.buyer.registrationNo ?? '-'}</dd>
        <dt>주소</dt>
        <dd>{invoice.buyer.address ?? '-'}</dd>
        <dt>세금계산서 받을 이메일</dt>
        <dd>{invoice.buyer.email ?? '-'}</dd>
      </dl>
      {invoice.buyer.example ? <p className="muted">체험 환경의 예시 사업자 정보입니다.</p> : null}
      <p className="muted">작성일자는 정산 지급일, 품목은 “{monthLabel(month)} 리드인 이용료 정산 수수료”로 적어 주세요.</p>
    </div>
  );
}
