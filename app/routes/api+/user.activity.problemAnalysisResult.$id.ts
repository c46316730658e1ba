import { apiRoute } from '~/lib/api.server';
import { submitForApi } from '~/services/problems/api.server';
import { answersBody, INVALID_ANSWER, problemCall } from './__problems.server';

/**
 * POST /api/user/activity/problemAnalysisResult/{resultBookId}: `{ answers: [{ problemId, answer }], final? }`.
 * Multiple choice as comma-joined 1-based positions ('1,3'), short answers as the text. Marks once: a repeat
 * returns the same result.
 */
export const { loader, action } = apiRoute({
  method: 'POST',
  ...problemCall,
  body: answersBody,
  unreadable: INVALID_ANSWER,
  bodyError: () => INVALID_ANSWER,
  handler: ({ user, ids, body }) => submitForApi(user.id, ids.id, body.answers, body.final ?? true),
});
