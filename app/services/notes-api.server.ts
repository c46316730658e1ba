import { z } from 'zod';
import type { Note } from '~/db/schema';
import { enumName, NoteState } from '~/domain/enums';
import { DomainError } from '~/lib/errors';
import type { NoteHistoryEntry } from './notes.server';

// The JSON shape of a note in the /api answers (docs/api-notes.md).

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
    image: note.imageKey ? { url: `/resources/note-image/${note.id}?v=${note.version}`, width: note.imageWidth, height: note.imageHeight } : null,
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

/** Parses a JSON body with a zod schema; a malformed body is a 400 with a Korean message. */
export async function jsonBody<T extends z.ZodTypeAny>(request: Request, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new DomainError('INVALID_REQUEST', '요청 내용을 읽을 수 없습니다.', 400);
  }
  return parseOr400(schema, body);
}

export function parseOr400<T extends z.ZodTypeAny>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new DomainError('INVALID_REQUEST', parsed.error.issues[0]?.message ?? '요청 내용을 확인해 주세요.', 400);
  return parsed.data;
}

export const intId = z.coerce.number({ invalid_type_error: '번호가 올바르지 않습니다.' }).int().min(-1).max(2_147_483_647);
