import { strToU8, unzipSync, zipSync } from 'fflate';

// The few parts of an Office Open XML spreadsheet (ECMA-376, SpreadsheetML) that the academy's tables need: writing
// one worksheet with a bold header row, and reading the first worksheet of an uploaded workbook as rows of text.
// An upload is untrusted: only the parts the reader needs are inflated, their declared sizes are capped before any is
// inflated (a zip bomb), and so are the cells; a document type declaration is refused (no entity expansion).

export type XlsxValue = string | number | null | undefined;
export type XlsxSheet = { name: string; columns: { header: string; width: number }[]; rows: XlsxValue[][] };

/** What the reader refuses beyond: the inflated size of the parts it reads, the cells with a value, the padded rows. */
export const XLSX_LIMITS = { inflatedBytes: 50 * 1024 * 1024, cells: 1_000_000, gridCells: 5_000_000 } as const;

/** A file the reader cannot read as a workbook (not one, damaged, or past a limit). */
export class XlsxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XlsxError';
  }
}

const NS = {
  main: 'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
  rels: 'http://schemas.openxmlformats.org/package/2006/relationships',
  docRels: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  contentTypes: 'http://schemas.openxmlformats.org/package/2006/content-types',
};
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** The most characters a cell holds in Excel (a longer one makes Excel repair the file). */
const MAX_CELL_CHARS = 32767;
const MAX_COLUMN = 16384; // XFD
const MAX_ROW = 1048576;

// ---------------------------------------------------------------------------------------------------------------
// Writing

/** Column number (1-based) to letters: 1 → A, 27 → AA. */
export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Characters XML 1.0 forbids (controls other than tab, line feed and carriage return; U+FFFE/FFFF; lone surrogates). */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- these are the characters to remove
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Cuts text to at most `max` UTF-16 units without splitting a surrogate pair. */
function cut(text: string, max: number) {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]) ? max - 1 : max;
  return text.slice(0, end);
}

/**
 * A cell's text as SpreadsheetML stores it: forbidden characters dropped, at most 32,767 characters, `_xHHHH_` kept
 * literal (a spreadsheet reads it as an escaped character, so its underscore is escaped), a carriage return kept
 * as a character reference (a parser would turn a literal one into a line feed), XML-escaped.
 */
function cellXmlText(value: string) {
  const text = cut(value.replace(FORBIDDEN, ''), MAX_CELL_CHARS).replace(/_(?=x[0-9A-Fa-f]{4}_)/g, '_x005F_');
  return escapeXml(text).replace(/\r/g, '&#13;');
}

/** A worksheet's name as Excel accepts it: no []:*?/\, not empty, no apostrophe first or last, at most 31 characters. */
export function sheetName(name: string) {
  const clean = Array.from(name.replace(FORBIDDEN, '').replace(/(\s*[[\]:*?/\\])+\s*/g, ' '))
    .slice(0, 31)
    .join('')
    .replace(/^'+|'+$/g, '')
    .trim();
  return clean === '' || clean.toLowerCase() === 'history' ? 'Sheet1' : clean;
}

const STYLES = `${XML_DECLARATION}<styleSheet xmlns="${NS.main}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles><dxfs count="0"/><tableStyles count="0"/></styleSheet>`;

const BOLD_STYLE = 1;

/**
 * One worksheet as an `.xlsx` package: the header row bold, the columns' widths, text as shared strings (never a
 * formula), finite numbers as numbers; an empty or missing value leaves its cell out. The creator is 리드인.
 */
export function writeXlsx(sheet: XlsxSheet, created = new Date()): Uint8Array {
  const strings = new Map<string, number>();
  let stringCount = 0;
  const cell = (ref: string, value: XlsxValue, style: string) => {
    if (value === null || value === undefined || value === '') return '';
    if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"${style}><v>${value}</v></c>`;
    const text = cellXmlText(String(value));
    let index = strings.get(text);
    if (index === undefined) strings.set(text, (index = strings.size));
    stringCount++;
    return `<c r="${ref}"${style} t="s"><v>${index}</v></c>`;
  };
  const width = sheet.columns.length;
  const lines = [sheet.columns.map((c) => c.header), ...sheet.rows];
  const rows = lines.map((values, r) => {
    const style = r === 0 ? ` s="${BOLD_STYLE}"` : '';
    const cells = Array.from({ length: width }, (_, c) => cell(`${columnName(c + 1)}${r + 1}`, values[c], style)).join('');
    return cells === '' ? '' : `<row r="${r + 1}">${cells}</row>`;
  });
  const cols = sheet.columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('');
  const dimension = width === 0 ? 'A1' : `A1:${columnName(width)}${lines.length}`;
  const worksheet = `${XML_DECLARATION}<worksheet xmlns="${NS.main}" xmlns:r="${NS.docRels}"><dimension ref="${dimension}"/><sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>${rows.join('')}</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`;
  const sharedStrings = `${XML_DECLARATION}<sst xmlns="${NS.main}" count="${stringCount}" uniqueCount="${strings.size}">${[...strings.keys()].map((t) => `<si><t xml:space="preserve">${t}</t></si>`).join('')}</sst>`;
  const workbook = `${XML_DECLARATION}<workbook xmlns="${NS.main}" xmlns:r="${NS.docRels}"><bookViews><workbookView/></bookViews><sheets><sheet name="${escapeXml(sheetName(sheet.name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  const relationship = (id: string, type: string, target: string) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`;
  const workbookRels = `${XML_DECLARATION}<Relationships xmlns="${NS.rels}">${relationship('rId1', `${NS.docRels}/worksheet`, 'worksheets/sheet1.xml')}${relationship('rId2', `${NS.docRels}/styles`, 'styles.xml')}${relationship('rId3', `${NS.docRels}/sharedStrings`, 'sharedStrings.xml')}</Relationships>`;
  const rootRels = `${XML_DECLARATION}<Relationships xmlns="${NS.rels}">${relationship('rId1', `${NS.docRels}/officeDocument`, 'xl/workbook.xml')}${relationship('rId2', 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties', 'docProps/core.xml')}</Relationships>`;
  const core = `${XML_DECLARATION}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>리드인</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${created.toISOString().replace(/\.\d+Z$/, 'Z')}</dcterms:created></cp:coreProperties>`;
  const type = (part: string, contentType: string) => `<Override PartName="${part}" ContentType="${contentType}"/>`;
  const spreadsheetml = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  const contentTypes = `${XML_DECLARATION}<Types xmlns="${NS.contentTypes}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${type('/xl/workbook.xml', `${spreadsheetml}.sheet.main+xml`)}${type('/xl/worksheets/sheet1.xml', `${spreadsheetml}.worksheet+xml`)}${type('/xl/styles.xml', `${spreadsheetml}.styles+xml`)}${type('/xl/sharedStrings.xml', `${spreadsheetml}.sharedStrings+xml`)}${type('/docProps/core.xml', 'application/vnd.openxmlformats-package.core-properties+xml')}</Types>`;
  return zipSync(
    {
      '[Content_Types].xml': strToU8(contentTypes),
      '_rels/.rels': strToU8(rootRels),
      'docProps/core.xml': strToU8(core),
      'xl/workbook.xml': strToU8(workbook),
      'xl/_rels/workbook.xml.rels': strToU8(workbookRels),
      'xl/styles.xml': strToU8(STYLES),
      'xl/sharedStrings.xml': strToU8(sharedStrings),
      'xl/worksheets/sheet1.xml': strToU8(worksheet),
    },
    { level: 6, mtime: created },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Reading XML: a small well-formedness-checking walker over the parts SpreadsheetML uses (elements by local name,
// attributes by qualified name, text with the predefined and numeric entities decoded, CDATA; no DTD).

type Attributes = Record<string, string>;
type XmlHandler = { open?: (name: string, attrs: Attributes) => void; close?: (name: string) => void; text?: (text: string) => void };

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string) {
  if (!text.includes('&')) return text;
  return text.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (entity, body: string) => {
    if (body[0] !== '#') {
      if (!(body in PREDEFINED)) throw new XlsxError(`unknown entity ${entity}`);
      return PREDEFINED[body];
    }
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    if (!(code <= 0x10ffff)) throw new XlsxError(`bad character reference ${entity}`);
    return String.fromCodePoint(code);
  });
}

const TAG = /<(\/?)(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Where the markup opened at `from` closes with `close` (the index of `close`). */
function markupEnd(xml: string, from: number, close: string) {
  const end = xml.indexOf(close, from);
  if (end === -1) throw new XlsxError('unterminated markup');
  return end;
}

function walkXml(xml: string, handler: XmlHandler) {
  const stack: string[] = [];
  const { open, close, text } = handler;
  let i = 0;
  for (;;) {
    const lt = xml.indexOf('<', i);
    if (lt === -1) {
      if (xml.slice(i).trim() !== '') throw new XlsxError('text after the root element');
      break;
    }
    if (lt > i && text && stack.length > 0) {
      const raw = xml.slice(i, lt);
      text(decodeEntities(raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw));
    }
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x3f /* <? */) {
      i = markupEnd(xml, lt, '?>') + 2;
    } else if (next === 0x21 /* <! */) {
      if (xml.startsWith('<!--', lt)) i = markupEnd(xml, lt, '-->') + 3;
      else if (xml.startsWith('<![CDATA[', lt)) {
        const end = markupEnd(xml, lt, ']]>');
        if (text && stack.length > 0) text(xml.slice(lt + 9, end));
        i = end + 3;
      } else throw new XlsxError('a document type declaration');
    } else {
      TAG.lastIndex = lt;
      const tag = TAG.exec(xml);
      if (!tag) throw new XlsxError('malformed tag');
      const [whole, closing, name, rawAttributes, empty] = tag;
      if (closing) {
        if (stack.pop() !== name || rawAttributes || empty) throw new XlsxError(`unexpected </${name}>`);
        close?.(name);
      } else {
        const attrs: Attributes = {};
        if (rawAttributes) {
          ATTRIBUTE.lastIndex = 0;
          for (let m = ATTRIBUTE.exec(rawAttributes); m; m = ATTRIBUTE.exec(rawAttributes)) attrs[m[1]] = decodeEntities(m[2] ?? m[3]);
        }
        open?.(name, attrs);
        if (empty) close?.(name);
        else stack.push(name);
      }
      i = lt + whole.length;
    }
  }
  if (stack.length > 0) throw new XlsxError(`unclosed <${stack[stack.length - 1]}>`);
}

/** SpreadsheetML's escape of a character in text (`_x000D_`), `_x005F_` being a literal underscore. */
const unescapeXstring = (text: string) => text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function decodeText(bytes: Uint8Array) {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes); // a BOM is dropped
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the package

type Relationship = { id: string; type: string; target: string };

/** A relationship's target as a part name in the zip (no leading slash), relative to the source part's folder. */
function resolveTarget(source: string, target: string) {
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // a target with a stray % is taken as written
  }
  const base = decoded.startsWith('/') ? [] : source.split('/').slice(0, -1);
  for (const segment of decoded.split('/')) {
    if (segment === '..') base.pop();
    else if (segment !== '.' && segment !== '') base.push(segment);
  }
  return base.join('/');
}

const relsPartOf = (part: string) => {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
};

function relationships(xml: string, source: string): Relationship[] {
  const found: Relationship[] = [];
  walkXml(xml, {
    open(name, attrs) {
      if (name === 'Relationship' && attrs.Target && attrs.TargetMode !== 'External')
        found.push({ id: attrs.Id ?? '', type: attrs.Type ?? '', target: resolveTarget(source, attrs.Target) });
    },
  });
  return found;
}

const ofType = (rels: Relationship[], type: string) => rels.find((r) => r.type.endsWith(`/${type}`));

/** The zip's parts, inflated on demand: part names are case-insensitive (OPC); declared sizes count against the cap. */
function packageReader(bytes: Uint8Array) {
  const names = new Map<string, string>();
  let inflated = 0;
  const read = (wanted: string[]): Map<string, string> => {
    const keys = new Set(wanted.map((w) => w.toLowerCase()));
    const files = unzipSync(bytes, {
      filter(file) {
        const key = file.name.toLowerCase();
        if (!names.has(key)) names.set(key, file.name);
        if (!keys.has(key)) return false;
        inflated += file.originalSize;
        if (inflated > XLSX_LIMITS.inflatedBytes) throw new XlsxError('the workbook inflates past the limit');
        return true;
      },
    });
    const texts = new Map<string, string>();
    for (const [name, data] of Object.entries(files)) texts.set(name.toLowerCase(), decodeText(data));
    return texts;
  };
  return { read, has: (part: string) => names.has(part.toLowerCase()) };
}

/** Built-in number formats that show a date or a time (ECMA-376 18.8.30, with the East Asian ones). */
const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);

/** A custom number format that shows a date: a year, month or day code, not only hours, minutes and seconds. */
export function isDateFormat(code: string) {
  const section = code
    .split(';')[0]
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/[_*]./g, '')
    .replace(/\[(h+|m+|s+)\]/gi, '$1')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/AM\/PM|A\/P/gi, '');
  if (/[yd]/i.test(section.replace(/General/gi, ''))) return true;
  // m is a month unless it follows an hour or precedes a second (then it is minutes)
  return /[mM]/.test(section) && !/[hHsS]/.test(section);
}

function dateStyles(xml: string | undefined): boolean[] {
  if (!xml) return [];
  const formats = new Map<number, string>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  walkXml(xml, {
    open(name, attrs) {
      if (name === 'numFmt') formats.set(Number(attrs.numFmtId), attrs.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attrs.numFmtId ?? 0);
        const custom = formats.get(id);
        styles.push(custom !== undefined ? isDateFormat(custom) : BUILT_IN_DATES.has(id));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

/** The text of rich or plain string items (`<si>`, `<is>`): their `<t>` runs, leaving out phonetic runs (`<rPh>`). */
function stringItems(xml: string | undefined, item: string): string[] {
  if (!xml) return [];
  const items: string[] = [];
  let parts: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  walkXml(xml, {
    open(name) {
      if (name === item) parts = [];
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && parts && phonetic === 0) inText = true;
    },
    text(t) {
      if (inText) parts!.push(t);
    },
    close(name) {
      if (name === item && parts) {
        items.push(unescapeXstring(parts.join('')));
        parts = null;
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
  });
  return items;
}

/**
 * A date serial as YYYY-MM-DD (1900 or 1904 date system), as a number's text when it is not a date. Serials before
 * 60 count from 1900-01-01 = 1 (the 1900 system has a 29 February 1900 that never was).
 */
function serialDate(serial: number, date1904: boolean) {
  const days = date1904 ? serial + 1462 : serial < 60 ? serial + 1 : serial;
  const date = new Date(Math.round((days - 25569) * 86_400_000));
  return Number.isNaN(date.getTime()) ? String(serial) : date.toISOString().slice(0, 10);
}

function cellPosition(ref: string) {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(ref);
  if (!m) throw new XlsxError(`bad cell reference ${ref}`);
  let column = 0;
  for (const ch of m[1].toUpperCase()) column = column * 26 + ch.charCodeAt(0) - 64;
  return column;
}

type CellState = { column: number; type: string; style: number; value: string[] | null; inline: string[] | null };

/** The cells of a worksheet part: rows by number, each its cells' text by column. */
function worksheetCells(xml: string, shared: string[], dates: boolean[], date1904: boolean) {
  const rows = new Map<number, Map<number, string>>();
  let width = 0;
  let cells = 0;
  let rowNumber = 0;
  let column = 0;
  let row: Map<number, string> | null = null;
  let cell: CellState | null = null;
  let capture: string[] | null = null;
  let inSheetData = false;
  let inInline = false;
  let phonetic = 0;

  const cellText = (c: CellState): string | null => {
    const v = c.value?.join('') ?? null;
    switch (c.type) {
      case 's': {
        if (v === null) return null;
        const text = shared[Number(v)];
        if (text === undefined) throw new XlsxError('a shared string out of range');
        return text;
      }
      case 'inlineStr':
        return c.inline ? unescapeXstring(c.inline.join('')) : v;
      case 'str':
        return v === null ? null : unescapeXstring(v);
      case 'b':
        return v === null ? null : v.trim() === '1' || v.trim() === 'true' ? 'true' : 'false';
      case 'e':
        return v;
      case 'd':
        return v === null ? null : (/^\d{4}-\d{2}-\d{2}/.exec(v.trim())?.[0] ?? v);
      default: {
        if (v === null) return null;
        const n = Number(v);
        if (v.trim() === '' || !Number.isFinite(n)) return v;
        return dates[c.style] ? serialDate(n, date1904) : String(n);
      }
    }
  };

  walkXml(xml, {
    open(name, attrs) {
      if (name === 'sheetData') inSheetData = true;
      if (!inSheetData) return;
      if (name === 'row') {
        rowNumber = attrs.r ? Number(attrs.r) : rowNumber + 1;
        if (!Number.isInteger(rowNumber) || rowNumber < 1 || rowNumber > MAX_ROW) throw new XlsxError('bad row number');
        column = 0;
        row = rows.get(rowNumber) ?? null;
      } else if (name === 'c') {
        column = attrs.r ? cellPosition(attrs.r) : column + 1;
        if (column < 1 || column > MAX_COLUMN) throw new XlsxError('bad column');
        cell = { column, type: attrs.t ?? 'n', style: Number(attrs.s ?? 0), value: null, inline: null };
      } else if (cell && name === 'v') {
        capture = cell.value = [];
      } else if (cell && name === 'is') {
        inInline = true;
        cell.inline = [];
      } else if (inInline && name === 'rPh') phonetic++;
      else if (inInline && name === 't' && phonetic === 0) capture = cell!.inline;
    },
    text(t) {
      capture?.push(t);
    },
    close(name) {
      if (name === 'sheetData') inSheetData = false;
      else if (name === 'v' || name === 't') capture = null;
      else if (name === 'is') inInline = false;
      else if (name === 'rPh' && inInline) phonetic--;
      else if (name === 'c' && cell) {
        const text = cellText(cell);
        if (text !== null) {
          if (++cells > XLSX_LIMITS.cells) throw new XlsxError('too many cells');
          if (!row) rows.set(rowNumber, (row = new Map()));
          row.set(cell.column, text);
          width = Math.max(width, cell.column);
        }
        cell = null;
      }
    },
  });
  return { rows, width };
}

/**
 * The first worksheet (in the workbook's order) of an `.xlsx` as rows of text, each as wide as the widest row, rows
 * without a value left out; numbers as their text, a date-formatted number as YYYY-MM-DD, a boolean as true/false,
 * an error as its code. Throws an XlsxError when the bytes are not such a workbook or pass a limit.
 */
export function readXlsx(bytes: Uint8Array): string[][] {
  const pkg = packageReader(bytes);
  const rootRels = pkg.read(['_rels/.rels']).get('_rels/.rels');
  const workbookPart = (rootRels && ofType(relationships(rootRels, ''), 'officeDocument')?.target) || 'xl/workbook.xml';
  const workbookRelsPart = relsPartOf(workbookPart);
  const meta = pkg.read([workbookPart, workbookRelsPart]);
  const workbookXml = meta.get(workbookPart.toLowerCase());
  const workbookRelsXml = meta.get(workbookRelsPart.toLowerCase());
  if (!workbookXml || !workbookRelsXml) throw new XlsxError('not a workbook');

  const sheetIds: string[] = [];
  let root: string | undefined;
  let date1904 = false;
  walkXml(workbookXml, {
    open(name, attrs) {
      root ??= name;
      if (name === 'workbookPr') date1904 = attrs.date1904 === '1' || attrs.date1904 === 'true';
      if (name === 'sheet') sheetIds.push(attrs[Object.keys(attrs).find((k) => k.endsWith(':id')) ?? ''] ?? '');
    },
  });
  if (root !== 'workbook') throw new XlsxError('not a workbook');
  const rels = relationships(workbookRelsXml, workbookPart);
  // The first sheet that is a worksheet (a chart sheet holds no cells)
  const sheetPart = sheetIds.map((id) => rels.find((r) => r.id === id)).find((r) => r?.type.endsWith('/worksheet'))?.target;
  if (!sheetPart) return [];
  if (!pkg.has(sheetPart)) throw new XlsxError('the first sheet is missing');
  const stylesPart = ofType(rels, 'styles')?.target;
  const sharedPart = ofType(rels, 'sharedStrings')?.target;
  const parts = pkg.read([sheetPart, ...(stylesPart ? [stylesPart] : []), ...(sharedPart ? [sharedPart] : [])]);
  const part = (name: string | undefined) => (name ? parts.get(name.toLowerCase()) : undefined);

  const { rows, width } = worksheetCells(part(sheetPart)!, stringItems(part(sharedPart), 'si'), dateStyles(part(stylesPart)), date1904);
  if (rows.size * width > XLSX_LIMITS.gridCells) throw new XlsxError('too many cells');
  return [...rows.keys()]
    .sort((a, b) => a - b)
    .map((r) => {
      const cells = rows.get(r)!;
      return Array.from({ length: width }, (_, c) => cells.get(c + 1) ?? '');
    });
}
