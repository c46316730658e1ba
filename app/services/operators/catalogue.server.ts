import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { books } from '~/db/schema';
import { ItemStatus } from '~/domain/enums';
import { DomainError } from '~/lib/errors';
import { processCoverImage } from '../images.server';
import { onePage, searchIn } from '../paged-list.server';
import { storage } from '../storage.server';
import { recordAudit, statusChange } from './audit.server';
import type { Operator, Origin } from './users.server';

// The catalogue as operators and PRODUCT keep it (super area): books with their level, genre, career fields and
// cover. An INACTIVE book leaves search, recommendations and assignment (those read only ACTIVE books) but stays in
// every history. Every change is in the audit trail, in the transaction of the change.

export const CATALOGUE_PAGE_SIZE = 20;

export type CatalogueFilters = { q?: string; status?: ItemStatus; level?: number; genre?: string };

export async function listCatalogue(filters: CatalogueFilters, page: number) {
  const where: SQL[] = [];
  if (filters.q)
    where.push(or(searchIn(filters.q, books.title, books.author, books.publisher), eq(books.isbn, filters.q.replace(/-/g, '')))!);
  if (filters.status) where.push(eq(books.status, filters.status));
  if (filters.level) where.push(eq(books.level, filters.level));
  if (filters.genre) where.push(eq(books.genre, filters.genre));
  const condition = where.length ? and(...where) : undefined;
  return onePage(
    page,
    CATALOGUE_PAGE_SIZE,
    db()
      .select({
        id: books.id,
        title: books.title,
        author: books.author,
        publisher: books.publisher,
        isbn: books.isbn,
        level: books.level,
        genre: books.genre,
        totalPages: books.totalPages,
        status: books.status,
      })
      .from(books)
      .where(condition)
      .orderBy(desc(books.id)),
    db().select({ total: count() }).from(books).where(condition),
  );
}

export async function catalogueBook(id: number) {
  const [row] = await db().select().from(books).where(eq(books.id, id));
  return row ?? null;
}

export type BookInput = {
  title: string;
  author: string;
  publisher: string;
  isbn: string | null;
  totalPages: number;
  level: number;
  genre: string;
  careerFields: string[];
  summary: string;
};

const auditable = (b: BookInput & { status?: number; coverImage?: string | null }) => ({
  title: b.title,
  author: b.author,
  publisher: b.publisher,
  isbn: b.isbn,
  totalPages: b.totalPages,
  level: b.level,
  genre: b.genre,
  careerFields: b.careerFields,
  summary: b.summary,
  ...(b.status !== undefined ? { status: b.status } : {}),
  ...(b.coverImage !== undefined ? { coverImage: b.coverImage } : {}),
});

/** Stores an uploaded cover (re-encoded) and returns its key; null when no file was chosen. */
async function storeCover(cover: Uint8Array | null): Promise<string | null> {
  if (!cover) return null;
  const jpeg = await processCoverImage(cover);
  const key = `covers/${randomUUID()}.jpg`;
  await storage().put(key, jpeg, 'image/jpeg');
  return key;
}

/** Adds a book (ACTIVE). The cover, when given, is checked and stored before the row is written. */
export async function createBook(actor: Operator, input: BookInput, cover: Uint8Array | null, origin: Origin) {
  const coverImage = await storeCover(cover);
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(books)
      .values({ ...input, coverImage, status: ItemStatus.ACTIVE })
      .returning({ id: books.id, title: books.title });
    await recordAudit(tx, actor, origin, {
      action: 'book.create',
      targetType: 'book',
      targetId: row.id,
      after: auditable({ ...input, status: ItemStatus.ACTIVE, coverImage }),
    });
    return row;
  });
}

/** Edits a book's fields (and cover, when a new one is chosen); the history of students keeps pointing at it. */
export async function updateBook(actor: Operator, id: number, input: BookInput, cover: Uint8Array | null, origin: Origin) {
  const before = await catalogueBook(id);
  if (!before) throw new DomainError('BOOK_NOT_FOUND', '도서를 찾을 수 없습니다.', 404);
  const coverImage = (await storeCover(cover)) ?? before.coverImage;
  await db().transaction(async (tx) => {
    await tx
      .update(books)
      .set({ ...input, coverImage })
      .where(eq(books.id, id));
    await recordAudit(tx, actor, origin, {
      action: 'book.update',
      targetType: 'book',
      targetId: id,
      before: auditable({ ...before, coverImage: before.coverImage }),
      after: auditable({ ...input, coverImage }),
    });
  });
  if (cover && before.coverImage && before.coverImage !== coverImage) await storage().delete(before.coverImage);
  return { id, title: input.title };
}

/** ACTIVE, COMPLETE or INACTIVE (spec item status). */
export async function setBookStatus(actor: Operator, id: number, status: ItemStatus, origin: Origin) {
  const before = await catalogueBook(id);
  if (!before) throw new DomainError('BOOK_NOT_FOUND', '도서를 찾을 수 없습니다.', 404);
  if (before.status === status) return { title: before.title, changed: false };
  await db().transaction(async (tx) => {
    await tx.update(books).set({ status }).where(eq(books.id, id));
    await recordAudit(tx, actor, origin, {
      action: 'book.status',
      targetType: 'book',
      targetId: id,
      ...statusChange(before.status, status),
    });
  });
  return { title: before.title, changed: true };
}
