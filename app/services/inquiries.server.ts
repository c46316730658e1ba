import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '~/db/client.server';
import { inquiries } from '~/db/schema';
import { InquiryStatus, type Authority, type UserRole } from '~/domain/enums';
import {
  INQUIRIES_PAGE_SIZE,
  INQUIRY_CATEGORY_CODES,
  INQUIRY_LIMITS,
  INQUIRY_MESSAGES,
  INQUIRY_REPEAT_WINDOW_MS,
  type InquiryCategory,
} from '~/domain/inquiries';
import { now } from '~/lib/clock.server';
import { DomainError, isDomainError } from '~/lib/errors';
import { processNoteImage } from './images.server';
import { discardStored, storage } from './storage.server';
import { pageCount } from './paged-list.server';

// 1:1 inquiries, the asker's side (any signed-in student, adult member or academy staff member): ask with a category
// and one optional attachment, read the list and the answer, delete (status DELETE: hidden from the asker, kept for
// operators). Another user's inquiry answers 404 exactly like a missing one. The operators' side is
// operators/inquiries.server.ts.

/** The inquiry form's contract (the page and any other door parse with it). */
export const inquiryInput = z.object({
  category: z.enum(INQUIRY_CATEGORY_CODES as [InquiryCategory, ...InquiryCategory[]], {
    errorMap: () => ({ message: INQUIRY_MESSAGES.categoryRequired }),
  }),
  title: z
    .string({ required_error: INQUIRY_MESSAGES.titleRequired })
    .trim()
    .min(1, INQUIRY_MESSAGES.titleRequired)
    .max(INQUIRY_LIMITS.titleMax, INQUIRY_MESSAGES.titleTooLong),
  body: z
    .string({ required_error: INQUIRY_MESSAGES.bodyRequired })
    .trim()
    .min(1, INQUIRY_MESSAGES.bodyRequired)
    .min(INQUIRY_LIMITS.bodyMin, INQUIRY_MESSAGES.bodyTooShort)
    .max(INQUIRY_LIMITS.bodyMax, INQUIRY_MESSAGES.bodyTooLong),
});
export type InquiryInput = z.infer<typeof inquiryInput>;

/** An attachment ready to store: a re-encoded image, or a PDF as uploaded. */
export type InquiryFile = { bytes: Uint8Array; contentType: string; extension: string; fileName: string };

export const fileTypeError = () => new DomainError('INQUIRY_FILE_TYPE', INQUIRY_MESSAGES.fileType, 415);
export const fileSizeError = () => new DomainError('INQUIRY_FILE_TOO_LARGE', INQUIRY_MESSAGES.fileTooLarge, 413);
const notFound = () => new DomainError('INQUIRY_NOT_FOUND', INQUIRY_MESSAGES.notFound, 404);

/** The name shown for a download: the uploaded name without folders or control characters, its extension set to what is stored. */
export function attachmentName(uploaded: string, extension: string): string {
  const base = [...(uploaded.split(/[\\/]/).pop() ?? '')]
    .filter((c) => c.charCodeAt(0) > 0x1f && c !== '\x7f' && c !== '"')
    .join('')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim()
    .slice(0, INQUIRY_LIMITS.fileNameMax - extension.length - 1);
  return `${base || '첨부파일'}.${extension}`;
}

const isPdf = (bytes: Uint8Array) => bytes.byteLength >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

/**
 * Checks an uploaded attachment by its content (never its name or the browser's type): a PDF is kept as uploaded
 * (it is only ever served as a download, never shown inline); an image (JPEG, PNG, WebP, GIF) is re-encoded like a
 * note image, without its metadata (a phone photo's GPS position stays behind). Anything else is refused.
 */
export async function prepareInquiryFile(bytes: Uint8Array, uploadedName: string): Promise<InquiryFile> {
  if (bytes.byteLength > INQUIRY_LIMITS.fileMaxBytes) throw fileSizeError();
  if (isPdf(bytes)) return { bytes, contentType: 'application/pdf', extension: 'pdf', fileName: attachmentName(uploadedName, 'pdf') };
  try {
    const image = await processNoteImage(bytes);
    return {
      bytes: image.bytes,
      contentType: image.contentType,
      extension: image.extension,
      fileName: attachmentName(uploadedName, image.extension),
    };
  } catch (error) {
    if (isDomainError(error) && error.status === 413) throw new DomainError(fileSizeError().code, error.message, 413);
    throw fileTypeError();
  }
}

/** A fresh storage key for an asker's attachment. */
const fileKey = (userId: number, extension: string) => `inquiries/u${userId}/${randomBytes(12).toString('hex')}.${extension}`;

/** Namespace of the per-asker advisory lock that keeps a double submit from asking twice. */
const ASK_LOCK = 0x1a9;

/**
 * Asks an inquiry (WAIT). The same inquiry posted again by the same user within 10 minutes (a double submit, a
 * resubmitted form) is the first one: `repeated` is true and nothing new is stored.
 */
export async function createInquiry(userId: number, input: InquiryInput, file: InquiryFile | null) {
  const key = file ? fileKey(userId, file.extension) : null;
  if (key && file) await storage().put(key, file.bytes, file.contentType);
  try {
    const result = await db().transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ASK_LOCK}, ${userId})`);
      const [same] = await tx
        .select({ id: inquiries.id })
        .from(inquiries)
        .where(
          and(
            eq(inquiries.userId, userId),
            ne(inquiries.status, InquiryStatus.DELETE),
            eq(inquiries.category, input.category),
            eq(inquiries.title, input.title),
            eq(inquiries.body, input.body),
            gt(inquiries.createdAt, new Date(now().getTime() - INQUIRY_REPEAT_WINDOW_MS)),
          ),
        )
        .limit(1);
      if (same) return { id: same.id, repeated: true };
      const at = now();
      const [row] = await tx
        .insert(inquiries)
        .values({
          userId,
          category: input.category,
          title: input.title,
          body: input.body,
          filePath: key,
          fileName: file?.fileName ?? null,
          fileType: file?.contentType ?? null,
          status: InquiryStatus.WAIT,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: inquiries.id });
      return { id: row.id, repeated: false };
    });
    if (result.repeated && key) await storage().delete(key);
    return result;
  } catch (error) {
    if (key) await discardStored(key);
    throw error;
  }
}

/** The columns of an inquiry in a list (the asker's and the operators' queue). */
export const inquiryListColumns = {
  id: inquiries.id,
  category: inquiries.category,
  title: inquiries.title,
  status: inquiries.status,
  hasFile: sql<boolean>`${inquiries.filePath} is not null`,
  createdAt: inquiries.createdAt,
  answeredAt: inquiries.answeredAt,
};

const visibleTo = (userId: number, id: number) =>
  and(eq(inquiries.id, id), eq(inquiries.userId, userId), ne(inquiries.status, InquiryStatus.DELETE));

/** The asker's inquiries (deleted ones hidden), newest first. Two queries whatever the page. */
export async function listMyInquiries(userId: number, page = 1) {
  const p = Math.max(1, page);
  const mine = and(eq(inquiries.userId, userId), ne(inquiries.status, InquiryStatus.DELETE));
  const [[{ total }], rows] = await Promise.all([
    db().select({ total: count() }).from(inquiries).where(mine),
    db()
      .select(inquiryListColumns)
      .from(inquiries)
      .where(mine)
      .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
      .limit(INQUIRIES_PAGE_SIZE)
      .offset((p - 1) * INQUIRIES_PAGE_SIZE),
  ]);
  const n = Number(total);
  return { rows, total: n, page: p, pages: pageCount(n, INQUIRIES_PAGE_SIZE) };
}

/** One of the asker's own inquiries with its answer (the answering operator is shown as the operations team). */
export async function getMyInquiry(userId: number, id: number) {
  const [row] = await db()
    .select({
      id: inquiries.id,
      category: inquiries.category,
      title: inquiries.title,
      body: inquiries.body,
      fileName: inquiries.fileName,
      fileType: inquiries.fileType,
      status: inquiries.status,
      answer: inquiries.answer,
      createdAt: inquiries.createdAt,
      checkedAt: inquiries.checkedAt,
      answeredAt: inquiries.answeredAt,
    })
    .from(inquiries)
    .where(visibleTo(userId, id));
  if (!row) throw notFound();
  return row;
}

/** The asker deletes their inquiry (any status): DELETE with the time, kept for operators. A repeat changes nothing. */
export async function deleteMyInquiry(userId: number, id: number) {
  const at = now();
  const [row] = await db()
    .update(inquiries)
    .set({ status: InquiryStatus.DELETE, deletedAt: at, updatedAt: at })
    .where(visibleTo(userId, id))
    .returning({ id: inquiries.id, title: inquiries.title });
  if (row) return { ...row, repeated: false };
  const [gone] = await db()
    .select({ id: inquiries.id, title: inquiries.title })
    .from(inquiries)
    .where(and(eq(inquiries.id, id), eq(inquiries.userId, userId), eq(inquiries.status, InquiryStatus.DELETE)));
  if (!gone) throw notFound();
  return { ...gone, repeated: true };
}

export type FileViewer = { id: number; role: UserRole; authorities: readonly Authority[] };

/** Operators who handle inquiries (ADMIN1, ADMIN2) see every inquiry, deleted ones too. */
export const handlesInquiries = (viewer: Pick<FileViewer, 'role' | 'authorities'>) =>
  viewer.role === 'SUPER' && viewer.authorities.some((a) => a === 'ADMIN1' || a === 'ADMIN2');

/** An inquiry's attachment for its asker (while not deleted) and the operators; anyone else: 404. */
export async function getInquiryFile(viewer: FileViewer, id: number) {
  const [row] = await db()
    .select({
      userId: inquiries.userId,
      status: inquiries.status,
      filePath: inquiries.filePath,
      fileName: inquiries.fileName,
      fileType: inquiries.fileType,
    })
    .from(inquiries)
    .where(eq(inquiries.id, id));
  const allowed = row && (handlesInquiries(viewer) || (row.userId === viewer.id && row.status !== InquiryStatus.DELETE));
  if (!allowed || !row.filePath) throw notFound();
  const stored = await storage().get(row.filePath);
  if (!stored) throw notFound();
  return { bytes: stored.bytes, contentType: row.fileType ?? stored.contentType, fileName: row.fileName ?? attachmentName('', 'bin') };
}
