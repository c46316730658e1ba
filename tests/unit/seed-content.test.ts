import { describe, expect, it } from 'vitest';
import { BEFORE_ANSWERS } from '~/seed/data/before-answers';
import { DEMO_BOOKS } from '~/seed/data/books';
import { assignTime, seoulTimeOfDay, studyTime } from '~/seed/times';
import { seoulParts } from '~/lib/dates';

describe('demo content', () => {
  it('has a before-reading answer written for every demo book', () => {
    expect(Object.keys(BEFORE_ANSWERS).sort()).toEqual(DEMO_BOOKS.map((b) => b.title).sort());
    for (const [title, answer] of Object.entries(BEFORE_ANSWERS)) {
      expect(answer.prediction, title).toMatch(/것 같아요\.$/);
      expect(answer.whatIKnow.length, title).toBeGreaterThan(10);
    }
  });

  it('puts demo times in a school afternoon or evening, each at its own minute, never in the future', () => {
    const now = Date.parse('2026-11-24T01:00:00Z'); // 10:00 in Seoul
    const minutes = new Set<number>();
    for (let seed = 0; seed < 40; seed++) {
      const read = studyTime(now - 3 * 86_400_000, seed, now);
      const { hour, minute } = seoulParts(read);
      expect(hour).toBeGreaterThanOrEqual(15);
      expect(hour * 60 + minute).toBeLessThanOrEqual(21 * 60 + 30);
      minutes.add(minute);
      const assigned = seoulParts(assignTime(now - 86_400_000, seed, now)).hour;
      expect(assigned).toBeGreaterThanOrEqual(14);
      expect(assigned).toBeLessThan(18);
    }
    expect(minutes.size).toBeGreaterThan(15);
    // Today's afternoon has not come yet at 10:00: the time falls on the day before.
    const today = seoulTimeOfDay(now, 1, 15, 21, now);
    expect(today.getTime()).toBeLessThanOrEqual(now);
    expect(seoulParts(today).day).toBe(23);
  });
});
