import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { apiData, apiError, handleApi, requireApiUser } from '~/auth/api.server';
import { intId, noteJson, parseOr400 } from '~/services/notes-api.server';
import { isMultipart, parseNoteMultipart, processNoteImage, uploadedBytes } from '~/services/note-images.server';
import { getStudentNotePage, saveStudentNote } from '~/services/notes.server';

// POST /api/user/book/noteResult (multipart: `file`, optional, and `note`, a JSON text
// { noteId, resultBookId, note?, version? }): the student submits the note (→ WRITE; the first submission moves the
// book NOTE → COMPLETE). Without `note.note` the saved draft's text is submitted. docs/api-notes.md.
const noteSchema = z.object({
  resultBookId: intId,
  noteId: intId.optional(),
  note: z.string().optional(),
  version: intId.optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== 'POST') return apiError('METHOD_NOT_ALLOWED', 'POST로 요청해 주세요.', 405);
    const user = await requireApiUser(request, { role: 'USER' });
    if (!isMultipart(request)) return apiError('INVALID_REQUEST', 'multipart/form-data로 보내 주세요.', 415);
    const form = await parseNoteMultipart(request);
    let raw: unknown;
    try {
      raw = JSON.parse(String(form.get('note') ?? ''));
    } catch {
      return apiError('INVALID_REQUEST', 'note 항목을 읽을 수 없습니다.', 400);
    }
    const meta = parseOr400(noteSchema, raw);
    const bytes = await uploadedBytes(form.get('file'));
    const image = bytes ? await processNoteImage(bytes) : null;
    const text = meta.note ?? (await getStudentNotePage(user.id, meta.resultBookId)).note?.note ?? '';
    await saveStudentNote(user.id, { resultBookId: meta.resultBookId, version: meta.version, text, image, submit: true });
    const page = await getStudentNotePage(user.id, meta.resultBookId);
    return apiData(noteJson(page.note!, page.history));
  });
}
