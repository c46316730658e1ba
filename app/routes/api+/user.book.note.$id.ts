import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiData, handleApi, requireApiUser } from '~/auth/api.server';
import { NoteState } from '~/domain/enums';
import { NOTE_MESSAGES } from '~/domain/notes';
import { DomainError } from '~/lib/errors';
import { noteJson } from '~/services/notes-api.server';
import { idParam } from '~/services/notes-http.server';
import { findNoteIdForBook, getNoteForViewer, getStudentNotePage } from '~/services/notes.server';

// GET /api/user/book/note/{resultBookId}: the note of a result book (docs/api-notes.md).
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const resultBookId = idParam(params.id);
    if (user.role === 'USER') {
      const page = await getStudentNotePage(user.id, resultBookId);
      if (!page.note) {
        return apiData({ noteId: -1, resultBookId, note: '', noteInput: null, correction: null, state: NoteState.NONE, stateName: 'NONE', version: 0, image: null, hasUnreadComment: false, submittedAt: null, updatedAt: null, history: [] });
      }
      return apiData(noteJson(page.note, page.history));
    }
    const noteId = await findNoteIdForBook(null, resultBookId);
    if (noteId === null) throw new DomainError('NOTE_NOT_FOUND', NOTE_MESSAGES.notFound, 404);
    const detail = await getNoteForViewer(user, noteId);
    return apiData(noteJson(detail.note, detail.history));
  });
}
