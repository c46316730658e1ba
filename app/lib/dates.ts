// Dates on the Asia/Seoul calendar: months and days of the product are Korean ones, whatever the server's zone.
export const SEOUL = 'Asia/Seoul';

const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SEOUL,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function parts(date: Date) {
  const p = Object.fromEntries(partsFormat.formatToParts(date).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day) };
}

/** 'YYYY-MM' of the Seoul month containing `date`. */
export function seoulMonth(date: Date = new Date()): string {
  const { year, month } = parts(date);
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' of the Seoul day containing `date`. */
export function seoulDay(date: Date = new Date()): string {
  const { year, month, day } = parts(date);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 'YYYY-MM' shifted by `delta` months. */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const displayFormat = new Intl.DateTimeFormat('ko-KR', {
  timeZone: SEOUL,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** '2026년 11월 21일' */
export function formatKoreanDate(date: Date): string {
  return displayFormat.format(date);
}
