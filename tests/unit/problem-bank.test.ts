import { describe, expect, it } from 'vitest';
import { DEMO_BOOKS } from '~/seed/data/books';
import { bookProblemSet, josa, type BankBook } from '~/seed/data/problem-bank';
import { STORY_QUESTIONS } from '~/seed/data/story-questions';
import { CATEGORY_CODES, isCorrectAnswer, normaliseText, parsePositions } from '~/domain/problems';

const sets = DEMO_BOOKS.map((book) => ({ book, set: bookProblemSet(book) }));
const each = (check: (book: BankBook, set: ReturnType<typeof bookProblemSet>) => void) => {
  for (const { book, set } of sets) check(book, set);
};
/** The author as a reader would name them: '찰스 다윈 원작' → '찰스 다윈', '추적 엮음' → '추적'. */
const authorName = (book: BankBook) => book.author.replace(/\s*(원작|엮음)$/u, '');

describe('problem bank: a written set for every demo book', () => {
  it('has questions for exactly the titles of DEMO_BOOKS, six to eight each', () => {
    expect(Object.keys(STORY_QUESTIONS).sort()).toEqual(DEMO_BOOKS.map((b) => b.title).sort());
    each((book, set) => {
      expect(set.problems.length, book.title).toBeGreaterThanOrEqual(6);
      expect(set.problems.length, book.title).toBeLessThanOrEqual(8);
    });
  });

  it('covers all five categories in every set', () => {
    each((book, set) => {
      expect(new Set(set.problems.map((p) => p.category)), book.title).toEqual(new Set(CATEGORY_CODES));
    });
  });

  it('mixes single answers, one or more "모두 고르세요" and one or two short answers', () => {
    each((book, set) => {
      const single = set.problems.filter((p) => p.examMethod === 'm' && !p.correctAnswer.includes(','));
      const multi = set.problems.filter((p) => p.examMethod === 'm' && p.correctAnswer.includes(','));
      const short = set.problems.filter((p) => p.examMethod === 's');
      expect(single.length, book.title).toBeGreaterThanOrEqual(3);
      expect(multi.length, book.title).toBeGreaterThanOrEqual(1);
      expect(short.length, book.title).toBeGreaterThanOrEqual(1);
      expect(short.length, book.title).toBeLessThanOrEqual(2);
      for (const p of multi) expect(p.question, book.title).toContain('모두 고르세요');
      for (const p of single) expect(p.question, book.title).not.toContain('모두 고르세요');
    });
  });

  it('gives multiple choice distinct options and correct positions within range; points 10, 15 for several answers', () => {
    each((book, set) => {
      for (const p of set.problems.filter((q) => q.examMethod === 'm')) {
        const right = parsePositions(p.correctAnswer);
        expect(right, p.question).not.toBeNull();
        expect(new Set(p.options).size, p.question).toBe(p.options.length);
        expect(
          p.options.every((o) => o.trim().length > 0),
          p.question,
        ).toBe(true);
        expect(
          right!.every((r) => Number.isInteger(r) && r >= 1 && r <= p.options.length),
          p.question,
        ).toBe(true);
        expect(p.acceptedAnswers, p.question).toEqual([]);
        if (right!.length === 1) {
          expect(p.options, p.question).toHaveLength(4);
          expect(p.points, p.question).toBe(10);
        } else {
          expect(right, p.question).toHaveLength(2);
          expect(p.options.length, p.question).toBeGreaterThanOrEqual(4);
          expect(p.options.length, p.question).toBeLessThanOrEqual(5);
          expect(p.points, p.question).toBe(15);
        }
        expect(isCorrectAnswer(p, p.correctAnswer), p.question).toBe(true);
      }
    });
  });

  it('gives short answers a model answer and accepted variants, marked right', () => {
    each((book, set) => {
      for (const p of set.problems.filter((q) => q.examMethod === 's')) {
        expect(p.options, p.question).toEqual([]);
        expect(p.correctAnswer.length, p.question).toBeGreaterThan(0);
        expect(p.points, p.question).toBe(10);
        expect(new Set([p.correctAnswer, ...p.acceptedAnswers]).size, p.question).toBe(1 + p.acceptedAnswers.length);
        for (const a of [p.correctAnswer, ...p.acceptedAnswers]) expect(isCorrectAnswer(p, ` ${a} `), a).toBe(true);
        expect(isCorrectAnswer(p, '모르겠어요'), p.question).toBe(false);
      }
    });
  });

  it('explains every answer in a sentence or two', () => {
    each((book, set) => {
      for (const p of set.problems) {
        expect(p.explanation.length, p.question).toBeGreaterThan(20);
        expect(p.explanation.length, p.question).toBeLessThan(200);
      }
    });
  });

  it('asks about the content, never about the book as an object: no author, publisher, page count or genre', () => {
    each((book, set) => {
      const pages = new RegExp(`(?<![0-9])${book.totalPages}(?![0-9])`, 'u');
      for (const p of set.problems) {
        const text = [p.question, ...p.options].join(' ');
        if (book.author !== '작자 미상') expect(text, p.question).not.toContain(authorName(book));
        expect(text, p.question).not.toContain(book.publisher);
        expect(text, p.question).not.toMatch(pages);
        expect(text, p.question).not.toMatch(/쪽수|출판사|지은이|펴낸|(어떤|무슨) 갈래|분야의 책|표지/u);
        expect(p.question, p.question).not.toMatch(/(쓴|지은|엮은) 사람/u);
        expect([p.correctAnswer, ...p.acceptedAnswers].map(normaliseText), p.question).not.toContain(normaliseText(authorName(book)));
        // Nor do the explanations talk about the book as an object.
        expect(p.explanation, p.question).not.toMatch(/쪽수|출판사|지은이|펴낸/u);
        expect(p.explanation, p.question).not.toContain(book.publisher);
        // Particles are written out, not left as '(을)를' for a generator to fill.
        expect(p.question, p.question).not.toMatch(/\((을|를|은|는|이|가|과|와)\)/u);
      }
    });
  });

  it('never gives a short answer away: not in another question or option of the set, not in the book summary', () => {
    each((book, set) => {
      for (const [i, p] of set.problems.entries()) {
        if (p.examMethod !== 's') continue;
        // One-letter variants ('조') would match inside any word; the model answer and the longer variants are checked.
        const answers = [p.correctAnswer, ...p.acceptedAnswers].map(normaliseText).filter((a) => a.length >= 2);
        for (const [j, other] of set.problems.entries()) {
          const text = normaliseText([other.question, ...other.options].join(' '));
          for (const a of answers) expect(text, `${book.title} #${j + 1} gives away #${i + 1} (${a})`).not.toContain(a);
        }
        expect(normaliseText(book.summary), `${book.title}: the summary gives away #${i + 1}`).not.toContain(
          normaliseText(p.correctAnswer),
        );
      }
    });
  });

  it('does not repeat a question within a set', () => {
    each((book, set) => {
      expect(new Set(set.problems.map((p) => p.question)).size, book.title).toBe(set.problems.length);
    });
  });

  it('is deterministic: the same book gives the same set, options in the same order', () => {
    for (const book of DEMO_BOOKS) expect(bookProblemSet(book)).toEqual(bookProblemSet(book));
    const shuffled = sets.flatMap(({ set }) => set.problems.filter((p) => p.examMethod === 'm').map((p) => p.correctAnswer));
    // The shuffle spreads the right answers: not always first.
    expect(new Set(shuffled).size).toBeGreaterThan(3);
  });

  it('names the set after the book and describes it', () => {
    each((book, set) => {
      expect(set.title).toBe(`${book.title} 문제 분석`);
      expect(set.description).toContain(`「${book.title}」`);
      expect(set.description).toContain(`${set.problems.length}문항`);
    });
  });

  it('throws a clear error for a book without written questions', () => {
    const unknown = { ...DEMO_BOOKS[0], title: '없는 책' };
    expect(() => bookProblemSet(unknown)).toThrow(/없는 책/);
  });

  it('attaches particles by the final consonant', () => {
    expect(josa('「어린 왕자」', '을', '를')).toBe('「어린 왕자」를');
    expect(josa('「홍길동전」', '을', '를')).toBe('「홍길동전」을');
    expect(josa('허균', '이', '가')).toBe('허균이');
  });
});
