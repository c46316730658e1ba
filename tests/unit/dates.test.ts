import { describe, expect, it } from 'vitest';
import {
  addMonths,
  formatDateTime,
  formatKoreanDate,
  formatKoreanDateTime,
  formatTime,
  seoulDay,
  seoulMonth,
  seoulParts,
} from '~/lib/dates';

describe('Seoul calendar', () => {
  it('counts the month in Asia/Seoul, not UTC', () => {
    // 2026-11-30 15:30 UTC is already 2026-12-01 00:30 in Seoul.
    expect(seoulMonth(new Date('2026-11-30T15:30:00Z'))).toBe('2026-12');
    expect(seoulMonth(new Date('2026-11-30T14:59:59Z'))).toBe('2026-11');
    expect(seoulDay(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
  });

  it('shifts months across years', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', 3)).toBe('2027-02');
    expect(addMonths('2026-11', 0)).toBe('2026-11');
  });
});

describe('date formats (Asia/Seoul, the same text on the server and in the browser)', () => {
  // 2026-01-04 15:05 UTC is 2026-01-05 00:05 in Seoul; 2026-11-21 06:04 UTC is 15:04 there.
  const afterMidnight = new Date('2026-01-04T15:05:00Z');
  const afternoon = '2026-11-21T06:04:00.000Z';

  it('writes the Korean date and date-time of notes, reports and the my page', () => {
    expect(formatKoreanDate(afternoon)).toBe('2026년 11월 21일');
    expect(formatKoreanDate(afterMidnight)).toBe('2026년 1월 5일');
    expect(formatKoreanDateTime(afternoon)).toBe('2026년 11월 21일 15:04');
    expect(formatKoreanDateTime(afterMidnight)).toBe('2026년 1월 5일 00:05');
  });

  it('writes the dotted date-time of the admin tables and the clock time of the reading page', () => {
    expect(formatDateTime(afternoon)).toBe('2026. 11. 21. 15:04');
    expect(formatDateTime(afterMidnight)).toBe('2026. 01. 05. 00:05');
    expect(formatTime(afternoon)).toBe('15:04');
    expect(formatTime(afterMidnight)).toBe('00:05');
    expect(formatTime(new Date('2026-03-01T14:59:00Z'))).toBe('23:59');
  });

  it('reads the parts on the Seoul clock', () => {
    expect(seoulParts(afterMidnight)).toEqual({ year: 2026, month: 1, day: 5, hour: 0, minute: 5 });
  });
});
