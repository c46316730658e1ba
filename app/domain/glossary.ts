// The product's terms, each written one way on every page, message, document and notice (decision 033). A term's
// variants are the other spellings that must not appear in the product's text; tests/unit/glossary.test.ts reads every
// source under app/ for them. Where the specification's verbatim messages write a term, their spelling is the term's
// ('독서활동을 설정해 주세요.', '독서활동 저장에 실패하였습니다.').

export type GlossaryTerm = {
  /** The one spelling. */
  term: string;
  /** Spellings of the same term that the product never writes. */
  variants: string[];
  /** What the term names. */
  meaning: string;
};

export const GLOSSARY: GlossaryTerm[] = [
  {
    term: '독서활동',
    variants: ['독서 활동'],
    meaning: "the student's reading area (/user/activity) and the work done in it, as the specification's messages write it",
  },
  {
    term: '읽기 방식',
    variants: ['읽기 방법', '읽는 방법', '독서 방식'],
    meaning: "a book's read method (자유 읽기, 3·3 읽기, 100분 읽기…)",
  },
  {
    term: '개인 회원',
    variants: ['개인회원', '학생·개인 회원'],
    meaning: 'a member who belongs to no academy (the organisation kind student); an account of any kind is a 회원',
  },
  { term: '학습 현황', variants: ['학습현황'], meaning: "an academy's class progress page (/admin/progress) and its export" },
  { term: '독서 노트', variants: ['독서노트', '독후감 노트'], meaning: 'the note a student writes on a finished book' },
  { term: '문제 분석', variants: ['문제분석'], meaning: 'the problem analysis of a book' },
  { term: '도서 배정', variants: ['도서배정', '책 배정'], meaning: 'giving a book to students (/admin/assign)' },
  { term: '첨삭 코치', variants: ['첨삭 선생님', '첨삭 담당자'], meaning: 'an operator with the COACH authority who corrects notes' },
  { term: '로그인', variants: ['로그 인', 'log-in'], meaning: 'signing in' },
  { term: '비밀번호', variants: ['비밀 번호', '패스워드'], meaning: "an account's password" },
];
