import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { clientIp } from '~/auth/rate-limit.server';
import { CsrfInput } from '~/components/csrf';
import { PaymentMethod, PaymentStatus, ReceiptType } from '~/domain/enums';
import { PAYMENT_STATUS_LABELS, TIER_LABELS, monthLabel, won } from '~/domain/payments';
import { DomainError } from '~/lib/errors';
import { formAction } from '~/web/form-action.server';
import { notFound, redirectWithFlash } from '~/web/http.server';
import { cancelOrder, confirmDeposit, issueCashReceiptFor } from '~/services/operators/payments.server';
import { recheckRefund, refundPayment } from '~/services/payments/refunds.server';
import { PaymentFacts, SameTierOrders, SettlementCard } from './__payment';
import { BAD_REQUEST, paymentIntents } from './__payment-forms.server';
import type { loader } from './__payment-page.server';
import { Refused } from '~/components/form-actions';

export { loader } from './__payment-page.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.payment.orderId ?? '결제'} | 결제 | 리드인 운영` }];

// One order as operators see it: everything it has (provider fields, receipts, the deposit's name), its refunds, its
// settlement line, and the acts: confirm a 무통장입금, cancel a waiting order, refund a paid one in full or in part. The
// refund form carries a key made when the page was shown: posting it twice refunds once.

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request),
    ids: ['paymentId'],
    schema: paymentIntents,
    unknownIntent: BAD_REQUEST,
    run: async ({ user: operator, ids: { paymentId: id }, request, value }) => {
      const origin = { address: clientIp(request), origin: new URL(request.url).origin };
      const here = `/super/payments/${id}`;
      if (value.intent === 'confirm-deposit') {
        const done = await confirmDeposit(operator, id, origin);
        if (done.cashReceipt === 'failed')
          return redirectWithFlash(here, `입금을 확인했습니다. 현금영수증은 발급하지 못했습니다: ${done.cashReceiptError}`, 'error');
        return redirectWithFlash(
          here,
          done.cashReceipt === 'issued' ? '입금을 확인하고 현금영수증을 발급했습니다.' : '입금을 확인했습니다.',
        );
      }
      if (value.intent === 'cash-receipt') {
        const done = await issueCashReceiptFor(operator, id, origin);
        if (done.cashReceipt === 'failed')
          throw new DomainError('CASH_RECEIPT_FAILED', `현금영수증을 발급하지 못했습니다: ${done.cashReceiptError}`, 502);
        return redirectWithFlash(here, '현금영수증을 발급했습니다.');
      }
      if (value.intent === 'cancel') {
        await cancelOrder(operator, id, origin);
        return redirectWithFlash(here, '주문을 취소했습니다.');
      }
      if (value.intent === 'refund') {
        const outcome = await refundPayment(
          operator,
          { paymentId: id, amount: value.amount, reason: value.reason, key: value.refundKey },
          origin,
        );
        const whole = outcome.payment.status === PaymentStatus.REFUND;
        return redirectWithFlash(
          here,
          outcome.replayed
            ? '이미 처리된 환불 요청입니다. 환불은 한 번만 처리되었습니다.'
            : `${won(outcome.refund.amount)}을 환불했습니다.${whole ? ' 결제 금액 전액이 환불되었습니다.' : ''}`,
        );
      }
      const outcome = await recheckRefund(value.refundId, operator, origin);
      if (outcome.refund.paymentId !== id) throw notFound();
      const message =
        outcome.refund.state === 'DONE'
          ? '결제사에서 환불이 확인되었습니다.'
          : outcome.refund.state === 'FAILED'
            ? '결제사에 환불 기록이 없어 환불 요청을 실패로 마쳤습니다. 필요하면 다시 환불해 주세요.'
            : '결제사에 연결하지 못했습니다. 잠시 후 다시 확인해 주세요.';
      return redirectWithFlash(here, message, outcome.refund.state === 'DONE' ? 'success' : 'error');
    },
  });
}

const REFUND_STATE_LABELS = { PENDING: '처리 중', DONE: '완료', FAILED: '실패' } as const;

export default function PaymentPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { payment: p, settlement: s } = data;
  const waiting = p.status === PaymentStatus.WAITING;
  const deposit = p.method === PaymentMethod.DEPOSIT;
  const paidSameTier = data.sameTier.find((o) => o.status === PaymentStatus.SUCCESS);
  return (
    <section aria-labelledby="payment-title" className="stack">
      <p>
        <Link to="/super/payments">‹ 결제 목록</Link>
      </p>
      <h1 id="payment-title" className="page-title">
        {p.orderName || `${TIER_LABELS[p.tier]} ${monthLabel(p.paidMonth)}`}{' '}
        <span className={`badge payment-status-${p.status}`}>{PAYMENT_STATUS_LABELS[p.status]}</span>
      </h1>
      <PaymentFacts data={data} />

      {waiting && deposit ? (
        <div className="card">
          <h2>입금 확인</h2>
          <p>
            회사 계좌에 <strong>{p.depositorName ?? '(입금자명 없음)'}</strong> 이름으로 <strong>{won(p.amount)}</strong>이 들어온 것을
            확인한 뒤 눌러 주세요. 확인하면 결제 완료가 되고 학원에 알림이 갑니다.
            {p.receiptType !== ReceiptType.NONE ? ' 현금영수증도 함께 발급합니다.' : ''}
          </p>
          {paidSameTier ? (
            <p className="alert error">
              이 학원은 이미 이 달의 같은 항목을 결제했습니다 (주문번호 {paidSameTier.orderId}). 입금을 확인할 수 없으니 입금액을 돌려
              주세요.
            </p>
          ) : null}
          <Refused intent="confirm-deposit" reply={reply} />
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="confirm-deposit" />
            <button type="submit" disabled={busy}>
              입금 확인
            </button>
          </Form>
        </div>
      ) : null}

      {!waiting && deposit && p.status === PaymentStatus.SUCCESS && p.receiptType !== ReceiptType.NONE && !p.cashReceiptKey ? (
        <div className="card">
          <h2>현금영수증</h2>
          <p>아직 발급되지 않았습니다.</p>
          <Refused intent="cash-receipt" reply={reply} />
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="cash-receipt" />
            <button type="submit" disabled={busy}>
              현금영수증 발급
            </button>
          </Form>
        </div>
      ) : null}

      {waiting ? (
        <div className="card">
          <h2>주문 취소</h2>
          <p>결제되기 전의 주문을 취소합니다. 돈이 오가지 않았으므로 정산에도 잡히지 않습니다.</p>
          <Refused intent="cancel" reply={reply} />
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="secondary" disabled={busy}>
              주문 취소
            </button>
          </Form>
        </div>
      ) : null}

      {p.status === PaymentStatus.SUCCESS ? (
        <div className="card">
          <h2>환불</h2>
          <p>
            환불할 수 있는 금액: <strong>{won(data.balance)}</strong>
            {deposit
              ? ' · 무통장입금은 회사가 입금 계좌로 돌려 보내고, 여기서는 환불을 기록합니다.'
              : ' · 카드·계좌이체는 결제사에서 바로 취소됩니다.'}
          </p>
          <Refused intent="refund" reply={reply} />
          {data.balance > 0 ? (
            <Form method="post" className="stack">
              <CsrfInput />
              <input type="hidden" name="intent" value="refund" />
              <input type="hidden" name="refundKey" value={data.refundKey} />
              <div className="field">
                <label htmlFor="refund-amount">환불 금액 (원)</label>
                <input
                  type="text"
                  id="refund-amount"
                  name="amount"
                  inputMode="numeric"
                  required
                  maxLength={12}
                  defaultValue={String(data.balance)}
                />
              </div>
              <div className="field">
                <label htmlFor="refund-reason">환불 사유</label>
                <input type="text" id="refund-reason" name="reason" required maxLength={200} />
              </div>
              <div>
                <button type="submit" className="danger" disabled={busy}>
                  환불하기
                </button>
              </div>
            </Form>
          ) : null}
        </div>
      ) : null}

      <div className="card">
        <h2>환불 내역</h2>
        <Refused intent="recheck" reply={reply} />
        {data.refunds.length === 0 ? (
          <p className="muted">환불 내역이 없습니다.</p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="sr-only">환불 내역</caption>
              <thead>
                <tr>
                  <th scope="col">요청 시각</th>
                  <th scope="col">금액</th>
                  <th scope="col">사유</th>
                  <th scope="col">상태</th>
                  <th scope="col">처리 시각</th>
                  <th scope="col">요청한 사람</th>
                </tr>
              </thead>
              <tbody>
                {data.refunds.map((r) => (
                  <tr key={r.id}>
                    <td>{r.createdAt}</td>
                    <td>{won(r.amount)}</td>
                    <td>{r.reason}</td>
                    <td>
                      {REFUND_STATE_LABELS[r.state]}
                      {r.error ? <span className="muted"> ({r.error})</span> : null}
                      {r.state === 'PENDING' ? (
                        <Form method="post" className="inline-form">
                          <CsrfInput />
                          <input type="hidden" name="intent" value="recheck" />
                          <input type="hidden" name="refundId" value={r.id} />
                          <button type="submit" className="small" disabled={busy}>
                            환불 결과 확인
                          </button>
                        </Form>
                      ) : null}
                    </td>
                    <td>{r.completedAt ?? '-'}</td>
                    <td>{r.requestedBy ?? '-'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      <SettlementCard settlement={s} />

      <SameTierOrders orders={data.sameTier} />
    </section>
  );
}
