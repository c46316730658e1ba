// 문제 은행: 체험 도서마다 책을 읽어야 풀 수 있는 문제 분석 세트(story-questions.ts에 손으로 쓴 여섯 문항)를 만듭니다.
// 지은이·출판사·쪽수 같은 책의 겉 정보는 묻지 않습니다(tests/unit/problem-bank.test.ts).
// 순수 함수이며 결정적입니다(같은 책이면 늘 같은 문제와 같은 보기 순서). E2E 테스트도 이 함수로 정답을 셉니다.
import type { ProblemInput } from '../../domain/problem-bank';
import { DEMO_BOOKS } from './books';
import { STORY_QUESTIONS } from './story-questions';

export type BankBook = (typeof DEMO_BOOKS)[number];
/** A problem as operators write it (correctAnswer '1,3' for multiple choice, the model text for short answer). */
export type BankProblem = ProblemInput & { level?: number };
export type BankSet = {
  title: string;
  description: string;
  subject?: string;
  passage?: string;
  level?: number;
  problems: BankProblem[];
};

/** 받침이 있으면 앞의 조사, 없으면 뒤의 조사: josa('허균', '이', '가') → '허균이'. */
export function josa(word: string, withFinal: string, withoutFinal: string): string {
  const last = word.replace(/[^가-힣A-Za-z0-9]+$/u, '').slice(-1);
  const code = last.charCodeAt(0);
  const hasFinal = code >= 0xac00 && code <= 0xd7a3 ? (code - 0xac00) % 28 !== 0 : false;
  return word + (hasFinal ? withFinal : withoutFinal);
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function random(seed: string) {
  let a = hash(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], seed: string): T[] {
  const rnd = random(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A multiple-choice problem from right and wrong options, shuffled deterministically. */
function choice(
  seed: string,
  base: Omit<BankProblem, 'examMethod' | 'options' | 'correctAnswer' | 'acceptedAnswers' | 'points'> & { points?: number },
  right: string[],
  wrong: string[],
): BankProblem {
  const options = shuffle([...right, ...wrong], seed);
  const positions = right.map((r) => options.indexOf(r) + 1).sort((a, b) => a - b);
  return {
    examMethod: 'm',
    options,
    correctAnswer: positions.join(','),
    acceptedAnswers: [],
    points: base.points ?? (right.length > 1 ? 15 : 10),
    question: base.question,
    explanation: base.explanation,
    category: base.category,
    level: base.level,
  };
}

function short(base: Omit<BankProblem, 'examMethod' | 'options' | 'correctAnswer' | 'acceptedAnswers' | 'points'>, answers: string[], points = 10): BankProblem {
  const unique = [...new Set(answers)];
  return { ...base, examMethod: 's', options: [], correctAnswer: unique[0], acceptedAnswers: unique.slice(1), points };
}

/**
 * 이 책의 문제 분석 세트: 책마다 쓴 여섯 문항(story-questions.ts)을 보기의 순서만 책마다 정해진 대로 섞어 냅니다.
 * `catalogue`는 예전 호출과의 호환을 위해 남겨 둔 인자입니다.
 */
export function bookProblemSet(book: BankBook, _catalogue: ReadonlyArray<BankBook> = DEMO_BOOKS): BankSet {
  const written = STORY_QUESTIONS[book.title];
  if (!written?.length) throw new Error(`문제 은행: 「${book.title}」의 문항이 story-questions.ts에 없습니다 (no questions written for this book)`);
  const T = `「${book.title}」`;
  const problems = written.map((q, i) =>
    'answers' in q
      ? short({ category: q.category, question: q.question, explanation: q.explanation }, q.answers)
      : choice(`${book.title}#${i + 1}`, { category: q.category, question: q.question, explanation: q.explanation }, q.right, q.wrong),
  );
  return {
    title: `${book.title} 문제 분석`,
    description: `${josa(T, '을', '를')} 읽고 푸는 ${problems.length}문항입니다. 이야기의 내용, 인물의 마음과 까닭, 낱말의 뜻, 나의 생각을 차례로 살펴봅니다.`,
    problems,
  };
}
