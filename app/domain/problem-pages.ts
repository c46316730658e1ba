import type { BookStatus, ProblemStep, ReadMethod } from './enums';
import type { asShownProblem, CategoryResult, Medal, ProblemSetKind, SelfAnalysisScores } from './problems';

// What the student's problem pages show, as the services give it (app/services/problems/) and the components read it
// (app/components/problem-attempt.tsx, test-pages.tsx, reading-summary.tsx): the shapes are written once here.

/** A marked attempt's result. */
export type AttemptResult = {
  attemptId: number;
  round: number;
  step: ProblemStep;
  score: number;
  medal: Medal | null;
  correctCount: number;
  total: number;
  markedAt: string;
  categories: CategoryResult[];
  placedLevel: number | null;
  levelMessage: string | null;
};

/** One problem of a marked attempt, with the student's answer and the correct one. */
export type ReviewItem = {
  problemId: number;
  order: number;
  examMethod: 'm' | 's';
  question: string;
  options: string[];
  category: string;
  answer: string;
  isCorrect: boolean;
  correctAnswer: string;
  acceptedAnswers: string[];
  explanation: string;
};

/** A problem while it is solved: no correct answer in it. */
export type ShownProblem = ReturnType<typeof asShownProblem>;

/** The five self-analysis ratings of a finished book, with when they were saved. */
export type SelfAnalysis = SelfAnalysisScores & { updatedAt: string };

/** Everything an attempt page shows, for the step it is in. Correct answers appear only once it is marked. */
export type AttemptPage = {
  set: {
    id: number;
    kind: ProblemSetKind;
    title: string;
    description: string;
    passage: string | null;
    subject: string | null;
    count: number;
  };
  /** The book of a book analysis (null for a course or subject test). */
  book: {
    id: number;
    title: string;
    author: string;
    publisher: string;
    totalPages: number;
    level: number;
    genre: string;
    coverColor: string;
    resultBookId: number;
    status: BookStatus;
    statusLabel: string;
  } | null;
  attempt: { id: number; step: ProblemStep; round: number } | null;
  canStart: boolean;
  canRestart: boolean;
  problems: ShownProblem[];
  answeredCount: number;
  result: AttemptResult | null;
  review: ReviewItem[];
  selfAnalysis: SelfAnalysis | null;
};

/** A course or subject test in its list, with the student's latest attempt of it. */
export type TestListRow = {
  id: number;
  title: string;
  description: string;
  subject: string | null;
  count: number;
  /** The latest attempt's step (null: never started). */
  step: ProblemStep | null;
  rounds: number;
  lastScore: number | null;
  lastMedal: Medal | null;
  lastPlacedLevel: number | null;
  lastMarkedAt: string | null;
};

/** The reading part of the per-book report: reading time, pages and sessions are null until something is recorded. */
export type ReadingSummary = {
  status: BookStatus;
  statusLabel: string;
  readMethod: ReadMethod;
  assignedAt: string;
  statusChangedAt: string;
  completedAt: string | null;
  totalPages: number;
  readingMinutes: number | null;
  pagesRead: number | null;
  sessions: number | null;
};
