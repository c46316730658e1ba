import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { db, type Tx } from '~/db/client.server';
import { agencies, organisations, users } from '~/db/schema';
import { ORGANISATION_MESSAGES as M } from '~/domain/operators';
import { DomainError } from '~/lib/errors';
import { recordAudit } from './audit.server';
import { diff, fieldsOf, lockedOrganisation } from './organisations.server';
import type { Operator, Origin } from './users.server';

// Branches (지사: a region, its settlement rate) and their agencies (대리점, each with its own rate), as operators keep
// them (/super/organisations/branches). The rates are basis points on the rows; a payment's settlement line copies the
// rates in effect when it succeeds, so a changed rate applies to payments from then on. A branch's name is unique
// among branches and an agency's within its branch: a second post of the same form finds the row it made (a double
// submit makes one row), serialised by a transaction-scoped advisory lock on the name.

export type BranchInput = { name: string; region: string; contactName: string | null; phone: string | null; settlementRate: number };
export type AgencyInput = { name: string; contactName: string | null; phone: string | null; settlementRate: number };

/** Academies per branch and agency: all, and those still ACTIVE. */
const academyCounts = () =>
  db()
    .select({
      branchId: organisations.branchId,
      agencyId: organisations.agencyId,
      total: sql<number>`count(*)::int`.mapWith(Number),
      active: sql<number>`(count(*) filter (where ${organisations.status} = 'ACTIVE'))::int`.mapWith(Number),
    })
    .from(organisations)
    .where(eq(organisations.kind, 'academy'))
    .groupBy(organisations.branchId, organisations.agencyId);

/** Every branch with its region, rate, agencies and academy counts (three queries). */
export async function listBranches() {
  const [branches, agencyRows, counts] = await Promise.all([
    db().select().from(organisations).where(eq(organisations.kind, 'branch')).orderBy(asc(organisations.name), asc(organisations.id)),
    db().select().from(agencies).orderBy(asc(agencies.name), asc(agencies.id)),
    academyCounts(),
  ]);
  return branches.map((b) => {
    const mine = counts.filter((c) => c.branchId === b.id);
    return {
      id: b.id,
      name: b.name,
      region: b.region,
      contactName: b.contactName,
      phone: b.phone,
      settlementRate: b.settlementRate,
      agencies: agencyRows
        .filter((a) => a.branchId === b.id)
        .map((a) => ({ id: a.id, name: a.name, academies: mine.filter((c) => c.agencyId === a.id).reduce((n, c) => n + c.total, 0) })),
      academies: mine.reduce((n, c) => n + c.total, 0),
      activeAcademies: mine.reduce((n, c) => n + c.active, 0),
    };
  });
}

/** The branches and their agencies for the academy forms' selects. */
export async function placeChoices() {
  const [branches, agencyRows] = await Promise.all([
    db()
      .select({ id: organisations.id, name: organisations.name, region: organisations.region })
      .from(organisations)
      .where(eq(organisations.kind, 'branch'))
      .orderBy(asc(organisations.name), asc(organisations.id)),
    db()
      .select({ id: agencies.id, name: agencies.name, branchId: agencies.branchId })
      .from(agencies)
      .orderBy(asc(agencies.name), asc(agencies.id)),
  ]);
  return branches.map((b) => ({ ...b, agencies: agencyRows.filter((a) => a.branchId === b.id).map(({ id, name }) => ({ id, name })) }));
}

/**
 * The academy list's 지사 and 대리점 filters: every branch, and the agencies of the branch chosen (or of the chosen
 * agency's branch), not the country's hundred. The agency filter that applies is returned: none when the agency is of
 * another branch than the one chosen (the branch changed, the agency left as it was).
 */
export async function academyFilterPlaces(filters: { branchId?: number; agencyId?: number }) {
  const places = await placeChoices();
  const branchId = filters.branchId ?? places.find((b) => b.agencies.some((a) => a.id === filters.agencyId))?.id;
  const agencies = places.find((b) => b.id === branchId)?.agencies ?? [];
  return {
    branches: places.map(({ id, name }) => ({ id, name })),
    agencies,
    agencyId: agencies.some((a) => a.id === filters.agencyId) ? filters.agencyId : undefined,
  };
}

/** A branch with its agencies (and their academy counts) and its BRANCH accounts; null when there is none. */
export async function branchDetail(id: number) {
  const [branch] = await db()
    .select()
    .from(organisations)
    .where(and(eq(organisations.id, id), eq(organisations.kind, 'branch')));
  if (!branch) return null;
  const [agencyRows, counts, [staff]] = await Promise.all([
    db().select().from(agencies).where(eq(agencies.branchId, id)).orderBy(asc(agencies.name), asc(agencies.id)),
    academyCounts(),
    db()
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(users)
      .where(eq(users.organisationId, id)),
  ]);
  const mine = counts.filter((c) => c.branchId === id);
  return {
    branch,
    agencies: agencyRows.map((a) => ({ ...a, academies: mine.filter((c) => c.agencyId === a.id).reduce((n, c) => n + c.total, 0) })),
    academies: mine.reduce((n, c) => n + c.total, 0),
    staff: staff?.n ?? 0,
  };
}

/** An agency and its branch; null when there is none. */
export async function agencyDetail(id: number) {
  const [row] = await db()
    .select({ agency: agencies, branchName: organisations.name })
    .from(agencies)
    .innerJoin(organisations, eq(organisations.id, agencies.branchId))
    .where(eq(agencies.id, id));
  if (!row) return null;
  const [counts] = await db()
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(organisations)
    .where(and(eq(organisations.kind, 'academy'), eq(organisations.agencyId, id)));
  return { ...row, academies: counts?.n ?? 0 };
}

/** Serialises the posts that add or rename a row called `name` (released at the end of the transaction). */
async function lockName(tx: Tx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

const branchNotFound = () => new DomainError('BRANCH_NOT_FOUND', M.branchNotFound, 404);

const BRANCH_KEYS = ['name', 'region', 'contactName', 'phone', 'settlementRate'] as const;

/** Adds a branch; the same post again answers with the branch it made. */
export async function createBranch(actor: Operator, input: BranchInput, origin: Origin) {
  return db().transaction(async (tx) => {
    await lockName(tx, `branch:${input.name}`);
    const [existing] = await tx
      .select()
      .from(organisations)
      .where(and(eq(organisations.kind, 'branch'), eq(organisations.name, input.name)));
    if (existing) {
      if (!diff(fieldsOf(existing, [...BRANCH_KEYS]), fieldsOf(input, [...BRANCH_KEYS])).changed) {
        return { id: existing.id, name: existing.name, created: false };
      }
      throw new DomainError('BRANCH_NAME_TAKEN', M.branchNameTaken, 409);
    }
    const { name, region, contactName, phone, settlementRate } = input;
    const [row] = await tx
      .insert(organisations)
      .values({ kind: 'branch', name, region, contactName, phone, settlementRate })
      .returning({ id: organisations.id, name: organisations.name });
    await recordAudit(tx, actor, origin, {
      action: 'branch.create',
      targetType: 'organisation',
      targetId: row.id,
      after: fieldsOf(input, [...BRANCH_KEYS]),
    });
    return { ...row, created: true };
  });
}

/** Edits a branch's name, region, contact and rate; nothing else, whatever is posted. */
export async function updateBranch(actor: Operator, id: number, input: BranchInput, origin: Origin) {
  return db().transaction(async (tx) => {
    await lockName(tx, `branch:${input.name}`);
    const row = await lockedOrganisation(tx, id, 'branch', branchNotFound);
    const [clash] = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(eq(organisations.kind, 'branch'), eq(organisations.name, input.name), ne(organisations.id, id)));
    if (clash) throw new DomainError('BRANCH_NAME_TAKEN', M.branchNameTaken, 409);
    const change = diff(fieldsOf(row, [...BRANCH_KEYS]), fieldsOf(input, [...BRANCH_KEYS]));
    if (!change.changed) return { name: row.name, changed: false };
    const { name, region, contactName, phone, settlementRate } = input;
    await tx.update(organisations).set({ name, region, contactName, phone, settlementRate }).where(eq(organisations.id, id));
    await recordAudit(tx, actor, origin, {
      action: 'branch.update',
      targetType: 'organisation',
      targetId: id,
      before: change.before,
      after: change.after,
    });
    return { name, changed: true };
  });
}

const AGENCY_KEYS = ['name', 'contactName', 'phone', 'settlementRate'] as const;

/** Adds an agency under a branch; the same post again answers with the agency it made. */
export async function createAgency(actor: Operator, branchId: number, input: AgencyInput, origin: Origin) {
  return db().transaction(async (tx) => {
    const [branch] = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(eq(organisations.id, branchId), eq(organisations.kind, 'branch')));
    if (!branch) throw branchNotFound();
    await lockName(tx, `agency:${branchId}:${input.name}`);
    const [existing] = await tx
      .select()
      .from(agencies)
      .where(and(eq(agencies.branchId, branchId), eq(agencies.name, input.name)));
    if (existing) {
      if (!diff(fieldsOf(existing, [...AGENCY_KEYS]), fieldsOf(input, [...AGENCY_KEYS])).changed) {
        return { id: existing.id, name: existing.name, created: false };
      }
      throw new DomainError('AGENCY_NAME_TAKEN', M.agencyNameTaken, 409);
    }
    const { name, contactName, phone, settlementRate } = input;
    const [row] = await tx
      .insert(agencies)
      .values({ branchId, name, contactName, phone, settlementRate })
      .returning({ id: agencies.id, name: agencies.name });
    await recordAudit(tx, actor, origin, {
      action: 'agency.create',
      targetType: 'agency',
      targetId: row.id,
      after: { branchId, ...fieldsOf(input, [...AGENCY_KEYS]) },
    });
    return { ...row, created: true };
  });
}

/** Edits an agency's name, contact and rate; its branch stays (an agency does not move). */
export async function updateAgency(actor: Operator, id: number, input: AgencyInput, origin: Origin) {
  return db().transaction(async (tx) => {
    const [row] = await tx.select().from(agencies).where(eq(agencies.id, id)).for('update');
    if (!row) throw new DomainError('AGENCY_NOT_FOUND', M.agencyNotFound, 404);
    await lockName(tx, `agency:${row.branchId}:${input.name}`);
    const [clash] = await tx
      .select({ id: agencies.id })
      .from(agencies)
      .where(and(eq(agencies.branchId, row.branchId), eq(agencies.name, input.name), ne(agencies.id, id)));
    if (clash) throw new DomainError('AGENCY_NAME_TAKEN', M.agencyNameTaken, 409);
    const change = diff(fieldsOf(row, [...AGENCY_KEYS]), fieldsOf(input, [...AGENCY_KEYS]));
    if (!change.changed) return { name: row.name, branchId: row.branchId, changed: false };
    const { name, contactName, phone, settlementRate } = input;
    await tx.update(agencies).set({ name, contactName, phone, settlementRate }).where(eq(agencies.id, id));
    await recordAudit(tx, actor, origin, {
      action: 'agency.update',
      targetType: 'agency',
      targetId: id,
      before: change.before,
      after: change.after,
    });
    return { name, branchId: row.branchId, changed: true };
  });
}
