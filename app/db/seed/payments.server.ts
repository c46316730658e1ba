import { and, eq, isNotNull } from 'drizzle-orm';
import { hashPassword } from '~/auth/password.server';
import { DEMO_PASSWORD } from '~/domain/accounts';
import { Tier } from '~/domain/enums';
import { addMonths, seoulMonth } from '~/lib/dates';
import type { Tx } from '../client.server';
import { organisations, prices, users } from '../schema';
import { DEMO_PRICES } from './base.server';

/**
 * The demo's price table (in effect from two years ago, so every demo month is priced), the demo branch's settlement
 * rate, and a third academy, 새봄 독서학원 (head `head3`), that has never paid anything: a fresh academy's first bill
 * (NEW and BASIC) to pay. BASIC covers 30 active students, ADD1 30 more, ADD2 60 more.
 */
export async function seedPayments(tx: Tx, at: Date) {
  const from = `${addMonths(seoulMonth(at), -24)}-01`;
  await tx.insert(prices).values([
    { plan: 'academy', tier: Tier.BASIC, amount: DEMO_PRICES.BASIC, studentLimit: 30, effectiveFrom: from },
    { plan: 'academy', tier: Tier.ADD1, amount: DEMO_PRICES.ADD1, studentLimit: 30, effectiveFrom: from },
    { plan: 'academy', tier: Tier.ADD2, amount: DEMO_PRICES.ADD2, studentLimit: 60, effectiveFrom: from },
    { plan: 'academy', tier: Tier.NEW, amount: DEMO_PRICES.NEW, studentLimit: null, effectiveFrom: from },
    { plan: 'personal', tier: Tier.BASIC, amount: DEMO_PRICES.PERSONAL, studentLimit: null, effectiveFrom: from },
  ]);
  await tx.update(organisations).set({ settlementRate: 1500 }).where(eq(organisations.kind, 'branch'));

  const [sunshine] = await tx
    .select({ branchId: organisations.branchId, agencyId: organisations.agencyId })
    .from(organisations)
    .where(and(eq(organisations.code, 'HAEORUM'), isNotNull(organisations.branchId)));
  const [academy3] = await tx
    .insert(organisations)
    .values({
      kind: 'academy',
      name: '새봄 독서학원',
      code: 'SAEBOM',
      branchId: sunshine?.branchId ?? null,
      agencyId: sunshine?.agencyId ?? null,
      phone: '02-000-2003',
      address: '서울 마포구',
    })
    .returning();
  await tx.insert(users).values({
    loginId: 'head3',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    name: '한새봄',
    email: 'head3@readin.example',
    phone: '010-3000-0005',
    role: 'ADMIN',
    authorities: ['HEAD'],
    organisationId: academy3.id,
  });
}
