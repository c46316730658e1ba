import { and, asc, count, eq, gt, isNull, lt, max, sql } from 'drizzle-orm';
import { db, type Tx } from '~/db/client.server';
import { qualified } from '~/db/sql-helpers.server';
import { problems, problemSets, problemSetVersions, type Problem } from '~/db/schema';
import { PROBLEM_BANK_MESSAGES as MSG, normaliseProblemInput, problemInputErrors, type ProblemInput } from '~/domain/problem-bank';
import { asShownProblem } from '~/domain/problems';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { recordAudit } from './audit.server';
import { setNotFound } from './problem-sets.server';
import type { Operator, Origin } from './users.server';

// Editing a set's problems: always on its one draft version (publishedAt null), never on a published one, so an
// attempt marked against a version keeps its problems, answers and explanations whatever happens next. "편집 시작"
// copies the current version into a new draft; publishing makes the draft the version new attempts take. Every change
// locks the set's row first (one change of a set at a time) and is in the audit trail.

export const DraftErrors = {
  NO_DRAFT: 'PROBLEM_DRAFT_MISSING',
  PROBLEM_NOT_FOUND: 'PROBLEM_NOT_IN_DRAFT',
  INVALID_PROBLEM: 'INVALID_PROBLEM',
  ORDER_TAKEN: 'PROBLEM_ORDER_TAKEN',
  EMPTY: 'PROBLEM_SET_EMPTY',
  VERSION_NOT_FOUND: 'PROBLEM_VERSION_NOT_FOUND',
} as const;

async function lockSet(tx: Tx, setId: number) {
  const [set] = await tx.select().from(problemSets).where(eq(problemSets.id, setId)).for('update');
  if (!set) throw setNotFound();
  return set;
}

async function draftOf(tx: Tx, setId: number) {
  const [draft] = await tx
    .select()
    .from(problemSetVersions)
    .where(and(eq(problemSetVersions.setId, setId), isNull(problemSetVersions.publishedAt)));
  return draft ?? null;
}

async function requireDraft(tx: Tx, setId: number) {
  const draft = await draftOf(tx, setId);
  if (!draft) throw new DomainError(DraftErrors.NO_DRAFT, MSG.noDraft, 409);
  return draft;
}

async function draftProblemIn(tx: Tx, versionId: number, problemId: number) {
  const [problem] = await tx
    .select()
    .from(problems)
    .where(and(eq(problems.id, problemId), eq(problems.versionId, versionId)));
  return problem ?? null;
}

/** A problem's fields as the audit trail keeps them. */
const auditable = (p: Pick<Problem, 'order' | keyof ProblemInput>) => ({
  order: p.order,
  examMethod: p.examMethod,
  question: p.question,
  options: p.options,
  correctAnswer: p.correctAnswer,
  acceptedAnswers: p.acceptedAnswers,
  explanation: p.explanation,
  category: p.category,
  points: p.points,
});

function validProblem(input: ProblemInput): ProblemInput {
  const errors = Object.values(problemInputErrors(input));
  if (errors.length) throw new DomainError(DraftErrors.INVALID_PROBLEM, errors[0], 400);
  return normaliseProblemInput(input);
}

type Audit = { action: string; before?: unknown; after?: unknown };
const audit = (tx: Tx, actor: Operator, setId: number, origin: Origin, entry: Audit) =>
  recordAudit(tx, actor, origin, { targetType: 'problem_set', targetId: setId, ...entry });

/**
 * "편집 시작": the set's draft, made now as a copy of the current version's problems when there is none (the first
 * draft of a set never published starts empty). A second post finds the draft the first made.
 */
export async function startDraft(actor: Operator, setId: number, origin: Origin) {
  return db().transaction(async (tx) => {
    const set = await lockSet(tx, setId);
    const existing = await draftOf(tx, setId);
    if (existing) return { version: existing.version, created: false };
    const [{ last }] = await tx
      .select({ last: max(problemSetVersions.version) })
      .from(problemSetVersions)
      .where(eq(problemSetVersions.setId, setId));
    const [draft] = await tx
      .insert(problemSetVersions)
      .values({ setId, version: (last ?? 0) + 1, createdBy: actor.id, createdAt: now() })
      .returning();
    const copied = set.currentVersionId
      ? await tx.select().from(problems).where(eq(problems.versionId, set.currentVersionId)).orderBy(asc(problems.order))
      : [];
    if (copied.length) {
      await tx.insert(problems).values(copied.map(({ id: _id, ...p }) => ({ ...p, versionId: draft.id })));
    }
    await audit(tx, actor, setId, origin, {
      action: 'problem_set.draft',
      after: { version: draft.version, copiedFrom: last ?? null, problems: copied.length },
    });
    return { version: draft.version, created: true };
  });
}

/** Throws the draft away (its problems with it); the published versions stay as they are. */
export async function discardDraft(actor: Operator, setId: number, version: number, origin: Origin) {
  return db().transaction(async (tx) => {
    await lockSet(tx, setId);
    const draft = await draftOf(tx, setId);
    if (!draft || draft.version !== version) return { changed: false };
    const [{ n }] = await tx.select({ n: count() }).from(problems).where(eq(problems.versionId, draft.id));
    await tx.delete(problemSetVersions).where(eq(problemSetVersions.id, draft.id));
    await audit(tx, actor, setId, origin, { action: 'problem_set.discard', before: { version: draft.version, problems: Number(n) } });
    return { changed: true };
  });
}

/**
 * Adds a problem at the end of the draft. The form posts the position it was shown for: a repeat of the same post
 * (double click, resubmission) finds its problem already there and adds nothing; a different problem at that position
 * means someone else added one meanwhile.
 */
export async function addProblem(actor: Operator, setId: number, position: number, input: ProblemInput, origin: Origin) {
  const value = validProblem(input);
  return db().transaction(async (tx) => {
    await lockSet(tx, setId);
    const draft = await requireDraft(tx, setId);
    const [{ last }] = await tx
      .select({ last: max(problems.order) })
      .from(problems)
      .where(eq(problems.versionId, draft.id));
    if (position !== (last ?? 0) + 1) {
      const [there] = await tx
        .select()
        .from(problems)
        .where(and(eq(problems.versionId, draft.id), eq(problems.order, position)));
      if (there && JSON.stringify(auditable(there)) === JSON.stringify(auditable({ ...value, order: position }))) {
        return { order: position, repeated: true };
      }
      throw new DomainError(DraftErrors.ORDER_TAKEN, MSG.orderTaken, 409);
    }
    await tx.insert(problems).values({ setId, versionId: draft.id, order: position, ...value });
    await audit(tx, actor, setId, origin, {
      action: 'problem_set.problem-add',
      after: { version: draft.version, ...auditable({ ...value, order: position }) },
    });
    return { order: position, repeated: false };
  });
}

/** Edits a problem of the draft (a published version's problems never change). */
export async function updateProblem(actor: Operator, setId: number, problemId: number, input: ProblemInput, origin: Origin) {
  const value = validProblem(input);
  return db().transaction(async (tx) => {
    await lockSet(tx, setId);
    const draft = await requireDraft(tx, setId);
    const before = await draftProblemIn(tx, draft.id, problemId);
    if (!before) throw new DomainError(DraftErrors.PROBLEM_NOT_FOUND, MSG.problemNotFound, 404);
    const after = { ...value, order: before.order };
    if (JSON.stringify(auditable(before)) === JSON.stringify(auditable(after))) return { order: before.order, changed: false };
    await tx.update(problems).set(value).where(eq(problems.id, problemId));
    await audit(tx, actor, setId, origin, {
      action: 'problem_set.problem-update',
      before: { version: draft.version, ...auditable(before) },
      after: { version: draft.version, ...auditable(after) },
    });
    return { order: before.order, changed: true };
  });
}

/**
 * Renumbers the problems after `from` one place up. The (version, order) index is checked row by row, so the rows
 * step aside to negative numbers first.
 */
async function closeGap(tx: Tx, versionId: number, from: number) {
  await tx
    .update(problems)
    .set({ order: sql`-${problems.order}` })
    .where(and(eq(problems.versionId, versionId), gt(problems.order, from)));
  await tx
    .update(problems)
    .set({ order: sql`-${problems.order} - 1` })
    .where(and(eq(problems.versionId, versionId), lt(problems.order, 0)));
}

/** Deletes a problem of the draft; those after it move up. A repeat finds nothing to delete. */
export async function deleteProblem(actor: Operator, setId: number, problemId: number, origin: Origin) {
  return db().transaction(async (tx) => {
    await lockSet(tx, setId);
    const draft = await requireDraft(tx, setId);
    const before = await draftProblemIn(tx, draft.id, problemId);
    if (!before) return { order: null, changed: false };
    await tx.delete(problems).where(eq(problems.id, problemId));
    await closeGap(tx, draft.id, before.order);
    await audit(tx, actor, setId, origin, {
      action: 'problem_set.problem-delete',
      before: { version: draft.version, ...auditable(before) },
    });
    return { order: before.order, changed: true };
  });
}

/**
 * Moves a problem of the draft one place up or down, swapping it with its neighbour. The form posts the place it
 * showed: a repeated post, which finds the problem elsewhere already, moves nothing.
 */
export async function moveProblem(
  actor: Operator,
  setId: number,
  problemId: number,
  from: number,
  direction: 'up' | 'down',
  origin: Origin,
) {
  return db().transaction(async (tx) => {
    await lockSet(tx, setId);
    const draft = await requireDraft(tx, setId);
    const problem = await draftProblemIn(tx, draft.id, problemId);
    if (!problem || problem.order !== from) return { changed: false };
    const to = direction === 'up' ? from - 1 : from + 1;
    const [neighbour] = await tx
      .select({ id: problems.id })
      .from(problems)
      .where(and(eq(problems.versionId, draft.id), eq(problems.order, to)));
    if (!neighbour) return { changed: false };
    await tx.update(problems).set({ order: -from }).where(eq(problems.id, problem.id));
    await tx.update(problems).set({ order: from }).where(eq(problems.id, neighbour.id));
    await tx.update(problems).set({ order: to }).where(eq(problems.id, problem.id));
    await audit(tx, actor, setId, origin, {
      action: 'problem_set.problem-move',
      before: { version: draft.version, problemId, order: from },
      after: { version: draft.version, problemId, order: to },
    });
    return { changed: true, to };
  });
}

/**
 * "게시": the draft becomes the set's current version (publishedAt, publishedBy) in one transaction; new attempts take
 * it, attempts already made keep theirs. The form posts the draft's version number, so a second post of the same form
 * finds it published and publishes nothing again. A draft without problems is not published.
 */
export async function publishDraft(actor: Operator, setId: number, version: number, origin: Origin) {
  return db().transaction(async (tx) => {
    const set = await lockSet(tx, setId);
    const [target] = await tx
      .select()
      .from(problemSetVersions)
      .where(and(eq(problemSetVersions.setId, setId), eq(problemSetVersions.version, version)));
    if (!target) throw new DomainError(DraftErrors.VERSION_NOT_FOUND, MSG.versionNotFound, 404);
    if (target.publishedAt) return { version, changed: false };
    const [{ n }] = await tx.select({ n: count() }).from(problems).where(eq(problems.versionId, target.id));
    if (Number(n) === 0) throw new DomainError(DraftErrors.EMPTY, MSG.emptyDraft, 409);
    const at = now();
    await tx
      .update(problemSetVersions)
      .set({ publishedAt: at, publishedBy: actor.id })
      .where(and(eq(problemSetVersions.id, target.id), isNull(problemSetVersions.publishedAt)));
    await tx.update(problemSets).set({ currentVersionId: target.id, updatedAt: at }).where(eq(problemSets.id, setId));
    const [previous] = set.currentVersionId
      ? await tx
          .select({ version: problemSetVersions.version })
          .from(problemSetVersions)
          .where(eq(problemSetVersions.id, set.currentVersionId))
      : [];
    await audit(tx, actor, setId, origin, {
      action: 'problem_set.publish',
      before: { currentVersion: previous?.version ?? null },
      after: { currentVersion: version, problems: Number(n) },
    });
    return { version, changed: true };
  });
}

/** A problem of the set's draft, for its edit form; null when it is not one (a published version's, or gone). */
export async function draftProblem(setId: number, problemId: number) {
  const [row] = await db()
    .select({ problem: problems })
    .from(problems)
    .innerJoin(problemSetVersions, eq(problemSetVersions.id, problems.versionId))
    .where(and(eq(problems.id, problemId), eq(problems.setId, setId), isNull(problemSetVersions.publishedAt)));
  return row?.problem ?? null;
}

/** The draft's version and next position (for the add form), or null without a draft. */
export async function draftSlot(setId: number) {
  const [row] = await db()
    .select({
      version: problemSetVersions.version,
      count: sql<number>`(select count(*)::int from ${problems} where ${problems.versionId} = ${qualified(problemSetVersions.id)})`,
    })
    .from(problemSetVersions)
    .where(and(eq(problemSetVersions.setId, setId), isNull(problemSetVersions.publishedAt)));
  return row ? { version: row.version, position: row.count + 1 } : null;
}

/**
 * A version of a set as its students see it (the draft, a given version number, or the current one), with each
 * problem's answer and explanation for the operator.
 */
export async function previewVersion(setId: number, versionNumber: number | null) {
  const [set] = await db().select().from(problemSets).where(eq(problemSets.id, setId));
  if (!set) throw setNotFound();
  const versions = await db()
    .select()
    .from(problemSetVersions)
    .where(eq(problemSetVersions.setId, setId))
    .orderBy(asc(problemSetVersions.version));
  const chosen =
    versionNumber !== null
      ? versions.find((v) => v.version === versionNumber)
      : (versions.find((v) => v.publishedAt === null) ?? versions.find((v) => v.id === set.currentVersionId));
  if (!chosen) throw new DomainError(DraftErrors.VERSION_NOT_FOUND, MSG.versionNotFound, 404);
  const list = await db().select().from(problems).where(eq(problems.versionId, chosen.id)).orderBy(asc(problems.order));
  return {
    set: { id: set.id, kind: set.kind, title: set.title, description: set.description, passage: set.passage, subject: set.subject },
    version: { version: chosen.version, isDraft: chosen.publishedAt === null, isCurrent: chosen.id === set.currentVersionId },
    versions: versions.map((v) => ({ version: v.version, isDraft: v.publishedAt === null, isCurrent: v.id === set.currentVersionId })),
    problems: list.map((p) => ({
      // As the student's solving page draws it (with nothing answered yet), and the answer key for the operator.
      ...asShownProblem(p),
      correctAnswer: p.correctAnswer,
      acceptedAnswers: p.acceptedAnswers,
      explanation: p.explanation,
    })),
  };
}
