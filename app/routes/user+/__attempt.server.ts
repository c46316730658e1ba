import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { requireUser } from '~/web/guards.server';
import { parseWithZod } from '@conform-to/zod';
import { z } from 'zod';
import { ProblemStep } from '~/domain/enums';
import { joinPositions, PROBLEM_MESSAGES as MSG } from '~/domain/problems';
import { isDomainError } from '~/lib/errors';
import { domainErrorResponse, idParam, orRespond, pageData, redirectWithFlash } from '~/web/http.server';
import { advanceAttempt, beginAttempt, restartAttempt, type AttemptTarget } from '~/services/problems/attempts.server';
import { getAttemptPage } from '~/services/problems/pages.server';
import { markAttempt, saveAnswers, type AnswerInput } from '~/services/problems/marking.server';
import { saveSelfAnalysis } from '~/services/problems/book-report.server';

// Shared by the book analysis page and the course/subject test pages: form data → the problems service → a redirect
// with a flash message (post-redirect-get), so every step works without JavaScript.

const rating = z.coerce
  .number({ required_error: MSG.selfAnalysisRange, invalid_type_error: MSG.selfAnalysisRange })
  .int()
  .min(1, MSG.selfAnalysisRange)
  .max(5, MSG.selfAnalysisRange);
export const selfAnalysisSchema = z.object({
  interest: rating,
  difficulty: rating,
  understanding: rating,
  usefulness: rating,
  recommend: rating,
});

/** Answers of the solve form: `problems` lists the ids shown; `p<ID>` carries the checked positions or the text. */
export function answersFromForm(form: FormData): AnswerInput[] {
  const ids = String(form.get('problems') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return ids.map((problemId) => {
    const values = form.getAll(`p${problemId}`).map(String);
    const positions = values.map(Number);
    const isPositions = values.length > 0 && values.every((v) => /^\d+$/.test(v)) && values.length > 1;
    // Checkboxes send one value per checked option: joined as the spec's '1,3'. Radios and texts send one value.
    return { problemId, answer: isPositions ? joinPositions(positions) : (values[0] ?? '').trim() };
  });
}

const attemptIdOf = (form: FormData) => Number(form.get('attemptId'));

/** The loader part: the page data (the area layout shows the flash message of the last action). */
export async function attemptLoaderData(request: Request, userId: number, target: AttemptTarget) {
  const data = await orRespond(() => getAttemptPage(userId, target));
  const url = new URL(request.url);
  return { data, confirmSubmit: url.searchParams.get('confirm') === '1' };
}

export async function attemptAction(request: Request, userId: number, target: AttemptTarget, pageUrl: string) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  try {
    switch (intent) {
      case 'start':
        await beginAttempt(userId, target);
        return redirectWithFlash(pageUrl, MSG.started, 'info');
      case 'solve':
        await advanceAttempt(userId, attemptIdOf(form), ProblemStep.CONFIRM);
        return redirect(pageUrl);
      case 'save':
        await saveAnswers(userId, attemptIdOf(form), answersFromForm(form));
        return redirectWithFlash(pageUrl, MSG.saved);
      case 'submit':
        // Without JavaScript: keep the answers, then ask on a confirmation page.
        await saveAnswers(userId, attemptIdOf(form), answersFromForm(form));
        return redirect(`${pageUrl}?confirm=1`);
      case 'mark': {
        const answers = answersFromForm(form);
        const result = await markAttempt(userId, attemptIdOf(form), answers.length ? answers : undefined);
        return redirectWithFlash(pageUrl, result.levelMessage ?? MSG.marked);
      }
      case 'check':
        await advanceAttempt(userId, attemptIdOf(form), ProblemStep.MARK);
        return redirect(pageUrl);
      case 'complete':
        await advanceAttempt(userId, attemptIdOf(form), ProblemStep.CHECK);
        return redirectWithFlash(pageUrl, target.kind === 'book' ? MSG.completed : MSG.testCompleted);
      case 'restart':
        if (target.kind !== 'book') break;
        await restartAttempt(userId, target.resultBookId);
        return redirectWithFlash(pageUrl, MSG.restarted, 'info');
      case 'selfAnalysis': {
        if (target.kind !== 'book') break;
        const submission = parseWithZod(form, { schema: selfAnalysisSchema });
        if (submission.status !== 'success') {
          return json({ selfAnalysisError: MSG.selfAnalysisRange }, { status: 400 });
        }
        await saveSelfAnalysis(userId, target.resultBookId, submission.value);
        return redirectWithFlash(pageUrl, MSG.selfAnalysisSaved);
      }
    }
  } catch (error) {
    if (isDomainError(error)) {
      if (error.status === 404) throw domainErrorResponse(error);
      return redirectWithFlash(pageUrl, error.message, 'error');
    }
    throw error;
  }
  return json({ selfAnalysisError: null }, { status: 400 });
}

// The course test and subject test pages (/user/activity/courseTest/{setId}, /user/activity/subjectTest/{setId}):
// the same loader and action, for the set kind of the page.
const TEST_SET_KIND = { courseTest: 'COURSE_TEST', subjectTest: 'SUBJECT_TEST' } as const;

function testTarget(kind: keyof typeof TEST_SET_KIND, params: { setId?: string }): AttemptTarget {
  const setId = idParam(params.setId, MSG.notFound);
  return { kind: 'test', setId, setKind: TEST_SET_KIND[kind] };
}

export async function testPageLoader(kind: keyof typeof TEST_SET_KIND, { request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const { data, confirmSubmit } = await attemptLoaderData(request, user.id, testTarget(kind, params));
  return pageData({ data, confirmSubmit });
}

export async function testPageAction(kind: keyof typeof TEST_SET_KIND, { request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  return attemptAction(request, user.id, testTarget(kind, params), `/user/activity/${kind}/${params.setId}`);
}
