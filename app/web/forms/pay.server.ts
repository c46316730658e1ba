import { json, redirect } from '@remix-run/node';
import { PaymentMethod, type ReceiptType, type Tier } from '~/domain/enums';
import { isDomainError } from '~/lib/errors';
import { redirectWithFlash } from '~/web/http.server';
import { paymentGateway } from '~/services/payments/gateway.server';
import { checkoutParams, createOrder, originOf, payerOrganisation, receiptPath, type Payer } from '~/services/payments/orders.server';

// The pay form's action, shared by the HEAD's payment page and an individual member's: the order is written first
// (amount from the bill), then the browser goes to the provider's window: a popup (JavaScript) through our checkout
// page and the provider's SDK, a full page (no JavaScript) straight to the provider's window when it has one that
// opens by a GET (the simulator's), else through the checkout page. A deposit goes to its receipt and the account.

const FIELD_OF: Record<string, string> = {
  METHOD: 'method',
  RECEIPT_TYPE: 'receiptType',
  RECEIPT_IDENTITY: 'cashReceiptIdentity',
  DEPOSITOR: 'depositorName',
};

export async function payAction(request: Request, payer: Payer) {
  const form = await request.formData();
  const text = (k: string) => {
    const v = form.get(k);
    return typeof v === 'string' ? v : '';
  };
  const values = {
    tier: text('tier'),
    method: text('method'),
    receiptType: text('receiptType'),
    cashReceiptIdentity: text('cashReceiptIdentity'),
    depositorName: text('depositorName'),
  };
  const popup = text('window') === 'popup';
  try {
    const org = await payerOrganisation(payer);
    const order = await createOrder(payer, {
      tier: Number(values.tier) as Tier,
      method: values.method as PaymentMethod,
      receiptType: (values.receiptType || 'N') as ReceiptType,
      cashReceiptIdentity: values.cashReceiptIdentity,
      depositorName: values.depositorName,
      window: popup ? 'popup' : 'page',
    });
    if (order.method === PaymentMethod.DEPOSIT) {
      return redirectWithFlash(receiptPath(order.id, org.kind), '무통장입금 주문을 접수했습니다. 아래 계좌로 입금해 주세요.');
    }
    const checkout = `/card-pay/checkout/${encodeURIComponent(order.orderId)}`;
    if (popup) return redirect(checkout);
    return redirect(paymentGateway()?.windowUrl(checkoutParams(order, originOf(request))) ?? checkout);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.status === 403) throw new Response(error.message, { status: 403 });
    return json({ error: error.message, field: FIELD_OF[error.code], values }, { status: error.status });
  }
}
