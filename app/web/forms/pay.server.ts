import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { z } from 'zod';
import { PaymentMethod, type ReceiptType, type Tier } from '~/domain/enums';
import { formAction } from '~/web/form-action.server';
import { notFound, redirectWithFlash } from '~/web/http.server';
import { paymentGateway } from '~/services/payments/gateway.server';
import { checkoutParams, createOrder, originOf, payerOrganisation, receiptPath, type Payer } from '~/services/payments/orders.server';
import { recheckPayment } from '~/services/payments/receipt.server';

// The pay form's action, shared by the HEAD's payment page and an individual member's: the order is written first
// (amount from the bill), then the browser goes to the provider's window: a popup (JavaScript) through our checkout
// page and the provider's SDK, a full page (no JavaScript) straight to the provider's window when it has one that
// opens by a GET (the simulator's), else through the checkout page. A deposit goes to its receipt and the account.

const text = z.string().default('');

/** The pay form as posted: the service checks each choice against the bill and says what is wrong. */
export const payFormSchema = z.object({
  tier: text.transform((v) => Number(v) as Tier),
  method: text.transform((v) => v as PaymentMethod),
  receiptType: text.transform((v) => (v || 'N') as ReceiptType),
  cashReceiptIdentity: text,
  depositorName: text,
  /** 'popup' when the page's script opened the provider's window as a popup. */
  window: z.enum(['popup', 'page']).catch('page'),
});

/** The service's refusals that belong to a field; the others are shown above the form. */
const FIELDS = {
  METHOD: 'method',
  RECEIPT_TYPE: 'receiptType',
  RECEIPT_IDENTITY: 'cashReceiptIdentity',
  DEPOSITOR: 'depositorName',
} as const;

/** The pay form of a payments page: `guard` is the area's. */
export async function payAction(args: ActionFunctionArgs, guard: (request: Request) => Promise<Payer>) {
  return formAction(args, {
    guard: ({ request }) => guard(request),
    schema: payFormSchema,
    fields: FIELDS,
    run: async ({ user: payer, request, value: { window, ...input } }) => {
      const org = await payerOrganisation(payer);
      const order = await createOrder(payer, { ...input, window });
      if (order.method === PaymentMethod.DEPOSIT) {
        return redirectWithFlash(receiptPath(order.id, org.kind), '무통장입금 주문을 접수했습니다. 아래 계좌로 입금해 주세요.');
      }
      const checkout = `/card-pay/checkout/${encodeURIComponent(order.orderId)}`;
      if (window === 'popup') return redirect(checkout);
      return redirect(paymentGateway()?.windowUrl(await checkoutParams(order, originOf(request))) ?? checkout);
    },
  });
}

/** The receipt's '다시 확인하기': the order read back from the provider, then its receipt again (`base`/{id}). */
export async function recheckAction(args: ActionFunctionArgs, guard: (request: Request) => Promise<Payer>, base: string) {
  return formAction(args, {
    guard: ({ request }) => guard(request),
    ids: ['paymentId'],
    schema: z.object({}),
    run: async ({ user, ids: { paymentId } }) => {
      if (!(await recheckPayment(user, paymentId))) throw notFound();
      return redirect(`${base}/${paymentId}`);
    },
  });
}
