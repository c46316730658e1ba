// 문제 은행: 체험 도서마다 문제 분석 세트(8–12문항)를 책의 정보(제목, 지은이, 출판사, 갈래, 소개 글)로 만듭니다.
// 순수 함수이며 결정적입니다(같은 책이면 늘 같은 문제와 같은 보기 순서). E2E 테스트도 이 함수로 정답을 셉니다.
import { GENRES, type GenreCode } from '../../../domain/catalogue';
import type { ProblemCategory } from '../../../domain/problems';
import { DEMO_BOOKS } from './books';

export type BankBook = (typeof DEMO_BOOKS)[number];
export type BankProblem = {
  examMethod: 'm' | 's';
  question: string;
  options: string[];
  /** '1,3' for multiple choice, the model text for short answer. */
  correctAnswer: string;
  acceptedAnswers: string[];
  explanation: string;
  category: ProblemCategory;
  points: number;
  level?: number;
};
export type BankSet = {
  title: string;
  description: string;
  subject?: string;
  passage?: string;
  level?: number;
  problems: BankProblem[];
};

/** 받침이 있으면 앞의 조사, 없으면 뒤의 조사: josa('허균', '이', '가') → '허균이'. */
export function josa(word: string, withFinal: string, withoutFinal: string): string {
  const last = word.replace(/[^가-힣A-Za-z0-9]+$/u, '').slice(-1);
  const code = last.charCodeAt(0);
  const hasFinal = code >= 0xac00 && code <= 0xd7a3 ? (code - 0xac00) % 28 !== 0 : false;
  return word + (hasFinal ? withFinal : withoutFinal);
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function random(seed: string) {
  let a = hash(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], seed: string): T[] {
  const rnd = random(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A multiple-choice problem from right and wrong options, shuffled deterministically. */
function choice(
  seed: string,
  base: Omit<BankProblem, 'examMethod' | 'options' | 'correctAnswer' | 'acceptedAnswers' | 'points'> & { points?: number },
  right: string[],
  wrong: string[],
): BankProblem {
  const options = shuffle([...right, ...wrong], seed);
  const positions = right.map((r) => options.indexOf(r) + 1).sort((a, b) => a - b);
  return {
    examMethod: 'm',
    options,
    correctAnswer: positions.join(','),
    acceptedAnswers: [],
    points: base.points ?? (right.length > 1 ? 15 : 10),
    question: base.question,
    explanation: base.explanation,
    category: base.category,
    level: base.level,
  };
}

function short(base: Omit<BankProblem, 'examMethod' | 'options' | 'correctAnswer' | 'acceptedAnswers' | 'points'>, answers: string[], points = 10): BankProblem {
  const unique = [...new Set(answers)];
  return { ...base, examMethod: 's', options: [], correctAnswer: unique[0], acceptedAnswers: unique.slice(1), points };
}

const genreLabel = (code: GenreCode) => GENRES.find((g) => g.code === code)!.label;

/** 갈래마다: 자주 만나는 낱말 둘(뜻풀이와 함께), 이 책으로 알 수 있는 것, 해 볼 만한 창의 활동, 헷갈리기 쉬운 다른 갈래. */
const GENRE_NOTES: Record<
  GenreCode,
  { words: [string, string][]; learn: string; activity: string; others: GenreCode[]; shortGenre: string[] }
> = {
  LITERATURE: {
    words: [
      ['주인공', '이야기에서 사건을 이끌어 가는 중심 인물'],
      ['배경', '이야기 속 사건이 일어나는 때와 곳'],
    ],
    learn: '인물들이 겪는 일과 그 속에 담긴 삶의 모습',
    activity: '주인공에게 하고 싶은 말을 편지로 써 본다.',
    others: ['ECONOMY', 'SCIENCE', 'ART'],
    shortGenre: ['문학', '소설', '동화', '이야기'],
  },
  ADVENTURE: {
    words: [
      ['모험', '위험을 무릅쓰고 어떤 일을 하는 것'],
      ['여정', '여행을 떠나 돌아다니는 과정'],
    ],
    learn: '낯선 곳에서 어려움을 이겨 내는 용기',
    activity: '내가 주인공이라면 어떤 모험을 떠날지 뒷이야기를 지어 본다.',
    others: ['ECONOMY', 'ART', 'ENVIRONMENT'],
    shortGenre: ['모험', '판타지', '모험·판타지', '모험판타지', '문학', '소설'],
  },
  SCIENCE: {
    words: [
      ['관찰', '사물이나 현상을 주의하여 자세히 살펴보는 것'],
      ['탐구', '진리나 원리를 파고들어 깊이 연구하는 것'],
    ],
    learn: '관찰과 탐구로 밝혀낸 자연의 원리',
    activity: '책에서 궁금해진 점을 골라 간단한 관찰 계획을 세워 본다.',
    others: ['ECONOMY', 'ART', 'BIOGRAPHY'],
    shortGenre: ['과학'],
  },
  HISTORY: {
    words: [
      ['기록', '뒷날에 남기려고 어떤 사실을 적은 것'],
      ['일기', '날마다 겪은 일과 생각, 느낌을 적은 글'],
    ],
    learn: '역사 속 사건과 그 시대를 살았던 사람들의 삶',
    activity: '그 시대를 살았던 사람이 되어 하루 일기를 써 본다.',
    others: ['ECONOMY', 'SCIENCE', 'ART'],
    shortGenre: ['역사', '일기'],
  },
  SOCIETY: {
    words: [
      ['풍자', '사회의 잘못된 점을 다른 것에 빗대어 비웃으며 비판하는 것'],
      ['제도', '사회를 이끌어 가려고 정해 놓은 규칙과 틀'],
    ],
    learn: '사회의 모습과 그 속의 문제를 돌아보는 생각',
    activity: '우리 사회에서 바꾸고 싶은 점을 찾아 해결 방법을 제안해 본다.',
    others: ['SCIENCE', 'ART', 'ENVIRONMENT'],
    shortGenre: ['사회'],
  },
  ART: {
    words: [
      ['감상', '예술 작품을 이해하고 즐기며 평가하는 것'],
      ['색채', '물체가 지닌 빛깔'],
    ],
    learn: '그림을 보고 느끼며 감상하는 방법',
    activity: '마음에 드는 그림을 골라 나만의 방식으로 다시 그려 본다.',
    others: ['ECONOMY', 'SCIENCE', 'ADVENTURE'],
    shortGenre: ['예술', '미술'],
  },
  BIOGRAPHY: {
    words: [
      ['일대기', '한 사람의 일생을 적은 기록'],
      ['신념', '굳게 믿어 지키려는 생각'],
    ],
    learn: '한 인물이 걸어온 삶과 끝까지 지킨 신념',
    activity: '주인공의 삶을 연표로 정리하고 본받고 싶은 점을 써 본다.',
    others: ['ECONOMY', 'SCIENCE', 'ART'],
    shortGenre: ['인물', '전기', '자서전'],
  },
  PHILOSOPHY: {
    words: [
      ['교훈', '앞으로의 행동이나 생활에 길잡이가 될 만한 가르침'],
      ['지혜', '사물의 이치를 깨닫고 올바르게 처리하는 능력'],
    ],
    learn: '삶을 돌아보게 하는 지혜와 가르침',
    activity: '책 속 가르침 하나를 골라 내 생활에서 실천할 다짐을 써 본다.',
    others: ['ECONOMY', 'SCIENCE', 'ART'],
    shortGenre: ['철학', '교훈'],
  },
  ECONOMY: {
    words: [
      ['저축', '돈을 아껴서 모아 두는 것'],
      ['소비', '돈이나 물건을 써서 없애는 것'],
    ],
    learn: '돈을 계획적으로 쓰고 모으는 방법',
    activity: '한 달 동안의 용돈 계획표를 직접 만들어 본다.',
    others: ['ADVENTURE', 'ART', 'HISTORY'],
    shortGenre: ['경제'],
  },
  ENVIRONMENT: {
    words: [
      ['기후', '한 지역에서 여러 해에 걸쳐 나타나는 평균적인 날씨'],
      ['오염', '더럽게 물드는 것, 특히 물·공기·땅이 더러워지는 것'],
    ],
    learn: '기후 변화를 알고 지구 환경을 지키는 방법',
    activity: '우리 집에서 실천할 수 있는 환경 보호 약속을 만들어 본다.',
    others: ['ECONOMY', 'ART', 'BIOGRAPHY'],
    shortGenre: ['환경', '과학'],
  },
};

const TRIVIAL_ACTIVITIES = ['책의 쪽수를 하나하나 세어 본다.', '책 표지의 색깔만 외워 둔다.', '지은이의 이름을 열 번 따라 쓴다.'];
const OPINIONS = ['누구나 읽자마자 푹 빠질 만큼 가장 재미있는 책이다.', '모든 사람이 반드시 읽어야 하는 책이다.', '그림이 더 많았다면 훨씬 좋은 책이 되었을 것이다.'];

/** '찰스 다윈 원작' → '찰스 다윈', '리드인 편집부 엮음' → '리드인 편집부'. */
const authorName = (author: string) => author.replace(/\s*(원작|엮음)$/u, '').trim();
const anonymous = (author: string) => author === '작자 미상';

/** 이 책의 문제 분석 세트. `index`는 카탈로그 안의 순서로, 문항 수(8–12)를 정합니다. */
export function bookProblemSet(book: BankBook, catalogue: ReadonlyArray<BankBook> = DEMO_BOOKS): BankSet {
  const index = Math.max(0, catalogue.findIndex((b) => b.title === book.title));
  const T = `「${book.title}」`;
  const notes = GENRE_NOTES[book.genre];
  const seed = (n: number) => `${book.title}#${n}`;
  const name = authorName(book.author);
  const otherAuthors = shuffle(
    [...new Set(catalogue.map((b) => authorName(b.author)))].filter((a) => a !== name && a !== '작자 미상' && !a.includes('편집부')),
    seed(0),
  );
  const wrongGenres = notes.others;
  const list: BankProblem[] = [];

  // 1. 사실적: 지은이 (하나 고르기)
  list.push(
    anonymous(book.author)
      ? choice(
          seed(1),
          {
            category: 'FACT',
            question: `${T}의 지은이에 대한 설명으로 알맞은 것은 무엇인가요?`,
            explanation: `${T}은 오랫동안 전해 내려온 이야기로, 지은이가 알려져 있지 않습니다.`,
          },
          ['지은이가 누구인지 알려져 있지 않다.'],
          otherAuthors.slice(0, 3).map((a) => `${josa(a, '이', '가')} 지었다.`),
        )
      : choice(
          seed(1),
          {
            category: 'FACT',
            question: `${T}의 지은이는 누구인가요?`,
            explanation: `${josa(T, '은', '는')} ${josa(name, '이', '가')} 쓴 책입니다.`,
          },
          [name],
          otherAuthors.slice(0, 3),
        ),
  );

  // 2. 사실적: 지은이 또는 출판사 쓰기 (주관식)
  list.push(
    anonymous(book.author)
      ? short(
          {
            category: 'FACT',
            question: `${T}처럼 지은이가 알려지지 않은 작품의 지은이 칸에 쓰는 말을 네 글자로 쓰세요.`,
            explanation: '지은이를 알 수 없을 때는 ‘작자 미상’이라고 씁니다.',
          },
          ['작자 미상', '작자미상'],
        )
      : short(
          {
            category: 'FACT',
            question: book.author.endsWith('엮음')
              ? `${josa(T, '을', '를')} 엮은 사람의 이름을 쓰세요.`
              : `${josa(T, '을', '를')} 쓴 사람의 이름을 쓰세요.`,
            explanation: `${T}의 지은이는 ${book.author}입니다.`,
          },
          [...new Set([name, book.author])],
        ),
  );

  // 3. 어휘: 갈래의 낱말 뜻 (하나 고르기)
  const [word1, meaning1] = notes.words[0];
  const otherMeanings = wrongGenres.map((g) => GENRE_NOTES[g].words[0][1]);
  list.push(
    choice(
      seed(3),
      {
        category: 'VOCABULARY',
        question: `${josa(T, '과', '와')} 같은 ${genreLabel(book.genre)} 책을 읽을 때 자주 만나는 낱말 ‘${word1}’의 뜻으로 알맞은 것은 무엇인가요?`,
        explanation: `‘${word1}’${josa(word1, '은', '는').slice(word1.length)} ‘${meaning1}’${josa(meaning1, '을', '를').slice(meaning1.length)} 뜻합니다.`,
      },
      [meaning1],
      otherMeanings,
    ),
  );

  // 4. 어휘: 뜻풀이에 맞는 낱말 쓰기 (주관식)
  const [word2, meaning2] = notes.words[1];
  list.push(
    short(
      {
        category: 'VOCABULARY',
        question: `${josa(T, '을', '를')} 읽으며 만날 수 있는 낱말입니다. ‘${meaning2}’${josa(meaning2, '을', '를').slice(meaning2.length)} 뜻하는 낱말을 ${word2.length}글자로 쓰세요.`,
        explanation: `‘${meaning2}’${josa(meaning2, '을', '를').slice(meaning2.length)} 뜻하는 낱말은 ‘${word2}’입니다.`,
      },
      [word2],
    ),
  );

  // 5. 추론적: 소개 글로 알 수 있는 것 (하나 고르기)
  list.push(
    choice(
      seed(5),
      {
        category: 'INFERENCE',
        question: `다음은 ${T}의 소개 글입니다. 이 글로 미루어 볼 때, 이 책을 읽고 가장 잘 알 수 있는 것은 무엇인가요?\n\n“${book.summary}”`,
        explanation: `소개 글에 따르면 이 책은 ${genreLabel(book.genre)} 책으로, ${josa(notes.learn, '을', '를')} 생각해 보게 합니다.`,
      },
      [notes.learn],
      wrongGenres.map((g) => GENRE_NOTES[g].learn),
    ),
  );

  // 6. 비판적: 사실과 의견 구별 (모두 고르기)
  const facts = [
    anonymous(book.author) ? '지은이가 알려지지 않은 작품이다.' : `${josa(name, '이', '가')} 쓴 책이다.`,
    `${book.publisher}에서 펴낸 책이다.`,
  ];
  list.push(
    choice(
      seed(6),
      {
        category: 'CRITICAL',
        question: `${T}에 대하여 친구들이 말한 내용입니다. 사실을 말한 것을 모두 고르세요.`,
        explanation: '지은이와 출판사는 책에서 확인할 수 있는 사실이고, ‘가장 재미있다’, ‘반드시 읽어야 한다’는 말하는 사람의 의견입니다.',
      },
      facts,
      OPINIONS.slice(0, 2),
    ),
  );

  // 7. 비판적: 알맞지 않은 읽기 태도 (하나 고르기)
  const knowledge = ['SCIENCE', 'ECONOMY', 'ENVIRONMENT', 'ART', 'SOCIETY'].includes(book.genre);
  const goodAttitudes = knowledge
    ? ['책에 나온 내용이 믿을 만한지 다른 자료와 견주어 본다.', '처음 보는 낱말의 뜻을 찾아보며 읽는다.', '글쓴이가 전하려는 생각이 무엇인지 찾아본다.']
    : ['인물의 말과 행동이 옳은지 내 생각과 비교해 본다.', '글쓴이가 전하려는 생각이 무엇인지 찾아본다.', '내가 겪은 일과 비슷한 부분을 떠올려 본다.'];
  const badAttitude = '내용을 확인하지 않고 제목만 보고 책 전체를 판단한다.';
  list.push(
    choice(
      seed(7),
      {
        category: 'CRITICAL',
        question: `${josa(T, '을', '를')} 읽는 태도로 알맞지 않은 것은 무엇인가요?`,
        explanation: '책은 내용을 꼼꼼히 확인하며 읽어야 합니다. 제목만 보고 판단하는 것은 알맞은 읽기 태도가 아닙니다.',
      },
      [badAttitude],
      goodAttitudes,
    ),
  );

  // 8. 창의적: 해 볼 만한 활동 (모두 고르기)
  list.push(
    choice(
      seed(8),
      {
        category: 'CREATIVE',
        question: `${josa(T, '을', '를')} 읽고 나서 해 볼 만한 창의적인 활동을 모두 고르세요.`,
        explanation: `‘${notes.activity.replace(/\.$/, '')}’와 새 제목 짓기는 책의 내용을 바탕으로 생각을 넓히는 활동입니다. 쪽수 세기나 표지 색 외우기는 내용과 관계가 없습니다.`,
      },
      [notes.activity, '책의 내용에 어울리는 새로운 제목을 지어 본다.'],
      TRIVIAL_ACTIVITIES.slice(0, 2),
    ),
  );

  // 더 붙는 문항(책마다 0–4개): 9. 추론적 주관식, 10. 사실적 모두 고르기, 11. 사실적 갈래, 12. 창의적 하나 고르기
  const extras: BankProblem[] = [
    short(
      {
        category: 'INFERENCE',
        question: `다음 소개 글을 읽고, ${josa(T, '이', '가')} 어떤 갈래(분야)의 책인지 한 낱말로 쓰세요.\n\n“${book.summary}”`,
        explanation: `${josa(T, '은', '는')} ${genreLabel(book.genre)} 책입니다.`,
      },
      [genreLabel(book.genre), ...notes.shortGenre.filter((g) => g !== genreLabel(book.genre))],
    ),
    choice(
      seed(10),
      {
        category: 'FACT',
        question: `${T}에 대한 설명으로 옳은 것을 모두 고르세요.`,
        explanation: `${josa(T, '은', '는')} ${book.publisher}에서 펴낸 ${genreLabel(book.genre)} 책이며, 모두 ${book.totalPages}쪽입니다.`,
      },
      [`${genreLabel(book.genre)} 분야의 책이다.`, `모두 ${book.totalPages}쪽으로 되어 있다.`],
      [`${genreLabel(wrongGenres[0])} 분야의 책이다.`, `모두 ${book.totalPages + 100}쪽으로 되어 있다.`],
    ),
    choice(
      seed(11),
      {
        category: 'FACT',
        question: `${josa(T, '은', '는')} 어떤 갈래(분야)의 책인가요?`,
        explanation: `${josa(T, '은', '는')} ${genreLabel(book.genre)} 책입니다.`,
      },
      [genreLabel(book.genre)],
      wrongGenres.map(genreLabel),
    ),
    choice(
      seed(12),
      {
        category: 'CREATIVE',
        question: `${josa(T, '을', '를')} 읽은 뒤 생각을 넓히는 활동으로 가장 알맞은 것은 무엇인가요?`,
        explanation: `‘${notes.activity.replace(/\.$/, '')}’는 책의 내용을 내 생각과 생활로 이어 가는 활동입니다.`,
      },
      [notes.activity],
      TRIVIAL_ACTIVITIES,
    ),
  ];
  list.push(...extras.slice(0, index % 5));

  return {
    title: `${book.title} 문제 분석`,
    description: `${josa(T, '을', '를')} 읽고 푸는 ${list.length}문항입니다. 사실적·추론적·비판적·창의적 이해와 어휘를 골고루 살펴봅니다.`,
    problems: list,
  };
}
