import { and, eq, isNull, sql } from 'drizzle-orm';
import { agencies, organisations } from '~/db/schema';
import type { Tx } from '~/db/client.server';

/**
 * A second branch (지사) with an agency, 리드인 경기남부지사 and its 수원 대리점, so that an operator can move an academy to
 * another branch (/super/organisations). It has no academy and no account of its own: the BRANCH demo account, the
 * settlement figures and the academies' pages stay as the other steps made them. The demo academies get their head as
 * their contact person, as an operator would have written it down.
 */
export async function seedSecondBranch(tx: Tx) {
  const [branch] = await tx
    .insert(organisations)
    .values({
      kind: 'branch',
      name: '리드인 경기남부지사',
      region: '경기 남부',
      contactName: '한경기',
      phone: '031-000-3000',
      settlementRate: 1500,
    })
    .returning({ id: organisations.id });
  await tx
    .insert(agencies)
    .values({ branchId: branch.id, name: '수원 대리점', contactName: '오수원', phone: '031-000-3100', settlementRate: 1000 });
  await tx
    .update(organisations)
    .set({
      contactName: sql`(select u.name from users u where u.organisation_id = ${organisations.id} and 'HEAD' = any(u.authorities) order by u.id limit 1)`,
    })
    .where(and(eq(organisations.kind, 'academy'), isNull(organisations.contactName)));
}
