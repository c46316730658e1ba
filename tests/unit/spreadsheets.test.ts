import { strFromU8, unzipSync } from 'fflate';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeCsv, escapeFormula, readTable, toCsv, toXlsx } from '~/lib/spreadsheets.server';
import { downloadResponse } from '~/web/downloads.server';

const table = {
  columns: [
    { key: 'name', header: '이름' },
    { key: 'note', header: '메모' },
    { key: 'pages', header: '쪽수' },
  ],
  rows: [
    { name: '김하늘', note: '=HYPERLINK("http://x")', pages: 120 },
    { name: '이바다', note: '+1', pages: null },
  ],
};

describe('spreadsheets', () => {
  it('escapes cells a spreadsheet would run as a formula, and only those', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '김하늘', 'a=b', 3].map(escapeFormula)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      '김하늘',
      'a=b',
      3,
    ]);
  });

  it('writes CSV with a BOM and escaped cells, and reads it back', async () => {
    const csv = toCsv(table);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.toString('utf8');
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(await readTable(csv)).toEqual([
      ['이름', '메모', '쪽수'],
      ['김하늘', `'=HYPERLINK("http://x")`, '120'],
      ['이바다', "'+1", ''],
    ]);
  });

  it('reads a CP949 CSV as Korean Excel writes it', async () => {
    const bytes = iconv.encode('이름,아이디\r\n박지우,jiwoo\r\n', 'cp949');
    expect(decodeCsv(bytes)).toBe('이름,아이디\r\n박지우,jiwoo\r\n');
    expect(await readTable(bytes)).toEqual([
      ['이름', '아이디'],
      ['박지우', 'jiwoo'],
    ]);
  });

  it('writes an xlsx of the sheet named, the number as a number, and reads it back', async () => {
    const bytes = await toXlsx(table, '명단');
    const parts = unzipSync(bytes);
    expect(strFromU8(parts['xl/workbook.xml'])).toContain('<sheet name="명단" sheetId="1" r:id="rId1"/>');
    expect(strFromU8(parts['xl/worksheets/sheet1.xml'])).toContain('<c r="C2"><v>120</v></c>');
    expect(await readTable(bytes)).toEqual([
      ['이름', '메모', '쪽수'],
      ['김하늘', `'=HYPERLINK("http://x")`, '120'],
      ['이바다', "'+1", ''],
    ]);
  });

  it('refuses a file that is neither, with a Korean message', async () => {
    await expect(readTable(new Uint8Array([0, 1, 2, 0, 0]))).rejects.toThrow(
      '파일을 읽을 수 없습니다. 엑셀(.xlsx) 또는 CSV 파일인지 확인해 주세요.',
    );
    await expect(readTable(Buffer.from('\r\n\r\n'))).rejects.toThrow('파일에 데이터가 없습니다.');
  });

  it('names a download for any browser (RFC 6266)', () => {
    const res = downloadResponse(Buffer.from('x'), '명단 2026-11.csv', 'csv');
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="__ 2026-11.csv"; filename*=UTF-8''${encodeURIComponent('명단 2026-11.csv')}`,
    );
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});
