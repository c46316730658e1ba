// The problem bank as operators keep it (super area): the kinds of sets, the rules of a problem they write, and the
// messages of the pages. Pure: the pages import it (no zod here, so nothing of it reaches the browser's bundle).
import { CATEGORY_CODES, parsePositions, joinPositions, type ProblemCategory, type ProblemSetKind } from './problems';

export const SET_KIND_LABELS: Record<ProblemSetKind, string> = {
  BOOK_ANALYSIS: '도서 문제 분석',
  COURSE_TEST: '수준 진단',
  SUBJECT_TEST: '교과 연계 독해',
};

export const EXAM_METHOD_LABELS: Record<'m' | 's', string> = { m: '객관식', s: '주관식' };

/** The student's page numbers options ① … ⑧: a multiple-choice problem has 2 to 8 options. */
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 8;
export const MAX_ACCEPTED = 20;
/** A student's answer is at most 200 characters (marking refuses longer): the texts it is compared with too. */
export const MAX_ANSWER_LENGTH = 200;
export const MAX_POINTS = 100;

export const PROBLEM_BANK_MESSAGES = {
  setNotFound: '문제 세트를 찾을 수 없습니다.',
  versionNotFound: '문제 세트의 버전을 찾을 수 없습니다.',
  problemNotFound: '초안에 그 문제가 없습니다. 화면을 새로 고친 뒤 다시 시도해 주세요.',
  noDraft: '편집 중인 초안이 없습니다. ‘편집 시작’을 먼저 눌러 주세요.',
  emptyDraft: '문제가 없는 세트는 게시할 수 없습니다. 문제를 하나 이상 추가해 주세요.',
  bookHasSet: '이 도서에는 이미 문제 세트가 있습니다. 있는 세트를 편집해 새 버전으로 게시해 주세요.',
  bookNotFound: '도서를 찾을 수 없습니다.',
  orderTaken: '그 사이에 다른 문제가 추가되었습니다. 목록을 확인한 뒤 다시 추가해 주세요.',
  kind: '문제 세트 종류를 선택해 주세요.',
  book: '도서를 선택해 주세요.',
  title: '제목을 입력해 주세요.',
  titleLength: '제목은 200자 이하로 입력해 주세요.',
  descriptionLength: '설명은 1000자 이하로 입력해 주세요.',
  subject: '교과 연계 독해는 과목을 입력해 주세요.',
  subjectLength: '과목은 20자 이하로 입력해 주세요.',
  passageLength: '지문은 5000자 이하로 입력해 주세요.',
  level: '수준은 L1부터 L10 사이에서 골라 주세요.',
  status: '상태를 선택해 주세요.',
  examMethod: '문제 유형(객관식, 주관식)을 선택해 주세요.',
  question: '문제를 입력해 주세요.',
  questionLength: '문제는 1000자 이하로 입력해 주세요.',
  optionsFew: `객관식은 보기를 ${MIN_OPTIONS}개 이상, 한 줄에 하나씩 입력해 주세요.`,
  optionsMany: `보기는 ${MAX_OPTIONS}개까지 넣을 수 있습니다.`,
  optionLength: `보기는 한 줄에 ${MAX_ANSWER_LENGTH}자 이하로 입력해 주세요.`,
  positionsMissing: '정답 보기의 번호를 입력해 주세요. 여러 개면 쉼표로 구분합니다. (예: 1,3)',
  modelMissing: '주관식의 모범 답안을 입력해 주세요.',
  modelLength: `모범 답안은 ${MAX_ANSWER_LENGTH}자 이하로 입력해 주세요.`,
  acceptedMany: `인정 답은 ${MAX_ACCEPTED}개까지 넣을 수 있습니다.`,
  acceptedLength: `인정 답은 한 줄에 ${MAX_ANSWER_LENGTH}자 이하로 입력해 주세요.`,
  explanation: '해설을 입력해 주세요.',
  explanationLength: '해설은 2000자 이하로 입력해 주세요.',
  category: '문제 영역을 선택해 주세요.',
  points: `배점은 1점부터 ${MAX_POINTS}점 사이의 숫자로 입력해 주세요.`,
} as const;

const MSG = PROBLEM_BANK_MESSAGES;

/** '정답 번호는 1부터 4까지 …': positions out of range or not a list of numbers. */
export const positionsRangeMessage = (count: number) =>
  `정답 번호는 1부터 ${count}까지의 보기 번호로, 여러 개면 쉼표로 구분해 입력해 주세요. (예: 1,3)`;

export type ProblemInput = {
  examMethod: 'm' | 's';
  question: string;
  options: string[];
  /** Multiple choice: positions as typed ('3, 1'); short answer: the model answer. */
  correctAnswer: string;
  acceptedAnswers: string[];
  explanation: string;
  category: ProblemCategory;
  points: number;
};

export type ProblemField = keyof ProblemInput;

/**
 * What is wrong with a problem an operator wrote, field by field (empty when nothing), all at once: a question and an
 * explanation; a multiple-choice problem has
 * 2–8 options and one or more right positions among them; a short answer has a model answer; texts a student's answer
 * is compared with are at most 200 characters, like the answer itself.
 */
export function problemInputErrors(input: ProblemInput): Partial<Record<ProblemField, string>> {
  const errors: Partial<Record<ProblemField, string>> = {};
  if (input.examMethod !== 'm' && input.examMethod !== 's') errors.examMethod = MSG.examMethod;
  if (input.question.trim() === '') errors.question = MSG.question;
  else if (input.question.length > 1000) errors.question = MSG.questionLength;
  if (input.explanation.trim() === '') errors.explanation = MSG.explanation;
  else if (input.explanation.length > 2000) errors.explanation = MSG.explanationLength;
  if (input.examMethod === 'm') {
    if (input.options.length < MIN_OPTIONS) errors.options = MSG.optionsFew;
    else if (input.options.length > MAX_OPTIONS) errors.options = MSG.optionsMany;
    else if (input.options.some((o) => o.length > MAX_ANSWER_LENGTH)) errors.options = MSG.optionLength;
    const positions = parsePositions(input.correctAnswer);
    const count = Math.min(Math.max(input.options.length, MIN_OPTIONS), MAX_OPTIONS);
    if (input.correctAnswer.trim() === '') errors.correctAnswer = MSG.positionsMissing;
    else if (!positions || positions.some((p) => p < 1 || p > count)) errors.correctAnswer = positionsRangeMessage(count);
  } else if (input.examMethod === 's') {
    if (input.correctAnswer.trim() === '') errors.correctAnswer = MSG.modelMissing;
    else if (input.correctAnswer.trim().length > MAX_ANSWER_LENGTH) errors.correctAnswer = MSG.modelLength;
    if (input.acceptedAnswers.length > MAX_ACCEPTED) errors.acceptedAnswers = MSG.acceptedMany;
    else if (input.acceptedAnswers.some((a) => a.length > MAX_ANSWER_LENGTH)) errors.acceptedAnswers = MSG.acceptedLength;
  }
  if (!(CATEGORY_CODES as string[]).includes(input.category)) errors.category = MSG.category;
  if (!Number.isInteger(input.points) || input.points < 1 || input.points > MAX_POINTS) errors.points = MSG.points;
  return errors;
}

/**
 * A valid problem as it is stored: multiple choice keeps its options and its positions in the spec's format ('1,3',
 * ascending) and no accepted texts; a short answer keeps no options.
 */
export function normaliseProblemInput(input: ProblemInput): ProblemInput {
  if (input.examMethod === 'm') {
    return { ...input, correctAnswer: joinPositions(parsePositions(input.correctAnswer) ?? []), acceptedAnswers: [] };
  }
  return { ...input, options: [], correctAnswer: input.correctAnswer.trim() };
}

/** A textarea's lines, trimmed, without the empty ones (options, accepted answers: one per line). */
export const textLines = (text: string | undefined | null) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The status an operator may give a set: in use, or withdrawn from students. */
export const SET_STATUSES = [1, 200] as const;
