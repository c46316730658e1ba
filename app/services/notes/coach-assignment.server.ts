import { and, asc, eq, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { users } from '~/db/schema';
import { qualified } from '~/db/sql-helpers.server';
import { NoteState } from '~/domain/enums';

// Who corrects a note sent to the coaches: when a note enters WAITING_CORRECT it is assigned, in the same transaction,
// to the active coach with the fewest notes waiting for them (ties: the lowest id). With no active coach it stays
// unassigned (coach_id null) and any coach may take it. ADMIN1 and ADMIN2 move notes between coaches (/super/coaches).

/** A coach account: role SUPER with the COACH authority, whatever its status. */
export const isCoach = and(eq(users.role, 'SUPER'), sql`'COACH' = any(${users.authorities})`)!;

/** A coach who can take notes: a coach account whose status is ACTIVE (not locked, suspended or withdrawn). */
export const isActiveCoach = and(isCoach, eq(users.status, 'ACTIVE'))!;

/** How many notes wait for the correction of the coach in `users` (a correlated count). */
export const waitingLoad = sql<number>`(select count(*) from notes w where w.coach_id = ${qualified(users.id)} and w.state = ${NoteState.WAITING_CORRECT})::int`;

/**
 * The coach a note entering WAITING_CORRECT goes to, or null when there is no active coach. Called inside the
 * transaction of the change; the transaction-scoped lock makes two notes sent at the same moment count each other.
 */
export async function leastLoadedCoach(tx: Executor): Promise<number | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('readin.coach-assignment'))`);
  const [row] = await tx.select({ id: users.id }).from(users).where(isActiveCoach).orderBy(asc(waitingLoad), asc(users.id)).limit(1);
  return row?.id ?? null;
}

/** The active coaches, by name (the choices of a reassignment). */
export async function activeCoaches(executor: Executor = db()) {
  return executor
    .select({ id: users.id, name: users.name, loginId: users.loginId })
    .from(users)
    .where(isActiveCoach)
    .orderBy(asc(users.name), asc(users.id));
}
