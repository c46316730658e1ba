import { z } from 'zod';
import { COACH_MESSAGES as M } from '~/domain/operators';
import { positiveInt } from '~/lib/numbers';

// The form of /super/coaches, read by the page-action protocol (formAction): one waiting note moved to another coach
// (or back to unassigned), guarded on the note's version. Anything malformed is the one "cannot process" message; the
// rules of a move (still waiting, same version, another coach, an active coach) are the coaches service's.

/** A positive whole number, or the page's "cannot process" message. */
const wholeId = z.string({ required_error: M.badRequest }).transform((v, ctx) => {
  const id = positiveInt(v);
  if (id === null) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.badRequest });
    return z.NEVER;
  }
  return id;
});

/** A coach's id, or 'none': back to unassigned (null). */
const target = z.string({ required_error: M.badRequest }).transform((v, ctx) => {
  if (v === 'none') return null;
  const id = positiveInt(v);
  if (id === null) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.badRequest });
    return z.NEVER;
  }
  return id;
});

export const reassignSchema = z.object({ intent: z.literal('reassign'), noteId: wholeId, version: wholeId, coachId: target });

/** The flash after a move: to whom the note went, or that any coach may now correct it. */
export function movedMessage(moved: { studentName: string; bookTitle: string; coachName: string | null }) {
  const what = `${moved.studentName} 학생의 『${moved.bookTitle}』 노트를`;
  return moved.coachName
    ? `${what} ${moved.coachName} 코치에게 넘겼습니다.`
    : `${what} 미배정으로 돌렸습니다. 어느 코치나 첨삭할 수 있습니다.`;
}
