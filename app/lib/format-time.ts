import { SEOUL } from './dates';

const dateTimeFormat = new Intl.DateTimeFormat('ko-KR', {
  timeZone: SEOUL,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** '2026. 11. 21. 15:04' on the Seoul clock. */
export function formatDateTime(date: Date | string): string {
  return dateTimeFormat.format(typeof date === 'string' ? new Date(date) : date);
}
