import { z } from 'zod';
import { apiError, apiRoute } from '~/lib/api.server';
import { isMultipart, readMultipart, uploadedBytes } from '~/lib/uploads.server';
import { imageSizeError, MAX_IMAGE_BYTES, processNoteImage } from '~/services/images.server';
import { getStudentNotePage, saveStudentNote } from '~/services/notes/student-notes.server';
import { intId, noteJson } from './__notes.server';

// POST /api/user/book/noteResult (multipart: `file`, optional, and `note`, a JSON text
// { noteId, resultBookId, note?, version? }): the student submits the note (→ WRITE; the first submission moves the
// book NOTE → COMPLETE). Without `note.note` the saved draft's text is submitted. docs/api-notes.md.
const noteMeta = z.object({
  resultBookId: intId,
  noteId: intId.optional(),
  note: z.string().optional(),
  version: intId.optional(),
});

export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'USER',
  handler: async ({ user, request }) => {
    if (!isMultipart(request)) return apiError('INVALID_REQUEST', 'multipart/form-data로 보내 주세요.', 415);
    const form = await readMultipart(request, MAX_IMAGE_BYTES, imageSizeError);
    let raw: unknown;
    try {
      raw = JSON.parse(String(form.get('note') ?? ''));
    } catch {
      return apiError('INVALID_REQUEST', 'note 항목을 읽을 수 없습니다.', 400);
    }
    const meta = noteMeta.safeParse(raw);
    if (!meta.success) return apiError('INVALID_REQUEST', meta.error.issues[0]?.message ?? '요청 내용을 확인해 주세요.', 400);
    const bytes = await uploadedBytes(form.get('file'));
    const image = bytes ? await processNoteImage(bytes) : null;
    const { resultBookId, version } = meta.data;
    const text = meta.data.note ?? (await getStudentNotePage(user.id, resultBookId)).note?.note ?? '';
    await saveStudentNote(user.id, { resultBookId, version, text, image, submit: true });
    const page = await getStudentNotePage(user.id, resultBookId);
    return noteJson(page.note!, page.history);
  },
});
