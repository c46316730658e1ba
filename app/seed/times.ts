import { seoulDay, seoulDayStart } from '~/lib/dates';

// Times of the demo data that look like a school week: teachers assign in the afternoon, pupils read and write in the
// afternoon and evening, each at its own minute. Deterministic for a given seed, and never later than `now`.

const HOUR = 60 * 60 * 1000;

/** The Seoul day of `at`, at `fromHour`…`toHour` o'clock with a minute chosen by `seed`; a day earlier if that is after `now`. */
export function seoulTimeOfDay(at: Date | number, seed: number, fromHour: number, toHour: number, now = Date.now()): Date {
  const start = seoulDayStart(seoulDay(new Date(at)))!.getTime();
  const span = Math.max(1, (toHour - fromHour) * 60);
  const mixed = Math.abs(Math.imul(seed + 1, 2654435761) >> 3);
  const offset = fromHour * HOUR + (mixed % span) * 60_000 + (mixed % 53) * 1000;
  const result = start + offset;
  return new Date(result <= now ? result : result - 24 * HOUR);
}

/** When a teacher assigns a book: 14:00–18:00 Seoul time. */
export const assignTime = (at: Date | number, seed: number, now?: number) => seoulTimeOfDay(at, seed, 14, 18, now);

/** When a pupil reads or writes: 15:00–21:30 Seoul time. */
export const studyTime = (at: Date | number, seed: number, now?: number) => seoulTimeOfDay(at, seed, 15, 21.5, now);
