import { z } from 'zod';
import { NOTE_LIMITS, NOTE_MESSAGES } from '~/domain/notes';

// The student's note page as the server reads it (the page checks native constraints only: docs/decisions/011): the
// note form (multipart, with its image) saves a draft or submits; the small "I have read the comments" form marks
// the teacher's comments read.

/** The note form. */
export const noteSchema = z.object({
  intent: z.enum(['draft', 'submit']),
  note: z
    .string({ required_error: NOTE_MESSAGES.noteRequired })
    .trim()
    .min(1, NOTE_MESSAGES.noteRequired)
    .max(NOTE_LIMITS.noteMax, NOTE_MESSAGES.noteTooLong),
  version: z.number().int().optional(),
  removeImage: z.boolean().optional(),
  /** The uploaded file (a File), checked by content in the service (images.server.ts); here so its errors have a field. */
  image: z.any().optional(),
});

const noteId = z.number({ required_error: NOTE_MESSAGES.notFound, invalid_type_error: NOTE_MESSAGES.notFound }).int();

/** Both forms of the page. */
export const schema = z.discriminatedUnion('intent', [noteSchema, z.object({ intent: z.literal('read'), noteId })]);

/** Where the service's refusals are shown. */
export const NOTE_FIELDS = {
  NOTE_REQUIRED: 'note',
  NOTE_TOO_SHORT: 'note',
  NOTE_TOO_LONG: 'note',
  NOTE_IMAGE_TYPE: 'image',
  NOTE_IMAGE_TOO_LARGE: 'image',
} as const;
