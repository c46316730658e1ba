import type { SerializeFrom } from '@remix-run/node';
import { Link } from '~/components/link';
import { PaymentMethod, PaymentStatus } from '~/domain/enums';
import { OP_RECEIPT_LABELS, rateLabel } from '~/domain/operator-payments';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, SETTLEMENT_STATUS_LABELS, TIER_LABELS, monthLabel, won } from '~/domain/payments';
import type { loader } from './__payment-page.server';

// The read-only parts of an order's page in the payments console: what the order has (provider fields, receipts, the
// deposit's name), its settlement line, and the other orders of the same month and tier.

type Page = SerializeFrom<typeof loader>;

export function PaymentFacts({ data }: { data: Page }) {
  const p = data.payment;
  const waiting = p.status === PaymentStatus.WAITING;
  const deposit = p.method === PaymentMethod.DEPOSIT;
  return (
    <div className="card">
      <dl className="facts">
        <dt>주문번호</dt>
        <dd>{p.orderId}</dd>
        <dt>학원·회원</dt>
        <dd>
          {data.organisationName}
          {data.organisationKind === 'student' ? ' (개인 회원)' : ''}
        </dd>
        <dt>주문한 사람</dt>
        <dd>{data.payerName ? `${data.payerName} (${data.payerLoginId})` : '-'}</dd>
        <dt>이용 월</dt>
        <dd>{monthLabel(p.paidMonth)}</dd>
        <dt>항목</dt>
        <dd>{TIER_LABELS[p.tier]}</dd>
        <dt>결제 방법</dt>
        <dd>
          {PAYMENT_METHOD_LABELS[p.method]}
          {p.automatic ? ' (자동 결제)' : ''}
        </dd>
        <dt>금액</dt>
        <dd>{won(p.amount)}</dd>
        {p.refundedAmount > 0 ? (
          <>
            <dt>환불된 금액</dt>
            <dd>{won(p.refundedAmount)}</dd>
          </>
        ) : null}
        <dt>주문 시각</dt>
        <dd>{p.createdAt}</dd>
        <dt>결제 시각</dt>
        <dd>{p.approvedAt ?? '-'}</dd>
        {p.paidWith ? (
          <>
            <dt>결제 수단</dt>
            <dd>{p.paidWith}</dd>
          </>
        ) : null}
        {deposit ? (
          <>
            <dt>입금자명</dt>
            <dd>{p.depositorName ?? '-'}</dd>
            <dt>입금 확인</dt>
            <dd>{data.confirmedByName ?? (waiting ? '입금 대기' : '-')}</dd>
          </>
        ) : null}
        <dt>영수증</dt>
        <dd>
          {OP_RECEIPT_LABELS[p.receiptType]}
          {p.cashReceiptIdentity ? ` · ${p.cashReceiptIdentity}` : ''}
          {p.cashReceiptUrl ? (
            <>
              {' '}
              · <a href={p.cashReceiptUrl}>현금영수증 보기</a>
            </>
          ) : p.cashReceiptKey ? (
            ' · 발급됨'
          ) : null}
          {p.receiptUrl ? (
            <>
              {' '}
              · <a href={p.receiptUrl}>결제 영수증 보기</a>
            </>
          ) : null}
        </dd>
        {p.paymentKey ? (
          <>
            <dt>결제사 결제 키</dt>
            <dd className="mono">{p.paymentKey}</dd>
          </>
        ) : null}
        {p.failMessage ? (
          <>
            <dt>{p.status === PaymentStatus.CANCEL ? '취소 사유' : '실패 사유'}</dt>
            <dd>
              {p.failMessage}
              {p.failCode ? <span className="muted"> ({p.failCode})</span> : null}
            </dd>
          </>
        ) : null}
        {waiting && p.expiresAt ? (
          <>
            <dt>승인 기한</dt>
            <dd>{p.expiresAt}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

export function SettlementCard({ settlement: s }: { settlement: Page['settlement'] }) {
  return (
    <div className="card">
      <h2>정산</h2>
      {s ? (
        <dl className="facts">
          <dt>지사</dt>
          <dd>
            <Link to={`/super/tax/u/region/agency?${new URLSearchParams({ branch: String(s.branchId), month: s.month })}`}>
              {s.branchName}
            </Link>
          </dd>
          <dt>대리점</dt>
          <dd>{s.agencyName ?? '-'}</dd>
          <dt>정산 기준 금액</dt>
          <dd>{won(s.baseAmount)}</dd>
          <dt>지사 몫</dt>
          <dd>
            {won(s.branchAmount)} ({rateLabel(s.branchRate)})
          </dd>
          <dt>대리점 몫</dt>
          <dd>
            {won(s.agencyAmount)} ({rateLabel(s.agencyRate)})
          </dd>
          <dt>상태</dt>
          <dd>
            {SETTLEMENT_STATUS_LABELS[s.status]}
            {s.status === 200 && s.paidOutAt ? ' · 지급한 몫 회수 필요' : ''}
          </dd>
          <dt>지급</dt>
          <dd>{s.paidOutAt ? `${s.paidOutAt} (${s.paidOutBy ?? '-'})` : '-'}</dd>
        </dl>
      ) : (
        <p className="muted">정산 내역이 없습니다. (결제 완료된 학원 결제만 지사 정산에 잡힙니다.)</p>
      )}
    </div>
  );
}

export function SameTierOrders({ orders }: { orders: Page['sameTier'] }) {
  if (orders.length === 0) return null;
  return (
    <div className="card">
      <h2>같은 달 같은 항목의 다른 주문</h2>
      <ul>
        {orders.map((o) => (
          <li key={o.id}>
            <Link to={`/super/payments/${o.id}`}>{o.orderId}</Link> · {PAYMENT_METHOD_LABELS[o.method]} · {PAYMENT_STATUS_LABELS[o.status]}
          </li>
        ))}
      </ul>
    </div>
  );
}
