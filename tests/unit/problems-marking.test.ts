import { describe, expect, it } from 'vitest';
import { COURSE_TEST, SUBJECT_TESTS } from '~/seed/data/test-bank';
import {
  isCorrectAnswer,
  levelForCourseScore,
  levelMessage,
  markAnswers,
  medalFor,
  normaliseText,
  parsePositions,
} from '~/domain/problems';

const multi = { examMethod: 'm' as const, correctAnswer: '1,3', acceptedAnswers: [] };
const single = { examMethod: 'm' as const, correctAnswer: '2', acceptedAnswers: [] };
const shortAnswer = { examMethod: 's' as const, correctAnswer: '앙투안 드 생텍쥐페리', acceptedAnswers: ['생텍쥐페리'] };

describe('marking rules', () => {
  it('compares the SET of multiple-choice positions: order-insensitive, all right options and no wrong one', () => {
    expect(isCorrectAnswer(multi, '1,3')).toBe(true);
    expect(isCorrectAnswer(multi, '3,1')).toBe(true);
    expect(isCorrectAnswer(multi, ' 3 , 1 ')).toBe(true);
    expect(isCorrectAnswer(multi, '1,3,1')).toBe(true);
    expect(isCorrectAnswer(multi, '1')).toBe(false);
    expect(isCorrectAnswer(multi, '1,2,3')).toBe(false);
    expect(isCorrectAnswer(multi, '')).toBe(false);
    expect(isCorrectAnswer(multi, 'a,b')).toBe(false);
    expect(isCorrectAnswer(single, '2')).toBe(true);
    expect(isCorrectAnswer(single, '2,4')).toBe(false);
    expect(parsePositions('3,1')).toEqual([1, 3]);
    expect(parsePositions('1;3')).toBeNull();
  });

  it('normalises short answers: spaces, case and full-width characters', () => {
    expect(isCorrectAnswer(shortAnswer, '앙투안드생텍쥐페리')).toBe(true);
    expect(isCorrectAnswer(shortAnswer, '  앙투안   드 생텍쥐 페리 ')).toBe(true);
    expect(isCorrectAnswer(shortAnswer, '생텍쥐페리')).toBe(true);
    expect(isCorrectAnswer(shortAnswer, '생텍쥐')).toBe(false);
    const latin = { examMethod: 's' as const, correctAnswer: 'Water Cycle', acceptedAnswers: [] };
    expect(isCorrectAnswer(latin, 'ＷＡＴＥＲ　ｃｙｃｌｅ')).toBe(true);
    expect(isCorrectAnswer(latin, 'watercycle')).toBe(true);
    expect(normaliseText(' Ａ b\tC ')).toBe('abc');
    expect(isCorrectAnswer(latin, '   ')).toBe(false);
  });

  it('gives medals at the boundaries 70, 80 and 90', () => {
    expect([69, 70, 79, 80, 89, 90, 100, 0].map(medalFor)).toEqual([null, 'BRONZE', 'BRONZE', 'SILVER', 'SILVER', 'GOLD', 'GOLD', null]);
  });

  it('weights the score by points and reports each category', () => {
    const list = [
      { id: 1, category: 'FACT', points: 10, ...single },
      { id: 2, category: 'FACT', points: 15, ...multi },
      { id: 3, category: 'VOCABULARY', points: 25, ...shortAnswer },
    ];
    const m = markAnswers(
      list,
      new Map([
        [1, '2'],
        [2, '3'],
        [3, '생텍쥐 페리'],
      ]),
    );
    expect(m.score).toBe(70); // (10 + 25) / 50
    expect(m.medal).toBe('BRONZE');
    expect(m.correctCount).toBe(2);
    expect(m.categories).toEqual([
      { category: 'FACT', correct: 1, total: 2, score: 40 },
      { category: 'VOCABULARY', correct: 1, total: 1, score: 100 },
    ]);
  });

  it('places the level by the course test score and words the message', () => {
    expect([0, 5, 10, 11, 47, 50, 95, 100].map(levelForCourseScore)).toEqual([1, 1, 1, 2, 5, 5, 10, 10]);
    expect(levelMessage(5)).toBe('읽기 수준이 L5로 정해졌습니다.');
    expect(levelMessage(3)).toBe('읽기 수준이 L3으로 정해졌습니다.');
  });
});

// The book analysis sets of the problem bank: tests/unit/problem-bank.test.ts.
describe('test bank', () => {
  it('has a course test spanning the levels and two subject tests', () => {
    const levels = new Set(COURSE_TEST.problems.map((p) => p.level));
    expect(levels.size).toBeGreaterThanOrEqual(9);
    expect(SUBJECT_TESTS).toHaveLength(2);
    for (const t of [COURSE_TEST, ...SUBJECT_TESTS]) {
      expect(t.problems.some((p) => p.examMethod === 's')).toBe(true);
      expect(t.problems.some((p) => p.correctAnswer.includes(','))).toBe(true);
    }
  });
});
