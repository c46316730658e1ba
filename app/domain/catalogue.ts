/**
 * 도서 카탈로그의 분류 체계: 장르, 진로 분야, 읽기 수준(L1–L10).
 * 화면 문구와 시드 데이터가 함께 쓰는 단일 기준입니다.
 */
import { ItemStatus } from './enums';

/** The item statuses an operator gives a catalogue book (its list filter and its status form). */
export const BOOK_STATUSES: readonly ItemStatus[] = [ItemStatus.ACTIVE, ItemStatus.COMPLETE, ItemStatus.INACTIVE];

export const GENRES = [
  { code: 'LITERATURE', label: '문학' },
  { code: 'SCIENCE', label: '과학' },
  { code: 'HISTORY', label: '역사' },
  { code: 'SOCIETY', label: '사회' },
  { code: 'ART', label: '예술' },
  { code: 'BIOGRAPHY', label: '인물' },
  { code: 'PHILOSOPHY', label: '철학' },
  { code: 'ECONOMY', label: '경제' },
  { code: 'ENVIRONMENT', label: '환경' },
  { code: 'ADVENTURE', label: '모험·판타지' },
] as const;

export type GenreCode = (typeof GENRES)[number]['code'];

export const CAREER_FIELDS = [
  {
    code: 'SCIENCE_ENGINEERING',
    label: '과학·공학',
    careers: ['연구원', '엔지니어', '소프트웨어 개발자', '항공우주 공학자', '로봇 공학자', '데이터 과학자'],
  },
  { code: 'MEDICAL_HEALTH', label: '의료·보건', careers: ['의사', '간호사', '약사', '수의사', '물리치료사'] },
  { code: 'EDUCATION', label: '교육', careers: ['초등학교 교사', '중등학교 교사', '사서', '청소년 상담사', '교육 콘텐츠 기획자'] },
  { code: 'ARTS_CULTURE', label: '문화·예술', careers: ['작가', '화가', '음악가', '배우', '영화감독', '웹툰 작가'] },
  { code: 'LAW_POLITICS', label: '법·정치·행정', careers: ['판사', '변호사', '외교관', '행정 공무원', '경찰관'] },
  { code: 'BUSINESS_ECONOMY', label: '경영·경제', careers: ['경영 컨설턴트', '회계사', '금융 전문가', '마케터', '창업가'] },
  { code: 'MEDIA_COMMUNICATION', label: '언론·미디어', careers: ['기자', '아나운서', '방송 프로듀서', '출판 편집자', '광고 기획자'] },
  { code: 'NATURE_ENVIRONMENT', label: '자연·환경', careers: ['환경 공학자', '생태학자', '기상 예보관', '동물 사육사', '산림 전문가'] },
] as const;

export type CareerFieldCode = (typeof CAREER_FIELDS)[number]['code'];

/** 읽기 수준 L1–L10. */
export const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

export type Level = (typeof LEVELS)[number];

/** 수준별 대응 학년. 인덱스 0이 L1입니다. */
const LEVEL_GRADES = [
  '초등 1학년',
  '초등 2학년',
  '초등 3학년',
  '초등 4학년',
  '초등 5학년',
  '초등 6학년',
  '중등 1학년',
  '중등 2학년',
  '중등 3학년',
  '고등',
] as const;

/** 수준에 대응하는 학년 문구. 예: 3 → '초등 3학년 수준'. 범위를 벗어나면 빈 문자열. */
export function levelGradeLabel(level: number): string {
  const grade = Number.isInteger(level) ? LEVEL_GRADES[level - 1] : undefined;
  return grade === undefined ? '' : `${grade} 수준`;
}

/** 예: 3 → 'L3 (초등 3학년 수준)', 10 → 'L10 (고등 수준)'. 범위를 벗어나면 'L{n}'만 돌려줍니다. */
/** Recommendations and career suggestions stay within the student's level −1 … +1 (product.md §2). */
export const LEVEL_BAND = 1;

export type LevelBand = { from: number; to: number; widened: boolean };

/** The levels a band of `width` around `level` covers, within L1 … L10. */
export function levelBand(level: number, width: number): LevelBand {
  return { from: Math.max(1, level - width), to: Math.min(10, level + width), widened: width > LEVEL_BAND };
}

/** 'L3–L5' for a band of levels, 'L1' when it is one level. */
export const bandLabel = (band: { from: number; to: number }): string =>
  band.from === band.to ? `L${band.from}` : `L${band.from}–L${band.to}`;

export const levelLabel = (level: number): string => {
  const grade = levelGradeLabel(level);
  return grade === '' ? `L${level}` : `L${level} (${grade})`;
};

export function isGenreCode(code: string): code is GenreCode {
  return GENRES.some((genre) => genre.code === code);
}

export function isCareerFieldCode(code: string): code is CareerFieldCode {
  return CAREER_FIELDS.some((field) => field.code === code);
}

/** 장르 코드의 한글 이름. 알 수 없는 코드는 그대로 돌려줍니다. */
export function genreLabel(code: string): string {
  return GENRES.find((genre) => genre.code === code)?.label ?? code;
}

/** 진로 분야 코드의 한글 이름. 알 수 없는 코드는 그대로 돌려줍니다. */
export function careerFieldLabel(code: string): string {
  return CAREER_FIELDS.find((field) => field.code === code)?.label ?? code;
}

/** 진로 분야에 속한 직업 목록. 알 수 없는 코드는 빈 배열. */
export function careersOf(code: string): ReadonlyArray<string> {
  return CAREER_FIELDS.find((field) => field.code === code)?.careers ?? [];
}

/** Sort orders of the book search (an allowlist: the query string never reaches SQL). */
export const SEARCH_SORTS = { title: '제목순', level: '수준순', recent: '최신순' } as const;
export type SearchSort = keyof typeof SEARCH_SORTS;

/** An ISBN typed with or without hyphens: its digits when its check digit is right (ISBN-13 or ISBN-10), else null. */
export function normaliseIsbn(value: string): string | null {
  const compact = value.replace(/[\s-]/g, '').toUpperCase();
  if (/^\d{13}$/.test(compact)) {
    const sum = [...compact.slice(0, 12)].reduce((t, d, i) => t + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
    return (10 - (sum % 10)) % 10 === Number(compact[12]) ? compact : null;
  }
  if (/^\d{9}[\dX]$/.test(compact)) {
    const sum = [...compact].reduce((t, d, i) => t + (d === 'X' ? 10 : Number(d)) * (10 - i), 0);
    return sum % 11 === 0 ? compact : null;
  }
  return null;
}
