import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db, type Tx } from '~/db/client.server';
import { agencies, auditEvents, organisations, users, type OrganisationStatus } from '~/db/schema';
import { ORGANISATION_MESSAGES as M } from '~/domain/operators';
import { now } from '~/lib/clock.server';
import { seoulMonth } from '~/lib/dates';
import { DomainError, isUniqueViolation } from '~/lib/errors';
import { indexedSearch, onePage } from '../paged-list.server';
import { billingState } from '../payments/billing-state.server';
import { recordAudit, statusChange } from './audit.server';
import { payerMonths } from './organisation-bills.server';
import type { Operator, Origin } from './users.server';

// The academies as operators keep them (/super/organisations, ADMIN1 and ADMIN2): search and filters, an academy's
// page, adding one with its code, editing its name and contacts, moving it to another branch and agency, closing (해지)
// and reopening it. A closed academy's code takes no new registrations and it is not billed automatically; its
// members keep signing in and their histories stay. Each change reads only the fields its form shows and is written to
// the audit trail (target 'organisation') in its own transaction.

export const ACADEMIES_PAGE_SIZE = 20;

export type AcademyFilters = { q?: string; branchId?: number; agencyId?: number; status?: OrganisationStatus };

const branch = alias(organisations, 'branch');

/** Active students of an academy (those its bill counts). */
const activeStudents = sql<number>`(select count(*) from ${users} u
  where u.organisation_id = ${organisations.id} and u.role = 'USER' and u.status = 'ACTIVE')::int`.mapWith(Number);

/** A page of academies by name, with branch, agency, contact, active students and this Seoul month's bill. */
export async function listAcademies(filters: AcademyFilters, page: number, at: Date = now()) {
  const where: SQL[] = [eq(organisations.kind, 'academy')];
  // One or two letters ('한빛'): the grams index (drizzle/0024) finds the academies holding them.
  if (filters.q) where.push(indexedSearch(filters.q, organisations.name, organisations.code)!);
  if (filters.branchId) where.push(eq(organisations.branchId, filters.branchId));
  if (filters.agencyId) where.push(eq(organisations.agencyId, filters.agencyId));
  if (filters.status) where.push(eq(organisations.status, filters.status));
  const condition = and(...where);
  const listed = (where: SQL | undefined) =>
    db()
      .select({
        id: organisations.id,
        name: organisations.name,
        code: organisations.code,
        status: organisations.status,
        contactName: organisations.contactName,
        phone: organisations.phone,
        branchName: branch.name,
        agencyName: agencies.name,
        activeStudents,
      })
      .from(organisations)
      .leftJoin(branch, eq(branch.id, organisations.branchId))
      .leftJoin(agencies, eq(agencies.id, organisations.agencyId))
      .where(where)
      .orderBy(asc(organisations.name), asc(organisations.id));
  const { rows, ...paging } = await onePage(
    page,
    ACADEMIES_PAGE_SIZE,
    listed(condition),
    db().select({ total: count() }).from(organisations).where(condition),
    {
      // The page's ids first (organisations_kind_name_idx), then their branch, agency and active students: the
      // students are counted for the page's academies, not for every academy a later page skips.
      pageRows: (limit, offset) =>
        listed(
          inArray(
            organisations.id,
            db()
              .select({ id: organisations.id })
              .from(organisations)
              .where(condition)
              .orderBy(asc(organisations.name), asc(organisations.id))
              .limit(limit)
              .offset(offset),
          ),
        ),
    },
  );
  const months = await payerMonths('academy', rows, seoulMonth(at));
  return {
    rows: rows.map((r) => ({ ...r, month: months.get(r.id)! })),
    ...paging,
  };
}

/** One academy: its record, branch and agency, members, this month's bill, and who closed it when. */
export async function academyDetail(id: number, at: Date = now()) {
  const [row] = await db()
    .select({
      academy: organisations,
      branchName: branch.name,
      branchRegion: branch.region,
      agencyName: agencies.name,
    })
    .from(organisations)
    .leftJoin(branch, eq(branch.id, organisations.branchId))
    .leftJoin(agencies, eq(agencies.id, organisations.agencyId))
    .where(and(eq(organisations.id, id), eq(organisations.kind, 'academy')));
  if (!row) return null;
  const month = seoulMonth(at);
  const [[members], bill, [closing]] = await Promise.all([
    db()
      .select({
        staff: sql<number>`count(*) filter (where ${users.role} = 'ADMIN')`.mapWith(Number),
        students: sql<number>`count(*) filter (where ${users.role} = 'USER')`.mapWith(Number),
      })
      .from(users)
      .where(eq(users.organisationId, id)),
    billingState(id, month),
    row.academy.status === 'CLOSED'
      ? db()
          .select({ at: auditEvents.createdAt, by: users.name })
          .from(auditEvents)
          .innerJoin(users, eq(users.id, auditEvents.actorId))
          .where(and(eq(auditEvents.targetType, 'organisation'), eq(auditEvents.targetId, id), eq(auditEvents.action, 'academy.close')))
          .orderBy(desc(auditEvents.id))
          .limit(1)
      : Promise.resolve([]),
  ]);
  return {
    ...row,
    staff: members?.staff ?? 0,
    students: members?.students ?? 0,
    bill: bill!,
    state: bill!.state,
    closedAt: closing?.at ?? null,
    closedBy: closing?.by ?? null,
  };
}

export type AcademyInfo = { name: string; contactName: string | null; phone: string | null; address: string | null };
export type AcademyPlace = { branchId: number; agencyId: number };
export type NewAcademy = AcademyInfo & AcademyPlace & { code: string };

/** The branch (kind branch) and the agency, which must be that branch's; field errors otherwise. */
async function checkPlace(tx: Tx, place: AcademyPlace) {
  const [found] = await tx
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(and(eq(organisations.id, place.branchId), eq(organisations.kind, 'branch')));
  if (!found) throw new DomainError('BRANCH_INVALID', M.branchRequired);
  const [agency] = await tx
    .select({ id: agencies.id, name: agencies.name, branchId: agencies.branchId })
    .from(agencies)
    .where(eq(agencies.id, place.agencyId));
  if (!agency) throw new DomainError('AGENCY_INVALID', M.agencyRequired);
  if (agency.branchId !== found.id) throw new DomainError('AGENCY_NOT_IN_BRANCH', M.agencyNotInBranch);
  return { branchName: found.name, agencyName: agency.name };
}

/** How long a second post of the same new academy (a double click without JavaScript) answers with the first. */
const REPLAY_MS = 10 * 60_000;

/**
 * Adds an ACTIVE academy. The code is unique (a partial unique index decides a race); posting the same academy again
 * within ten minutes answers with the one already made instead of a second row or a refusal.
 */
export async function createAcademy(actor: Operator, input: NewAcademy, origin: Origin) {
  const replayOf = async () => {
    const [existing] = await db()
      .select()
      .from(organisations)
      .where(and(eq(organisations.code, input.code), eq(organisations.kind, 'academy')));
    if (!existing) return null;
    const same =
      existing.name === input.name &&
      existing.branchId === input.branchId &&
      existing.agencyId === input.agencyId &&
      now().getTime() - existing.createdAt.getTime() < REPLAY_MS;
    if (!same) throw new DomainError('CODE_TAKEN', M.codeTaken, 409);
    return { id: existing.id, name: existing.name, created: false };
  };
  const before = await replayOf();
  if (before) return before;
  try {
    return await db().transaction(async (tx) => {
      const place = await checkPlace(tx, input);
      const [row] = await tx
        .insert(organisations)
        .values({
          kind: 'academy',
          name: input.name,
          code: input.code,
          branchId: input.branchId,
          agencyId: input.agencyId,
          contactName: input.contactName,
          phone: input.phone,
          address: input.address,
          status: 'ACTIVE',
        })
        .returning({ id: organisations.id, name: organisations.name });
      await recordAudit(tx, actor, origin, {
        action: 'academy.create',
        targetType: 'organisation',
        targetId: row.id,
        after: { ...input, branchName: place.branchName, agencyName: place.agencyName, status: 'ACTIVE' },
      });
      return { ...row, created: true };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await replayOf();
    if (raced) return raced;
    throw error;
  }
}

/** The organisation `id` if it is of `kind`, locked for the rest of the transaction; else the `missing` error. */
export async function lockedOrganisation(tx: Tx, id: number, kind: 'academy' | 'branch', missing: () => DomainError) {
  const [row] = await tx
    .select()
    .from(organisations)
    .where(and(eq(organisations.id, id), eq(organisations.kind, kind)))
    .for('update');
  if (!row) throw missing();
  return row;
}

const academyRow = (tx: Tx, id: number) =>
  lockedOrganisation(tx, id, 'academy', () => new DomainError('ACADEMY_NOT_FOUND', M.academyNotFound, 404));

/** The named fields of a row (for the audit trail). */
export const fieldsOf = <T extends Record<string, unknown>>(row: T, keys: readonly (keyof T)[]) =>
  Object.fromEntries(keys.map((k) => [k, row[k]])) as Partial<T>;

/** The fields of `after` that differ from `before`, each side (the audit trail's before → after). */
export function diff<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = (Object.keys(after) as (keyof T)[]).filter((k) => before[k] !== after[k]);
  return { before: fieldsOf(before, keys), after: fieldsOf(after, keys), changed: keys.length > 0 };
}

/** Edits the name, contact name, phone and address; nothing else, whatever is posted. */
export async function updateAcademyInfo(actor: Operator, id: number, input: AcademyInfo, origin: Origin) {
  return db().transaction(async (tx) => {
    const row = await academyRow(tx, id);
    const next: AcademyInfo = { name: input.name, contactName: input.contactName, phone: input.phone, address: input.address };
    const change = diff<AcademyInfo>({ name: row.name, contactName: row.contactName, phone: row.phone, address: row.address }, next);
    if (!change.changed) return { name: row.name, changed: false };
    await tx.update(organisations).set(next).where(eq(organisations.id, id));
    await recordAudit(tx, actor, origin, {
      action: 'academy.update',
      targetType: 'organisation',
      targetId: id,
      before: change.before,
      after: change.after,
    });
    return { name: next.name, changed: true };
  });
}

/**
 * Moves the academy to another branch and one of its agencies (or to another agency of its branch). Payments from now
 * on are settled to the new branch and agency; lines already written keep theirs.
 */
export async function moveAcademy(actor: Operator, id: number, place: AcademyPlace, origin: Origin) {
  return db().transaction(async (tx) => {
    const row = await academyRow(tx, id);
    const next = await checkPlace(tx, place);
    if (row.branchId === place.branchId && row.agencyId === place.agencyId)
      return { name: row.name, branchName: next.branchName, changed: false };
    const [was] = await tx
      .select({ branchName: branch.name, agencyName: agencies.name })
      .from(organisations)
      .leftJoin(branch, eq(branch.id, organisations.branchId))
      .leftJoin(agencies, eq(agencies.id, organisations.agencyId))
      .where(eq(organisations.id, id));
    await tx.update(organisations).set({ branchId: place.branchId, agencyId: place.agencyId }).where(eq(organisations.id, id));
    await recordAudit(tx, actor, origin, {
      action: 'academy.move',
      targetType: 'organisation',
      targetId: id,
      before: { branchId: row.branchId, branchName: was?.branchName ?? null, agencyId: row.agencyId, agencyName: was?.agencyName ?? null },
      after: { branchId: place.branchId, branchName: next.branchName, agencyId: place.agencyId, agencyName: next.agencyName },
    });
    return { name: row.name, branchName: next.branchName, changed: true };
  });
}

/**
 * Closes (해지) or reopens an academy. Doing it twice (a double submit) changes nothing the second time and writes no
 * second audit row.
 */
export async function setAcademyStatus(actor: Operator, id: number, status: OrganisationStatus, origin: Origin) {
  return db().transaction(async (tx) => {
    const row = await academyRow(tx, id);
    if (row.status === status) return { name: row.name, changed: false };
    await tx.update(organisations).set({ status }).where(eq(organisations.id, id));
    await recordAudit(tx, actor, origin, {
      action: status === 'CLOSED' ? 'academy.close' : 'academy.reopen',
      targetType: 'organisation',
      targetId: id,
      ...statusChange(row.status, status),
    });
    return { name: row.name, changed: true };
  });
}
