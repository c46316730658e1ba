import { z } from 'zod';
import type { Note } from '~/db/schema';
import { enumName, NoteState } from '~/domain/enums';
import { readLimited } from '~/lib/body-limit.server';
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

/** A note's JSON body: the longest note or comment with room to spare. */
const NOTE_BODY_MAX_BYTES = 64 * 1024;

/** Parses a JSON body (at most 64 KB) with a zod schema; a malformed body is a 400 with a Korean message. */
export async function jsonBody<T extends z.ZodTypeAny>(request: Request, schema: T): Promise<z.infer<T>> {
  const body = await readLimited(
    request,
    NOTE_BODY_MAX_BYTES,
    async (limited) => {
      try {
        return (await limited.json()) as unknown;
      } catch {
        throw new DomainError('INVALID_REQUEST', '요청 내용을 읽을 수 없습니다.', 400);
      }
    },
    () => new DomainError('INVALID_REQUEST', '요청 본문이 너무 큽니다.', 413),
  );
  return parseOr400(schema, body);
}

export function parseOr400<T extends z.ZodTypeAny>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new DomainError('INVALID_REQUEST', parsed.error.issues[0]?.message ?? '요청 내용을 확인해 주세요.', 400);
  return parsed.data;
}

export const intId = z.coerce.number({ invalid_type_error: '번호가 올바르지 않습니다.' }).int().min(-1).max(2_147_483_647);
