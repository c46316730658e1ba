import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addMonths, formatDateTime, formatKoreanDate, monthLabel, formatTime, seoulDay, seoulMonth, seoulParts } from '~/lib/dates';

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

  it('writes one date, one date-time and one month on every page', () => {
    expect(formatKoreanDate(afternoon)).toBe('2026년 11월 21일');
    expect(formatKoreanDate(afterMidnight)).toBe('2026년 1월 5일');
    expect(formatKoreanDate('2026-11-27')).toBe('2026년 11월 27일');
    expect(formatDateTime(afternoon)).toBe('2026년 11월 21일 15:04');
    expect(formatDateTime(afterMidnight)).toBe('2026년 1월 5일 00:05');
    expect(monthLabel('2026-01')).toBe('2026년 1월');
    expect(monthLabel(new Date('2026-11-30T15:30:00Z'))).toBe('2026년 12월');
  });

  it('writes the clock time of the reading page', () => {
    expect(formatTime(afternoon)).toBe('15:04');
    expect(formatTime(afterMidnight)).toBe('00:05');
    expect(formatTime(new Date('2026-03-01T14:59:00Z'))).toBe('23:59');
  });

  it('reads the parts on the Seoul clock', () => {
    expect(seoulParts(afterMidnight)).toEqual({ year: 2026, month: 1, day: 5, hour: 0, minute: 5 });
  });
});

describe('one place writes dates', () => {
  function* sources(dir: string): Generator<string> {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* sources(full);
      else if (/\.tsx?$/.test(entry.name)) yield full;
    }
  }

  it('formats no date outside app/lib/dates.ts (no Intl.DateTimeFormat, toLocale…String of a date, or a raw day in the page)', () => {
    const offenders: string[] = [];
    for (const file of sources('app')) {
      if (file === path.join('app', 'lib', 'dates.ts')) continue;
      const text = fs.readFileSync(file, 'utf8');
      if (/Intl\.DateTimeFormat|toLocale(Date|Time)String|\.getFullYear\(\)/.test(text)) offenders.push(file);
      // A day string ('YYYY-MM-DD') put in the page as it is.
      if (file.endsWith('.tsx') && /(?<!=)\{\s*[\w.?]*\.(date|readDate|dueOn|lastReadOn|effectiveFrom)\s*\}/.test(text))
        offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
