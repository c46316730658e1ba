// Problem analysis rules shared by server and client (product.md §2 "Problem analysis, tests and self-analysis"):
// categories, medals, the submission format and marking. Pure functions: no server imports here.
import { BookStatus, enumRecord, ProblemStep } from './enums';
import { BOOK_STATUS_LABELS } from './reading';
import { MESSAGES } from '~/messages';

export const PROBLEM_SET_KINDS = ['BOOK_ANALYSIS', 'COURSE_TEST', 'SUBJECT_TEST'] as const;
export type ProblemSetKind = (typeof PROBLEM_SET_KINDS)[number];

export const PROBLEM_CATEGORIES = [
  { code: 'FACT', label: '사실적 이해' },
  { code: 'INFERENCE', label: '추론적 이해' },
  { code: 'CRITICAL', label: '비판적 이해' },
  { code: 'VOCABULARY', label: '어휘' },
  { code: 'CREATIVE', label: '창의적 이해' },
] as const;
export type ProblemCategory = (typeof PROBLEM_CATEGORIES)[number]['code'];
export const CATEGORY_CODES = PROBLEM_CATEGORIES.map((c) => c.code) as ProblemCategory[];
export const categoryLabel = (code: string) => PROBLEM_CATEGORIES.find((c) => c.code === code)?.label ?? code;

export const MEDALS = ['GOLD', 'SILVER', 'BRONZE'] as const;
export type Medal = (typeof MEDALS)[number];
export const MEDAL_LABELS: Record<Medal, string> = { GOLD: '금메달', SILVER: '은메달', BRONZE: '동메달' };

/** Medal per score: gold ≥ 90, silver ≥ 80, bronze ≥ 70, none below. */
export function medalFor(score: number): Medal | null {
  if (score >= 90) return 'GOLD';
  if (score >= 80) return 'SILVER';
  if (score >= 70) return 'BRONZE';
  return null;
}

export const STEP_LABELS: Record<number, string> = enumRecord(ProblemStep, {
  START: '시작 전',
  CONFIRM: '확인',
  SOLVE: '문제 풀이 중',
  RESTART: '다시 풀기 중',
  MARK: '채점 완료',
  CHECK: '오답 확인',
  COMPLETE: '완료',
});

/** Steps in which answers may still change. */
export const SOLVING_STEPS: number[] = [ProblemStep.SOLVE, ProblemStep.RESTART];
/** Steps after marking. */
export const MARKED_STEPS: number[] = [ProblemStep.MARK, ProblemStep.CHECK, ProblemStep.COMPLETE];

/** Positions of a multiple-choice answer, '3, 1' → [1, 3]; null when it is not a list of whole numbers. */
export function parsePositions(answer: string): number[] | null {
  const trimmed = answer.trim();
  if (trimmed === '') return [];
  const parts = trimmed.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^\d+$/.test(p))) return null;
  return [...new Set(parts.map(Number))].sort((a, b) => a - b);
}

/** A multiple-choice problem with more than one right option: drawn with checkboxes (this says how many, never which). */
/** How options are numbered on the student's page: ① … ⑧. */
export const OPTION_MARKS = ['①', '②', '③', '④', '⑤', '⑥', '⑦', '⑧'];

/**
 * '1,3' → '① …, ③ …' for a multiple-choice answer; the text as is for a short answer. Here rather than beside the
 * student's attempt component, so the operators' problem forms do not load that component (docs/decisions/028).
 */
export function describeAnswer(answer: string, examMethod: 'm' | 's', options: string[]) {
  if (answer === '') return '(답하지 않음)';
  if (examMethod === 's') return answer;
  return (parsePositions(answer) ?? []).map((p) => `${OPTION_MARKS[p - 1] ?? p} ${options[p - 1] ?? ''}`).join(', ');
}

export const isMultipleAnswer = (p: { examMethod: string; correctAnswer: string }) => p.examMethod === 'm' && p.correctAnswer.includes(',');

/** A problem as the student's solving page draws it (never with its right answer), with the answer saved so far. */
export function asShownProblem(
  p: {
    id: number;
    order: number;
    examMethod: 'm' | 's';
    question: string;
    options: string[];
    correctAnswer: string;
    category: string;
    points: number;
  },
  answer = '',
) {
  const { id, order, examMethod, question, options, category, points } = p;
  return { id, order, examMethod, question, options, multiple: isMultipleAnswer(p), category, points, answer };
}

/** The spec's submission format for multiple choice: comma-joined 1-based positions, ascending. */
export const joinPositions = (positions: number[]) => [...new Set(positions)].sort((a, b) => a - b).join(',');

/** Short answers compare after NFKC, lower case and without any spaces. */
export function normaliseText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

export type MarkableProblem = { examMethod: 'm' | 's'; correctAnswer: string; acceptedAnswers: string[] };

/**
 * Multiple choice: the SET of chosen positions equals the set of right ones (order-insensitive, all right options
 * and no wrong one). Short answer: the normalised text equals one of the accepted texts.
 */
export function isCorrectAnswer(problem: MarkableProblem, answer: string | null | undefined): boolean {
  if (answer == null || answer.trim() === '') return false;
  if (problem.examMethod === 'm') {
    const given = parsePositions(answer);
    const right = parsePositions(problem.correctAnswer);
    if (!given || !right || given.length !== right.length) return false;
    return given.every((p, i) => p === right[i]);
  }
  const text = normaliseText(answer);
  return [problem.correctAnswer, ...problem.acceptedAnswers].some((a) => normaliseText(a) === text);
}

export type ScoredProblem = MarkableProblem & { id: number; category: string; points: number };
export type CategoryResult = { category: ProblemCategory; correct: number; total: number; score: number };
export type Marking = {
  score: number;
  medal: Medal | null;
  correctCount: number;
  total: number;
  perProblem: Map<number, boolean>;
  categories: CategoryResult[];
};

const percent = (got: number, of: number) => (of === 0 ? 0 : Math.round((got * 100) / of));

/** Marks a whole attempt: score 0–100 weighted by points, medal, and the result per category (in category order). */
export function markAnswers(problems: ScoredProblem[], answers: Map<number, string>): Marking {
  const perProblem = new Map<number, boolean>();
  let got = 0;
  let of = 0;
  const byCategory = new Map<string, { correct: number; total: number; got: number; of: number }>();
  for (const p of problems) {
    const ok = isCorrectAnswer(p, answers.get(p.id));
    perProblem.set(p.id, ok);
    of += p.points;
    if (ok) got += p.points;
    const c = byCategory.get(p.category) ?? { correct: 0, total: 0, got: 0, of: 0 };
    c.total += 1;
    c.of += p.points;
    if (ok) {
      c.correct += 1;
      c.got += p.points;
    }
    byCategory.set(p.category, c);
  }
  const score = percent(got, of);
  return {
    score,
    medal: medalFor(score),
    correctCount: [...perProblem.values()].filter(Boolean).length,
    total: problems.length,
    perProblem,
    categories: CATEGORY_CODES.filter((code) => byCategory.has(code)).map((code) => {
      const c = byCategory.get(code)!;
      return { category: code, correct: c.correct, total: c.total, score: percent(c.got, c.of) };
    }),
  };
}

/** Reading level placed by a course test score: one level per 10 points, L1 at least. */
export const levelForCourseScore = (score: number) => Math.min(10, Math.max(1, Math.ceil(score / 10)));

export const SELF_ANALYSIS_ITEMS = [
  { key: 'interest', label: '흥미', question: '책이 얼마나 재미있었나요?' },
  { key: 'difficulty', label: '난이도', question: '책이 얼마나 어려웠나요?' },
  { key: 'understanding', label: '이해도', question: '내용을 얼마나 이해했나요?' },
  { key: 'usefulness', label: '유익함', question: '책이 얼마나 도움이 되었나요?' },
  { key: 'recommend', label: '추천', question: '친구에게 얼마나 추천하고 싶나요?' },
] as const;
export type SelfAnalysisKey = (typeof SELF_ANALYSIS_ITEMS)[number]['key'];
export type SelfAnalysisScores = Record<SelfAnalysisKey, number>;

/** '읽기 수준이 L5로 정해졌습니다.' (로/으로 by how the number is read: 삼·육·십 take 으로). */
export function levelMessage(level: number): string {
  const particle = [3, 6, 10].includes(level) ? '으로' : '로';
  return `읽기 수준이 L${level}${particle} 정해졌습니다.`;
}

/**
 * A book's status on the problem-analysis pages: the one label of every screen (BOOK_STATUS_LABELS), except the two
 * steps after reading, which these pages name as the student's turn.
 */
export function analysisStatusLabel(status: number): string {
  if (status === BookStatus.DIAGNOSIS) return '문제 분석 차례';
  if (status === BookStatus.NOTE) return '독서 노트 차례';
  return BOOK_STATUS_LABELS[status as BookStatus] ?? String(status);
}

export const PROBLEM_MESSAGES = {
  notFound: '요청하신 문제를 찾을 수 없습니다.',
  bookNotFound: MESSAGES.bookNotFound,
  setMissing: '이 책의 문제가 아직 준비되지 않았습니다.',
  notReady: '책을 다 읽은 뒤에 문제 분석을 할 수 있습니다.',
  stepConflict: '이미 다른 단계로 넘어갔습니다. 화면을 새로 고친 뒤 다시 시도해 주세요.',
  stepSkip: '앞 단계를 먼저 마쳐 주세요.',
  alreadyMarked: '이미 제출한 답안은 고칠 수 없습니다.',
  invalidAnswer: '답안 형식이 올바르지 않습니다.',
  retakeNotAllowed: '선생님이 다시 풀기를 허락한 책만 다시 풀 수 있습니다.',
  notMarked: '아직 채점하지 않았습니다.',
  selfAnalysisNotReady: '책을 다 읽은 뒤에 자기 분석을 할 수 있습니다.',
  selfAnalysisRange: '각 항목을 1점부터 5점 사이로 골라 주세요.',
  started: '문제 분석을 시작합니다. 안내를 확인해 주세요.',
  saved: '답안을 임시 저장했습니다.',
  marked: '채점이 끝났습니다.',
  completed: '문제 분석을 마쳤습니다. 이제 독서 노트를 쓸 수 있습니다.',
  testCompleted: '테스트를 마쳤습니다.',
  restarted: '다시 풀기를 시작합니다.',
  selfAnalysisSaved: '자기 분석을 저장했습니다.',
} as const;
