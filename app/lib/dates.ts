// Dates on the Asia/Seoul calendar and clock: months and days of the product are Korean ones, whatever the server's or
// the browser's zone. The one place dates are formatted, for the server and the browser alike.
//
// Every format is built from numeric parts, never from the locale's own patterns: the server's ICU data may lack Korean
// names or patterns, the server and the browser must render the same text (hydration), and ko-KR with `hour12: false`
// resolves to the h24 cycle, which shows a time after midnight as '24:05'. Intl's time zones are all this needs: no date
// library is shipped to the browser for it.
export const SEOUL = 'Asia/Seoul';

const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SEOUL,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

type DateInput = Date | string;

/** Year, month (1–12), day, hour (0–23) and minute on the Seoul clock. */
export function seoulParts(date: DateInput) {
  const p = Object.fromEntries(partsFormat.formatToParts(typeof date === 'string' ? new Date(date) : date).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day), hour: Number(p.hour) % 24, minute: Number(p.minute) };
}

const two = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM' of the Seoul month containing `date`. */
export function seoulMonth(date: Date = new Date()): string {
  const { year, month } = seoulParts(date);
  return `${year}-${two(month)}`;
}

/** 'YYYY-MM-DD' of the Seoul day containing `date`. */
export function seoulDay(date: Date = new Date()): string {
  const { year, month, day } = seoulParts(date);
  return `${year}-${two(month)}-${two(day)}`;
}

/** 'YYYY-MM' shifted by `delta` months. */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${two((index % 12) + 1)}`;
}

// The product writes a date one way per purpose, on every page, in every table and export and message:
//   a day        formatKoreanDate  '2026년 11월 21일'
//   an instant   formatDateTime    '2026년 11월 21일 15:04'
//   a month      monthLabel        '2026년 11월'
// (and formatTime '15:04' for a clock time beside a day already named). Day strings 'YYYY-MM-DD' of the database
// (reading days, due days, effective days) are written with formatKoreanDate as well, never shown as they are.

/** '2026년 11월 21일': a Date, an instant's ISO text or a Seoul day 'YYYY-MM-DD'. */
export function formatKoreanDate(date: DateInput): string {
  const day = typeof date === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (day) return `${Number(day[1])}년 ${Number(day[2])}월 ${Number(day[3])}일`;
  const { year, month, day: d } = seoulParts(date);
  return `${year}년 ${month}월 ${d}일`;
}

/** '2026-11' (or a Date: its Seoul month) → '2026년 11월' */
export const monthLabel = (month: string | Date) => {
  const m = typeof month === 'string' ? month : seoulMonth(month);
  return `${m.slice(0, 4)}년 ${Number(m.slice(5, 7))}월`;
};

/** '2026년 11월 21일 15:04' */
export function formatDateTime(date: DateInput): string {
  return `${formatKoreanDate(date)} ${formatTime(date)}`;
}

/** '14:03' */
export function formatTime(date: DateInput): string {
  const { hour, minute } = seoulParts(date);
  return `${two(hour)}:${two(minute)}`;
}

/** The instant a Seoul day 'YYYY-MM-DD' begins (Korea keeps no daylight saving time); null for anything else. */
export function seoulDayStart(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00+09:00`);
  return Number.isNaN(date.getTime()) || seoulDay(date) !== day ? null : date;
}
