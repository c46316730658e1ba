import { eq } from 'drizzle-orm';
import { hashPassword } from '~/auth/password.server';
import { DEMO_PASSWORD } from '~/domain/accounts';
import { PaymentMethod, PaymentStatus, SettlementStatus, Tier } from '~/domain/enums';
import { orderNameOf } from '~/domain/payments';
import { addMonths, seoulMonth } from '~/lib/dates';
import { createSettlementLine } from '~/services/payments/settlements.server';
import type { Tx } from '~/db/client.server';
import { payments, settlements, users } from '~/db/schema';
import { DEMO_PRICES, insertDemoAcademy } from './base.server';

/**
 * 초록숲 독서교실 (head `head4`, teacher `teacher5`): an academy that registered two months ago and has announced a 무통장입금 for this
 * month's BASIC that has not arrived. It stays unpaid whatever else is tried in the demo (푸른솔's head2 is the account
 * to pay with), so the unpaid academy's pages can always be seen.
 */
export async function seedUnpaidAcademy(tx: Tx, at: Date) {
  const month = seoulMonth(at);
  const { academy, head } = await insertDemoAcademy(
    tx,
    { name: '초록숲 독서교실', code: 'CHOROK', phone: '02-000-2004', address: '서울 성북구' },
    { loginId: 'head4', name: '윤초록', email: 'head4@readin.example', phone: '010-3000-0006' },
  );
  await tx.insert(users).values({
    loginId: 'teacher5',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    name: '서나무',
    email: 'teacher5@readin.example',
    phone: '010-3000-0007',
    role: 'ADMIN',
    authorities: ['TEACHER'],
    organisationId: academy.id,
  });
  const registered = addMonths(month, -2);
  const [registration] = await tx
    .insert(payments)
    .values({
      orderId: `DEMO-${registered}-${academy.id}-NEW`,
      organisationId: academy.id,
      tier: Tier.NEW,
      method: PaymentMethod.CARD,
      status: PaymentStatus.SUCCESS,
      amount: DEMO_PRICES.NEW,
      paidMonth: registered,
      orderName: orderNameOf(Tier.NEW, registered),
      payerUserId: head.id,
      paidWith: '신한카드 43301234****123*',
      approvedAt: new Date(at.getTime() - 60 * 24 * 3600_000),
      createdAt: new Date(at.getTime() - 60 * 24 * 3600_000),
    })
    .returning({ id: payments.id });
  await createSettlementLine(tx, registration.id);
  // Its branch was paid its share the month after, as for the other academies' past months.
  await tx
    .update(settlements)
    .set({ status: SettlementStatus.SUCCESS, paidOutAt: new Date(at.getTime() - 25 * 24 * 3600_000) })
    .where(eq(settlements.paymentId, registration.id));
  await tx.insert(payments).values({
    orderId: `DEMO-${month}-${academy.id}-BASIC`,
    organisationId: academy.id,
    tier: Tier.BASIC,
    method: PaymentMethod.DEPOSIT,
    status: PaymentStatus.WAITING,
    amount: DEMO_PRICES.BASIC,
    paidMonth: month,
    orderName: orderNameOf(Tier.BASIC, month),
    payerUserId: head.id,
    depositorName: '초록숲독서',
    receiptType: 'T',
    cashReceiptIdentity: '1234567890',
    // Announced two days ago: the deposit is awaited for five more.
    createdAt: new Date(at.getTime() - 2 * 24 * 3600_000),
    expiresAt: new Date(at.getTime() + 5 * 24 * 3600_000),
  });
}
