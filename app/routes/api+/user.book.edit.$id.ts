import { z } from 'zod';
import { API_MESSAGES } from '~/web/api-auth.server';
import { NOTE_LIMITS, NOTE_MESSAGES, reviewerRole } from '~/domain/notes';
import { apiError, apiRoute } from '~/web/api.server';
import { ERROR_CODES } from '~/messages';
import { getNoteForViewer } from '~/services/notes/access.server';
import { reviewNote } from '~/services/notes/review.server';
import { intId, NOTE_BODY_MAX_BYTES, NOTE_FAILURES, noteAnswer, noteJson } from './__notes.server';
import { TAGS } from '~/web/api-doc.server';

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
  doc: {
    path: '/api/user/book/edit/{id}',
    tag: TAGS.notes,
    summary: '독서 노트 댓글',
    description: '선생님이나 코치가 노트({id}: 노트 번호)에 댓글을 답니다. 학생은 부를 수 없습니다.',
    answer: noteAnswer,
    errors: [
      { code: ERROR_CODES.AUTHORIZED_ERROR, message: API_MESSAGES.authorizedError, status: 403 },
      NOTE_FAILURES.notFound,
      NOTE_FAILURES.forbidden,
      NOTE_FAILURES.conflict,
      NOTE_FAILURES.transitionRefused,
      { code: 'NOTE_COMMENT_REQUIRED', message: NOTE_MESSAGES.commentRequired, status: 400 },
      { code: 'NOTE_COMMENT_TOO_LONG', message: NOTE_MESSAGES.commentTooLong, status: 400 },
    ],
  },
  handler: async ({ user, ids, body }) => {
    if (!reviewerRole(user)) return apiError(ERROR_CODES.AUTHORIZED_ERROR, API_MESSAGES.authorizedError, 403);
    const version = body.version ?? (await getNoteForViewer(user, ids.id)).note.version;
    await reviewNote(user, { noteId: ids.id, version, action: 'comment', comment: body.noteInput });
    const detail = await getNoteForViewer(user, ids.id);
    return noteJson(detail.note, detail.history);
  },
});
