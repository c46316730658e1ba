import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { noticeFiles, notices } from '~/db/schema';
import { MAX_NOTICE_FILES, MAX_NOTICE_UPLOAD_BYTES, NOTICE_MESSAGES, cleanFileName, noticeFileType } from '~/domain/notices';
import { DomainError } from '~/lib/errors';
import { log } from '~/lib/log.server';
import { storage } from '../storage.server';
import { noticeVisible, reader, readerOrg } from './audience.server';

// A notice's attachments (spec §3: files with filePath and fileName). Stored under `notices/<uuid>` whatever their
// name (the name is only a row's column), served by /resources/notices/{id}/files/{fileId} to whoever may see the
// notice, as a download.

/** A file of a posted form: its name as sent and its bytes. Entries without a name are dropped before this. */
export type NoticeUpload = { fileName: string; bytes: Uint8Array };

/**
 * The files of a multipart post that count (spec §3: an entry with an empty file name is dropped; so is an empty
 * file input, which browsers send as a nameless, empty part).
 */
export async function uploadsOf(entries: FormDataEntryValue[]): Promise<NoticeUpload[]> {
  const out: NoticeUpload[] = [];
  for (const entry of entries) {
    if (typeof entry === 'string') continue;
    const fileName = cleanFileName(entry.name ?? '');
    if (!fileName) continue;
    out.push({ fileName, bytes: new Uint8Array(await entry.arrayBuffer()) });
  }
  return out;
}

/** Refuses what may not be attached: too many files for the notice, an empty file, an unknown kind, too many bytes. */
export function checkUploads(uploads: NoticeUpload[], existing: number) {
  if (existing + uploads.length > MAX_NOTICE_FILES) throw new DomainError('NOTICE_FILES', NOTICE_MESSAGES.tooManyFiles);
  for (const u of uploads) {
    if (u.bytes.byteLength === 0) throw new DomainError('NOTICE_FILES', NOTICE_MESSAGES.fileEmpty);
    if (!noticeFileType(u.fileName)) throw new DomainError('NOTICE_FILES', NOTICE_MESSAGES.fileType);
  }
  const total = uploads.reduce((sum, u) => sum + u.bytes.byteLength, 0);
  if (total > MAX_NOTICE_UPLOAD_BYTES) throw new DomainError('NOTICE_FILES', NOTICE_MESSAGES.fileTooLarge, 413);
}

export type StoredFile = { filePath: string; fileName: string; contentType: string; size: number };

/** Puts the files in storage, each under a fresh key; the rows are written by the caller's transaction. */
export async function storeUploads(uploads: NoticeUpload[]): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  try {
    for (const u of uploads) {
      const contentType = noticeFileType(u.fileName)!;
      const filePath = `notices/${randomUUID()}`;
      await storage().put(filePath, u.bytes, contentType);
      stored.push({ filePath, fileName: u.fileName, contentType, size: u.bytes.byteLength });
    }
  } catch (error) {
    await discardStored(stored);
    throw error;
  }
  return stored;
}

/** Removes stored objects no row points to (a failed or duplicate write, removed attachments); never throws. */
export async function discardStored(files: { filePath: string }[]) {
  for (const f of files) {
    await storage()
      .delete(f.filePath)
      .catch((error: unknown) => log.warn({ err: error, key: f.filePath }, 'notice file not removed'));
  }
}

/**
 * An attachment for download, when the user may see its notice; NOTICE_NOT_FOUND (404) otherwise, for a notice of
 * another audience and a guessed id alike.
 */
export async function readNoticeFile(userId: number, noticeId: number, fileId: number) {
  const [row] = await db()
    .select({ filePath: noticeFiles.filePath, fileName: noticeFiles.fileName, contentType: noticeFiles.contentType })
    .from(noticeFiles)
    .innerJoin(notices, eq(notices.id, noticeFiles.noticeId))
    .innerJoin(reader, eq(reader.id, userId))
    .leftJoin(readerOrg, eq(readerOrg.id, reader.organisationId))
    .where(and(eq(noticeFiles.id, fileId), eq(noticeFiles.noticeId, noticeId), noticeVisible()));
  const object = row ? await storage().get(row.filePath) : null;
  if (!row || !object) throw new DomainError('NOTICE_NOT_FOUND', NOTICE_MESSAGES.notFound, 404);
  // The type is the one decided from the name when stored (an allowlist), never what the uploader's browser claimed.
  return { bytes: object.bytes, fileName: row.fileName, contentType: noticeFileType(row.fileName) ?? 'application/octet-stream' };
}
