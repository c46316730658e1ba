import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, optionalRef, ref, serialId, timestampNow, timestampTz, updatedAt } from './columns';
import type { NoteState } from '~/domain/enums';
import { resultBooks } from './reading';
import { users } from './users';

/**
 * A student's reading note on one result book (spec §3 "Note": noteId, resultBookId, note, noteInput). Its state
 * follows spec §4 (NONE → WRITE → TEACHER_SHOW → WAITING_CORRECT → COMMENT_COMPLETE, HOLD for a rewrite). Every change
 * is a guarded `UPDATE … WHERE id = ? AND state = ? AND version = ?` (notes.server.ts), so two reviewers acting at once
 * cannot both win.
 */
export const notes = pgTable(
  'notes',
  {
    id: serialId(),
    resultBookId: ref('result_book_id', () => resultBooks.id, 'cascade'),
    userId: ref('user_id', () => users.id, 'cascade'),
    /** The student's text. */
    note: text('note').notNull().default(''),
    /** The latest comment of a teacher or coach (spec: noteInput). */
    noteInput: text('note_input'),
    /** The coach's correction (첨삭). */
    correction: text('correction'),
    /** Storage key of the re-encoded image, with its size and type. */
    imageKey: text('image_key'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    imageType: text('image_type'),
    state: smallint('state').$type<NoteState>().notNull().default(-1),
    /** The coach a note waiting for correction is assigned to (null: any coach may take it). */
    coachId: optionalRef('coach_id', () => users.id, 'set null'),
    /** Optimistic lock: bumped by every change. */
    version: integer('version').notNull().default(1),
    submittedAt: timestampTz('submitted_at'),
    /** When the note entered its current state (the coach queue is ordered by it). */
    stateChangedAt: timestampNow('state_changed_at'),
    /** A comment or correction the student has not acknowledged yet. */
    hasUnreadComment: boolean('has_unread_comment').notNull().default(false),
    commentedAt: timestampTz('commented_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('notes_result_book_key').on(t.resultBookId),
    index('notes_user_idx').on(t.userId, t.updatedAt),
    index('notes_state_idx').on(t.state, t.stateChangedAt),
    index('notes_coach_idx').on(t.coachId, t.state),
    index('notes_unread_idx')
      .on(t.userId)
      .where(sql`${t.hasUnreadComment}`),
  ],
);

export type Note = typeof notes.$inferSelect;

/** Who did what to a note, when: state changes, comments, holds with their reason, corrections. */
export const noteHistory = pgTable(
  'note_history',
  {
    id: serialId(),
    noteId: ref('note_id', () => notes.id, 'cascade'),
    actorId: ref('actor_id', () => users.id),
    /** 'STUDENT' | 'TEACHER' | 'COACH' (the actor's part in the review). */
    actorRole: text('actor_role').$type<NoteActorRole>().notNull(),
    /** What happened: save, submit, open, comment, hold, send, complete, correct. */
    action: text('action').$type<NoteAction>().notNull(),
    fromState: smallint('from_state').$type<NoteState>().notNull(),
    toState: smallint('to_state').$type<NoteState>().notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [index('note_history_note_idx').on(t.noteId, t.createdAt)],
);

export type NoteActorRole = 'STUDENT' | 'TEACHER' | 'COACH';
export type NoteAction = 'save' | 'submit' | 'open' | 'comment' | 'hold' | 'send' | 'complete' | 'correct';
export type NoteHistoryRow = typeof noteHistory.$inferSelect;
