import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, itemStatus, jsonbArray, optionalRef, ref, serialId, textArray, timestampNow, timestampTz, updatedAt } from './columns';
import type { ExamMethod, ProblemStep } from '~/domain/enums';
import type { Medal, ProblemCategory, ProblemSetKind } from '~/domain/problems';
import { books } from './books';
import { resultBooks } from './reading';
import { users } from './users';

/** A set of problems: a book's analysis, a course test (수준 진단) or a subject test (교과 연계 독해). */
export const problemSets = pgTable(
  'problem_sets',
  {
    id: serialId(),
    kind: text('kind').$type<ProblemSetKind>().notNull(),
    bookId: optionalRef('book_id', () => books.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Subject of a subject test ('국어', '사회', '과학'). */
    subject: text('subject'),
    /** Reading passage shown above the problems (subject tests). */
    passage: text('passage'),
    /** Target level of a course test (null: spans all levels). */
    level: smallint('level'),
    status: itemStatus(),
    /**
     * The published version students take now (problem_set_versions.id); null until the first publication. Not a
     * declared foreign key, to keep the two tables' definitions free of a cycle; publishing sets it in one transaction.
     */
    currentVersionId: integer('current_version_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('problem_sets_book_idx').on(t.bookId), index('problem_sets_kind_idx').on(t.kind, t.status)],
);

/**
 * A version of a problem set's problems. Operators edit a draft (publishedAt null, at most one per set); publishing it
 * makes it the set's current version. A published version never changes again, so an attempt marked against it keeps
 * its result whatever the set becomes.
 */
export const problemSetVersions = pgTable(
  'problem_set_versions',
  {
    id: serialId(),
    setId: ref('set_id', () => problemSets.id, 'cascade'),
    version: smallint('version').notNull(),
    publishedAt: timestampTz('published_at'),
    createdBy: optionalRef('created_by', () => users.id, 'set null'),
    publishedBy: optionalRef('published_by', () => users.id, 'set null'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('problem_set_versions_key').on(t.setId, t.version),
    uniqueIndex('problem_set_versions_one_draft_key')
      .on(t.setId)
      .where(sql`${t.publishedAt} is null`),
  ],
);

export const problems = pgTable(
  'problems',
  {
    id: serialId(),
    setId: ref('set_id', () => problemSets.id, 'cascade'),
    /** The version this problem belongs to (the set's problems are the current version's). */
    versionId: ref('version_id', () => problemSetVersions.id, 'cascade'),
    order: smallint('order').notNull(),
    examMethod: text('exam_method').$type<ExamMethod>().notNull(),
    question: text('question').notNull(),
    /** Options of a multiple-choice problem (empty for short answer). */
    options: jsonbArray('options').$type<string[]>(),
    /** In the submission format: '1,3' (1-based positions) for multiple choice, the model text for short answer. */
    correctAnswer: text('correct_answer').notNull(),
    /** Further accepted texts of a short answer. */
    acceptedAnswers: textArray('accepted_answers'),
    explanation: text('explanation').notNull().default(''),
    category: text('category').$type<ProblemCategory>().notNull(),
    points: smallint('points').notNull().default(10),
    /** Level of the problem (course tests). */
    level: smallint('level'),
  },
  (t) => [
    uniqueIndex('problems_version_order_key').on(t.versionId, t.order),
    index('problems_set_idx').on(t.setId),
    check('problems_exam_method_check', sql`${t.examMethod} in ('m', 's')`),
    check('problems_points_check', sql`${t.points} > 0`),
  ],
);

/** One sitting of a problem set by a student. A retake (RESTART) is a new attempt with the next round. */
export const problemAttempts = pgTable(
  'problem_attempts',
  {
    id: serialId(),
    userId: ref('user_id', () => users.id, 'cascade'),
    setId: ref('set_id', () => problemSets.id),
    /** The version taken: marking, review and results read this version's problems only. */
    versionId: ref('version_id', () => problemSetVersions.id),
    resultBookId: optionalRef('result_book_id', () => resultBooks.id, 'cascade'),
    round: smallint('round').notNull().default(1),
    step: smallint('step').$type<ProblemStep>().notNull().default(1),
    score: smallint('score'),
    medal: text('medal').$type<Medal>(),
    correctCount: smallint('correct_count'),
    total: smallint('total'),
    /** Level placed by a course test. */
    placedLevel: smallint('placed_level'),
    startedAt: timestampNow('started_at'),
    markedAt: timestampTz('marked_at'),
    completedAt: timestampTz('completed_at'),
    updatedAt: updatedAt(),
    /** Bumped by every guarded change. */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('problem_attempts_round_key').on(t.userId, t.setId, sql`coalesce(${t.resultBookId}, 0)`, t.round),
    index('problem_attempts_result_book_idx').on(t.resultBookId),
    index('problem_attempts_user_idx').on(t.userId, t.setId),
  ],
);

export const problemAnswers = pgTable(
  'problem_answers',
  {
    id: serialId(),
    attemptId: ref('attempt_id', () => problemAttempts.id, 'cascade'),
    problemId: ref('problem_id', () => problems.id),
    /** As submitted: '1,3' for multiple choice, the text for short answer. */
    answer: text('answer').notNull(),
    /** Set by marking. */
    isCorrect: smallint('is_correct').$type<0 | 1>(),
    savedAt: timestampNow('saved_at'),
  },
  (t) => [uniqueIndex('problem_answers_attempt_problem_key').on(t.attemptId, t.problemId)],
);

export const problemCategoryResults = pgTable(
  'problem_category_results',
  {
    id: serialId(),
    attemptId: ref('attempt_id', () => problemAttempts.id, 'cascade'),
    category: text('category').$type<ProblemCategory>().notNull(),
    correct: smallint('correct').notNull(),
    total: smallint('total').notNull(),
    score: smallint('score').notNull(),
  },
  (t) => [uniqueIndex('problem_category_results_key').on(t.attemptId, t.category)],
);

/** The student's own ratings of a book, 1–5 each (spec readingBookAnalysis/{a}/{b}/{c}/{d}/{e}). */
export const selfAnalyses = pgTable(
  'self_analyses',
  {
    id: serialId(),
    resultBookId: ref('result_book_id', () => resultBooks.id, 'cascade'),
    interest: smallint('interest').notNull(),
    difficulty: smallint('difficulty').notNull(),
    understanding: smallint('understanding').notNull(),
    usefulness: smallint('usefulness').notNull(),
    recommend: smallint('recommend').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('self_analyses_result_book_key').on(t.resultBookId),
    check(
      'self_analyses_range_check',
      sql`${t.interest} between 1 and 5 and ${t.difficulty} between 1 and 5 and ${t.understanding} between 1 and 5 and ${t.usefulness} between 1 and 5 and ${t.recommend} between 1 and 5`,
    ),
  ],
);

/** A student's level over time (the level graph): appended by every course test. */
export const levelHistory = pgTable(
  'level_history',
  {
    id: serialId(),
    userId: ref('user_id', () => users.id, 'cascade'),
    level: smallint('level').notNull(),
    source: text('source').$type<'COURSE_TEST'>().notNull().default('COURSE_TEST'),
    attemptId: optionalRef('attempt_id', () => problemAttempts.id, 'set null'),
    recordedAt: timestampNow('recorded_at'),
  },
  (t) => [index('level_history_user_idx').on(t.userId, t.recordedAt), uniqueIndex('level_history_attempt_key').on(t.attemptId)],
);

export type ProblemSet = typeof problemSets.$inferSelect;
export type Problem = typeof problems.$inferSelect;
export type ProblemSetVersion = typeof problemSetVersions.$inferSelect;
export type ProblemAttempt = typeof problemAttempts.$inferSelect;
