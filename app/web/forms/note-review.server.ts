import { parseWithZod } from '@conform-to/zod';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { NOTE_LIMITS, NOTE_MESSAGES, type NoteViewer, type ReviewAction } from '~/domain/notes';
import { isDomainError } from '~/lib/errors';
import { redirectWithFlash, refusedForm } from '~/web/http.server';
import { reviewNote } from '~/services/notes/review.server';

// The review form of the teacher's and the coach's note pages: one parser, the service, a flash and a redirect, or
// the conform reply with the message beside its field (a conflict: above the form, status 409).

export const reviewSchema = z.object({
  intent: z.enum(['open', 'comment', 'hold', 'send', 'complete', 'correct']),
  version: z.number({ required_error: NOTE_MESSAGES.conflict }).int(),
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

const FIELD_OF: Record<string, 'comment' | 'correction'> = {
  NOTE_COMMENT_REQUIRED: 'comment',
  NOTE_HOLD_REASON_REQUIRED: 'comment',
  NOTE_COMMENT_TOO_LONG: 'comment',
  NOTE_CORRECTION_REQUIRED: 'correction',
  NOTE_CORRECTION_TOO_LONG: 'correction',
};

export async function handleReviewForm(request: Request, viewer: NoteViewer, noteId: number, next: (action: ReviewAction) => string) {
  const submission = parseWithZod(await request.formData(), { schema: reviewSchema });
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 });
  const { intent, version, comment, correction } = submission.value;
  try {
    await reviewNote(viewer, { noteId, version, action: intent, comment, correction });
  } catch (error) {
    if (isDomainError(error)) return refusedForm(submission, error, FIELD_OF);
    throw error;
  }
  return redirectWithFlash(next(intent), DONE[intent]);
}
