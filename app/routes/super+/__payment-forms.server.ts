import { z } from 'zod';
import { positiveInt } from '~/lib/numbers';

// The forms of an order's page in the payments console (/super/payments/:paymentId): confirm a 무통장입금, issue its
// cash receipt, cancel a waiting order, refund a paid one, and ask the provider again about a pending refund. The
// refund's amount, reason and key are checked by the refund service (its Korean messages).

const text = z.string().optional().default('');

/** '99,000원' → 99000; anything else is not a whole number (the service refuses it). */
const amount = text.transform((v) => {
  const raw = v.replace(/[,\s원₩]/g, '').slice(0, 12);
  return /^\d+$/.test(raw) ? Number(raw) : NaN;
});

export const BAD_REQUEST = '요청을 처리할 수 없습니다.';

export const paymentIntents = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('confirm-deposit') }),
  z.object({ intent: z.literal('cash-receipt') }),
  z.object({ intent: z.literal('cancel') }),
  z.object({ intent: z.literal('refund'), amount, reason: text, refundKey: text }),
  z.object({
    intent: z.literal('recheck'),
    refundId: z.string({ required_error: BAD_REQUEST }).transform((v, ctx) => {
      const id = positiveInt(v);
      if (id === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: BAD_REQUEST });
        return z.NEVER;
      }
      return id;
    }),
  }),
]);
