import { readingTotalsColumns } from '~/services/reading/books.server';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { db, executeRows } from '~/db/client.server';
import { books, problemAttempts, resultBooks, selfAnalyses } from '~/db/schema';
import { BookStatus } from '~/domain/enums';
import { analysisStatusLabel, MARKED_STEPS, PROBLEM_MESSAGES as MSG, type SelfAnalysisScores } from '~/domain/problems';
import type { ReadingSummary } from '~/domain/problem-pages';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { ProblemErrors, ownResultBook } from './attempts.server';
import { attemptResultAnswer, markedFigures, resultOf } from './marking.server';
import { z } from 'zod';
import { bookCatalogueFields, bookStatus, medal, readMethod } from '~/domain/api-schemas.server';

/** The JSON API's shape of the student's five ratings of a book. */
export const selfAnalysisAnswer = z.object({
  interest: z.number().int(),
  difficulty: z.number().int(),
  understanding: z.number().int(),
  usefulness: z.number().int(),
  recommend: z.number().int(),
  updatedAt: z.string().datetime(),
});

/** The JSON API's shape of the per-book report. */
export const bookReportAnswer = z.object({
  resultBookId: z.number().int(),
  book: z.object({
    id: z.number().int(),
    ...bookCatalogueFields,
    coverColor: z.string(),
  }),
  status: bookStatus,
  statusLabel: z.string(),
  reading: z.object({
    status: bookStatus,
    statusLabel: z.string(),
    readMethod,
    assignedAt: z.string().datetime(),
    statusChangedAt: z.string().datetime(),
    completedAt: z.string().datetime().nullable(),
    totalPages: z.number().int(),
    readingMinutes: z.number().int().nullable(),
    pagesRead: z.number().int().nullable(),
    sessions: z.number().int().nullable(),
  }),
  records: z.array(
    z.object({
      attemptId: z.number().int(),
      round: z.number().int(),
      score: z.number(),
      medal: medal.nullable(),
      correctCount: z.number().int(),
      total: z.number().int(),
      markedAt: z.string().datetime(),
    }),
  ),
  result: attemptResultAnswer.nullable(),
  selfAnalysis: selfAnalysisAnswer.nullable(),
});

// The per-book report (bookCommon/report/{id}) and the self-analysis it shows: the reading, the analysis records,
// the score by category, the medal, and the student's five ratings of the book.

export async function getSelfAnalysis(
  resultBookId: number,
  ex: Executor = db(),
): Promise<(SelfAnalysisScores & { updatedAt: string }) | null> {
  const [row] = await ex.select().from(selfAnalyses).where(eq(selfAnalyses.resultBookId, resultBookId));
  if (!row) return null;
  const { interest, difficulty, understanding, usefulness, recommend } = row;
  return { interest, difficulty, understanding, usefulness, recommend, updatedAt: row.updatedAt.toISOString() };
}

/** Saves the five ratings (1–5) of a book the student has finished reading; saving again replaces them. */
export async function saveSelfAnalysis(
  userId: number,
  resultBookId: number,
  scores: SelfAnalysisScores,
): Promise<z.infer<typeof selfAnalysisAnswer>> {
  const values = [scores.interest, scores.difficulty, scores.understanding, scores.usefulness, scores.recommend];
  if (values.some((v) => !Number.isInteger(v) || v < 1 || v > 5)) {
    throw new DomainError(ProblemErrors.SELF_ANALYSIS_RANGE, MSG.selfAnalysisRange, 400);
  }
  const rb = await ownResultBook(userId, resultBookId);
  if (rb.status < BookStatus.DIAGNOSIS) throw new DomainError(ProblemErrors.SELF_ANALYSIS_NOT_READY, MSG.selfAnalysisNotReady, 409);
  const at = now();
  await db()
    .insert(selfAnalyses)
    .values({ resultBookId, ...scores, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: selfAnalyses.resultBookId, set: { ...scores, updatedAt: at } });
  return (await getSelfAnalysis(resultBookId))!;
}

/**
 * The reading part of the per-book report. Reading records (time, pages) arrive with the reading-journey capability:
 * when its table exists, this is the one place that sums them (total minutes, pages read, sessions); until then it
 * gives the result book's dates and status.
 */
export async function readingSummaryForReport(resultBookId: number, ex: Executor = db()): Promise<ReadingSummary> {
  const [rb] = await ex
    .select({
      status: resultBooks.status,
      assignedAt: resultBooks.assignedAt,
      statusChangedAt: resultBooks.statusChangedAt,
      completedAt: resultBooks.completedAt,
      readMethod: resultBooks.readMethod,
      totalPages: books.totalPages,
      startPage: resultBooks.startPage,
      ...readingTotalsColumns,
    })
    .from(resultBooks)
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .where(eq(resultBooks.id, resultBookId));
  const sessions = rb.records || rb.lastIndex;
  return {
    status: rb.status,
    statusLabel: analysisStatusLabel(rb.status),
    readMethod: rb.readMethod,
    assignedAt: rb.assignedAt.toISOString(),
    statusChangedAt: rb.statusChangedAt.toISOString(),
    completedAt: rb.completedAt?.toISOString() ?? null,
    totalPages: rb.totalPages,
    /** Reading records of the book (null where nothing was recorded yet). */
    readingMinutes: rb.minutes > 0 ? rb.minutes : (null as number | null),
    pagesRead: rb.lastPage > 0 ? Math.max(0, rb.lastPage - (rb.startPage ?? 1) + 1) : (null as number | null),
    sessions: sessions > 0 ? sessions : (null as number | null),
  };
}

/** The per-book report (bookCommon/report/{id}): reading, analysis records, score by category, medal, self-analysis. */
export async function getBookReport(userId: number, resultBookId: number): Promise<z.infer<typeof bookReportAnswer>> {
  const rb = await ownResultBook(userId, resultBookId);
  const reading = await readingSummaryForReport(resultBookId);
  const attempts = rb.setId
    ? await db()
        .select()
        .from(problemAttempts)
        .where(and(eq(problemAttempts.resultBookId, resultBookId), eq(problemAttempts.setId, rb.setId)))
        .orderBy(asc(problemAttempts.round))
    : [];
  const marked = attempts.filter((a) => MARKED_STEPS.includes(a.step));
  const latest = marked.at(-1);
  const result = latest ? await resultOf(db(), latest.id) : null;
  return {
    resultBookId,
    book: rb.book,
    status: rb.status,
    statusLabel: analysisStatusLabel(rb.status),
    reading,
    records: marked.map((a) => ({ attemptId: a.id, round: a.round, ...markedFigures(a) })),
    result,
    selfAnalysis: await getSelfAnalysis(resultBookId),
  };
}

/**
 * The book indicator's analysis figures: this student's latest marked score on the book and the average of every
 * reader's latest marked score on it (one query).
 */
export async function analysisScoreIndicator(userId: number, resultBookId: number) {
  const [row] = await executeRows<{ takers: number; average: number | null; mine: number | null }>(
    db(),
    sql`
    with latest as (
      select distinct on (a.result_book_id) a.result_book_id, a.user_id, a.score
        from problem_attempts a
        join result_books rb on rb.id = a.result_book_id
       where rb.book_id = (select book_id from result_books where id = ${resultBookId})
         and a.step in (${sql.join(
           MARKED_STEPS.map((s) => sql`${s}`),
           sql`, `,
         )}) and a.score is not null
       order by a.result_book_id, a.round desc, a.id desc
    )
    select count(*)::int as takers, round(avg(score))::int as average,
           (select score from latest where result_book_id = ${resultBookId} and user_id = ${userId})::int as mine
      from latest`,
  );
  return { takers: Number(row?.takers ?? 0), average: row?.average ?? null, mine: row?.mine ?? null };
}
