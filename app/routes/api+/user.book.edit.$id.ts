import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { API_MESSAGES, apiData, apiError, handleApi, requireApiUser } from '~/auth/api.server';
import { NOTE_LIMITS, NOTE_MESSAGES } from '~/domain/notes';
import { ERROR_CODES } from '~/messages';
import { intId, jsonBody, noteJson } from '~/services/notes-api.server';
import { idParam } from '~/services/notes-http.server';
import { getNoteForViewer, reviewerRole, reviewNote } from '~/services/notes.server';

// PUT /api/user/book/edit/{noteId} { noteInput, version? }: a teacher's or coach's comment on a note
// (docs/api-notes.md). Students may not call it.
const schema = z.object({
  noteInput: z.string({ required_error: NOTE_MESSAGES.commentRequired }).trim().min(1, NOTE_MESSAGES.commentRequired).max(NOTE_LIMITS.commentMax, NOTE_MESSAGES.commentTooLong),
  version: intId.optional(),
});

export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== 'PUT') return apiError('METHOD_NOT_ALLOWED', 'PUT으로 요청해 주세요.', 405);
    const user = await requireApiUser(request);
    if (!reviewerRole(user)) return apiError(ERROR_CODES.AUTHORIZED_ERROR, API_MESSAGES.authorizedError, 403);
    const noteId = idParam(params.id);
    const body = await jsonBody(request, schema);
    const version = body.version ?? (await getNoteForViewer(user, noteId)).note.version;
    await reviewNote(user, { noteId, version, action: 'comment', comment: body.noteInput });
    const detail = await getNoteForViewer(user, noteId);
    return apiData(noteJson(detail.note, detail.history));
  });
}
