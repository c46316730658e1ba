import type { SerializeFrom } from '@remix-run/node';
import { Link } from '~/components/link';
import type { Tier } from '~/domain/enums';
import { BILL_LINE_STATE_LABELS, MONTH_STATE_LABELS, monthLabel, TIER_LABELS, won } from '~/domain/payments';
import type { loader } from './__academy-page.server';

// An academy's bill of this Seoul month on its page (its billing state, as the head's payments page reads it): the
// lines its active students make, each paid, being confirmed, waiting for a deposit or due, and the tiers no price
// covers yet.

type Page = SerializeFrom<typeof loader>;

export function AcademyBill({
  bill,
  state,
  closed,
  payments,
}: {
  bill: Page['bill'];
  state: Page['state'];
  closed: boolean;
  /** The academy's payments in the payments console. */
  payments: string;
}) {
  return (
    <section className="card stack" aria-labelledby="bill-title">
      <h2 id="bill-title">
        {monthLabel(bill.month)} 요금 <span className={`badge month-${state}`}>{MONTH_STATE_LABELS[state]}</span>
      </h2>
      <p className="muted">
        요금 등급은 따로 정하지 않습니다. 매달 이용 중인 학생 수(지금 {bill.activeStudents}명)에 따라 기본 이용료에 학생 추가 요금이
        붙습니다.
        {closed ? ' 해지된 학원이라 자동 결제하지 않습니다.' : ''}
      </p>
      {bill.lines.length ? (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">이번 달 요금</caption>
            <thead>
              <tr>
                <th scope="col">항목</th>
                <th scope="col">기준</th>
                <th scope="col">금액</th>
                <th scope="col">상태</th>
              </tr>
            </thead>
            <tbody>
              {bill.lines.map((l) => (
                <tr key={l.tier}>
                  <td>{TIER_LABELS[l.tier as Tier]}</td>
                  <td>{l.reason}</td>
                  <td>{won(l.amount)}</td>
                  <td>
                    {BILL_LINE_STATE_LABELS[l.state]}
                    {l.refunded ? ` (환불 ${won(l.refunded)})` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {bill.unpriced.length ? (
        <p className="muted">
          가격이 정해지지 않은 항목: {bill.unpriced.map((t) => TIER_LABELS[t as Tier]).join(', ')} (가격 메뉴에서 정합니다)
        </p>
      ) : null}
      <p>
        <Link to={payments}>이 학원의 결제 내역</Link>
      </p>
    </section>
  );
}
