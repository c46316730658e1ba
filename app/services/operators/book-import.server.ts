import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db, type Executor } from '~/db/client.server';
import { bookImports, books, users } from '~/db/schema';
import { bookSchema } from '~/domain/book-input';
import { CAREER_FIELDS, GENRES } from '~/domain/catalogue';
import { ItemStatus } from '~/domain/enums';
import { BOOK_IMPORT_MESSAGES as M } from '~/domain/operators';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { findColumns, type ImportColumn, type Table } from '~/lib/spreadsheets.server';
import { readUploadedTable } from '../table-upload.server';
import { recordAudit } from './audit.server';
import type { BookInput } from './catalogue.server';
import type { Operator, Origin } from './users.server';

// Books added in bulk from a spreadsheet (.xlsx, or CSV in UTF-8 or CP949), with the academy roster's
// preview-then-confirm flow: every row is checked with the book form's own rules (app/domain/book-input.ts) and ISBNs
// already in the catalogue or twice in the file are flagged; the rows and their errors are kept in `book_imports`
// until an operator confirms. The confirm adds every valid row in one transaction, once: it claims the import
// (PREVIEW → CONFIRMED) first, so a double submit or a second confirm adds nothing. Covers are not imported; the books
// use their generated cover until one is uploaded on the book's page.

export const BOOK_IMPORT_COLUMNS = [
  { key: 'title', header: '제목', aliases: ['title', '도서명', '책 제목'], width: 30 },
  { key: 'author', header: '지은이', aliases: ['author', '저자', '작가'], width: 16 },
  { key: 'publisher', header: '출판사', aliases: ['publisher'], width: 16 },
  { key: 'isbn', header: 'ISBN', aliases: ['isbn13', 'isbn10'], width: 18 },
  { key: 'totalPages', header: '쪽수', aliases: ['pages', 'totalPages', '페이지', '페이지 수'], width: 8 },
  { key: 'level', header: '읽기 수준', aliases: ['level', '수준', '레벨'], width: 10 },
  { key: 'genre', header: '장르', aliases: ['genre'], width: 12 },
  { key: 'careerFields', header: '진로 분야', aliases: ['careerFields', 'career fields', 'career', '진로'], width: 26 },
  { key: 'summary', header: '소개', aliases: ['summary', '책 소개', '줄거리'], width: 40 },
] as const satisfies readonly (ImportColumn & { width: number })[];

export type BookImportKey = (typeof BOOK_IMPORT_COLUMNS)[number]['key'];

const REQUIRED: BookImportKey[] = ['title', 'author', 'publisher', 'totalPages', 'level', 'genre'];

export const MAX_BOOK_IMPORT_BYTES = 2 * 1024 * 1024;
export const MAX_BOOK_IMPORT_ROWS = 500;

/** The upload page's body: one spreadsheet of at most MAX_BOOK_IMPORT_BYTES. */
export const BOOK_IMPORT_UPLOAD = {
  maxBytes: MAX_BOOK_IMPORT_BYTES,
  tooLarge: () => new DomainError('IMPORT_TOO_LARGE', M.tooLarge, 413),
} as const;

/** The upload form: its chosen file (an empty file input is none). */
export const bookImportFileSchema = z.object({
  file: z.custom<File>((v) => v instanceof File && v.size > 0, { message: M.noFile }),
});

/** A row of the preview as stored: the cells as written, the book when the row is valid, and its errors. */
export type BookImportRow = {
  line: number;
  cells: Record<BookImportKey, string>;
  book: BookInput | null;
  errors: string[];
  /** After the confirm: CREATED (with the new book) or SKIPPED (with the reason). */
  outcome?: 'CREATED' | 'SKIPPED';
  bookId?: number;
  skipReason?: string;
};

/** The template: the header row only (one book per line below it). */
export function bookTemplateTable(): Table<BookImportKey> {
  return { columns: BOOK_IMPORT_COLUMNS.map(({ key, header, width }) => ({ key, header, width })), rows: [] };
}

/** A genre or career field as a file writes it: its code, its label, or one part of a label ('판타지' for 모험·판타지). */
const byLabel = <T extends { code: string; label: string }>(list: readonly T[], value: string) => {
  const v = value.replace(/\s+/g, '').toLowerCase();
  const exact = list.find((x) => x.code.toLowerCase() === v || x.label.replace(/\s+/g, '') === v);
  if (exact) return exact.code;
  const partly = list.filter((x) => x.label.split('·').includes(v));
  return partly.length === 1 ? partly[0].code : undefined;
};

/** The ISBN-13 of an ISBN (an ISBN-10 gets the 978 prefix and a new check digit), to compare books across both forms. */
function isbn13(isbn: string): string {
  if (isbn.length === 13) return isbn;
  const body = `978${isbn.slice(0, 9)}`;
  const sum = [...body].reduce((t, d, i) => t + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** The forms an ISBN may be stored in: itself, its ISBN-13, and the ISBN-10 of a 978 ISBN-13. */
function storedForms(isbn: string): string[] {
  const thirteen = isbn13(isbn);
  const forms = new Set([isbn, thirteen]);
  if (thirteen.startsWith('978')) {
    const body = thirteen.slice(3, 12);
    const sum = [...body].reduce((t, d, i) => t + Number(d) * (10 - i), 0);
    const check = (11 - (sum % 11)) % 11;
    forms.add(`${body}${check === 10 ? 'X' : check}`);
  }
  return [...forms];
}

/** Books of the catalogue holding any of these ISBNs, by ISBN-13. */
async function catalogueIsbns(isbns: string[], executor: Executor = db()) {
  const forms = [...new Set(isbns.flatMap(storedForms))];
  if (!forms.length) return new Map<string, string>();
  const rows = await executor
    .select({ isbn: books.isbn, title: books.title })
    .from(books)
    .where(and(isNotNull(books.isbn), inArray(books.isbn, forms)));
  return new Map(rows.map((r) => [isbn13(r.isbn!), r.title]));
}

/** One row of the file checked with the book form's rules; the file's own words for level, genre and career fields. */
function checkRow(cells: Record<BookImportKey, string>): { book: BookInput | null; errors: string[] } {
  const genre = cells.genre ? (byLabel(GENRES, cells.genre) ?? cells.genre) : undefined;
  const careers = cells.careerFields
    .split(/[,;/、\n]/)
    .map((c) => c.trim())
    .filter(Boolean);
  const careerCodes = careers.map((c) => byLabel(CAREER_FIELDS, c));
  const careerErrors = careers.filter((_, i) => !careerCodes[i]).map((c) => M.careerUnknown(c));
  const parsed = bookSchema.safeParse({
    title: cells.title || undefined,
    author: cells.author || undefined,
    publisher: cells.publisher || undefined,
    isbn: cells.isbn || undefined,
    totalPages: cells.totalPages ? cells.totalPages.replace(/[,\s]|쪽$/g, '') : undefined,
    level: cells.level ? cells.level.replace(/^L/i, '') : undefined,
    genre,
    careerFields: careerCodes.filter(Boolean),
    summary: cells.summary,
  });
  // The form picks level and genre from a list; a file writes them, so it is told what to write.
  const fieldErrors = parsed.success
    ? []
    : parsed.error.issues.map((issue) =>
        issue.path[0] === 'level' ? M.levelRule : issue.path[0] === 'genre' ? M.genreRule : issue.message,
      );
  const errors = [...new Set([...fieldErrors, ...careerErrors])];
  return { book: parsed.success && errors.length === 0 ? parsed.data : null, errors };
}

/** Reads the file, checks every row and keeps the preview. Returns the import's id. */
export async function previewBookImport(actor: Operator, fileName: string, bytes: Uint8Array): Promise<number> {
  const { index, body } = await readUploadedTable(bytes, {
    code: 'IMPORT',
    maxBytes: MAX_BOOK_IMPORT_BYTES,
    maxRows: MAX_BOOK_IMPORT_ROWS,
    messages: M,
    columns: (header) => {
      const { index, missing } = findColumns(header, BOOK_IMPORT_COLUMNS);
      const absent = missing.filter((c) => REQUIRED.includes(c.key)).map((c) => c.header);
      if (absent.length) throw new DomainError('IMPORT_COLUMNS', M.missingColumns(absent), 400);
      return index;
    },
  });

  const rows: BookImportRow[] = body.map((r, i) => {
    const cells = Object.fromEntries(
      BOOK_IMPORT_COLUMNS.map((c) => [c.key, index[c.key] >= 0 ? (r[index[c.key]] ?? '').trim() : '']),
    ) as Record<BookImportKey, string>;
    return { line: i + 2, cells, ...checkRow(cells) };
  });

  // ISBNs already in the catalogue, or on more than one line of the file.
  const isbnOf = (row: BookImportRow) => (row.book?.isbn ? isbn13(row.book.isbn) : null);
  const taken = await catalogueIsbns(rows.map((r) => r.book?.isbn).filter((v): v is string => Boolean(v)));
  const lines = new Map<string, number[]>();
  for (const row of rows) {
    const isbn = isbnOf(row);
    if (isbn) lines.set(isbn, [...(lines.get(isbn) ?? []), row.line]);
  }
  for (const row of rows) {
    const isbn = isbnOf(row);
    if (!isbn) continue;
    const others = lines.get(isbn)!.filter((l) => l !== row.line);
    if (taken.has(isbn)) row.errors.push(M.isbnTaken(taken.get(isbn)!));
    else if (others.length) row.errors.push(M.isbnInFile(others));
    if (row.errors.length) row.book = null;
  }

  const [saved] = await db()
    .insert(bookImports)
    .values({ createdBy: actor.id, fileName: fileName.slice(0, 200) || '도서 목록', rows })
    .returning({ id: bookImports.id });
  return saved.id;
}

const notFound = () => new DomainError('IMPORT_NOT_FOUND', M.notFound, 404);

/** An import with its rows and counts (any catalogue operator may open it: the catalogue is shared). */
export async function getBookImport(importId: number) {
  const [row] =
    Number.isInteger(importId) && importId > 0
      ? await db()
          .select({
            id: bookImports.id,
            fileName: bookImports.fileName,
            status: bookImports.status,
            rows: bookImports.rows,
            createdCount: bookImports.createdCount,
            createdAt: bookImports.createdAt,
            confirmedAt: bookImports.confirmedAt,
            createdByName: users.name,
          })
          .from(bookImports)
          .innerJoin(users, eq(users.id, bookImports.createdBy))
          .where(eq(bookImports.id, importId))
      : [];
  if (!row) throw notFound();
  const rows = row.rows as BookImportRow[];
  const valid = rows.filter((r) => r.errors.length === 0).length;
  return { ...row, rows, counts: { total: rows.length, valid, invalid: rows.length - valid } };
}

/** The latest imports, for the upload page. */
export async function recentBookImports(limit = 10) {
  return db()
    .select({
      id: bookImports.id,
      fileName: bookImports.fileName,
      status: bookImports.status,
      createdCount: bookImports.createdCount,
      createdAt: bookImports.createdAt,
      createdByName: users.name,
      rows: sql<number>`jsonb_array_length(${bookImports.rows})::int`,
    })
    .from(bookImports)
    .innerJoin(users, eq(users.id, bookImports.createdBy))
    .orderBy(desc(bookImports.id))
    .limit(limit);
}

export type BookImportResult = { alreadyConfirmed: boolean; created: number; skipped: number };

/**
 * Adds the valid rows of a preview in one transaction (ACTIVE, generated covers) with one audit event, and marks the
 * import CONFIRMED. The transaction first claims the import (PREVIEW → CONFIRMED): a second confirm, or two at once,
 * adds nothing and answers alreadyConfirmed. An ISBN that reached the catalogue after the preview is skipped.
 */
export async function confirmBookImport(actor: Operator, importId: number, origin: Origin): Promise<BookImportResult> {
  const preview = await getBookImport(importId);
  if (preview.status === 'PREVIEW' && preview.counts.valid === 0) throw new DomainError('IMPORT_NOTHING', M.nothingValid, 400);
  return db().transaction(async (tx) => {
    // Imports are confirmed one at a time, so two files cannot both add the same ISBN.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('readin.book-import'))`);
    const [claimed] = await tx
      .update(bookImports)
      .set({ status: 'CONFIRMED', confirmedAt: now() })
      .where(and(eq(bookImports.id, importId), eq(bookImports.status, 'PREVIEW')))
      .returning({ rows: bookImports.rows });
    if (!claimed) {
      const [done] = await tx
        .select({ createdCount: bookImports.createdCount, rows: bookImports.rows })
        .from(bookImports)
        .where(eq(bookImports.id, importId));
      const created = done?.createdCount ?? 0;
      return { alreadyConfirmed: true, created, skipped: (done?.rows as BookImportRow[]).length - created };
    }
    const rows = claimed.rows as BookImportRow[];
    const taken = await catalogueIsbns(
      rows.map((r) => r.book?.isbn).filter((v): v is string => Boolean(v)),
      tx,
    );
    const adding = rows.filter((r) => r.book && r.errors.length === 0 && !(r.book.isbn && taken.has(isbn13(r.book.isbn))));
    const inserted = adding.length
      ? await tx
          .insert(books)
          .values(adding.map((r) => ({ ...r.book!, careerFields: [...r.book!.careerFields], status: ItemStatus.ACTIVE })))
          .returning({ id: books.id })
      : [];
    const added = new Map(adding.map((r, i) => [r.line, inserted[i].id]));
    const outcome = rows.map((r): BookImportRow => {
      const bookId = added.get(r.line);
      if (bookId) return { ...r, outcome: 'CREATED', bookId };
      const reason = r.errors.length ? r.errors.join(' ') : M.isbnTaken(taken.get(isbn13(r.book!.isbn!)) ?? '');
      return { ...r, outcome: 'SKIPPED', skipReason: reason };
    });
    await tx.update(bookImports).set({ rows: outcome, createdCount: inserted.length }).where(eq(bookImports.id, importId));
    await recordAudit(tx, actor, origin, {
      action: 'book.import',
      targetType: 'book',
      targetId: null,
      after: { count: inserted.length, importId },
    });
    return { alreadyConfirmed: false, created: inserted.length, skipped: rows.length - inserted.length };
  });
}
