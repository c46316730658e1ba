import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';
import { readXlsx, writeXlsx } from '~/lib/xlsx.server';

// Tables in and out of the academy's spreadsheets (rosters, progress): `.xlsx` through the reader and writer of
// xlsx.server.ts, CSV through csv-parse/csv-stringify. A CSV from Korean Excel is usually CP949; one saved as "CSV UTF-8" starts with a BOM.
// Exports escape cells that a spreadsheet would run as a formula (CSV injection).

export type Cell = string | number | null | undefined;
export type Column<K extends string = string> = { key: K; header: string; width?: number };
export type Table<K extends string = string> = { columns: Column<K>[]; rows: Record<K, Cell>[] };

export const SPREADSHEET_MESSAGES = {
  unreadable: '파일을 읽을 수 없습니다. 엑셀(.xlsx) 또는 CSV 파일인지 확인해 주세요.',
  empty: '파일에 데이터가 없습니다.',
} as const;

/** A cell a spreadsheet would run as a formula (= + - @, or a tab or carriage return first) gets a leading apostrophe. */
export function escapeFormula(value: Cell): Cell {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** CSV with a UTF-8 BOM (so Excel reads Korean correctly) and formula-escaped text cells. */
export function toCsv<K extends string>(table: Table<K>): Buffer {
  return Buffer.concat([csvHeader(table.columns), csvRows(table.columns, table.rows)]);
}

/** The start of toCsv's file: the BOM and the header line (for a CSV written a part at a time). */
export function csvHeader<K extends string>(columns: Column<K>[]): Buffer {
  const line = stringify([columns.map((c) => c.header)], { record_delimiter: '\r\n' });
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(line, 'utf8')]);
}

/** Rows of toCsv's file after its header, formula-escaped as toCsv does (for a CSV written a part at a time). */
export function csvRows<K extends string>(columns: Column<K>[], rows: Record<K, Cell>[]): Buffer {
  const body = stringify(
    rows.map((row) => columns.map((c) => escapeFormula(row[c.key]) ?? '')),
    { record_delimiter: '\r\n' },
  );
  return Buffer.from(body, 'utf8');
}

/** One worksheet with a bold header row. Text cells are stored as text (never formulas) and escaped like the CSV. */
export async function toXlsx<K extends string>(table: Table<K>, sheetName = 'Sheet1'): Promise<Buffer> {
  const bytes = writeXlsx({
    name: sheetName,
    columns: table.columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(10, c.header.length * 2 + 2) })),
    rows: table.rows.map((row) => table.columns.map((c) => escapeFormula(row[c.key]))),
  });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const isZip = (bytes: Uint8Array) => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** CSV text from bytes: UTF-8 (with or without BOM) when it decodes as UTF-8, otherwise CP949 (Korean Excel's default). */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return iconv.decode(Buffer.from(bytes), 'cp949');
  }
}

/**
 * The rows of an uploaded `.xlsx` (its first sheet) or CSV, as trimmed text, the header row first; wholly empty rows
 * dropped. Throws a DomainError-free Error with a Korean message when the file is neither.
 */
export async function readTable(bytes: Uint8Array): Promise<string[][]> {
  let rows: string[][];
  try {
    if (isZip(bytes)) {
      rows = readXlsx(bytes).map((r) => r.map((v) => v.trim()));
    } else {
      const text = decodeCsv(bytes);
      if (text.includes('\u0000')) throw new Error('binary');
      rows = parse(text, { relax_column_count: true, skip_empty_lines: true }) as string[][];
      rows = rows.map((r) => r.map((v) => v.trim()));
    }
  } catch {
    throw new Error(SPREADSHEET_MESSAGES.unreadable);
  }
  rows = rows.filter((r) => r.some((v) => v !== ''));
  if (rows.length === 0) throw new Error(SPREADSHEET_MESSAGES.empty);
  return rows;
}

/** A column an import reads: its header in the template, and other headers a file may use for it. */
export type ImportColumn<K extends string = string> = { key: K; header: string; aliases?: readonly string[] };

const headerKey = (h: string) =>
  h
    .replace(/^\uFEFF/, '')
    .replace(/\s+/g, '')
    .toLowerCase();

/**
 * Which column of a file holds each field: headers in any order, matched on the template's header or an alias,
 * ignoring spaces, case and a byte-order mark. A field the file lacks is -1 and listed in `missing`.
 */
export function findColumns<K extends string>(header: string[], columns: readonly ImportColumn<K>[]) {
  const positions = new Map<string, number>();
  header.forEach((h, i) => {
    if (!positions.has(headerKey(h))) positions.set(headerKey(h), i);
  });
  const index = {} as Record<K, number>;
  const missing: ImportColumn<K>[] = [];
  for (const c of columns) {
    const found = [c.header, ...(c.aliases ?? [])].map((name) => positions.get(headerKey(name))).find((i) => i !== undefined);
    if (found === undefined) missing.push(c);
    index[c.key] = found ?? -1;
  }
  return { index, missing };
}
