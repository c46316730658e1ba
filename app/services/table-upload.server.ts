import { DomainError } from '~/lib/errors';
import { readTable } from '~/lib/spreadsheets.server';

// An uploaded spreadsheet (.xlsx or CSV) read for an import (a roster, books): the checks every import makes before
// it looks at a row, in this order, each a coded error under the import's own prefix (`ROSTER_…`, `IMPORT_…`).

export type TableUploadRules<Index> = {
  code: 'ROSTER' | 'IMPORT';
  maxBytes: number;
  maxRows: number;
  messages: { tooLarge: string; noRows: string; tooManyRows: string };
  /** Finds the import's columns in the header row (and throws when one it needs is missing). */
  columns: (header: string[]) => Index;
};

/** The file's columns and its rows below the header: too large (413), unreadable, without rows or with too many (400). */
export async function readUploadedTable<Index>(bytes: Uint8Array, rules: TableUploadRules<Index>) {
  const { code, messages } = rules;
  if (bytes.length > rules.maxBytes) throw new DomainError(`${code}_TOO_LARGE`, messages.tooLarge, 413);
  let table: string[][];
  try {
    table = await readTable(bytes);
  } catch (error) {
    throw new DomainError(`${code}_UNREADABLE`, (error as Error).message, 400);
  }
  const [header, ...body] = table;
  const index = rules.columns(header);
  if (body.length === 0) throw new DomainError(`${code}_EMPTY`, messages.noRows, 400);
  if (body.length > rules.maxRows) throw new DomainError(`${code}_TOO_MANY`, messages.tooManyRows, 400);
  return { index, body };
}
