// The reading portfolio (issue 32): a student's reading history for a period, in the order of the school record's
// 독서활동상황 (by date, each book written '제목(저자)'), as a page to print and as CSV with the same rows.

export const PORTFOLIO_COLUMNS = [
  { key: 'no', header: '번호' },
  { key: 'startedOn', header: '읽기 시작' },
  { key: 'finishedOn', header: '다 읽은 날' },
  { key: 'record', header: '도서명(저자)' },
  { key: 'minutes', header: '독서 시간(분)' },
  { key: 'pages', header: '읽은 쪽수' },
] as const;

export type PortfolioKey = (typeof PORTFOLIO_COLUMNS)[number]['key'];
export type PortfolioRow = Record<PortfolioKey, string | number>;

export type PortfolioNote = { id: number; title: string; author: string; submittedOn: string; text: string };

export type Portfolio = {
  student: { id: number; name: string; grade: string | null; academy: string | null };
  period: { from: string; to: string };
  rows: PortfolioRow[];
  totals: { books: number; completed: number; minutes: number; pages: number; days: number };
  /** The notes the child chose to include, in the order of the books. */
  notes: PortfolioNote[];
  /** Every note of the period the child may include (id, book, date). */
  noteChoices: { id: number; title: string; submittedOn: string; chosen: boolean }[];
};

/** '어린 왕자(생텍쥐페리)': how the school record writes a book. */
export const recordTitle = (title: string, author: string) => (author.trim() ? `${title}(${author.trim()})` : title);
