import { apiRoute } from '~/web/api.server';
import { submitAnswer, submitForApi } from '~/services/problems/api.server';
import { answersBody, INVALID_ANSWER, PROBLEM_FAILURES, problemCall } from './__problems.server';
import { TAGS } from '~/web/api-doc.server';

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
  doc: {
    path: '/api/user/activity/problemAnalysisResult/{id}',
    tag: TAGS.problems,
    summary: '답안 제출',
    description:
      "답안을 저장하고 (final 이 false 가 아니면) 채점합니다. 객관식은 1부터 센 번호를 쉼표로 ('1,3'), 주관식은 글로. 채점은 한 번: 다시 보내면 같은 결과를 답합니다.",
    answer: submitAnswer,
    errors: [
      PROBLEM_FAILURES.invalidAnswer,
      PROBLEM_FAILURES.setMissing,
      PROBLEM_FAILURES.bookNotFound,
      PROBLEM_FAILURES.notReady,
      PROBLEM_FAILURES.stepConflict,
      PROBLEM_FAILURES.stepSkip,
      PROBLEM_FAILURES.alreadyMarked,
      PROBLEM_FAILURES.retakeNotAllowed,
    ],
  },
  handler: ({ user, ids, body }) => submitForApi(user.id, ids.id, body.answers, body.final ?? true),
});
