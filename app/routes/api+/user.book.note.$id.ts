import { NOTE_MESSAGES } from '~/domain/notes';
import { apiError, apiRoute } from '~/web/api.server';
import { findNoteIdForBook, getNoteForViewer } from '~/services/notes/access.server';
import { getStudentNotePage } from '~/services/notes/student-notes.server';
import { emptyNote, NOTE_FAILURES, noteAnswer, noteJson } from './__notes.server';
import { TAGS } from '~/web/api-doc.server';
import { BOOK_NOT_FOUND } from './__reading.server';

// GET /api/user/book/note/{resultBookId}: the note of a result book (docs/api-notes.md).
export const { loader, action } = apiRoute({
  access: 'ANY',
  ids: ['id'],
  doc: {
    path: '/api/user/book/note/{id}',
    tag: TAGS.notes,
    summary: '독서 노트',
    description:
      '결과 도서({id})의 독서 노트와 이력. 학생에게는 아직 노트가 없으면 빈 노트(noteId -1)를, 선생님·코치에게는 NOTE_NOT_FOUND 를 답합니다.',
    answer: noteAnswer,
    errors: [NOTE_FAILURES.notFound, NOTE_FAILURES.forbidden, NOTE_FAILURES.bookNotReady, BOOK_NOT_FOUND],
  },
  handler: async ({ user, ids: { id: resultBookId } }) => {
    if (user.role === 'USER') {
      const page = await getStudentNotePage(user.id, resultBookId);
      return page.note ? noteJson(page.note, page.history) : emptyNote(resultBookId);
    }
    const noteId = await findNoteIdForBook(null, resultBookId);
    if (noteId === null) return apiError('NOTE_NOT_FOUND', NOTE_MESSAGES.notFound, 404);
    const detail = await getNoteForViewer(user, noteId);
    return noteJson(detail.note, detail.history);
  },
});
