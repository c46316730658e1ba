import { z } from 'zod';
import { API_MESSAGES } from '~/auth/api.server';
import { NOTE_LIMITS, NOTE_MESSAGES, reviewerRole } from '~/domain/notes';
import { apiError, apiRoute } from '~/lib/api.server';
import { ERROR_CODES } from '~/messages';
import { getNoteForViewer } from '~/services/notes/access.server';
import { reviewNote } from '~/services/notes/review.server';
import { intId, NOTE_BODY_MAX_BYTES, noteJson } from './__notes.server';

// PUT /api/user/book/edit/{noteId} { noteInput, version? }: a teacher's or coach's comment on a note
// (docs/api-notes.md). Students may not call it.
const body = z.object({
  noteInput: z
    .string({ required_error: NOTE_MESSAGES.commentRequired })
    .trim()
    .min(1, NOTE_MESSAGES.commentRequired)
    .max(NOTE_LIMITS.commentMax, NOTE_MESSAGES.commentTooLong),
  version: intId.optional(),
});

export const { loader, action } = apiRoute({
  method: 'PUT',
  access: 'ANY',
  ids: ['id'],
  body,
  maxBytes: NOTE_BODY_MAX_BYTES,
  handler: async ({ user, ids, body }) => {
    if (!reviewerRole(user)) return apiError(ERROR_CODES.AUTHORIZED_ERROR, API_MESSAGES.authorizedError, 403);
    const version = body.version ?? (await getNoteForViewer(user, ids.id)).note.version;
    await reviewNote(user, { noteId: ids.id, version, action: 'comment', comment: body.noteInput });
    const detail = await getNoteForViewer(user, ids.id);
    return noteJson(detail.note, detail.history);
  },
});
