import { z } from 'zod';
import { enumName, NoteState } from '~/domain/enums';
import type { NoteDetail, NoteHistoryEntry } from '~/services/notes/access.server';

type Note = NoteDetail['note'];

// The JSON shape of a note in the /api answers (docs/api-notes.md), and the ids its bodies carry.

export const intId = z.coerce.number({ invalid_type_error: '번호가 올바르지 않습니다.' }).int().min(-1).max(2_147_483_647);

/** A note's JSON body: the longest note or comment with room to spare. */
export const NOTE_BODY_MAX_BYTES = 64 * 1024;

export function noteJson(note: Note, history: NoteHistoryEntry[] = []) {
  return {
    noteId: note.id,
    resultBookId: note.resultBookId,
    note: note.note,
    noteInput: note.noteInput,
    correction: note.correction,
    state: note.state,
    stateName: enumName(NoteState, note.state),
    version: note.version,
    image: note.imageKey
      ? { url: `/resources/note-image/${note.id}?v=${note.version}`, width: note.imageWidth, height: note.imageHeight }
      : null,
    hasUnreadComment: note.hasUnreadComment,
    submittedAt: note.submittedAt,
    updatedAt: note.updatedAt,
    history: history.map((h) => ({
      actorName: h.actorName,
      actorRole: h.actorRole,
      action: h.action,
      fromState: h.fromState,
      toState: h.toState,
      comment: h.comment,
      createdAt: h.createdAt,
    })),
  };
}

/** The note of a result book when the student has none yet. */
export const emptyNote = (resultBookId: number) => ({
  noteId: -1,
  resultBookId,
  note: '',
  noteInput: null,
  correction: null,
  state: NoteState.NONE,
  stateName: 'NONE',
  version: 0,
  image: null,
  hasUnreadComment: false,
  submittedAt: null,
  updatedAt: null,
  history: [],
});
