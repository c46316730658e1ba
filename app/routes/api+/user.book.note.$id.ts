import { NOTE_MESSAGES } from '~/domain/notes';
import { apiError, apiRoute } from '~/lib/api.server';
import { findNoteIdForBook, getNoteForViewer } from '~/services/notes/access.server';
import { getStudentNotePage } from '~/services/notes/student-notes.server';
import { emptyNote, noteJson } from './__notes.server';

// GET /api/user/book/note/{resultBookId}: the note of a result book (docs/api-notes.md).
export const { loader, action } = apiRoute({
  access: 'ANY',
  ids: ['id'],
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
