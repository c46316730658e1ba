import { and, asc, count, desc, eq, gt, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db, type Tx } from '~/db/client.server';
import { books, problemAttempts, problems, problemSets, problemSetVersions, users } from '~/db/schema';
import { qualified } from '~/db/sql-helpers.server';
import { ItemStatus } from '~/domain/enums';
import { PROBLEM_BANK_MESSAGES as MSG } from '~/domain/problem-bank';
import type { ProblemSetKind } from '~/domain/problems';
import { now, nowMs } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { onePage, searchIn } from '../paged-list.server';
import { recordAudit, statusChange } from './audit.server';
import type { Operator, Origin } from './users.server';

// The problem bank's sets as operators keep them (super area: ADMIN1, ADMIN2 and PRODUCT): the list, a new set, a
// set's page with its versions, its details and its status. The problems themselves are edited on a draft version
// and published (problem-drafts.server.ts). Every change is in the audit trail, in the transaction of the change.

export const PROBLEM_SETS_PAGE_SIZE = 20;

export const ProblemBankErrors = {
  SET_NOT_FOUND: 'PROBLEM_SET_NOT_FOUND',
  BOOK_NOT_FOUND: 'BOOK_NOT_FOUND',
  BOOK_HAS_SET: 'PROBLEM_SET_BOOK_TAKEN',
  SUBJECT_REQUIRED: 'PROBLEM_SET_SUBJECT_REQUIRED',
} as const;

export const setNotFound = () => new DomainError(ProblemBankErrors.SET_NOT_FOUND, MSG.setNotFound, 404);

export type ProblemSetFilters = { kind?: ProblemSetKind; q?: string; status?: ItemStatus };

const versionNumber = (versionId: SQL) =>
  sql<number | null>`(select ${problemSetVersions.version} from ${problemSetVersions} where ${problemSetVersions.id} = ${versionId})`;
const draftNumber = () =>
  sql<number | null>`(select ${problemSetVersions.version} from ${problemSetVersions}
    where ${problemSetVersions.setId} = ${qualified(problemSets.id)} and ${problemSetVersions.publishedAt} is null)`;

/** The sets, newest first, filtered by kind, status and a search in the set's or its book's title. Three queries. */
export async function listProblemSets(filters: ProblemSetFilters, page: number) {
  const where: SQL[] = [];
  if (filters.kind) where.push(eq(problemSets.kind, filters.kind));
  if (filters.status) where.push(eq(problemSets.status, filters.status));
  if (filters.q) where.push(searchIn(filters.q, books.title, problemSets.title)!);
  const condition = where.length ? and(...where) : undefined;
  const { rows, ...paging } = await onePage(
    page,
    PROBLEM_SETS_PAGE_SIZE,
    db()
      .select({
        id: problemSets.id,
        kind: problemSets.kind,
        title: problemSets.title,
        status: problemSets.status,
        bookId: problemSets.bookId,
        bookTitle: books.title,
        currentVersion: versionNumber(qualified(problemSets.currentVersionId)),
        draftVersion: draftNumber(),
        problemCount: sql<number>`(select count(*)::int from ${problems}
          where ${problems.versionId} = ${qualified(problemSets.currentVersionId)})`,
      })
      .from(problemSets)
      .leftJoin(books, eq(books.id, problemSets.bookId))
      .where(condition)
      .orderBy(desc(problemSets.id)),
    db().select({ total: count() }).from(problemSets).leftJoin(books, eq(books.id, problemSets.bookId)).where(condition),
  );
  const attempts = await attemptCounts(rows.map((r) => r.id));
  return {
    rows: rows.map((r) => ({ ...r, attempts: attempts.get(r.id) ?? 0 })),
    ...paging,
  };
}

async function attemptCounts(setIds: number[]) {
  if (setIds.length === 0) return new Map<number, number>();
  const rows = await db()
    .select({ setId: problemAttempts.setId, n: count() })
    .from(problemAttempts)
    .where(inArray(problemAttempts.setId, setIds))
    .groupBy(problemAttempts.setId);
  return new Map(rows.map((r) => [r.setId, Number(r.n)]));
}

/** A book's sets, for its catalogue page. */
export async function setsOfBook(bookId: number) {
  return db()
    .select({
      id: problemSets.id,
      title: problemSets.title,
      status: problemSets.status,
      currentVersion: versionNumber(qualified(problemSets.currentVersionId)),
      draftVersion: draftNumber(),
    })
    .from(problemSets)
    .where(and(eq(problemSets.bookId, bookId), eq(problemSets.kind, 'BOOK_ANALYSIS')))
    .orderBy(asc(problemSets.id));
}

/** Books a new book analysis can be made for: not withdrawn, and without a set of their own yet. */
export async function booksWithoutSet() {
  return db()
    .select({ id: books.id, title: books.title, author: books.author })
    .from(books)
    .where(
      and(
        ne(books.status, ItemStatus.INACTIVE),
        sql`not exists (select 1 from ${problemSets} where ${problemSets.bookId} = ${qualified(books.id)}
          and ${problemSets.kind} = 'BOOK_ANALYSIS')`,
      ),
    )
    .orderBy(asc(books.title));
}

export type SetDetails = { title: string; description: string; subject: string | null; passage: string | null; level: number | null };
export type NewSetInput = SetDetails & { kind: ProblemSetKind; bookId: number | null };

/** Only the details that belong to the kind: a subject and a passage for subject tests, a level for course tests. */
function detailsFor(kind: ProblemSetKind, input: SetDetails): SetDetails {
  return {
    title: input.title,
    description: input.description,
    subject: kind === 'SUBJECT_TEST' ? input.subject : null,
    passage: kind === 'SUBJECT_TEST' ? input.passage : null,
    level: kind === 'COURSE_TEST' ? input.level : null,
  };
}

/** How long a second post of the same new set (a double click, a resubmitted form) finds the first instead. */
const REPEAT_WINDOW_MS = 10 * 60 * 1000;

async function sameRecentSet(tx: Tx, actor: Operator, input: NewSetInput) {
  const first = alias(problemSetVersions, 'first_version');
  const [row] = await tx
    .select({ id: problemSets.id, title: problemSets.title })
    .from(problemSets)
    .innerJoin(first, and(eq(first.setId, problemSets.id), eq(first.version, 1)))
    .where(
      and(
        eq(problemSets.kind, input.kind),
        input.bookId === null ? isNull(problemSets.bookId) : eq(problemSets.bookId, input.bookId),
        eq(problemSets.title, input.title),
        eq(first.createdBy, actor.id),
        gt(problemSets.createdAt, new Date(nowMs() - REPEAT_WINDOW_MS)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * A new set, ACTIVE, with an empty draft as its version 1: students see it once a version is published. A book has
 * one analysis set (its changes are versions of it). A repeat of the same post returns the set it made.
 */
export async function createProblemSet(actor: Operator, input: NewSetInput, origin: Origin) {
  return db().transaction(async (tx) => {
    // One operator's posts one after the other: a double submit finds the set the first one made.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    if (input.kind === 'BOOK_ANALYSIS') {
      const [book] = input.bookId ? await tx.select({ id: books.id }).from(books).where(eq(books.id, input.bookId)).for('update') : [];
      if (!book) throw new DomainError(ProblemBankErrors.BOOK_NOT_FOUND, MSG.bookNotFound, 400);
    }
    const repeat = await sameRecentSet(tx, actor, input);
    if (repeat) return { ...repeat, repeated: true };
    if (input.kind === 'BOOK_ANALYSIS') {
      const [taken] = await tx
        .select({ id: problemSets.id })
        .from(problemSets)
        .where(and(eq(problemSets.bookId, input.bookId!), eq(problemSets.kind, 'BOOK_ANALYSIS')))
        .limit(1);
      if (taken) throw new DomainError(ProblemBankErrors.BOOK_HAS_SET, MSG.bookHasSet, 409);
    }
    const details = detailsFor(input.kind, input);
    const at = now();
    const [set] = await tx
      .insert(problemSets)
      .values({
        kind: input.kind,
        bookId: input.kind === 'BOOK_ANALYSIS' ? input.bookId : null,
        ...details,
        status: ItemStatus.ACTIVE,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: problemSets.id, title: problemSets.title });
    await tx.insert(problemSetVersions).values({ setId: set.id, version: 1, createdBy: actor.id, createdAt: at });
    await recordAudit(tx, actor, origin, {
      action: 'problem_set.create',
      targetType: 'problem_set',
      targetId: set.id,
      after: { kind: input.kind, bookId: input.kind === 'BOOK_ANALYSIS' ? input.bookId : null, ...details, status: ItemStatus.ACTIVE },
    });
    return { ...set, repeated: false };
  });
}

/** A set with its book's title, or null. */
export async function problemSetOf(setId: number) {
  const [row] = await db()
    .select({ set: problemSets, bookTitle: books.title })
    .from(problemSets)
    .leftJoin(books, eq(books.id, problemSets.bookId))
    .where(eq(problemSets.id, setId));
  return row ? { ...row.set, bookTitle: row.bookTitle } : null;
}

/**
 * A set's page: its details, its versions (published when and by whom, problems and attempts on each, newest first)
 * and the problems of the draft, or of the current version when nobody is editing.
 */
export async function problemSetPage(setId: number) {
  const set = await problemSetOf(setId);
  if (!set) throw setNotFound();
  const publisher = alias(users, 'publisher');
  const author = alias(users, 'author');
  const versions = await db()
    .select({
      id: problemSetVersions.id,
      version: problemSetVersions.version,
      publishedAt: problemSetVersions.publishedAt,
      createdAt: problemSetVersions.createdAt,
      publishedBy: publisher.name,
      createdBy: author.name,
      problems: sql<number>`(select count(*)::int from ${problems} where ${problems.versionId} = ${qualified(problemSetVersions.id)})`,
      attempts: sql<number>`(select count(*)::int from ${problemAttempts}
        where ${problemAttempts.versionId} = ${qualified(problemSetVersions.id)})`,
    })
    .from(problemSetVersions)
    .leftJoin(publisher, eq(publisher.id, problemSetVersions.publishedBy))
    .leftJoin(author, eq(author.id, problemSetVersions.createdBy))
    .where(eq(problemSetVersions.setId, setId))
    .orderBy(desc(problemSetVersions.version));
  const draft = versions.find((v) => v.publishedAt === null) ?? null;
  const current = versions.find((v) => v.id === set.currentVersionId) ?? null;
  const shown = draft ?? current;
  const list = shown ? await db().select().from(problems).where(eq(problems.versionId, shown.id)).orderBy(asc(problems.order)) : [];
  return { set, versions, draft, current, problems: list };
}

/** Edits a set's title, description and the details of its kind; the kind and the book stay. */
export async function updateProblemSet(actor: Operator, setId: number, input: SetDetails, origin: Origin) {
  return db().transaction(async (tx) => {
    const [before] = await tx.select().from(problemSets).where(eq(problemSets.id, setId)).for('update');
    if (!before) throw setNotFound();
    // A subject test needs its subject (the new-set form checks it with the kind it posts; here the kind is stored).
    if (before.kind === 'SUBJECT_TEST' && !input.subject?.trim())
      throw new DomainError(ProblemBankErrors.SUBJECT_REQUIRED, MSG.subject, 400);
    const after = detailsFor(before.kind, input);
    const old = detailsFor(before.kind, before);
    if (JSON.stringify(after) === JSON.stringify(old)) return { title: before.title, changed: false };
    await tx
      .update(problemSets)
      .set({ ...after, updatedAt: now() })
      .where(eq(problemSets.id, setId));
    await recordAudit(tx, actor, origin, { action: 'problem_set.update', targetType: 'problem_set', targetId: setId, before: old, after });
    return { title: after.title, changed: true };
  });
}

/** ACTIVE or INACTIVE: an inactive set is offered to no student (their attempts stay readable). */
export async function setProblemSetStatus(actor: Operator, setId: number, status: ItemStatus, origin: Origin) {
  return db().transaction(async (tx) => {
    const [before] = await tx.select().from(problemSets).where(eq(problemSets.id, setId)).for('update');
    if (!before) throw setNotFound();
    if (before.status === status) return { title: before.title, changed: false };
    await tx.update(problemSets).set({ status, updatedAt: now() }).where(eq(problemSets.id, setId));
    await recordAudit(tx, actor, origin, {
      action: 'problem_set.status',
      targetType: 'problem_set',
      targetId: setId,
      ...statusChange(before.status, status),
    });
    return { title: before.title, changed: true };
  });
}
