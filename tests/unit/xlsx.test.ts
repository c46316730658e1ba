import { readFileSync } from 'node:fs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readTable, toXlsx } from '~/lib/spreadsheets.server';
import { isDateFormat, readXlsx, sheetName, writeXlsx, XLSX_LIMITS } from '~/lib/xlsx.server';

const UNREADABLE = '파일을 읽을 수 없습니다. 엑셀(.xlsx) 또는 CSV 파일인지 확인해 주세요.';
const fixture = (name: string) => new Uint8Array(readFileSync(`tests/fixtures/spreadsheets/${name}`));

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** A workbook of one sheet from its sheetData's XML (and optionally styles and the workbook's properties). */
function workbook(sheetData: string, extra: { styles?: string; workbookPr?: string; sheet?: string } = {}) {
  const rels = [`<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>`];
  if (extra.styles) rels.push(`<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>`);
  return zipSync({
    '_rels/.rels': strToU8(
      `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<workbook xmlns="${MAIN}" xmlns:r="${REL}">${extra.workbookPr ?? ''}<sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(`<Relationships xmlns="${PKG}">${rels.join('')}</Relationships>`),
    'xl/worksheets/sheet1.xml': strToU8(extra.sheet ?? `<worksheet xmlns="${MAIN}"><sheetData>${sheetData}</sheetData></worksheet>`),
    ...(extra.styles ? { 'xl/styles.xml': strToU8(`<styleSheet xmlns="${MAIN}">${extra.styles}</styleSheet>`) } : {}),
  });
}

/** Sets the uncompressed size an entry declares in the zip's central directory (what a zip bomb lies about). */
function declareSize(zip: Uint8Array, entry: string, size: number) {
  const bytes = new Uint8Array(zip);
  const view = new DataView(bytes.buffer);
  for (let o = 0; o < bytes.length - 46; o++) {
    if (view.getUint32(o, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(o + 28, true);
    if (strFromU8(bytes.subarray(o + 46, o + 46 + nameLength)) === entry) {
      view.setUint32(o + 24, size, true);
      return bytes;
    }
  }
  throw new Error(`no entry ${entry}`);
}

describe('reading .xlsx files from other programs', () => {
  it('reads exceljs: shared and rich strings, dates, cached formula results, a boolean, an error, gaps; not the second sheet', async () => {
    expect(await readTable(fixture('exceljs-features.xlsx'))).toEqual([
      ['제목', '메모', '날짜', '계산', '링크', ''],
      ['어린 왕자', '굵은 글씨', '2026-03-05', '3', '', ''],
      ['', '앞뒤 공백', '', '가나', '', ''],
      ['true', '#DIV/0!', '2025-12-31', '3.5', '0.5', ''],
      ['A & B <C> "D"', '어린 왕자', '9791190000090', '', '', '리드인'],
    ]);
  });

  it('reads LibreOffice Calc: dates in a custom format, a decimal, an empty row dropped', async () => {
    expect(await readTable(fixture('libreoffice.xlsx'))).toEqual([
      ['이름', '생년월일', '점수', '메모'],
      ['김하늘', '2015-03-05', '95.5', '쉼표, 있음'],
      ['이바다', '2014-12-31', '80', ''],
    ]);
  });

  it('reads a hand-made workbook: prefixed elements, the first sheet in the workbook order, inline strings, cells without references', async () => {
    expect(await readTable(fixture('hand-made-inline.xlsx'))).toEqual([
      ['번호', '이름', '메모'],
      ['1', '홍길동', '한글 & <태그>'],
      ['', '', 'A_x0041_B'],
      ['false', '<b>', ''],
    ]);
  });

  it('places cells by their reference, reads dates by the style, the 1904 date system and inline dates', () => {
    const styles =
      '<numFmts count="2"><numFmt numFmtId="164" formatCode="[$-412]yyyy&quot;년&quot; m&quot;월&quot;"/><numFmt numFmtId="165" formatCode="[h]:mm"/></numFmts>' +
      '<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="4"/></cellXfs>';
    const cells =
      '<row r="2"><c r="C2" s="1"><v>46086.75</v></c><c r="E2" s="2"><v>1</v></c></row>' +
      '<row r="7"><c r="B7" s="3"><v>1.5</v></c><c r="D7" s="4"><v>1234.5</v></c><c r="A7" t="d"><v>2026-03-05T00:00:00Z</v></c></row>';
    expect(readXlsx(workbook(cells, { styles }))).toEqual([
      ['', '', '2026-03-05', '', '1900-01-01'],
      ['2026-03-05', '1.5', '', '1234.5', ''],
    ]);
    expect(
      readXlsx(workbook('<row r="1"><c r="A1" s="1"><v>0</v></c></row>', { styles, workbookPr: '<workbookPr date1904="1"/>' })),
    ).toEqual([['1904-01-01']]);
  });

  it('tells date formats from the others', () => {
    const dates = [
      'yyyy-mm-dd',
      'yyyy\\-mm\\-dd;@',
      'm/d/yy h:mm',
      'mmm-yy',
      'd-mmm',
      '[$-412]yyyy"년" m"월" d"일" dddd',
      '[DBNum1]m"월" d"일"',
    ];
    const others = ['General', '0.00', '#,##0"원"', 'h:mm', 'hh:mm:ss AM/PM', '[h]:mm', 'mm:ss', '0.00E+00', '@', '"day"0'];
    expect(dates.filter(isDateFormat)).toEqual(dates);
    expect(others.filter(isDateFormat)).toEqual([]);
  });
});

describe('refusing what is not a workbook', () => {
  it('refuses a zip that is not a workbook, a damaged sheet, and a document type declaration', async () => {
    const notes = zipSync({ 'notes.txt': strToU8('안녕하세요') });
    const document = zipSync({
      '_rels/.rels': strToU8(
        `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
      ),
      'word/document.xml': strToU8('<w:document xmlns:w="urn:w"><w:body/></w:document>'),
      'word/_rels/document.xml.rels': strToU8(`<Relationships xmlns="${PKG}"/>`),
    });
    const unclosed = workbook('<row r="1"><c r="A1" t="inlineStr"><is><t>열린</t></is></c>');
    const doctype = workbook('', {
      sheet: `<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet xmlns="${MAIN}"><sheetData><row><c t="inlineStr"><is><t>&a;</t></is></c></row></sheetData></worksheet>`,
    });
    for (const bytes of [notes, document, unclosed, doctype]) await expect(readTable(bytes)).rejects.toThrow(UNREADABLE);
    // A sheet without a value is read as empty, like a CSV without rows
    await expect(readTable(workbook('<row r="1"/>'))).rejects.toThrow('파일에 데이터가 없습니다.');
  });

  it('refuses a zip bomb: a part that inflates past the limit, or that declares so, before inflating it', async () => {
    const head = `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>이름</t></is></c></row></sheetData>`;
    const huge = new Uint8Array(XLSX_LIMITS.inflatedBytes + 1024).fill(32);
    huge.set(strToU8(head));
    huge.set(strToU8('</worksheet>'), huge.length - 12);
    const bomb = zipSync({ ...unzipSync(workbook('')), 'xl/worksheets/sheet1.xml': [huge, { level: 1 }] });
    expect(bomb.length).toBeLessThan(200_000);
    await expect(readTable(bomb)).rejects.toThrow(UNREADABLE);

    const small = workbook('<row r="1"><c r="A1" t="inlineStr"><is><t>이름</t></is></c></row>');
    expect(readXlsx(small)).toEqual([['이름']]);
    // The same sheet declaring an inflated size past the limit is refused before it is inflated;
    // one declaring less than it holds is cut short there, and then is not well-formed.
    await expect(readTable(declareSize(small, 'xl/worksheets/sheet1.xml', XLSX_LIMITS.inflatedBytes + 1))).rejects.toThrow(UNREADABLE);
    await expect(readTable(declareSize(small, 'xl/worksheets/sheet1.xml', 40))).rejects.toThrow(UNREADABLE);
  });

  it('refuses a sheet whose rows, padded to the widest, hold too many cells', async () => {
    const rows = Array.from({ length: 400 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>1</v></c></row>`).join('');
    const far = '<row r="401"><c r="XFD401"><v>2</v></c></row>';
    expect(400 * 16384).toBeGreaterThan(XLSX_LIMITS.gridCells);
    await expect(readTable(workbook(rows + far))).rejects.toThrow(UNREADABLE);
    expect(readXlsx(workbook(rows))).toHaveLength(400);
  });
});

describe('writing .xlsx', () => {
  const sheet = {
    name: '학생 명단',
    columns: [
      { header: '이름', width: 10 },
      { header: '메모', width: 30 },
      { header: '쪽수', width: 10 },
    ],
    rows: [
      ['김하늘', 'A & B <C> "D"\u0001\u0008 끝', 120],
      ['이바다', null, 3.5],
      ['_x0041_ 그대로', '줄\r\n바꿈', -0.25],
      [`😀${'가'.repeat(40000)}`, '', Number.NaN],
    ],
  };

  it('writes the parts of a SpreadsheetML package, the header bold, text as shared strings, numbers as numbers, no formula', () => {
    const parts = unzipSync(writeXlsx(sheet, new Date('2026-03-05T01:02:03.456Z')));
    expect(Object.keys(parts)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'docProps/core.xml',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/sharedStrings.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const xml = (name: string) => strFromU8(parts[name]);
    for (const part of ['/xl/workbook.xml', '/xl/worksheets/sheet1.xml', '/xl/styles.xml', '/xl/sharedStrings.xml', '/docProps/core.xml']) {
      expect(xml('[Content_Types].xml')).toContain(`<Override PartName="${part}"`);
    }
    expect(xml('docProps/core.xml')).toContain(
      '<dc:creator>리드인</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">2026-03-05T01:02:03Z<',
    );
    expect(xml('xl/workbook.xml')).toContain('<sheet name="학생 명단" sheetId="1" r:id="rId1"/>');
    expect(xml('xl/styles.xml')).toContain('<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/>');
    expect(xml('xl/styles.xml')).toContain('<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>');
    const worksheet = xml('xl/worksheets/sheet1.xml');
    expect(worksheet).toContain('<dimension ref="A1:C5"/>');
    expect(worksheet).toContain(
      '<cols><col min="1" max="1" width="10" customWidth="1"/><col min="2" max="2" width="30" customWidth="1"/><col min="3" max="3" width="10" customWidth="1"/></cols>',
    );
    expect(worksheet).toContain(
      '<row r="1"><c r="A1" s="1" t="s"><v>0</v></c><c r="B1" s="1" t="s"><v>1</v></c><c r="C1" s="1" t="s"><v>2</v></c></row>',
    );
    expect(worksheet).toContain('<c r="C2"><v>120</v></c>');
    expect(worksheet).toContain('<row r="3"><c r="A3" t="s"><v>5</v></c><c r="C3"><v>3.5</v></c></row>');
    expect(worksheet).not.toContain('<f>');
    const strings = xml('xl/sharedStrings.xml');
    expect(strings).toContain('<si><t xml:space="preserve">A &amp; B &lt;C&gt; &quot;D&quot; 끝</t></si>');
    expect(strings).toContain('<t xml:space="preserve">_x005F_x0041_ 그대로</t>');
    expect(strings).toContain('<t xml:space="preserve">줄&#13;\n바꿈</t>');
    expect(strings).toContain('<t xml:space="preserve">NaN</t>');
    expect(strings).toMatch(/^<\?xml [^>]+\?>\n<sst xmlns="[^"]+" count="10" uniqueCount="10">/);
  });

  it('reads back what it writes, a cell cut at 32,767 characters', () => {
    const rows = readXlsx(writeXlsx(sheet));
    expect(rows.slice(0, 4)).toEqual([
      ['이름', '메모', '쪽수'],
      ['김하늘', 'A & B <C> "D" 끝', '120'],
      ['이바다', '', '3.5'],
      ['_x0041_ 그대로', '줄\r\n바꿈', '-0.25'],
    ]);
    expect(rows[4][0]).toBe(`😀${'가'.repeat(32765)}`);
    expect(rows[4].slice(1)).toEqual(['', 'NaN']);
  });

  it('names a sheet as Excel accepts it', () => {
    expect(['학생 명단: [2026]/*?', `'따옴표'`, '', 'History', '가'.repeat(40), '???'].map(sheetName)).toEqual([
      '학생 명단 2026',
      '따옴표',
      'Sheet1',
      'Sheet1',
      '가'.repeat(31),
      'Sheet1',
    ]);
  });

  it('round-trips a table through toXlsx and readTable, escaping formulas', async () => {
    const table = {
      columns: [
        { key: 'name', header: '이름' },
        { key: 'note', header: '메모', width: 40 },
      ],
      rows: [{ name: '=1+1', note: '@SUM(A1)' }],
    };
    expect(await readTable(await toXlsx(table, '명단'))).toEqual([
      ['이름', '메모'],
      ["'=1+1", "'@SUM(A1)"],
    ]);
  });
});
