import { sql } from 'drizzle-orm';
import { integer, jsonb, serial, smallint, text, timestamp, type AnyPgColumn, type UpdateDeleteAction } from 'drizzle-orm/pg-core';
import type { ItemStatus } from '~/domain/enums';

// The column shapes the tables repeat, each written once. Every builder keeps the column's name as a literal type, so
// a table built with them infers the same row types as one spelled out. No table file is imported here (they all
// import this one): a referenced column is passed as a thunk, as `.references()` takes it.

/** `id serial primary key`. */
export const serialId = () => serial('id').primaryKey();

/** `timestamp with time zone`, nullable. */
export const timestampTz = <TName extends string>(name: TName) => timestamp(name, { withTimezone: true });

/** `timestamp with time zone not null default now()`. */
export const timestampNow = <TName extends string>(name: TName) => timestampTz(name).notNull().defaultNow();

export const createdAt = () => timestampNow('created_at');
export const updatedAt = () => timestampNow('updated_at');

/** `integer not null references <column>`, with its `on delete` action when given (none: no action). */
export const ref = <TName extends string>(name: TName, column: () => AnyPgColumn, onDelete?: UpdateDeleteAction) =>
  integer(name).notNull().references(column, { onDelete });

/** `integer references <column>`: the nullable foreign key. */
export const optionalRef = <TName extends string>(name: TName, column: () => AnyPgColumn, onDelete?: UpdateDeleteAction) =>
  integer(name).references(column, { onDelete });

/** The status of a catalogue item (a book, a notice, a problem set): ACTIVE (1) unless set otherwise. */
export const itemStatus = () => smallint('status').$type<ItemStatus>().notNull().default(1);

/** `text[] not null default '{}'`. */
export const textArray = <TName extends string>(name: TName) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/** `jsonb not null default '[]'`; the element type is given with `.$type<…[]>()`. */
export const jsonbArray = <TName extends string>(name: TName) =>
  jsonb(name)
    .notNull()
    .default(sql`'[]'::jsonb`);

/**
 * An uploaded file between its preview and its confirmation (the book and roster imports): its name, the parsed rows
 * with their errors as the preview showed them, and whether (and when) it was confirmed.
 */
export const importPreviewColumns = () => ({
  fileName: text('file_name').notNull(),
  rows: jsonb('rows').notNull(),
  status: text('status').$type<'PREVIEW' | 'CONFIRMED'>().notNull().default('PREVIEW'),
  createdCount: integer('created_count'),
  createdAt: createdAt(),
  confirmedAt: timestampTz('confirmed_at'),
});
