import { and, eq, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { problemAnswers, problemAttempts, problems, problemSets, resultBooks } from '~/db/schema';
import { BookStatus, ProblemStep } from '~/domain/enums';
import { PROBLEM_MESSAGES as MSG, isMultipleAnswer } from '~/domain/problems';
import { DomainError } from '~/lib/errors';
import {
  ProblemErrors,
  type ProblemRow,
  advanceAttempt,
  beginAttempt,
  isOffered,
  notFound,
  resolveTarget,
  shownVersion,
  versionProblems,
} from './attempts.server';
import { AnswerInput, markAttempt, saveAnswers } from './marking.server';
import { getAttemptPage } from './pages.server';
import { z } from 'zod';
import { bookStatus, problemCategory, problemStep } from '~/domain/api-schemas.server';
import { selfAnalysisAnswer } from './book-report.server';
import { attemptResultAnswer } from './marking.server';

/** The JSON API's shape of a problem without its correct answer. */
export const apiProblemAnswer = z.object({
  problemId: z.number().int(),
  order: z.number().int(),
  question: z.string(),
  /** 's' short answer, 'm' multiple choice. */
  examMethod: z.enum(['s', 'm']),
  /** The options (spec: "answer: a JSON list of options"); empty for a short answer. */
  answer: z.array(z.string()),
  multiple: z.boolean(),
  category: problemCategory,
  points: z.number(),
  /** The student's saved answer, if any. */
  saved: z.string().nullable(),
});

export const problemAnalysisAnswer = z.object({
  resultBookId: z.number().int(),
  bookId: z.number().int(),
  title: z.string(),
  status: bookStatus,
  step: problemStep,
  attemptId: z.number().int().nullable(),
  problems: z.array(apiProblemAnswer),
});

export const submitAnswer = z.object({ saved: z.boolean(), result: attemptResultAnswer.nullable() });

export const resultInfoAnswer = attemptResultAnswer.extend({
  resultBookId: z.number().int(),
  answers: z.array(
    z.object({
      problemId: z.number().int(),
      order: z.number().int(),
      examMethod: z.enum(['s', 'm']),
      question: z.string(),
      options: z.array(z.string()),
      category: z.string(),
      answer: z.string(),
      isCorrect: z.boolean(),
      correctAnswer: z.string(),
      acceptedAnswers: z.array(z.string()),
      explanation: z.string(),
    }),
  ),
  selfAnalysis: selfAnalysisAnswer.nullable(),
});

// The problem analysis as the JSON API shows it (spec §7): problems without their correct answers until marking.

/**
 * GET problemAnalysis/{resultBookId}: the problems with their options, never the correct answers: those of the
 * student's attempt (the version it took), or of the set's current version before the first attempt.
 */
export async function problemAnalysisForApi(userId: number, resultBookId: number): Promise<z.infer<typeof problemAnalysisAnswer>> {
  const { set, resultBook, attempt } = await resolveTarget(userId, { kind: 'book', resultBookId });
  const versionId = shownVersion(set, attempt);
  const list = versionId ? await versionProblems(versionId) : [];
  const saved = attempt ? await db().select().from(problemAnswers).where(eq(problemAnswers.attemptId, attempt.id)) : [];
  const savedOf = new Map(saved.map((a) => [a.problemId, a.answer]));
  return {
    resultBookId,
    bookId: resultBook!.book.id,
    title: set.title,
    status: resultBook!.status,
    step: attempt?.step ?? ProblemStep.START,
    attemptId: attempt?.id ?? null,
    problems: list.map((p) => toApiProblem(p, savedOf.get(p.id) ?? null)),
  };
}

function toApiProblem(p: ProblemRow, saved: string | null = null) {
  return {
    problemId: p.id,
    order: p.order,
    question: p.question,
    examMethod: p.examMethod,
    /** The options (spec: "answer: a JSON list of options"); empty for short answer. */
    answer: p.options,
    multiple: isMultipleAnswer(p),
    category: p.category,
    points: p.points,
    saved,
  };
}

/**
 * GET problemAnalysisItem/{problemId}: one problem of a set the student may take, without its correct answer. The
 * problem must be of the set's current version while the set is offered, or of a version the student has taken: a
 * draft's problems, and those of versions the student never saw, are not found.
 */
export async function problemItemForApi(userId: number, problemId: number): Promise<z.infer<typeof apiProblemAnswer>> {
  const [row] = await db()
    .select({
      problem: problems,
      kind: problemSets.kind,
      bookId: problemSets.bookId,
      status: problemSets.status,
      currentVersionId: problemSets.currentVersionId,
      taken: sql<boolean>`exists (select 1 from ${problemAttempts} where ${problemAttempts.userId} = ${userId}
        and ${problemAttempts.versionId} = ${problems.versionId})`,
    })
    .from(problems)
    .innerJoin(problemSets, eq(problemSets.id, problems.setId))
    .where(eq(problems.id, problemId));
  if (!row) throw notFound();
  const current = isOffered(row) && row.problem.versionId === row.currentVersionId;
  if (!current && !row.taken) throw notFound();
  if (row.kind === 'BOOK_ANALYSIS') {
    const [mine] = await db()
      .select({ id: resultBooks.id })
      .from(resultBooks)
      .where(and(eq(resultBooks.userId, userId), eq(resultBooks.bookId, row.bookId!), sql`${resultBooks.status} <> ${BookStatus.EXCLUDE}`))
      .limit(1);
    if (!mine) throw notFound();
  }
  return toApiProblem(row.problem);
}

/**
 * POST problemAnalysisResult/{resultBookId}: saves the answers and, unless `final` is false, marks them. An API
 * client need not walk the pages: the attempt is started and confirmed on the way (each step still guarded).
 */
export async function submitForApi(
  userId: number,
  resultBookId: number,
  answers: AnswerInput[],
  final = true,
): Promise<z.infer<typeof submitAnswer>> {
  let attempt = (await resolveTarget(userId, { kind: 'book', resultBookId })).attempt;
  if (!attempt || attempt.step === ProblemStep.START) attempt = await beginAttempt(userId, { kind: 'book', resultBookId });
  if (attempt.step === ProblemStep.CONFIRM) attempt = await advanceAttempt(userId, attempt.id, ProblemStep.CONFIRM);
  if (!final) {
    await saveAnswers(userId, attempt.id, answers);
    return { saved: true, result: null };
  }
  return { saved: true, result: await markAttempt(userId, attempt.id, answers) };
}

/** GET problemAnalysisInfo/{resultBookId}: the marked result with every answer, the right one and the explanation. */
export async function resultInfoForApi(userId: number, resultBookId: number): Promise<z.infer<typeof resultInfoAnswer>> {
  const page = await getAttemptPage(userId, { kind: 'book', resultBookId });
  if (!page.result) throw new DomainError(ProblemErrors.NOT_MARKED, MSG.notMarked, 409);
  return { resultBookId, ...page.result, answers: page.review, selfAnalysis: page.selfAnalysis };
}
