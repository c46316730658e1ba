// Class progress (product.md §3): the columns a teacher sorts by and when a student counts as not reading. Shared by
// the progress service and the page. No server imports.

export const PROGRESS_PAGE_SIZE = 20;

/** A student with no reading in this many days (today included) is marked as not reading. */
export const INACTIVE_DAYS = 7;

export const SORTS = {
  name: '이름',
  days: '독서일',
  minutes: '독서 시간',
  pages: '쪽수',
  book: '현재 도서',
  note: '최근 노트',
  last: '마지막 독서',
  completed: '완독',
  analyses: '문제 분석',
  notes: '노트 작성',
} as const;

export type SortKey = keyof typeof SORTS;
