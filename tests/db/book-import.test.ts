import iconv from 'iconv-lite';
import { desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { auditEvents, bookImports, books } from '~/db/schema';
import { BOOK_INPUT_MESSAGES } from '~/domain/book-input';
import { ItemStatus } from '~/domain/enums';
import { BOOK_IMPORT_MESSAGES as M } from '~/domain/operators';
import * as importPage from '~/routes/super+/books.import';
import * as previewPage from '~/routes/super+/books.import_.$importId';
import * as templateCsv from '~/routes/super+/books.import_.template[.]csv';
import { SPREADSHEET_MESSAGES } from '~/lib/spreadsheets.server';
import { writeXlsx } from '~/lib/xlsx.server';
import { confirmBookImport, getBookImport, previewBookImport } from '~/services/operators/book-import.server';
import { csrfFor, makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { replyErrors } from '../support/form-reply';
import { userByLogin } from '../support/notes';

useTestDatabase();

const ORIGIN = { address: '203.0.113.5', origin: 'http://localhost' };
const HEADER = '제목,지은이,출판사,ISBN,쪽수,읽기 수준,장르,진로 분야,소개';

/** A valid ISBN-13 from 12 digits (the check digit computed). */
function isbn(twelve: string) {
  const sum = [...twelve].reduce((t, d, i) => t + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

const utf8 = (lines: string[]) => new TextEncoder().encode(lines.join('\r\n'));

async function operator(loginId = 'product') {
  return userByLogin(loginId);
}

describe('preview', () => {
  it('checks every row with the book form’s rules and flags duplicate ISBNs, with exact messages', async () => {
    const product = await operator();
    const inCatalogue = isbn('979119000001');
    await db()
      .insert(books)
      .values({ title: '이미 있는 책', author: '가', publisher: '나', isbn: inCatalogue, totalPages: 100, level: 3, genre: 'SCIENCE' });
    const twice = isbn('979119000002');
    const good = isbn('979119000003');
    const file = utf8([
      HEADER,
      `바다의 과학,김바다,리드인출판,${good.slice(0, 3)}-${good.slice(3)},120,L4,과학,"과학·공학, 자연·환경",바다 이야기`,
      `틀린 ISBN,저자,출판사,978-89-0000-000-0,100,3,LITERATURE,,`,
      `수준 넘침,저자,출판사,,100,11,문학,,`,
      `,저자 없음,출판사,,100,3,문학,,`,
      `겹친 하나,저자,출판사,${twice},80,2,역사,,`,
      `겹친 둘,저자,출판사,${twice},80,2,역사,,`,
      `있는 책,저자,출판사,${inCatalogue},90,5,환경,,`,
      `모르는 진로,저자,출판사,,90,5,철학,"교육, 우주비행",`,
      `쪽수 없음,저자,출판사,,,5,공상과학,,`,
    ]);
    const id = await previewBookImport(product, 'books.csv', file);
    const found = await getBookImport(id);
    expect(found).toMatchObject({ status: 'PREVIEW', fileName: 'books.csv', counts: { total: 9, valid: 1, invalid: 8 } });
    const errorsOf = (line: number) => found.rows.find((r) => r.line === line)!.errors;
    expect(found.rows[0]).toMatchObject({
      line: 2,
      errors: [],
      book: {
        title: '바다의 과학',
        author: '김바다',
        publisher: '리드인출판',
        isbn: good,
        totalPages: 120,
        level: 4,
        genre: 'SCIENCE',
        careerFields: ['SCIENCE_ENGINEERING', 'NATURE_ENVIRONMENT'],
        summary: '바다 이야기',
      },
    });
    expect(errorsOf(3)).toEqual([BOOK_INPUT_MESSAGES.isbnInvalid]);
    expect(errorsOf(3)).toEqual(['ISBN을 정확히 입력해 주세요. (13자리 또는 10자리)']);
    expect(errorsOf(4)).toEqual(['읽기 수준은 1~10 사이의 숫자로 적어 주세요. (예: 3 또는 L3)']);
    expect(errorsOf(5)).toEqual(['제목을 입력해 주세요.']);
    expect(errorsOf(6)).toEqual(['파일의 7번째 줄과 ISBN이 같습니다.']);
    expect(errorsOf(7)).toEqual(['파일의 6번째 줄과 ISBN이 같습니다.']);
    expect(errorsOf(8)).toEqual(['이미 도서 목록에 있는 ISBN입니다. (『이미 있는 책』)']);
    expect(errorsOf(9)).toEqual(["'우주비행'은 없는 진로 분야입니다. 진로 분야 이름을 쉼표로 나눠 적어 주세요."]);
    expect(errorsOf(10)).toEqual(['쪽수를 입력해 주세요.', M.genreRule]);
    expect(M.genreRule).toBe('장르는 문학, 과학, 역사, 사회, 예술, 인물, 철학, 경제, 환경, 모험·판타지 중 하나로 적어 주세요.');
    // Rows with errors keep no book.
    expect(found.rows.filter((r) => r.book).map((r) => r.line)).toEqual([2]);
  });

  it('finds an ISBN-10 of the catalogue from its ISBN-13 in the file', async () => {
    // An ISBN-10 (its check digit over 11) and the ISBN-13 of the same book (978, the nine digits, a new check digit).
    const nine = '899018123';
    const sum = [...nine].reduce((t, d, i) => t + Number(d) * (10 - i), 0);
    const check = (11 - (sum % 11)) % 11;
    const ten = `${nine}${check === 10 ? 'X' : check}`;
    await db()
      .insert(books)
      .values({ title: '열 자리 책', author: '가', publisher: '나', isbn: ten, totalPages: 10, level: 1, genre: 'ART' });
    const thirteen = isbn(`978${nine}`);
    const id = await previewBookImport(await operator(), 'ten.csv', utf8([HEADER, `같은 책,가,나,${thirteen},10,1,예술,,`]));
    expect((await getBookImport(id)).rows[0].errors).toEqual([M.isbnTaken('열 자리 책')]);
  });

  it('reads English headers in any order, CP949 CSV and .xlsx', async () => {
    const product = await operator();
    const english = await previewBookImport(
      product,
      'english.csv',
      utf8(['genre,level,pages,title,author,publisher,summary', 'HISTORY,7,210,English Header Book,Kim,Readin,about']),
    );
    expect((await getBookImport(english)).rows[0]).toMatchObject({
      errors: [],
      book: { title: 'English Header Book', genre: 'HISTORY', level: 7 },
    });

    const cp949 = iconv.encode([HEADER, '한글 제목 도서,홍길동,한빛출판,,150,6,사회,"법·정치·행정",소개 글'].join('\r\n'), 'cp949');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(cp949)).toThrow();
    const read = await getBookImport(await previewBookImport(product, 'cp949.csv', new Uint8Array(cp949)));
    expect(read.rows[0]).toMatchObject({
      errors: [],
      cells: { title: '한글 제목 도서', author: '홍길동', publisher: '한빛출판' },
      book: { genre: 'SOCIETY', careerFields: ['LAW_POLITICS'], summary: '소개 글' },
    });

    const xlsx = writeXlsx({
      name: 'books',
      columns: ['읽기 수준', '제목', '지은이', '출판사', '쪽수', '장르', 'ISBN'].map((header) => ({ header, width: 10 })),
      rows: [[2, '엑셀 도서', '이엑셀', '시트출판', 64, '모험·판타지', Number(isbn('979119000009'))]],
    });
    const fromXlsx = await getBookImport(await previewBookImport(product, 'books.xlsx', xlsx));
    // One part of a label is enough when it names one genre or field.
    const parts = await getBookImport(
      await previewBookImport(product, 'parts.csv', utf8([HEADER, '부분 이름,가,나,,30,2,판타지,"예술, 공학",'])),
    );
    expect(parts.rows[0]).toMatchObject({
      errors: [],
      book: { genre: 'ADVENTURE', careerFields: ['ARTS_CULTURE', 'SCIENCE_ENGINEERING'] },
    });
    expect(fromXlsx.rows[0]).toMatchObject({
      errors: [],
      book: { title: '엑셀 도서', level: 2, genre: 'ADVENTURE', isbn: isbn('979119000009') },
    });
  });

  it('refuses a file without the required columns, without rows, or unreadable', async () => {
    const product = await operator();
    await expect(previewBookImport(product, 'x.csv', utf8(['제목,지은이', '책,사람']))).toBeDomainError(
      'IMPORT_COLUMNS',
      '첫 줄에 출판사, 쪽수, 읽기 수준, 장르 열이 없습니다. 양식 파일의 첫 줄을 그대로 써 주세요.',
    );
    await expect(previewBookImport(product, 'x.csv', utf8([HEADER]))).toBeDomainError('IMPORT_EMPTY', M.noRows);
    await expect(previewBookImport(product, 'x.xlsx', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBeDomainError(
      'IMPORT_UNREADABLE',
      SPREADSHEET_MESSAGES.unreadable,
    );
  });
});

describe('confirm', () => {
  it('adds the valid rows once, in one audit event; a second confirm or a concurrent one adds nothing', async () => {
    const product = await operator();
    const file = utf8([HEADER, '확정 도서 하나,가,나,,100,3,문학,,', '확정 도서 둘,가,나,,120,4,과학,교육,', ',가,나,,100,3,문학,,']);
    const id = await previewBookImport(product, 'confirm.csv', file);
    const before = await db().$count(books);

    const [first, second] = await Promise.all([confirmBookImport(product, id, ORIGIN), confirmBookImport(product, id, ORIGIN)]);
    const results = [first, second].sort((a) => (a.alreadyConfirmed ? 1 : -1));
    expect(results).toEqual([
      { alreadyConfirmed: false, created: 2, skipped: 1 },
      { alreadyConfirmed: true, created: 2, skipped: 1 },
    ]);
    expect(await confirmBookImport(product, id, ORIGIN)).toEqual({ alreadyConfirmed: true, created: 2, skipped: 1 });
    expect(await db().$count(books)).toBe(before + 2);

    const added = await db()
      .select()
      .from(books)
      .where(inArray(books.title, ['확정 도서 하나', '확정 도서 둘']));
    expect(added).toHaveLength(2);
    expect(added.every((b) => b.status === ItemStatus.ACTIVE && b.coverImage === null)).toBe(true);
    expect(added.find((b) => b.title === '확정 도서 둘')).toMatchObject({
      level: 4,
      genre: 'SCIENCE',
      careerFields: ['EDUCATION'],
      totalPages: 120,
    });

    const saved = await getBookImport(id);
    expect(saved).toMatchObject({ status: 'CONFIRMED', createdCount: 2 });
    expect(saved.confirmedAt).toBeInstanceOf(Date);
    expect(saved.rows.map((r) => r.outcome)).toEqual(['CREATED', 'CREATED', 'SKIPPED']);
    expect(saved.rows[2].skipReason).toBe('제목을 입력해 주세요.');
    expect(new Set(saved.rows.filter((r) => r.bookId).map((r) => r.bookId))).toEqual(new Set(added.map((b) => b.id)));

    const events = await db().select().from(auditEvents).where(eq(auditEvents.action, 'book.import'));
    expect(events.filter((e) => (e.after as { importId: number }).importId === id)).toEqual([
      expect.objectContaining({
        actorId: product.id,
        targetType: 'book',
        targetId: null,
        after: { count: 2, importId: id },
        address: '203.0.113.5',
      }),
    ]);
  });

  it('skips an ISBN added to the catalogue after the preview; refuses a preview without valid rows', async () => {
    const product = await operator();
    const late = isbn('979119000021');
    const id = await previewBookImport(
      product,
      'late.csv',
      utf8([HEADER, `늦은 책,가,나,${late},50,2,문학,,`, `다른 책,가,나,,50,2,문학,,`]),
    );
    await db()
      .insert(books)
      .values({ title: '먼저 들어온 책', author: '가', publisher: '나', isbn: late, totalPages: 50, level: 2, genre: 'LITERATURE' });
    expect(await confirmBookImport(product, id, ORIGIN)).toEqual({ alreadyConfirmed: false, created: 1, skipped: 1 });
    expect((await getBookImport(id)).rows[0]).toMatchObject({ outcome: 'SKIPPED', skipReason: M.isbnTaken('먼저 들어온 책') });
    expect(await db().$count(books, eq(books.isbn, late))).toBe(1);

    const none = await previewBookImport(product, 'none.csv', utf8([HEADER, ',가,나,,50,2,문학,,']));
    await expect(confirmBookImport(product, none, ORIGIN)).toBeDomainError('IMPORT_NOTHING', M.nothingValid);
    expect((await getBookImport(none)).status).toBe('PREVIEW');
  });
});

describe('pages', () => {
  it('PRODUCT uploads, previews and confirms through the pages; a coach is sent away; the template has the headers', async () => {
    const cookie = await sessionCookie('product');
    const form = new FormData();
    form.append('csrf', csrfFor(cookie));
    form.append('file', new File([utf8([HEADER, '페이지로 올린 책,가,나,,77,3,문학,,'])], 'page.csv', { type: 'text/csv' }));
    const upload = await respond(() =>
      importPage.action({
        request: new Request('http://localhost/super/books/import', { method: 'POST', body: form, headers: { Cookie: cookie } }),
        params: {},
        context: {},
      }),
    );
    const [latest] = await db().select({ id: bookImports.id }).from(bookImports).orderBy(desc(bookImports.id)).limit(1);
    expect(upload).toHaveRedirect(`/super/books/import/${latest.id}`);

    const params = { importId: String(latest.id) };
    const view = await respond(() =>
      previewPage.loader({ request: makeRequest(`/super/books/import/${latest.id}`, { cookie }), params, context: {} }),
    );
    expect(await view.json()).toMatchObject({
      status: 'PREVIEW',
      counts: { valid: 1 },
      rows: [{ title: '페이지로 올린 책', level: 'L3', genre: '문학' }],
    });

    const post = () =>
      respond(() =>
        previewPage.action({ request: makeRequest(`/super/books/import/${latest.id}`, { cookie, form: {} }), params, context: {} }),
      );
    const done = await post();
    expect(done).toHaveRedirect(`/super/books/import/${latest.id}`);
    await expect(done).toHaveFlash({ kind: 'success', message: '1권을 등록했습니다.' });
    const again = await post();
    await expect(again).toHaveFlash({ kind: 'info', message: '이미 등록을 마친 파일입니다. 이번에는 새로 등록한 책이 없습니다.' });
    expect(await db().$count(books, eq(books.title, '페이지로 올린 책'))).toBe(1);

    // No file chosen.
    const empty = new FormData();
    empty.append('csrf', csrfFor(cookie));
    empty.append('file', new File([], '', { type: 'application/octet-stream' }));
    const noFile = await respond(() =>
      importPage.action({
        request: new Request('http://localhost/super/books/import', { method: 'POST', body: empty, headers: { Cookie: cookie } }),
        params: {},
        context: {},
      }),
    );
    expect(noFile.status).toBe(400);
    expect(replyErrors(await noFile.json())).toEqual({ file: M.noFile });

    const coachCookie = await sessionCookie('coach');
    const coach = await respond(() =>
      importPage.loader({ request: makeRequest('/super/books/import', { cookie: coachCookie }), params: {}, context: {} }),
    );
    expect(coach).toHaveRedirect('/super/coach/sharpening');
    for (const loginId of ['super', 'admin2']) {
      const operatorCookie = await sessionCookie(loginId);
      const res = await respond(() =>
        importPage.loader({ request: makeRequest('/super/books/import', { cookie: operatorCookie }), params: {}, context: {} }),
      );
      expect(res.status).toBe(200);
    }

    const template = await respond(() =>
      templateCsv.loader({ request: makeRequest('/super/books/import/template.csv', { cookie }), params: {}, context: {} }),
    );
    expect(template.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await template.arrayBuffer())).toBe(`\uFEFF${HEADER}\r\n`);
  });
});
