// Whole numbers read from text a user or a URL wrote (path ids, form values, query strings); any layer may use them.

const MAX_ID = 2_147_483_647;

/** A whole number 1 … 2³¹−1 from a path or form value, or null. */
export function positiveInt(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (typeof value === 'string' && !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= MAX_ID ? n : null;
}

/** `?page=` of a paginated list: 1 when absent or nonsense. */
export function pageNumber(value: string | null | undefined): number {
  const n = positiveInt(value ?? '1');
  return n !== null && n < 100_000 ? n : 1;
}

/** A whole number from a path or body value within bounds; `fallback` when absent or out of range. */
export function boundedInt(value: unknown, fallback: number, min: number, max: number) {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

/**
 * A list's length with its unit as a count line says it: exact ('12명'), or a planner's estimate rounded and said so
 * ('약 12만 명', '약 1.5만 건', '약 9,800건'): docs/decisions/042.
 */
export function listCount(total: number, estimated: boolean | undefined, unit: string): string {
  if (!estimated) return `${total}${unit}`;
  if (total < 10_000) return `약 ${(Math.round(total / 100) * 100).toLocaleString('ko-KR')}${unit}`;
  const man = total / 10_000;
  return `약 ${man >= 10 ? Math.round(man).toLocaleString('ko-KR') : (Math.round(man * 10) / 10).toString()}만 ${unit}`;
}
