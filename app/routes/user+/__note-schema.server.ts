import { z } from 'zod';
import { NOTE_LIMITS, NOTE_MESSAGES } from '~/domain/notes';

// The student's note form as the server reads it (the page checks native constraints only: docs/decisions/011).
export const schema = z.object({
  intent: z.enum(['draft', 'submit']),
  note: z
    .string({ required_error: NOTE_MESSAGES.noteRequired })
    .trim()
    .min(1, NOTE_MESSAGES.noteRequired)
    .max(NOTE_LIMITS.noteMax, NOTE_MESSAGES.noteTooLong),
  version: z.number().int().optional(),
  removeImage: z.boolean().optional(),
  /** Checked by content on the server (images.server.ts); here only so that its errors have a field. */
  image: z.any().optional(),
});
