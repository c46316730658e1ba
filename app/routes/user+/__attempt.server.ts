import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { z } from 'zod';
import { requireUser } from '~/web/guards.server';
import { ProblemStep } from '~/domain/enums';
import { joinPositions, PROBLEM_MESSAGES as MSG } from '~/domain/problems';
import { formAction } from '~/web/form-action.server';
import { idParam, orRespond, pageData, redirectWithFlash } from '~/web/http.server';
import { advanceAttempt, beginAttempt, restartAttempt, type AttemptTarget } from '~/services/problems/attempts.server';
import { getAttemptPage } from '~/services/problems/pages.server';
import { markAttempt, saveAnswers, type AnswerInput } from '~/services/problems/marking.server';
import { saveSelfAnalysis } from '~/services/problems/book-report.server';

// Shared by the book analysis page and the course/subject test pages: one form per step (its `intent`) → the problems
// service → a redirect with a flash message (post-redirect-get), so every step works without JavaScript. A refusal of
// the service comes back as the page's reply (shown above the attempt; the self-analysis's beside its form).

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

const attemptId = z.number({ required_error: MSG.notFound, invalid_type_error: MSG.notFound }).int().positive(MSG.notFound);
/** The solve form: `problems` lists the ids shown; `p<ID>` carries the checked positions or the text of each. */
const answersForm = { attemptId, problems: z.string().optional() };

const stepIntents = [
  z.object({ intent: z.literal('start') }),
  z.object({ intent: z.enum(['solve', 'check', 'complete']), attemptId }),
  z.object({ intent: z.enum(['save', 'submit', 'mark']), ...answersForm }).passthrough(),
] as const;
const testSchema = z.discriminatedUnion('intent', [...stepIntents]);
/** A book's analysis also restarts (when the teacher allows it) and takes the self-analysis. */
const bookSchema = z.discriminatedUnion('intent', [
  ...stepIntents,
  z.object({ intent: z.literal('restart') }),
  selfAnalysisSchema.extend({ intent: z.literal('selfAnalysis') }),
]);
type AttemptForm = z.infer<typeof bookSchema>;

/** The answers of the solve form (checkboxes send one value per checked option: joined as the spec's '1,3'). */
function answersOf(form: Extract<AttemptForm, { intent: 'save' | 'submit' | 'mark' }>): AnswerInput[] {
  const ids = (form.problems ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return ids.map((problemId) => {
    const raw = form[`p${problemId}`];
    const values = (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]).map(String);
    const isPositions = values.length > 1 && values.every((v) => /^\d+$/.test(v));
    // Radios and texts send one value.
    return { problemId, answer: isPositions ? joinPositions(values.map(Number)) : (values[0] ?? '').trim() };
  });
}

/** The loader part: the page data (the area layout shows the flash message of the last action). */
export async function attemptLoaderData(request: Request, userId: number, target: AttemptTarget) {
  const data = await orRespond(() => getAttemptPage(userId, target));
  const url = new URL(request.url);
  return { data, confirmSubmit: url.searchParams.get('confirm') === '1' };
}

async function runStep(userId: number, target: AttemptTarget, pageUrl: string, form: AttemptForm): Promise<Response> {
  switch (form.intent) {
    case 'start':
      await beginAttempt(userId, target);
      return redirectWithFlash(pageUrl, MSG.started, 'info');
    case 'solve':
      await advanceAttempt(userId, form.attemptId, ProblemStep.CONFIRM);
      return redirect(pageUrl);
    case 'save':
      await saveAnswers(userId, form.attemptId, answersOf(form));
      return redirectWithFlash(pageUrl, MSG.saved);
    case 'submit':
      // Without JavaScript: keep the answers, then ask on a confirmation page.
      await saveAnswers(userId, form.attemptId, answersOf(form));
      return redirect(`${pageUrl}?confirm=1`);
    case 'mark': {
      const answers = answersOf(form);
      const result = await markAttempt(userId, form.attemptId, answers.length ? answers : undefined);
      return redirectWithFlash(pageUrl, result.levelMessage ?? MSG.marked);
    }
    case 'check':
      await advanceAttempt(userId, form.attemptId, ProblemStep.MARK);
      return redirect(pageUrl);
    case 'complete':
      await advanceAttempt(userId, form.attemptId, ProblemStep.CHECK);
      return redirectWithFlash(pageUrl, target.kind === 'book' ? MSG.completed : MSG.testCompleted);
    case 'restart':
      if (target.kind !== 'book') throw new Error('restart is a book analysis intent');
      await restartAttempt(userId, target.resultBookId);
      return redirectWithFlash(pageUrl, MSG.restarted, 'info');
    case 'selfAnalysis': {
      if (target.kind !== 'book') throw new Error('selfAnalysis is a book analysis intent');
      const { intent: _, ...scores } = form;
      await saveSelfAnalysis(userId, target.resultBookId, scores);
      return redirectWithFlash(pageUrl, MSG.selfAnalysisSaved);
    }
  }
}

/** Where an attempt page posts: what it attempts and its own address, from the path. */
type AttemptPage = (params: ActionFunctionArgs['params']) => { target: AttemptTarget; pageUrl: string };

/** The action of an attempt page (the book analysis, a course or subject test). */
export function attemptAction(args: ActionFunctionArgs, page: AttemptPage) {
  return formAction(args, {
    guard: ({ request }) => requireUser(request, { role: 'USER' }),
    schema: ({ params }) => (page(params).target.kind === 'book' ? bookSchema : testSchema),
    run: ({ user, params, value }) => {
      const { target, pageUrl } = page(params);
      return runStep(user.id, target, pageUrl, value);
    },
  });
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

export function testPageAction(kind: keyof typeof TEST_SET_KIND, args: ActionFunctionArgs) {
  return attemptAction(args, (params) => ({ target: testTarget(kind, params), pageUrl: `/user/activity/${kind}/${params.setId}` }));
}
