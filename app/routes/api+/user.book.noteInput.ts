import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { apiData, apiError, handleApi, requireApiUser } from '~/auth/api.server';
import { NOTE_MESSAGES } from '~/domain/notes';
import { intId, jsonBody, noteJson } from '~/services/notes-api.server';
import { getStudentNotePage, saveStudentNote } from '~/services/notes.server';

// POST /api/user/book/noteInput { resultBookId, noteId, note, version? }: the student saves the note's text without
// submitting it (a draft; a held or not yet opened note keeps its state). docs/api-notes.md.
const schema = z.object({
  resultBookId: intId,
  noteId: intId.optional(),
  note: z.string({ required_error: NOTE_MESSAGES.noteRequired }),
  version: intId.optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== 'POST') return apiError('METHOD_NOT_ALLOWED', 'POST로 요청해 주세요.', 405);
    const user = await requireApiUser(request, { role: 'USER' });
    const body = await jsonBody(request, schema);
    await saveStudentNote(user.id, { resultBookId: body.resultBookId, version: body.version, text: body.note, submit: false });
    const page = await getStudentNotePage(user.id, body.resultBookId);
    return apiData(noteJson(page.note!, page.history));
  });
}
