import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { auditEvents, books } from '~/db/schema';
import { ItemStatus } from '~/domain/enums';
import { normaliseIsbn } from '~/domain/catalogue';
import * as cover from '~/routes/resources+/covers.$bookId';
import * as bookPage from '~/routes/super+/books.$bookId';
import * as newBook from '~/routes/super+/books.new';
import { listAssignableBooks } from '~/services/assignments.server';
import { searchBooks } from '~/services/library.server';
import { csrfFor, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { createAcademy, createClass, createStaff, createStudent } from '../support/factories';

useTestDatabase();

function multipart(path: string, cookie: string, fields: Record<string, string | string[]>, file?: Buffer) {
  const form = new FormData();
  form.set('csrf', csrfFor(cookie));
  for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) form.append(k, value);
  if (file) form.append('cover', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'cover.png');
  return new Request(new URL(path, 'http://localhost'), { method: 'POST', body: form, headers: { Cookie: cookie } });
}

const BOOK = {
  title: '별을 헤아리는 아이',
  author: '한별',
  publisher: '리드인북스',
  isbn: '978-89-01-23456-?',
  totalPages: '96',
  level: '3',
  genre: 'LITERATURE',
  careerFields: ['SCIENCE_ENGINEERING', 'NOT_A_FIELD'],
  summary: '밤하늘의 별을 세다 잠드는 아이의 이야기',
  // Fields the form does not show are ignored.
  status: String(ItemStatus.INACTIVE),
  coverImage: '../../etc/passwd',
};

describe('catalogue', () => {
  it('checks the ISBN by its check digit', () => {
    expect(normaliseIsbn('9780306406157')).toBe('9780306406157');
    expect(normaliseIsbn('0-306-40615-2')).toBe('0306406152');
    expect(normaliseIsbn('9780306406158')).toBeNull();
  });

  it('PRODUCT adds a book with a cover; INACTIVE takes it out of search and assignment at once; the trail has both', async () => {
    const cookie = await sessionCookie('product');
    const png = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#aa3355' } })
      .png()
      .toBuffer();

    const bad = await respond(() =>
      newBook.action({ request: multipart('/super/books/new', cookie, { ...BOOK }), params: {}, context: {} }),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('ISBN을 정확히 입력해 주세요. (13자리 또는 10자리)');

    const created = await respond(() =>
      newBook.action({
        request: multipart('/super/books/new', cookie, { ...BOOK, isbn: '978-0-306-40615-7' }, png),
        params: {},
        context: {},
      }),
    );
    const [row] = await db().select().from(books).orderBy(desc(books.id)).limit(1);
    expect(created).toHaveRedirect(`/super/books/${row.id}`);
    await expect(created).toHaveFlash({ message: "'별을 헤아리는 아이' 도서를 등록했습니다." });
    expect(row).toMatchObject({
      title: BOOK.title,
      isbn: '9780306406157',
      totalPages: 96,
      level: 3,
      careerFields: ['SCIENCE_ENGINEERING'],
      status: ItemStatus.ACTIVE,
    });
    expect(row.coverImage).toMatch(/^covers\/[0-9a-f-]{36}\.jpg$/);

    // The uploaded cover is served re-encoded as a JPEG within 400×560.
    const served = await cover.loader({
      request: new Request(`http://localhost/resources/covers/${row.id}`),
      params: { bookId: String(row.id) },
      context: {},
    });
    expect(served.headers.get('Content-Type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 533 });

    const academy = await createAcademy();
    const student = await createStudent({ academy });
    const teacher = await createStaff(academy);
    await createClass(academy, { teachers: [teacher], students: [student] });
    const assignable = async () => (await listAssignableBooks(teacher, student.id)).flatMap((group) => group.books.map((b) => b.id));
    expect((await searchBooks(student.id, { q: '별을 헤아리는' })).books.map((b) => b.id)).toContain(row.id);
    expect(await assignable()).toContain(row.id);

    const inactive = await respond(() =>
      bookPage.action({
        request: multipart(`/super/books/${row.id}`, cookie, { intent: 'status', status: String(ItemStatus.INACTIVE) }),
        params: { bookId: String(row.id) },
        context: {},
      }),
    );
    await expect(inactive).toHaveFlash({ message: "'별을 헤아리는 아이' 도서를 '사용 안 함'으로 바꿨습니다." });
    expect((await searchBooks(student.id, { q: '별을 헤아리는' })).books.map((b) => b.id)).not.toContain(row.id);
    expect(await assignable()).not.toContain(row.id);

    const trail = await db().select().from(auditEvents).where(eq(auditEvents.targetId, row.id)).orderBy(auditEvents.id);
    expect(trail.filter((t) => t.targetType === 'book').map((t) => t.action)).toEqual(['book.create', 'book.status']);
    expect(trail.at(-1)).toMatchObject({ before: { status: ItemStatus.ACTIVE }, after: { status: ItemStatus.INACTIVE } });
  });

  it('a file that is not an image is refused with the Korean message, and nothing is saved', async () => {
    const cookie = await sessionCookie('product');
    const before = await db().select({ id: books.id }).from(books);
    const res = await respond(() =>
      newBook.action({
        request: multipart('/super/books/new', cookie, { ...BOOK, isbn: '' }, Buffer.from('not an image at all')),
        params: {},
        context: {},
      }),
    );
    expect(res.status).toBe(415);
    expect(JSON.stringify(await res.json())).toContain('이미지 파일(JPG, PNG, WEBP, GIF)만 올릴 수 있습니다.');
    expect((await db().select({ id: books.id }).from(books)).length).toBe(before.length);
  });
});
