import type { SerializeFrom } from '@remix-run/node';
import { Form } from '@remix-run/react';
import { CsrfInput } from '~/components/csrf';
import { Link } from '~/components/link';
import { monthLabel, won } from '~/domain/payments';
import type { BranchTotals } from '~/services/payments/settlement-lines.server';
import type { CountrySettlement } from '~/services/payments/settlement-report.server';
import type { loader } from './__settlement-page.server';
import { ShareCells } from './__settlement';

// The money side of the branch's page (/super/tax/u/region/agency): what each branch is owed and waits for, with the
// operators' payout form, and the figures of the month's tax invoices.

type Page = SerializeFrom<typeof loader>;
type BranchPage = Extract<Page, { view: 'branch' }>;

/** Each branch's settlement and what waits to be paid out, with the operators' form to mark its month paid out. */
export function BranchPayouts({ branches, month, busy }: { branches: BranchTotals[]; month: string; busy: boolean }) {
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

/** The figures of the tax invoice for one branch's month, and the company that receives it. */
export function InvoiceCard({ invoice, month }: { invoice: BranchPage['report']['invoice']; month: string }) {
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

/**
 * The month's settlement in figures (a branch's, or every branch's): what counts, the shares, what is to be recovered,
 * the spreadsheet and CSV of its lines, and the figures by status.
 */
export function SettlementSummary({
  settlement,
  month,
  query,
  refused,
}: {
  settlement: Pick<CountrySettlement, 'totals' | 'recover' | 'byStatus'>;
  month: string;
  query: string;
  refused: string | null | undefined;
}) {
  const { totals, recover, byStatus } = settlement;
  return (
    <>
      <h2 id="settlement-title">{monthLabel(month)} 정산</h2>
      {refused ? (
        <p className="alert error" role="alert">
          {refused}
        </p>
      ) : null}
      <div className="card settlement-summary" aria-labelledby="settlement-title">
        <dl className="facts">
          <dt>정산 대상 결제</dt>
          <dd data-testid="settlement-count">{totals.count}건</dd>
          <dt>결제 금액 합계</dt>
          <dd data-testid="settlement-base">{won(totals.base)}</dd>
          <dt>지사 정산액</dt>
          <dd data-testid="settlement-branch">{won(totals.branchAmount)}</dd>
          <dt>대리점 정산액</dt>
          <dd data-testid="settlement-agency">{won(totals.agencyAmount)}</dd>
          {recover.count > 0 ? (
            <>
              <dt>회수 필요 (지급 후 환불)</dt>
              <dd>
                {recover.count}건 · 지사 {won(recover.branchAmount)} · 대리점 {won(recover.agencyAmount)}
              </dd>
            </>
          ) : null}
        </dl>
        <p className="muted">정산 대상은 지급 대기와 지급 완료 결제입니다. 환불·취소된 결제는 합계에 넣지 않습니다.</p>
        <p>
          <a href={`/super/tax/u/region/agency/export.xlsx?${query}`} download>
            엑셀(.xlsx)로 받기
          </a>{' '}
          ·{' '}
          <a href={`/super/tax/u/region/agency/export.csv?${query}`} download>
            CSV로 받기
          </a>
        </p>
      </div>

      <div className="table-wrap">
        <table className="table">
          <caption>상태별 정산</caption>
          <thead>
            <tr>
              <th scope="col">상태</th>
              <th scope="col">건수</th>
              <th scope="col">결제 금액</th>
              <th scope="col">지사 몫</th>
              <th scope="col">대리점 몫</th>
            </tr>
          </thead>
          <tbody>
            {byStatus.map((s) => (
              <tr key={s.status}>
                <th scope="row">{s.label}</th>
                <td>{s.count}건</td>
                <ShareCells figures={s} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
