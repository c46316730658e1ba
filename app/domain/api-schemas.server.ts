import { z } from 'zod';
import { BookStatus, NoteState, ProblemStep, ReadMethod } from './enums';
import { CATEGORY_CODES } from './problems';
import '~/lib/zod-openapi.server'; // zod's `.openapi()`

// Pieces the answers' zod schemas share (app/web/api-doc.server.ts): the spec's numbered enumerations and times.

/** A time as the JSON carries it (an ISO 8601 string); a Date in the service's type. */
export const isoDate = z.date().openapi({ format: 'date-time' });

export const bookStatus = z.nativeEnum(BookStatus).openapi({ description: enumDescription(BookStatus) });
export const readMethod = z.nativeEnum(ReadMethod).openapi({ description: enumDescription(ReadMethod) });
export const noteState = z.nativeEnum(NoteState).openapi({ description: enumDescription(NoteState) });
export const problemStep = z.nativeEnum(ProblemStep).openapi({ description: enumDescription(ProblemStep) });
export const problemCategory = z.enum(CATEGORY_CODES as [(typeof CATEGORY_CODES)[number], ...(typeof CATEGORY_CODES)[number][]]);
export const medal = z.enum(['GOLD', 'SILVER', 'BRONZE']);

/** A book's catalogue fields as the answers carry them (spread into each answer's own object). */
export const bookCatalogueFields = {
  title: z.string(),
  author: z.string(),
  publisher: z.string(),
  totalPages: z.number().int(),
  level: z.number(),
  genre: z.string(),
};

function enumDescription(values: Record<string, number>) {
  return Object.entries(values)
    .map(([name, value]) => `${value} ${name}`)
    .join(', ');
}
