import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireSuper } from '~/web/guards.server';
import { OPERATOR_PAYMENT_MESSAGES as M } from '~/domain/operator-payments';
import { formatDateTime } from '~/lib/dates';
import { idParam, notFound, pageData } from '~/web/http.server';
import { paymentDetail } from '~/services/operators/payments.server';

// The server side of an order's page (payments.$paymentId.tsx): its loader, re-exported by the route. The page's
// parts (__payment.tsx) read its type from here, so neither imports the route.

const when = (d: Date | string | null) => (d ? formatDateTime(d) : null);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSuper(request);
  const id = idParam(params.paymentId);
  const detail = await paymentDetail(id);
  if (!detail) throw notFound(M.paymentNotFound);
  const p = detail.payment;
  return pageData({
    payment: {
      ...p,
      createdAt: when(p.createdAt)!,
      approvedAt: when(p.approvedAt),
      expiresAt: when(p.expiresAt),
      updatedAt: when(p.updatedAt)!,
      confirmStartedAt: when(p.confirmStartedAt),
    },
    organisationName: detail.organisationName,
    organisationKind: detail.organisationKind,
    payerName: detail.payerName,
    payerLoginId: detail.payerLoginId,
    confirmedByName: detail.confirmedByName,
    refunds: detail.refunds.map((r) => ({ ...r, createdAt: when(r.createdAt)!, completedAt: when(r.completedAt) })),
    settlement: detail.settlement
      ? { ...detail.settlement, paidOutAt: when(detail.settlement.paidOutAt), updatedAt: when(detail.settlement.updatedAt) }
      : null,
    balance: detail.balance,
    sameTier: detail.sameTier,
    refundKey: detail.refundKey,
    gateway: detail.gateway,
  });
}
