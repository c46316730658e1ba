import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReadMethod } from '~/domain/enums';
import {
  CATEGORY_CODES,
  isCorrectAnswer,
  joinPositions,
  markAnswers,
  medalFor,
  parsePositions,
  type ScoredProblem,
} from '~/domain/problems';
import { HUNDRED_GOAL_MINUTES, pageRange, progressOf, SESSION_COUNTS } from '~/domain/reading';
import { safeRedirectPath, safeRedirectWithin } from '~/lib/safe-redirect';

// Properties of the pure rules, over generated inputs: the example tests beside these pin the exact values.

const positions = fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 5 });

describe('multiple-choice answers', () => {
  it('a right answer stays right however it is ordered, repeated or spaced', () => {
    fc.assert(
      fc.property(
        positions,
        fc.array(fc.nat(), { maxLength: 5 }),
        fc.array(fc.constantFrom('', ' ', '  '), { minLength: 10, maxLength: 10 }),
        (right, picks, pads) => {
          const problem = { examMethod: 'm' as const, correctAnswer: joinPositions(right), acceptedAnswers: [] };
          const shuffled = [...right].sort(() => 0).reverse();
          const repeated = [...shuffled, ...picks.map((i) => right[i % right.length])];
          const written = repeated.map((p, i) => `${pads[i % pads.length]}${p}${pads[(i + 1) % pads.length]}`).join(',');
          expect(isCorrectAnswer(problem, written)).toBe(true);
        },
      ),
    );
  });

  it('a different set of positions is always wrong', () => {
    fc.assert(
      fc.property(positions, positions, (right, given) => {
        fc.pre(joinPositions(right) !== joinPositions(given));
        const problem = { examMethod: 'm' as const, correctAnswer: joinPositions(right), acceptedAnswers: [] };
        expect(isCorrectAnswer(problem, given.join(','))).toBe(false);
      }),
    );
  });

  it('joinPositions and parsePositions round-trip to the ascending set', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 99 }), { maxLength: 8 }), (list) => {
        expect(parsePositions(joinPositions(list))).toEqual([...new Set(list)].sort((a, b) => a - b));
      }),
    );
  });
});

const problemList = fc
  .array(
    fc.record({
      category: fc.constantFrom(...CATEGORY_CODES),
      points: fc.integer({ min: 1, max: 20 }),
      right: positions,
      answered: fc.constantFrom('right', 'wrong', 'blank'),
    }),
    { minLength: 1, maxLength: 15 },
  )
  .map((rows) =>
    rows.map((r, i) => ({
      problem: {
        id: i + 1,
        examMethod: 'm' as const,
        correctAnswer: joinPositions(r.right),
        acceptedAnswers: [],
        category: r.category,
        points: r.points,
      } satisfies ScoredProblem,
      answer: r.answered === 'right' ? joinPositions(r.right) : r.answered === 'wrong' ? joinPositions([...r.right, 6]) : '',
      right: r.answered === 'right',
    })),
  );

describe('marking a whole attempt', () => {
  it('scores 0–100, agrees with a hand count, and gives the medal of its score', () => {
    fc.assert(
      fc.property(problemList, (rows) => {
        const marking = markAnswers(
          rows.map((r) => r.problem),
          new Map(rows.map((r) => [r.problem.id, r.answer])),
        );
        const got = rows.filter((r) => r.right).reduce((s, r) => s + r.problem.points, 0);
        const of = rows.reduce((s, r) => s + r.problem.points, 0);
        expect(marking.score).toBe(Math.round((got * 100) / of));
        expect(marking.score).toBeGreaterThanOrEqual(0);
        expect(marking.score).toBeLessThanOrEqual(100);
        expect(marking.medal).toBe(medalFor(marking.score));
        expect(marking.correctCount).toBe(rows.filter((r) => r.right).length);
        expect(marking.categories.reduce((s, c) => s + c.total, 0)).toBe(rows.length);
        expect(marking.categories.reduce((s, c) => s + c.correct, 0)).toBe(marking.correctCount);
      }),
    );
  });
});

describe('reading progress', () => {
  const methods = [
    ReadMethod.FREE,
    ReadMethod.M_3_3,
    ReadMethod.M_3_4,
    ReadMethod.M_3_5,
    ReadMethod.M_3_6,
    ReadMethod.HUNDRED,
    ReadMethod.CLOCK,
    ReadMethod.NO_PAGE,
  ];
  const totals = fc.record({
    lastPage: fc.nat({ max: 1200 }),
    minutes: fc.nat({ max: 600 }),
    records: fc.nat({ max: 20 }),
    lastIndex: fc.nat({ max: 1200 }),
  });

  it('stays within 0–100 and is complete exactly when it reaches 100', () => {
    fc.assert(
      fc.property(fc.constantFrom(...methods), fc.integer({ min: 1, max: 1000 }), totals, (method, totalPages, t) => {
        const p = progressOf(method, totalPages, t);
        expect(p.percent).toBeGreaterThanOrEqual(0);
        expect(p.percent).toBeLessThanOrEqual(100);
        expect(p.complete).toBe(p.percent === 100);
      }),
    );
  });

  it('never goes back when more is read', () => {
    fc.assert(
      fc.property(fc.constantFrom(...methods), fc.integer({ min: 1, max: 1000 }), totals, totals, (method, totalPages, a, more) => {
        const b = {
          lastPage: a.lastPage + more.lastPage,
          minutes: a.minutes + more.minutes,
          records: a.records + more.records,
          lastIndex: a.lastIndex + more.lastIndex,
        };
        expect(progressOf(method, totalPages, b).percent).toBeGreaterThanOrEqual(progressOf(method, totalPages, a).percent);
      }),
    );
  });

  it('says a 100-minute reading is met past its goal instead of a count over it', () => {
    const at = (minutes: number) => progressOf(ReadMethod.HUNDRED, 300, { lastPage: 0, minutes, records: 3, lastIndex: 0 }).label;
    expect(at(65)).toBe('65 / 100분');
    expect(at(100)).toBe('100분 완료 (1시간 40분 읽음)');
    expect(at(318)).toBe('100분 완료 (5시간 18분 읽음)');
  });

  it('words a page range, and a single page as one page', () => {
    expect(pageRange(12, 30)).toBe('12–30쪽');
    expect(pageRange(216, 216)).toBe('216쪽');
  });

  it('has the goal of its method', () => {
    expect(progressOf(ReadMethod.HUNDRED, 300, { lastPage: 0, minutes: HUNDRED_GOAL_MINUTES, records: 1, lastIndex: 0 }).complete).toBe(
      true,
    );
    for (const [method, count] of Object.entries(SESSION_COUNTS)) {
      const at = (records: number) =>
        progressOf(Number(method) as ReadMethod, 300, { lastPage: 0, minutes: 0, records, lastIndex: 0 }).complete;
      expect([at(count! - 1), at(count!)]).toEqual([false, true]);
    }
    expect(progressOf(ReadMethod.NONE, 300, { lastPage: 300, minutes: 500, records: 9, lastIndex: 0 }).complete).toBe(false);
  });
});

describe('redirectTo after sign-in', () => {
  // Pieces that open-redirect tricks are made of: schemes, protocol-relative slashes, backslashes, encodings, spaces.
  const piece = fc.constantFrom(
    '/',
    '//',
    '\\',
    '/\\',
    'http:',
    'https:',
    'javascript:',
    'evil.example',
    '@',
    '%2f',
    '%5c',
    '.',
    '..',
    ' ',
    '\t',
    '\n',
    'user',
    '?a=1',
    '#x',
  );
  const target = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));

  it('keeps same-site paths and refuses the known tricks', () => {
    const keep = ['/user/dashboard', '/user/search?q=%ED%99%A9&page=2', '/admin/notes/3#review'];
    for (const to of keep) expect(safeRedirectPath(to, '/home')).toBe(to);
    const refuse = [
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' //evil.example',
      '/a/../../x',
      'javascript:alert(1)',
    ];
    for (const to of refuse) expect(safeRedirectPath(to, '/home')).toBe('/home');
  });

  it("keeps a parent's return address inside /parent only", () => {
    for (const to of ['/parent', '/parent/children/3/notes/7', '/parent/children/3/report?month=2026-10'])
      expect(safeRedirectWithin(to, '/parent')).toBe(to);
    for (const to of [
      '/admin/notes',
      '/parentx',
      '/parent-evil/1',
      '/parent/%2e%2e/admin',
      '/parent/%2E%2E/user',
      '//evil.example/parent',
      '',
    ])
      expect(safeRedirectWithin(to, '/parent')).toBe('/parent');
  });

  it('whatever it is given, the browser stays on our site', () => {
    fc.assert(
      fc.property(fc.oneof(target, fc.string(), fc.string({ unit: 'binary' })), (to) => {
        const where = safeRedirectPath(to, '/user/activity');
        expect(where.startsWith('/')).toBe(true);
        // The browser's reading of the Location header (tabs and newlines dropped, '\\' as '/').
        expect(new URL(where, 'https://readin.example/member/login').origin).toBe('https://readin.example');
      }),
      { numRuns: 3000 },
    );
  });
});
