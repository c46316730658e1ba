// The reading journey's rules that both the server and the pages need: labels, session counts and each read
// method's goal (product.md §2). Pure functions: no server imports here.
import { MESSAGES, SPEC_MESSAGES } from '~/messages';
import { BookStatus, enumRecord, ReadMethod } from './enums';

export const BOOK_STATUS_LABELS = enumRecord(BookStatus, {
  WAITING: '읽기 전 활동 대기',
  PRE_ACTIVITY_COMPLETE: '읽기 준비 완료',
  ACTIVITY: '읽는 중',
  DIAGNOSIS: '문제 분석 대기',
  NOTE: '독서 노트 작성',
  COMPLETE: '완료',
  EXCLUDE: '제외',
});

/** The order the activity page groups books in (EXCLUDE is never shown to the student). */
export const VISIBLE_STATUSES: BookStatus[] = [
  BookStatus.ACTIVITY,
  BookStatus.PRE_ACTIVITY_COMPLETE,
  BookStatus.WAITING,
  BookStatus.DIAGNOSIS,
  BookStatus.NOTE,
  BookStatus.COMPLETE,
];

export const READ_METHOD_LABELS = enumRecord(ReadMethod, {
  NONE: '미설정',
  FREE: '자유 읽기',
  M_3_3: '나누어 읽기 (3회)',
  M_3_4: '나누어 읽기 (4회)',
  M_3_5: '나누어 읽기 (5회)',
  M_3_6: '나누어 읽기 (6회)',
  HUNDRED: '100분 읽기',
  CLOCK: '시계 읽기',
  ReadMethod: '예약됨',
  NO_PAGE: '쪽수 없는 책 읽기',
});

/** Number of sessions of the split-reading methods. */
export const SESSION_COUNTS: Partial<Record<ReadMethod, number>> = {
  [ReadMethod.M_3_3]: 3,
  [ReadMethod.M_3_4]: 4,
  [ReadMethod.M_3_5]: 5,
  [ReadMethod.M_3_6]: 6,
};

/** The 100-minute challenge's goal. */
export const HUNDRED_GOAL_MINUTES = 100;
/** readTimeResult has six slots, -1 where a session is not read yet. */
export const EMPTY_READ_TIME_RESULT = [-1, -1, -1, -1, -1, -1];

/** A read method that can be read at all (NONE and the reserved value 8 cannot). */
export const isReadable = (method: number) =>
  method === ReadMethod.FREE ||
  method === ReadMethod.HUNDRED ||
  method === ReadMethod.CLOCK ||
  method === ReadMethod.NO_PAGE ||
  SESSION_COUNTS[method as ReadMethod] !== undefined;

/** What the records of a book add up to. */
export type ReadingTotals = {
  /** Furthest page reached (0 when nothing is read). */
  lastPage: number;
  minutes: number;
  records: number;
  /** NO_PAGE: furthest section index reached. */
  lastIndex: number;
};

export type Progress = {
  readMethod: ReadMethod;
  totalPages: number;
  lastPage: number;
  minutes: number;
  sessionsDone: number;
  sessionsPlanned: number | null;
  lastIndex: number;
  /** 0–100 towards the method's goal. */
  percent: number;
  /** The method's goal is met: the reading session is complete. */
  complete: boolean;
  /** '120 / 240쪽', '2 / 4회', '65 / 100분', '100분 완료 (5시간 18분 읽음)' … */
  label: string;
};

/** Progress towards a read method's goal (product.md §2 "Read methods"). */
export function progressOf(readMethod: ReadMethod, totalPages: number, totals: ReadingTotals): Progress {
  const sessionsPlanned = SESSION_COUNTS[readMethod] ?? null;
  const base = {
    readMethod,
    totalPages,
    lastPage: totals.lastPage,
    minutes: totals.minutes,
    sessionsDone: totals.records,
    sessionsPlanned,
    lastIndex: totals.lastIndex,
  };
  /** The progress of `done` towards `goal`, with its label. */
  const toward = (done: number, goal: number, label: string): Progress => ({
    ...base,
    percent: goal <= 0 ? 0 : Math.min(100, Math.floor((done / goal) * 100)),
    complete: done >= goal,
    label,
  });
  if (sessionsPlanned !== null) return toward(totals.records, sessionsPlanned, `${totals.records} / ${sessionsPlanned}회`);
  switch (readMethod) {
    case ReadMethod.HUNDRED:
      // Past the goal the label says it is met and how long the student read, never "318 / 100분".
      return toward(
        totals.minutes,
        HUNDRED_GOAL_MINUTES,
        totals.minutes >= HUNDRED_GOAL_MINUTES
          ? `${HUNDRED_GOAL_MINUTES}분 완료 (${formatMinutes(totals.minutes)} 읽음)`
          : `${totals.minutes} / ${HUNDRED_GOAL_MINUTES}분`,
      );
    case ReadMethod.NO_PAGE:
      return toward(totals.lastIndex, totalPages, `${totalPages}부분 중 ${totals.lastIndex}부분`);
    case ReadMethod.FREE:
    case ReadMethod.CLOCK:
      return toward(totals.lastPage, totalPages, `${totals.lastPage} / ${totalPages}쪽`);
    default:
      return { ...base, percent: 0, complete: false, label: '독서활동 미설정' };
  }
}

/** '12–30쪽', or '216쪽' for a record of one page. */
export const pageRange = (start: number, end: number) => (start === end ? `${start}쪽` : `${start}–${end}쪽`);

/** '1시간 5분', '25분' */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? (m > 0 ? `${h}시간 ${m}분` : `${h}시간`) : `${m}분`;
}

/** Codes and messages of the reading journey: the spec's (§5, §8) verbatim, then ours. */
export const READING_ERRORS = {
  READ_METHOD_NOT_FOUND: SPEC_MESSAGES.readMethodNotFound,
  INVALID_READ_START_OVER: SPEC_MESSAGES.readStartOver,
  INVALID_READ_TOTAL_OVER: SPEC_MESSAGES.readTotalOver,
  READ_SAVE_FAILED: SPEC_MESSAGES.readSaveFailed,
  INVALID_READ_PAGE: '쪽 번호는 1 이상의 숫자로 입력해 주세요.',
  INVALID_READ_RANGE: '끝 페이지는 시작 페이지보다 작을 수 없습니다.',
  INVALID_READ_TIME: '읽은 시간을 1분에서 600분 사이로 입력해 주세요.',
  INVALID_READ_DATE: '읽은 날짜는 오늘이나 그 이전이어야 합니다.',
  CLOCK_NOT_STARTED: '시작 버튼을 먼저 눌러 주세요.',
  BEFORE_READING_REQUIRED: '읽기 전 활동을 먼저 해 주세요.',
  INVALID_BOOK_STATUS: '지금은 이 활동을 할 수 없는 도서입니다.',
  BOOK_NOT_FOUND: MESSAGES.bookNotFound,
} as const;
export type ReadingErrorCode = keyof typeof READING_ERRORS;

/** One of the student's books to choose from, on a page that needs a current book when there is none. */
export type BookChoice = { id: number; bookId: number; title: string; author: string; status: BookStatus; href: string };

/** The reading page's forms, one per intent of its action (the page's client reads this: no zod in this file). */
export const READING_INTENTS = ['start', 'record', 'edit', 'nopage', 'clock-start', 'clock-reset'] as const;
export type ReadingIntent = (typeof READING_INTENTS)[number];
