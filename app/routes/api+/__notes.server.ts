import { z } from 'zod';
import { enumName, NoteState } from '~/domain/enums';
import type { ApiFailure } from '~/web/api-doc.server';
import { isoDate, noteState } from '~/domain/api-schemas.server';
import { NOTE_MESSAGES } from '~/domain/notes';
import type { NoteDetail, NoteHistoryEntry } from '~/services/notes/access.server';

type Note = NoteDetail['note'];

// The JSON shape of a note in the /api answers (docs/api-notes.md), and the ids its bodies carry.

export const intId = z.coerce.number({ invalid_type_error: '번호가 올바르지 않습니다.' }).int().min(-1).max(2_147_483_647);

/** A note's JSON body: the longest note or comment with room to spare. */
export const NOTE_BODY_MAX_BYTES = 64 * 1024;

const NOTE_ACTIONS = ['save', 'submit', 'open', 'comment', 'hold', 'send', 'complete', 'correct'] as const;

/** The JSON shape of a note (`noteJson`, `emptyNote`). */
export const noteAnswer = z.object({
  /** -1: the student has no note yet. */
  noteId: z.number().int(),
  resultBookId: z.number().int(),
  note: z.string(),
  noteInput: z.string().nullable(),
  correction: z.string().nullable(),
  state: noteState,
  stateName: z.enum(['NONE', 'WRITE', 'TEACHER_SHOW', 'WAITING_CORRECT', 'HOLD', 'COMMENT_COMPLETE']),
  version: z.number().int(),
  image: z.object({ url: z.string(), width: z.number().int().nullable(), height: z.number().int().nullable() }).nullable(),
  hasUnreadComment: z.boolean(),
  submittedAt: isoDate.nullable(),
  updatedAt: isoDate.nullable(),
  history: z.array(
    z.object({
      actorName: z.string(),
      actorRole: z.enum(['COACH', 'TEACHER', 'STUDENT']),
      action: z.enum(NOTE_ACTIONS),
      fromState: noteState,
      toState: noteState,
      comment: z.string().nullable(),
      createdAt: isoDate,
    }),
  ),
});
type NoteAnswer = z.infer<typeof noteAnswer>;

const failure = (code: string, message: string, status: number): ApiFailure => ({ code, message, status });

/** What the note services answer (each call lists those that apply). */
export const NOTE_FAILURES = {
  notFound: failure('NOTE_NOT_FOUND', NOTE_MESSAGES.notFound, 404),
  forbidden: failure('NOTE_FORBIDDEN', NOTE_MESSAGES.forbidden, 403),
  conflict: failure('NOTE_CONFLICT', NOTE_MESSAGES.conflict, 409),
  bookNotReady: failure('NOTE_BOOK_NOT_READY', NOTE_MESSAGES.bookNotReady, 409),
  notEditable: failure('NOTE_NOT_EDITABLE', NOTE_MESSAGES.notEditable, 409),
  required: failure('NOTE_REQUIRED', NOTE_MESSAGES.noteRequired, 400),
  tooShort: failure('NOTE_TOO_SHORT', NOTE_MESSAGES.noteTooShort, 400),
  tooLong: failure('NOTE_TOO_LONG', NOTE_MESSAGES.noteTooLong, 400),
  transitionRefused: failure('NOTE_TRANSITION_REFUSED', NOTE_MESSAGES.transitionRefused, 409),
  imageType: failure('NOTE_IMAGE_TYPE', NOTE_MESSAGES.imageType, 415),
  imageTooLarge: failure('NOTE_IMAGE_TOO_LARGE', NOTE_MESSAGES.imageTooLarge, 413),
} satisfies Record<string, ApiFailure>;

export function noteJson(note: Note, history: NoteHistoryEntry[] = []): NoteAnswer {
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
export const emptyNote = (resultBookId: number): NoteAnswer => ({
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
