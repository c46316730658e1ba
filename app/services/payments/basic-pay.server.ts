import { billingState } from './billing-state.server';

/**
 * basicPay (spec §3): the organisation has a SUCCESS payment of tier BASIC for the current month on the Asia/Seoul
 * calendar (a partial refund keeps it; a whole refund does not), as its billing state reads it. The academy's staff
 * pages are guarded by it; its students' reading is not (docs/decisions/031).
 */
export async function hasBasicPay(organisationId: number | null): Promise<boolean> {
  return (await billingState(organisationId))?.basicPaid ?? false;
}
