import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { db, type Tx } from '~/db/client.server';
import { contentVersions, users, type ContentVersion } from '~/db/schema';
import {
  CONTENT_DOCUMENTS,
  CONTENT_MESSAGES as M,
  validateContent,
  type ContentDocument,
  type ContentDraft,
  type ContentErrors,
  type ContentValue,
  type FaqEntry,
  type VersionState,
} from '~/domain/content';
import type { PolicyCode } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { DomainError, isUniqueViolation } from '~/lib/errors';
import { renderMarkdown } from '~/lib/markdown.server';
import { shippedPolicy, storeShippedPolicy } from '~/services/policies.server';
import { recordAudit } from './audit.server';
import type { Operator, Origin } from './users.server';

// The FAQ sections and policies as operators keep them (/super/content, ADMIN1 and ADMIN2). A document is a list of
// numbered versions; the one in effect is the newest whose effective time has passed. A version in effect is never
// changed or deleted (a registration's consent points at the version in effect at its time); at most one version waits
// for its time (the newest), and it may be edited or deleted until then. Every change is audited.

/** A version as the console lists it. `shipped`: a policy's file (app/content/policy), not yet stored as version 1. */
export type VersionRow = {
  id: number | null;
  version: number;
  title: string;
  effectiveFrom: Date;
  createdAt: Date | null;
  author: string | null;
  state: VersionState;
  shipped: boolean;
};

type Listed = Pick<ContentVersion, 'id' | 'kind' | 'code' | 'version' | 'title' | 'effectiveFrom'>;

/** Marks versions (oldest first) at `at`: the newest whose time has passed is current, later ones scheduled. */
function withStates<T extends Listed>(rows: T[], at: Date): (T & { state: VersionState })[] {
  const current = rows.filter((r) => r.effectiveFrom <= at).at(-1);
  return rows.map((r) => ({ ...r, state: r.effectiveFrom > at ? 'scheduled' : r === current ? 'current' : 'past' }));
}

async function shippedRow(code: string): Promise<VersionRow> {
  const file = await shippedPolicy(code as PolicyCode);
  return {
    id: null,
    version: 1,
    title: file.title,
    effectiveFrom: file.effectiveFrom,
    createdAt: null,
    author: null,
    state: 'current',
    shipped: true,
  };
}

/** Versions without their text, oldest first, with their authors: of one document, or of every document. */
function listVersions(doc?: ContentDocument) {
  return db()
    .select({
      id: contentVersions.id,
      kind: contentVersions.kind,
      code: contentVersions.code,
      version: contentVersions.version,
      title: contentVersions.title,
      effectiveFrom: contentVersions.effectiveFrom,
      createdAt: contentVersions.createdAt,
      author: users.name,
    })
    .from(contentVersions)
    .leftJoin(users, eq(users.id, contentVersions.createdBy))
    .where(doc ? and(eq(contentVersions.kind, doc.kind), eq(contentVersions.code, doc.code)) : undefined)
    .orderBy(asc(contentVersions.version));
}

/** A document's versions (oldest first) marked at `at`; a policy with none stored has its shipped file as version 1. */
async function versionsOf(doc: ContentDocument, rows: Awaited<ReturnType<typeof listVersions>>, at: Date): Promise<VersionRow[]> {
  const listed = withStates(
    rows.filter((r) => r.kind === doc.kind && r.code === doc.code),
    at,
  ).map((r) => ({ ...r, shipped: false }));
  return listed.length === 0 && doc.kind === 'POLICY' ? [await shippedRow(doc.code)] : listed;
}

/** Every document with its version in effect and its scheduled version, if any (one query). */
export async function contentOverview(at: Date = now()) {
  const rows = await listVersions();
  return Promise.all(
    CONTENT_DOCUMENTS.map(async (doc) => {
      const versions = await versionsOf(doc, rows, at);
      return {
        ...doc,
        current: versions.find((r) => r.state === 'current') ?? null,
        scheduled: versions.find((r) => r.state === 'scheduled') ?? null,
        versions: versions.length,
      };
    }),
  );
}

const contentOf = (row: Pick<ContentVersion, 'title' | 'body' | 'entries'>) => ({ title: row.title, body: row.body, entries: row.entries });

/**
 * One document for its console page: its versions newest first (with their authors), the content of the version in
 * effect and of the scheduled one, and the newest version's number (the base a new version is written on).
 */
export async function contentDocumentPage(doc: ContentDocument, at: Date = now()) {
  const versions = await versionsOf(doc, await listVersions(doc), at);
  const current = versions.find((v) => v.state === 'current') ?? null;
  const scheduled = versions.find((v) => v.state === 'scheduled') ?? null;
  const ids = [current?.id, scheduled?.id].filter((id): id is number => typeof id === 'number');
  const bodies = ids.length ? await db().select().from(contentVersions).where(inArray(contentVersions.id, ids)) : [];
  const contentById = (id: number | null | undefined) => {
    const row = bodies.find((b) => b.id === id);
    return row ? contentOf(row) : null;
  };
  const currentContent = current?.shipped
    ? { title: current.title, body: (await shippedPolicy(doc.code as PolicyCode)).body, entries: [] as FaqEntry[] }
    : contentById(current?.id);
  return {
    versions: [...versions].reverse(),
    current: current ? { ...current, content: currentContent } : null,
    scheduled: scheduled ? { ...scheduled, content: contentById(scheduled.id)! } : null,
    latest: versions.at(-1)?.version ?? 0,
  };
}

/** The text of one version of a document (the console's view of an older or a scheduled version), or null. */
export async function contentVersionText(doc: ContentDocument, version: number) {
  const [row] = await db()
    .select()
    .from(contentVersions)
    .where(and(eq(contentVersions.kind, doc.kind), eq(contentVersions.code, doc.code), eq(contentVersions.version, version)));
  if (row) return { version: row.version, title: row.title, effectiveFrom: row.effectiveFrom, ...renderDraft(doc, contentOf(row)) };
  if (version !== 1 || doc.kind !== 'POLICY') return null;
  const file = await shippedPolicy(doc.code as PolicyCode);
  return { version: 1, title: file.title, effectiveFrom: file.effectiveFrom, ...renderDraft(doc, { body: file.body, entries: [] }) };
}

/** A draft rendered as the public page will show it, sanitised: the policy's body, or the FAQ's written pairs. */
export function renderDraft(doc: ContentDocument, draft: { body: string; entries: FaqEntry[] }) {
  if (doc.kind === 'POLICY') return { html: renderMarkdown(draft.body), items: [] };
  const items = draft.entries
    .filter((e) => e.question.trim() || e.answer.trim())
    .map((e, i) => ({ id: i + 1, question: e.question.trim(), answerHtml: renderMarkdown(e.answer) }));
  return { html: '', items };
}

/** A refusal of the form: `errors` beside their fields (or `form` above it when none names a field). */
export class ContentFormError extends DomainError {
  constructor(
    readonly errors: ContentErrors,
    message: string = M.fixBelow,
    status = 400,
  ) {
    super('CONTENT_INVALID', message, status);
  }
}

function checked(doc: ContentDocument, draft: ContentDraft): ContentValue {
  const result = validateContent(doc.kind, draft, now());
  if ('errors' in result) throw new ContentFormError(result.errors);
  return result.value;
}

// jsonb keeps an object's keys in its own order: compare and digest the pairs field by field.
const pairsOf = (entries: FaqEntry[]) => JSON.stringify(entries.map((e) => [e.question, e.answer]));

/** What the audit trail keeps of a version: where it is and when, and the size and a digest of its text. */
function snapshot(row: Pick<ContentVersion, 'kind' | 'code' | 'version' | 'title' | 'body' | 'entries' | 'effectiveFrom'>) {
  const text = row.kind === 'POLICY' ? row.body : pairsOf(row.entries);
  return {
    kind: row.kind,
    code: row.code,
    version: row.version,
    title: row.title,
    effectiveFrom: row.effectiveFrom.toISOString(),
    ...(row.kind === 'POLICY' ? { chars: row.body.length } : { entries: row.entries.length }),
    sha256: createHash('sha256').update(text).digest('hex').slice(0, 16),
  };
}

const sameText = (row: Pick<ContentVersion, 'title' | 'body' | 'entries'>, value: ContentValue) =>
  row.title === value.title && row.body === value.body && pairsOf(row.entries) === pairsOf(value.entries);

async function newest(tx: Tx, doc: ContentDocument) {
  const [row] = await tx
    .select()
    .from(contentVersions)
    .where(and(eq(contentVersions.kind, doc.kind), eq(contentVersions.code, doc.code)))
    .orderBy(desc(contentVersions.version))
    .limit(1)
    .for('update');
  return row;
}

/**
 * Writes a new version of a document on top of version `base` (the newest when the form was opened), in effect now or
 * from a later Seoul time. A policy still shown from its shipped file gets that file stored as version 1 first. The
 * same post again (a double submit) answers with the version it wrote; a newer version written meanwhile, or one
 * waiting for its time, refuses it.
 */
export async function createContentVersion(operator: Operator, doc: ContentDocument, base: number, draft: ContentDraft, origin: Origin) {
  const value = checked(doc, draft);
  const write = () =>
    db().transaction(async (tx) => {
      let latest = await newest(tx, doc);
      if (!latest && doc.kind === 'POLICY') {
        await storeShippedPolicy(tx, doc.code as PolicyCode);
        latest = await newest(tx, doc);
      }
      const at = now();
      const number = latest?.version ?? 0;
      if (latest && number === base + 1 && latest.createdBy === operator.id && sameText(latest, value))
        return { row: latest, repeated: true };
      if (latest && latest.effectiveFrom > at) throw new ContentFormError({}, M.scheduledExists, 409);
      if (number !== base) throw new ContentFormError({}, M.staleBase, 409);
      const [row] = await tx
        .insert(contentVersions)
        .values({
          kind: doc.kind,
          code: doc.code,
          version: number + 1,
          title: value.title,
          body: value.body,
          entries: value.entries,
          effectiveFrom: value.effectiveFrom === 'now' ? at : value.effectiveFrom,
          createdBy: operator.id,
        })
        .returning();
      await recordAudit(tx, operator, origin, { action: 'content.create', targetType: 'content', targetId: row.id, after: snapshot(row) });
      return { row, repeated: false };
    });
  try {
    return await write();
  } catch (error) {
    // Two posts at once: the second meets the unique version number; read again to tell a double submit from a race.
    if (isUniqueViolation(error)) return write();
    throw error;
  }
}

async function scheduledVersion(tx: Tx, doc: ContentDocument, version: number) {
  const [row] = await tx
    .select()
    .from(contentVersions)
    .where(and(eq(contentVersions.kind, doc.kind), eq(contentVersions.code, doc.code), eq(contentVersions.version, version)))
    .for('update');
  return row;
}

/**
 * Edits a version that has not taken effect yet: its text and its time ('now' puts it in effect at once). A version in
 * effect is refused, unless the post changes nothing (the same edit posted twice).
 */
export async function updateScheduledVersion(
  operator: Operator,
  doc: ContentDocument,
  version: number,
  draft: ContentDraft,
  origin: Origin,
) {
  const value = checked(doc, draft);
  return db().transaction(async (tx) => {
    const row = await scheduledVersion(tx, doc, version);
    if (!row) throw new ContentFormError({}, M.versionNotFound, 404);
    const at = now();
    if (row.effectiveFrom <= at) {
      if (sameText(row, value)) return { row, changed: false };
      throw new ContentFormError({}, M.inEffectNoEdit, 409);
    }
    const effectiveFrom = value.effectiveFrom === 'now' ? at : value.effectiveFrom;
    if (sameText(row, value) && effectiveFrom.getTime() === row.effectiveFrom.getTime()) return { row, changed: false };
    const [updated] = await tx
      .update(contentVersions)
      .set({ title: value.title, body: value.body, entries: value.entries, effectiveFrom })
      .where(eq(contentVersions.id, row.id))
      .returning();
    await recordAudit(tx, operator, origin, {
      action: 'content.update',
      targetType: 'content',
      targetId: row.id,
      before: snapshot(row),
      after: snapshot(updated),
    });
    return { row: updated, changed: true };
  });
}

/** Deletes a version that has not taken effect yet. Deleting one already gone changes nothing (a double submit). */
export async function deleteScheduledVersion(operator: Operator, doc: ContentDocument, version: number, origin: Origin) {
  return db().transaction(async (tx) => {
    const row = await scheduledVersion(tx, doc, version);
    if (!row) return { deleted: false };
    if (row.effectiveFrom <= now()) throw new ContentFormError({}, M.inEffectNoDelete, 409);
    await tx.delete(contentVersions).where(eq(contentVersions.id, row.id));
    await recordAudit(tx, operator, origin, { action: 'content.delete', targetType: 'content', targetId: row.id, before: snapshot(row) });
    return { deleted: true };
  });
}
