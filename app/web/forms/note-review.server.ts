import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { NOTE_LIMITS, NOTE_MESSAGES, type NoteViewer, type ReviewAction } from '~/domain/notes';
import { formAction } from '~/web/form-action.server';
import { redirectWithFlash } from '~/web/http.server';
import { reviewNote } from '~/services/notes/review.server';

// The review form of the teacher's and the coach's note pages: the review contract, the service, a flash and a
// redirect, or the one reply with the message beside its field (a conflict: above the form, status 409).

export const reviewSchema = z.object({
  intent: z.enum(['open', 'comment', 'hold', 'send', 'complete', 'correct']),
  version: z.number({ required_error: NOTE_MESSAGES.conflict, invalid_type_error: NOTE_MESSAGES.conflict }).int(),
  comment: z.string().trim().max(NOTE_LIMITS.commentMax, NOTE_MESSAGES.commentTooLong).optional(),
  correction: z.string().trim().max(NOTE_LIMITS.correctionMax, NOTE_MESSAGES.correctionTooLong).optional(),
});

const DONE: Record<ReviewAction, string> = {
  open: NOTE_MESSAGES.opened,
  comment: NOTE_MESSAGES.commented,
  hold: NOTE_MESSAGES.held,
  send: NOTE_MESSAGES.sent,
  complete: NOTE_MESSAGES.completed,
  correct: NOTE_MESSAGES.corrected,
};

/** The service's refusals that belong to a field; the others (a conflict) are shown above the form. */
const FIELDS = {
  NOTE_COMMENT_REQUIRED: 'comment',
  NOTE_HOLD_REASON_REQUIRED: 'comment',
  NOTE_COMMENT_TOO_LONG: 'comment',
  NOTE_CORRECTION_REQUIRED: 'correction',
  NOTE_CORRECTION_TOO_LONG: 'correction',
} as const;

/** The action of a note's review page: `guard` is the area's, `next` where each action lands. */
export async function reviewAction(
  args: ActionFunctionArgs,
  options: { guard: (request: Request) => Promise<NoteViewer>; next: (noteId: number, action: ReviewAction) => string },
) {
  return formAction(args, {
    guard: ({ request }) => options.guard(request),
    ids: ['noteId'],
    schema: reviewSchema,
    fields: FIELDS,
    run: async ({ user, ids: { noteId }, value: { intent, version, comment, correction } }) => {
      await reviewNote(user, { noteId, version, action: intent, comment, correction });
      return redirectWithFlash(options.next(noteId, intent), DONE[intent]);
    },
  });
}
