import type { GenreCode, CareerFieldCode } from '~/domain/catalogue';

/**
 * 체험 환경에 들어가는 도서 36권.
 * 고전은 원작의 줄거리를 바탕으로 한 소개이며, 지식 도서 네 권(우주·경제·환경·미술)은 체험용으로 새로 만든 가상의 도서입니다.
 */
export const DEMO_BOOKS: ReadonlyArray<{
  title: string;
  author: string;
  publisher: string;
  totalPages: number;
  level: number;
  genre: GenreCode;
  careerFields: CareerFieldCode[];
  summary: string;
  coverColor: string;
}> = [
  // L1 — 초등 1학년 수준
  {
    title: '이솝 우화',
    author: '이솝',
    publisher: '리드인북스',
    totalPages: 72,
    level: 1,
    genre: 'LITERATURE',
    careerFields: ['EDUCATION', 'ARTS_CULTURE'],
    summary:
      '토끼와 거북, 개미와 베짱이처럼 동물들이 등장하는 짧은 이야기 속에 삶의 지혜가 담겨 있습니다. 이야기마다 숨은 교훈을 찾아보며 생각하는 힘을 기를 수 있습니다.',
    coverColor: '#e0a13a',
  },
  {
    title: '피노키오',
    author: '카를로 콜로디',
    publisher: '새싹출판',
    totalPages: 104,
    level: 1,
    genre: 'ADVENTURE',
    careerFields: ['ARTS_CULTURE'],
    summary:
      '제페토 할아버지가 깎아 만든 나무 인형 피노키오가 거짓말과 유혹에 빠졌다가 진짜 아이가 되어 가는 모험 이야기입니다.',
    coverColor: '#c8553d',
  },
  {
    title: '용돈으로 배우는 경제 첫걸음',
    author: '김다솜',
    publisher: '리드인북스',
    totalPages: 56,
    level: 1,
    genre: 'ECONOMY',
    careerFields: ['BUSINESS_ECONOMY'],
    summary:
      '처음 용돈을 받은 주인공이 아껴 쓰기, 저축하기, 꼭 필요한 것 고르기를 배워 갑니다. 돈의 쓰임을 생활 속 이야기로 쉽게 익힐 수 있습니다.',
    coverColor: '#3a7d44',
  },

  // L2 — 초등 2학년 수준
  {
    title: '플랜더스의 개',
    author: '위다',
    publisher: '다온책방',
    totalPages: 112,
    level: 2,
    genre: 'LITERATURE',
    careerFields: ['ARTS_CULTURE'],
    summary:
      '화가를 꿈꾸는 가난한 소년 네로와 충직한 개 파트라셰의 우정을 그린 이야기입니다. 어려움 속에서도 꿈을 놓지 않는 마음을 느낄 수 있습니다.',
    coverColor: '#5b7db1',
  },
  {
    title: '오즈의 마법사',
    author: '라이먼 프랭크 바움',
    publisher: '리드인북스',
    totalPages: 144,
    level: 2,
    genre: 'ADVENTURE',
    careerFields: ['ARTS_CULTURE', 'EDUCATION'],
    summary:
      '회오리바람에 실려 오즈의 나라에 간 도로시가 허수아비, 양철 나무꾼, 겁쟁이 사자와 함께 집으로 돌아가는 길을 찾습니다. 친구들이 바라던 것이 사실은 이미 자기 안에 있었다는 것을 깨닫게 됩니다.',
    coverColor: '#2f8f6f',
  },
  {
    title: '그림 속으로 떠나는 미술관 산책',
    author: '서유나',
    publisher: '별하늘문고',
    totalPages: 88,
    level: 2,
    genre: 'ART',
    careerFields: ['ARTS_CULTURE', 'EDUCATION'],
    summary:
      '미술관에 처음 간 아이가 그림 한 점 한 점에 담긴 색과 모양, 화가의 마음을 찾아 나섭니다. 그림을 보는 여러 가지 방법을 자연스럽게 배울 수 있습니다.',
    coverColor: '#b5487a',
  },

  // L3 — 초등 3학년 수준
  {
    title: '하이디',
    author: '요한나 슈피리',
    publisher: '늘봄문고',
    totalPages: 176,
    level: 3,
    genre: 'LITERATURE',
    careerFields: ['NATURE_ENVIRONMENT', 'MEDICAL_HEALTH'],
    summary:
      '알프스 산에서 할아버지와 사는 밝은 소녀 하이디가 도시의 친구 클라라를 만나 우정을 나눕니다. 자연 속에서 몸과 마음이 함께 건강해지는 과정이 따뜻하게 그려집니다.',
    coverColor: '#6aa84f',
  },
  {
    title: '정글북',
    author: '러디어드 키플링',
    publisher: '별하늘문고',
    totalPages: 168,
    level: 3,
    genre: 'ADVENTURE',
    careerFields: ['NATURE_ENVIRONMENT'],
    summary:
      '늑대 가족에게 길러진 소년 모글리가 곰 발루, 흑표범 바기라와 함께 정글의 법칙을 배우며 자라납니다. 자연과 동물, 그리고 함께 사는 규칙에 대해 생각하게 합니다.',
    coverColor: '#2f6f4f',
  },
  {
    title: '탈무드',
    author: '리드인 편집부 엮음',
    publisher: '리드인북스',
    totalPages: 128,
    level: 3,
    genre: 'PHILOSOPHY',
    careerFields: ['EDUCATION', 'LAW_POLITICS', 'BUSINESS_ECONOMY'],
    summary:
      '오랜 세월 전해 내려온 유대인의 지혜 이야기를 어린이 눈높이에 맞게 골라 엮었습니다. 공정함, 배움, 나눔에 관한 이야기를 읽으며 스스로 판단하는 힘을 기릅니다.',
    coverColor: '#7a5c3e',
  },
  {
    title: '우주로 떠나는 과학 여행',
    author: '한별',
    publisher: '리드인북스',
    totalPages: 120,
    level: 3,
    genre: 'SCIENCE',
    careerFields: ['SCIENCE_ENGINEERING'],
    summary:
      '달과 태양계 행성들을 차례로 여행하며 중력, 빛, 계절이 생기는 까닭을 알아봅니다. 생생한 그림과 실험 활동으로 우주 과학의 기초를 다질 수 있습니다.',
    coverColor: '#1f3a68',
  },

  // L4 — 초등 4학년 수준
  {
    title: '어린 왕자',
    author: '앙투안 드 생텍쥐페리',
    publisher: '리드인북스',
    totalPages: 136,
    level: 4,
    genre: 'LITERATURE',
    careerFields: ['ARTS_CULTURE', 'EDUCATION'],
    summary:
      '사막에 불시착한 비행사가 작은 별에서 온 어린 왕자를 만나 그가 여행한 별들의 이야기를 듣습니다. 길들인다는 것과 마음으로 보아야 보이는 소중한 것의 의미를 일깨워 줍니다.',
    coverColor: '#d9a441',
  },
  {
    title: '이상한 나라의 앨리스',
    author: '루이스 캐럴',
    publisher: '새싹출판',
    totalPages: 184,
    level: 4,
    genre: 'ADVENTURE',
    careerFields: ['ARTS_CULTURE', 'MEDIA_COMMUNICATION'],
    summary:
      '흰 토끼를 따라 굴속으로 떨어진 앨리스가 몸이 커졌다 작아졌다 하며 기묘한 인물들을 만납니다. 말놀이와 상상력이 가득한 이야기 속에서 논리와 재치를 즐길 수 있습니다.',
    coverColor: '#4a90c2',
  },
  {
    title: '홍길동전',
    author: '허균',
    publisher: '다온책방',
    totalPages: 128,
    level: 4,
    genre: 'LITERATURE',
    careerFields: ['LAW_POLITICS'],
    summary:
      '서자로 태어나 차별받던 홍길동이 활빈당을 이끌고 탐관오리를 혼내 주다가 율도국을 세웁니다. 신분 차별과 정의로운 사회에 대해 생각해 볼 수 있는 고전 소설입니다.',
    coverColor: '#8e3b46',
  },
  {
    title: '지구가 보내는 기후 편지',
    author: '윤새봄',
    publisher: '초록잎출판',
    totalPages: 144,
    level: 4,
    genre: 'ENVIRONMENT',
    careerFields: ['NATURE_ENVIRONMENT', 'SCIENCE_ENGINEERING'],
    summary:
      '빙하, 바다, 숲이 차례로 보내온 편지를 통해 기후 변화의 원인과 영향을 알아봅니다. 오늘부터 실천할 수 있는 작은 행동들도 함께 소개합니다.',
    coverColor: '#2e8b8b',
  },

  // L5 — 초등 5학년 수준
  {
    title: '키다리 아저씨',
    author: '진 웹스터',
    publisher: '늘봄문고',
    totalPages: 216,
    level: 5,
    genre: 'LITERATURE',
    careerFields: ['ARTS_CULTURE', 'EDUCATION', 'MEDIA_COMMUNICATION'],
    summary:
      '고아원에서 자란 주디가 얼굴 모를 후원자의 도움으로 대학에 다니며 쓴 편지로 이루어진 소설입니다. 배우고 글을 쓰며 작가의 꿈을 키워 가는 성장 과정이 생기 있게 담겨 있습니다.',
    coverColor: '#9b6fb0',
  },
  {
    title: '톰 소여의 모험',
    author: '마크 트웨인',
    publisher: '리드인북스',
    totalPages: 272,
    level: 5,
    genre: 'ADVENTURE',
    careerFields: ['LAW_POLITICS', 'ARTS_CULTURE'],
    summary:
      '미시시피강 가의 작은 마을에 사는 장난꾸러기 톰이 친구 허클베리 핀과 함께 보물을 찾고 사건의 진실을 밝힙니다. 용기와 우정, 옳은 일을 선택하는 마음을 보여 줍니다.',
    coverColor: '#b86b2b',
  },
  {
    title: '종의 기원 (어린이판)',
    author: '찰스 다윈 원작',
    publisher: '새싹출판',
    totalPages: 160,
    level: 5,
    genre: 'SCIENCE',
    careerFields: ['SCIENCE_ENGINEERING', 'NATURE_ENVIRONMENT', 'MEDICAL_HEALTH'],
    summary:
      '비글호 항해에서 얻은 관찰을 바탕으로 생물이 환경에 적응하며 변해 왔다는 자연선택의 생각을 쉽게 풀었습니다. 과학자가 질문하고 증거를 모으는 방법도 함께 배울 수 있습니다.',
    coverColor: '#4f7942',
  },

  // L6 — 초등 6학년 수준
  {
    title: '빨강 머리 앤',
    author: '루시 모드 몽고메리',
    publisher: '다온책방',
    totalPages: 320,
    level: 6,
    genre: 'LITERATURE',
    careerFields: ['EDUCATION', 'ARTS_CULTURE'],
    summary:
      '상상력이 풍부한 고아 소녀 앤이 초록 지붕 집의 마릴라와 매슈 남매에게 입양되어 자라나는 이야기입니다. 실수와 우정을 거쳐 교사의 길을 걷게 되는 앤의 성장이 따뜻하게 펼쳐집니다.',
    coverColor: '#d2603a',
  },
  {
    title: '비밀의 화원',
    author: '프랜시스 호지슨 버넷',
    publisher: '별하늘문고',
    totalPages: 248,
    level: 6,
    genre: 'LITERATURE',
    careerFields: ['NATURE_ENVIRONMENT', 'MEDICAL_HEALTH'],
    summary:
      '이모부의 저택에 맡겨진 외로운 소녀 메리가 잠겨 있던 정원을 되살리면서 병약한 사촌 콜린과 함께 달라져 갑니다. 자연과 돌봄이 사람을 어떻게 치유하는지 보여 줍니다.',
    coverColor: '#5e8c61',
  },
  {
    title: '로빈슨 크루소',
    author: '대니얼 디포',
    publisher: '별하늘문고',
    totalPages: 256,
    level: 6,
    genre: 'ADVENTURE',
    careerFields: ['SCIENCE_ENGINEERING', 'NATURE_ENVIRONMENT'],
    summary:
      '배가 난파되어 무인도에 홀로 남은 로빈슨이 집을 짓고 곡식을 기르며 스물여덟 해를 살아 냅니다. 문제를 하나씩 해결해 가는 지혜와 끈기를 엿볼 수 있습니다.',
    coverColor: '#a0793d',
  },
  {
    title: '갈매기의 꿈',
    author: '리처드 바크',
    publisher: '늘봄문고',
    totalPages: 128,
    level: 6,
    genre: 'PHILOSOPHY',
    careerFields: ['EDUCATION', 'SCIENCE_ENGINEERING'],
    summary:
      '먹이를 구하는 것보다 더 높고 빠르게 나는 법을 배우고 싶었던 갈매기 조나단의 이야기입니다. 자신만의 꿈을 좇는 용기와 배움의 의미를 돌아보게 합니다.',
    coverColor: '#3d7ea6',
  },

  // L7 — 중등 1학년 수준
  {
    title: '작은 아씨들',
    author: '루이자 메이 올컷',
    publisher: '새싹출판',
    totalPages: 392,
    level: 7,
    genre: 'LITERATURE',
    careerFields: ['ARTS_CULTURE', 'MEDIA_COMMUNICATION'],
    summary:
      '전쟁터에 나간 아버지를 기다리는 메그, 조, 베스, 에이미 네 자매가 가난 속에서도 서로를 아끼며 성장합니다. 작가를 꿈꾸는 조를 중심으로 각자의 꿈과 선택이 그려집니다.',
    coverColor: '#a8505f',
  },
  {
    title: '보물섬',
    author: '로버트 루이스 스티븐슨',
    publisher: '다온책방',
    totalPages: 296,
    level: 7,
    genre: 'ADVENTURE',
    careerFields: ['MEDICAL_HEALTH', 'BUSINESS_ECONOMY'],
    summary:
      '보물 지도를 손에 넣은 소년 짐 호킨스가 의사 리브지, 선장 스몰렛과 함께 보물섬으로 항해를 떠납니다. 외다리 해적 실버와의 긴장감 넘치는 대결 속에서 신뢰와 욕심의 의미를 묻습니다.',
    coverColor: '#22577a',
  },
  {
    title: '80일간의 세계 일주',
    author: '쥘 베른',
    publisher: '별하늘문고',
    totalPages: 312,
    level: 7,
    genre: 'ADVENTURE',
    careerFields: ['BUSINESS_ECONOMY', 'MEDIA_COMMUNICATION'],
    summary:
      '80일 안에 세계를 한 바퀴 돌 수 있다는 내기를 건 필리어스 포그가 하인 파스파르투와 함께 기차와 배로 지구를 돕니다. 여러 나라의 풍경과 시간의 비밀이 담긴 마지막 반전이 흥미롭습니다.',
    coverColor: '#c07b2f',
  },
  {
    title: '소나기',
    author: '황순원',
    publisher: '리드인북스',
    totalPages: 152,
    level: 7,
    genre: 'LITERATURE',
    careerFields: ['ARTS_CULTURE'],
    summary:
      '시골 소년과 서울에서 온 소녀가 개울가에서 만나 소나기를 피하며 나눈 짧고 맑은 만남을 그린 단편과 함께, 작가의 대표 단편을 엮었습니다. 절제된 문장 속에 담긴 감정을 읽어 내는 연습에 알맞습니다.',
    coverColor: '#6b8fa3',
  },

  // L8 — 중등 2학년 수준
  {
    title: '해저 2만 리',
    author: '쥘 베른',
    publisher: '늘봄문고',
    totalPages: 408,
    level: 8,
    genre: 'ADVENTURE',
    careerFields: ['SCIENCE_ENGINEERING', 'NATURE_ENVIRONMENT'],
    summary:
      '바다 괴물을 쫓던 아로낙스 교수 일행이 네모 선장의 잠수함 노틸러스호에 갇혀 깊은 바닷속을 여행합니다. 과학 기술에 대한 상상력과 바다 생태계의 경이로움이 함께 펼쳐집니다.',
    coverColor: '#14506e',
  },
  {
    title: '걸리버 여행기',
    author: '조너선 스위프트',
    publisher: '늘봄문고',
    totalPages: 328,
    level: 8,
    genre: 'SOCIETY',
    careerFields: ['LAW_POLITICS', 'MEDICAL_HEALTH'],
    summary:
      '배의 의사 걸리버가 소인국, 거인국, 하늘을 나는 섬 등 낯선 나라를 여행하며 겪는 일을 그렸습니다. 기발한 모험 뒤에 숨은 인간 사회와 정치에 대한 풍자를 읽어 볼 수 있습니다.',
    coverColor: '#7b6d8d',
  },
  {
    title: '셜록 홈즈의 모험',
    author: '아서 코넌 도일',
    publisher: '새싹출판',
    totalPages: 344,
    level: 8,
    genre: 'LITERATURE',
    careerFields: ['LAW_POLITICS', 'SCIENCE_ENGINEERING'],
    summary:
      '명탐정 셜록 홈즈가 친구이자 의사인 왓슨과 함께 런던에서 벌어지는 기이한 사건들을 관찰과 추리로 풀어냅니다. 작은 단서에서 결론을 이끌어 내는 논리적 사고를 익힐 수 있습니다.',
    coverColor: '#3b3b58',
  },
  {
    title: '동백꽃',
    author: '김유정',
    publisher: '다온책방',
    totalPages: 160,
    level: 8,
    genre: 'LITERATURE',
    careerFields: ['ARTS_CULTURE'],
    summary:
      '마름의 딸 점순이와 소작인의 아들인 나 사이에 벌어지는 닭싸움 소동을 해학적으로 그린 단편과 작가의 대표 단편을 엮었습니다. 1930년대 농촌의 생활과 토속적인 우리말의 맛을 느낄 수 있습니다.',
    coverColor: '#b23a48',
  },

  // L9 — 중등 3학년 수준
  {
    title: '안네의 일기',
    author: '안네 프랑크',
    publisher: '리드인북스',
    totalPages: 368,
    level: 9,
    genre: 'HISTORY',
    careerFields: ['MEDIA_COMMUNICATION', 'LAW_POLITICS'],
    summary:
      '제2차 세계 대전 중 나치의 박해를 피해 암스테르담의 은신처에 숨어 지낸 열세 살 소녀 안네가 2년 동안 쓴 일기입니다. 전쟁의 참상 속에서도 희망을 잃지 않은 기록을 통해 인권과 평화의 가치를 돌아봅니다.',
    coverColor: '#8a6a4f',
  },
  {
    title: '운수 좋은 날',
    author: '현진건',
    publisher: '새싹출판',
    totalPages: 168,
    level: 9,
    genre: 'LITERATURE',
    careerFields: ['ARTS_CULTURE', 'MEDIA_COMMUNICATION'],
    summary:
      '비 오는 날 유난히 벌이가 좋았던 인력거꾼 김 첨지가 병든 아내를 두고 느끼는 불안을 그린 단편과 작가의 대표 단편을 엮었습니다. 반어적 제목에 담긴 일제 강점기 도시 서민의 삶을 깊이 읽어 볼 수 있습니다.',
    coverColor: '#5a5a5a',
  },
  {
    title: '메밀꽃 필 무렵',
    author: '이효석',
    publisher: '별하늘문고',
    totalPages: 176,
    level: 9,
    genre: 'LITERATURE',
    careerFields: ['ARTS_CULTURE', 'BUSINESS_ECONOMY'],
    summary:
      '봉평 장을 떠나 대화 장으로 향하는 장돌뱅이 허 생원이 달밤의 메밀밭 길에서 젊은 날의 인연을 떠올립니다. 서정적인 묘사와 장터 사람들의 삶이 어우러진 단편 문학의 백미입니다.',
    coverColor: '#c9c3a3',
  },
  {
    title: '춘향전',
    author: '작자 미상',
    publisher: '다온책방',
    totalPages: 200,
    level: 9,
    genre: 'LITERATURE',
    careerFields: ['LAW_POLITICS', 'ARTS_CULTURE'],
    summary:
      '남원 부사의 아들 이몽룡과 퇴기의 딸 성춘향이 신분을 넘어 사랑을 지키는 이야기입니다. 암행어사 출두 장면에 담긴 탐관오리 비판과 판소리 문체의 흥겨움을 함께 맛볼 수 있습니다.',
    coverColor: '#c2185b',
  },

  // L10 — 고등 수준
  {
    title: '백범일지',
    author: '김구',
    publisher: '리드인북스',
    totalPages: 416,
    level: 10,
    genre: 'BIOGRAPHY',
    careerFields: ['LAW_POLITICS', 'EDUCATION'],
    summary:
      '독립운동가 김구가 두 아들에게 남기려고 쓴 자서전으로, 파란만장한 삶과 대한민국 임시정부의 활동이 담겨 있습니다. 나라를 위한 헌신과 문화의 힘을 강조한 ‘나의 소원’을 함께 읽을 수 있습니다.',
    coverColor: '#2d3e50',
  },
  {
    title: '목민심서 (청소년판)',
    author: '정약용',
    publisher: '늘봄문고',
    totalPages: 264,
    level: 10,
    genre: 'SOCIETY',
    careerFields: ['LAW_POLITICS', 'EDUCATION'],
    summary:
      '다산 정약용이 유배지에서 지방 관리가 백성을 다스릴 때 지켜야 할 도리를 정리한 책을 청소년 눈높이로 풀었습니다. 공직자의 청렴과 공정한 행정이 왜 중요한지 오늘의 사례와 함께 생각해 봅니다.',
    coverColor: '#4e6151',
  },
  {
    title: '명심보감',
    author: '추적 엮음',
    publisher: '리드인북스',
    totalPages: 224,
    level: 10,
    genre: 'PHILOSOPHY',
    careerFields: ['EDUCATION'],
    summary:
      '옛 성현들의 가르침 가운데 마음에 새길 만한 글귀를 모은 수신서입니다. 효도, 배움, 바른 몸가짐에 관한 문장을 풀이와 함께 읽으며 자신의 생활을 돌아볼 수 있습니다.',
    coverColor: '#6d4c41',
  },
];
