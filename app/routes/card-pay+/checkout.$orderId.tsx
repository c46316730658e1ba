import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUser } from '~/web/guards.server';
import { useNonce } from '~/components/nonce';
import { PaymentStatus } from '~/domain/enums';
import { notFound, pageData } from '~/web/http.server';
import { now } from '~/lib/clock.server';
import { paymentGateway } from '~/services/payments/gateway.server';
import { checkoutParams, findOrder, originOf, payerOrganisation, receiptPath } from '~/services/payments/orders.server';

export const meta: MetaFunction = () => [{ title: '결제 창 | 리드인' }];

// The page that opens the provider's payment window with its browser SDK (v2 standard): where a popup order goes,
// and a full-page order when the provider's window cannot be reached by a plain GET (Toss's). Only the payer's own
// WAITING order, not yet returned from the window. The SDK's origin is allowed on this page only (entry.server.tsx).
export const handle = { hydrate: false };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const org = await payerOrganisation(user).catch(() => null);
  const order = await findOrder(params.orderId ?? '');
  if (!org || !order || order.organisationId !== org.id) throw notFound('주문을 찾을 수 없습니다.');
  const gateway = paymentGateway();
  const open =
    gateway && order.status === PaymentStatus.WAITING && !order.confirmStartedAt && (!order.expiresAt || order.expiresAt > now());
  return pageData({
    open: Boolean(open),
    sdkUrl: gateway?.sdkUrl ?? '',
    clientKey: gateway?.clientKey ?? '',
    params: await checkoutParams(order, originOf(request)),
    receipt: receiptPath(order.id, org.kind),
  });
}

export default function Checkout() {
  const d = useLoaderData<typeof loader>();
  const nonce = useNonce();
  const p = d.params;
  const call = {
    clientKey: d.clientKey,
    customerKey: p.customerKey,
    request: {
      method: p.method,
      amount: { currency: 'KRW', value: p.amount },
      orderId: p.orderId,
      orderName: p.orderName,
      successUrl: p.successUrl,
      failUrl: p.failUrl,
    },
  };
  const script = `(function(){var d=${JSON.stringify(call).replace(/</g, '\\u003c')};var s=document.getElementById('checkout-state');
function fail(){if(s)s.textContent='결제 창을 열지 못했습니다. 창을 닫고 다시 시도해 주세요.'}
try{TossPayments(d.clientKey).payment({customerKey:d.customerKey}).requestPayment(d.request).catch(function(e){
if(e&&e.code==='USER_CANCEL'){location.href=d.request.failUrl+'?code=PAY_PROCESS_CANCELED&message='+encodeURIComponent('사용자가 결제를 취소했습니다.')+'&orderId='+encodeURIComponent(d.request.orderId);return}fail()})}catch(e){fail()}})();`;
  return (
    <main id="main" className="container narrow card-pay-checkout">
      <h1>결제 창</h1>
      {d.open ? (
        <>
          <p id="checkout-state" role="status">
            {p.orderName} {p.amount.toLocaleString('ko-KR')}원 결제 창을 여는 중입니다…
          </p>
          <noscript>
            <p className="alert warning">
              카드 결제 창을 열려면 자바스크립트가 필요합니다. 무통장입금을 이용하시거나 자바스크립트를 켜 주세요.
            </p>
          </noscript>
          <script nonce={nonce} src={d.sdkUrl} />
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
        </>
      ) : (
        <p>이 주문은 지금 결제할 수 없습니다. 결제 내역에서 결과를 확인해 주세요.</p>
      )}
      <p>
        <a href={d.receipt}>결제 내역 보기</a>
      </p>
    </main>
  );
}
