import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useNonce } from '~/components/nonce';
import { PAY_CHANNEL, PAY_RESULT_MESSAGE } from '~/components/payments';
import { pageData } from '~/web/http.server';
import { findOrder, receiptPath, organisationKindOf } from '~/services/payments/orders.server';

export const meta: MetaFunction = () => [{ title: '결제 창 닫기 | 리드인' }];

// Spec route card-pay/close: where the provider's popup ends. It tells the page that opened it where the result is
// (postMessage to the opener on our origin, and a BroadcastChannel in case the provider's pages cut the popup off from
// its opener), then closes itself. The link to the result is always shown, for a window that cannot close and for a
// browser without JavaScript. No session needed: it says nothing but where the receipt is.
export const handle = { hydrate: false };

export async function loader({ request }: LoaderFunctionArgs) {
  const orderId = new URL(request.url).searchParams.get('orderId') ?? '';
  const order = await findOrder(orderId);
  const href = order ? receiptPath(order.id, await organisationKindOf(order.organisationId)) : '/';
  return pageData({ href, known: Boolean(order) });
}

export default function CardPayClose() {
  const { href, known } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  const script = `(function(){var m={type:${JSON.stringify(PAY_RESULT_MESSAGE)},url:${JSON.stringify(href).replace(/</g, '\\u003c')}};
try{if(window.opener&&!window.opener.closed)window.opener.postMessage(m,location.origin)}catch(e){}
try{var c=new BroadcastChannel(${JSON.stringify(PAY_CHANNEL)});c.postMessage(m);c.close()}catch(e){}
setTimeout(function(){window.close()},150)})();`;
  return (
    <main id="main" className="container narrow card-pay-close">
      <h1>결제 창</h1>
      <p>{known ? '결제 창을 닫고 결과를 보여 드립니다. 창이 닫히지 않으면 아래 링크를 눌러 주세요.' : '주문을 찾을 수 없습니다.'}</p>
      <p>
        <a className="button" href={href} data-testid="pay-result-link">
          결제 결과 보기
        </a>
      </p>
      {known ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} /> : null}
    </main>
  );
}
