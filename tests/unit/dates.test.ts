import { describe, expect, it } from 'vitest';
import { addMonths, seoulDay, seoulMonth } from '~/lib/dates';

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
