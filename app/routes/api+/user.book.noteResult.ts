import { z } from 'zod';
import { apiError, apiRoute } from '~/web/api.server';
import { isMultipart, readMultipart, uploadedBytes } from '~/web/uploads.server';
import { imageSizeError, MAX_IMAGE_BYTES, processNoteImage } from '~/services/images.server';
import { getStudentNotePage, saveStudentNote } from '~/services/notes/student-notes.server';
import { intId, NOTE_FAILURES, noteAnswer, noteJson } from './__notes.server';
import { TAGS } from '~/web/api-doc.server';
import { BOOK_NOT_FOUND } from './__reading.server';

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
  doc: {
    path: '/api/user/book/noteResult',
    tag: TAGS.notes,
    summary: '독서 노트 제출',
    description:
      'multipart/form-data: `note` (JSON 글: { noteId, resultBookId, note?, version? }) 와 선택 `file` (이미지). note.note 가 없으면 임시 저장한 글을 제출합니다. 첫 제출에 책이 완료됩니다.',
    request: {
      type: 'multipart/form-data',
      schema: z.object({
        note: z.string().openapi({ description: 'JSON: { noteId?, resultBookId, note?, version? }' }),
        file: z.string().optional().openapi({ type: 'string', format: 'binary' }),
      }),
    },
    answer: noteAnswer,
    errors: [
      { code: 'INVALID_REQUEST', message: 'multipart/form-data로 보내 주세요.', status: 415 },
      { code: 'INVALID_REQUEST', message: 'note 항목을 읽을 수 없습니다.', status: 400 },
      NOTE_FAILURES.notFound,
      NOTE_FAILURES.bookNotReady,
      NOTE_FAILURES.notEditable,
      NOTE_FAILURES.conflict,
      NOTE_FAILURES.required,
      NOTE_FAILURES.tooShort,
      NOTE_FAILURES.tooLong,
      NOTE_FAILURES.imageType,
      NOTE_FAILURES.imageTooLarge,
      BOOK_NOT_FOUND,
    ],
  },
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
