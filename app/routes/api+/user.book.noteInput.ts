import { z } from 'zod';
import { NOTE_MESSAGES } from '~/domain/notes';
import { apiRoute } from '~/web/api.server';
import { getStudentNotePage, saveStudentNote } from '~/services/notes/student-notes.server';
import { intId, NOTE_BODY_MAX_BYTES, NOTE_FAILURES, noteAnswer, noteJson } from './__notes.server';
import { TAGS } from '~/web/api-doc.server';
import { BOOK_NOT_FOUND } from './__reading.server';

// POST /api/user/book/noteInput { resultBookId, noteId, note, version? }: the student saves the note's text without
// submitting it (a draft; a held or not yet opened note keeps its state). docs/api-notes.md.
const body = z.object({
  resultBookId: intId,
  noteId: intId.optional(),
  note: z.string({ required_error: NOTE_MESSAGES.noteRequired }),
  version: intId.optional(),
});

export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'USER',
  body,
  maxBytes: NOTE_BODY_MAX_BYTES,
  unreadable: { code: 'INVALID_REQUEST', message: '요청 내용을 읽을 수 없습니다.' },
  doc: {
    path: '/api/user/book/noteInput',
    tag: TAGS.notes,
    summary: '독서 노트 임시 저장',
    description: '노트의 글을 제출하지 않고 저장합니다. version 을 보내면 그 사이 바뀐 노트는 NOTE_CONFLICT 로 거절됩니다.',
    answer: noteAnswer,
    errors: [
      NOTE_FAILURES.notFound,
      NOTE_FAILURES.bookNotReady,
      NOTE_FAILURES.notEditable,
      NOTE_FAILURES.conflict,
      NOTE_FAILURES.tooLong,
      BOOK_NOT_FOUND,
    ],
  },
  handler: async ({ user, body }) => {
    await saveStudentNote(user.id, { resultBookId: body.resultBookId, version: body.version, text: body.note, submit: false });
    const page = await getStudentNotePage(user.id, body.resultBookId);
    return noteJson(page.note!, page.history);
  },
});
