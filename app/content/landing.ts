/**
 * 공개 페이지(/landing/…)의 문구. 화면 구성은 라우트가 맡고, 이 파일은 글만 담습니다.
 */

export interface TitledText {
  title: string;
  body: string;
}

export interface LandingHomeCopy {
  heroTitle: string;
  heroLead: string;
  features: TitledText[];
  steps: TitledText[];
  forWhom: TitledText[];
  ctaTitle: string;
  ctaBody: string;
}

export interface LicensePlan {
  /** 결제 등급. 개인 회원의 월 이용료도 BASIC 등급으로 결제됩니다. */
  tier: 'BASIC' | 'ADD1' | 'ADD2' | 'NEW';
  name: string;
  price: string;
  target: string;
  items: string[];
}

export interface LandingLicenseCopy {
  title: string;
  lead: string;
  plans: LicensePlan[];
  notes: string[];
}

export interface LandingIntroCopy {
  title: string;
  lead: string;
  sections: TitledText[];
}

export interface PatentItem {
  name: string;
  /** 번호가 아니라 진행 상태('출원 중', '등록 완료' 등)를 적습니다. */
  number: string;
  summary: string;
}

export interface LandingPatentCopy {
  title: string;
  lead: string;
  items: PatentItem[];
}

export type FaqSectionCode = 'operating' | 'agency' | 'info';

export interface FaqSectionCopy {
  code: FaqSectionCode;
  title: string;
  lead: string;
}

export type PolicyCode = 'readin' | 'privacy' | 'teenager' | 'responsibility' | 'provided' | 'shopping' | 'readplus';

export interface PolicyDoc {
  code: PolicyCode;
  title: string;
}

export const LANDING_HOME: LandingHomeCopy = {
  heroTitle: '한 권을 끝까지, 생각이 자라는 독서',
  heroLead:
    '리드인은 책을 고르고 읽고 이해하고 글로 남기기까지, 한 권의 독서 과정을 학원과 함께 설계합니다. 매일의 독서 기록과 영역별 문제 분석, 코치의 첨삭이 모여 아이의 읽기 수준과 진로까지 보여 줍니다.',
  features: [
    {
      title: '독서 기록',
      body: '오늘 읽은 페이지와 시간을 기록하면 읽기 습관이 한눈에 보입니다. 자유 읽기, 나누어 읽기, 100분 읽기, 시계 읽기 등 책과 아이에게 맞는 읽기 방식을 고를 수 있습니다.',
    },
    {
      title: '문제 분석',
      body: '책을 다 읽으면 사실적·추론적·비판적·어휘·창의적 이해의 다섯 영역으로 이해도를 확인합니다. 틀린 문제는 해설과 함께 다시 살펴보며 부족한 부분을 채웁니다.',
    },
    {
      title: '독서 노트와 첨삭',
      body: '읽고 느낀 점을 독서 노트로 정리하면 선생님과 전문 첨삭 코치가 생각을 넓혀 주는 의견을 남깁니다. 고쳐 쓰는 과정에서 글쓰기 실력이 함께 자랍니다.',
    },
    {
      title: '수준 진단과 리포트',
      body: '수준 진단 평가와 독서 결과를 바탕으로 L1부터 L10까지 읽기 수준을 산출합니다. 월별 독서량, 장르별 분포, 영역별 성취를 리포트로 확인할 수 있습니다.',
    },
    {
      title: '맞춤 추천과 진로 탐색',
      body: '아이의 수준과 관심 장르에 맞는 책을 추천하고, 읽어 온 책의 진로 분야를 모아 관심 진로를 보여 줍니다. 책이 꿈을 찾는 길잡이가 됩니다.',
    },
    {
      title: '선생님 화면',
      body: '선생님은 학생마다 책과 읽기 방식을 배정하고, 누가 어디까지 읽었는지 살피며, 제출된 독서 노트에 의견을 남기거나 다시 쓰기를 요청합니다. 첨삭이 필요한 노트는 전문 첨삭 코치에게 보낼 수 있습니다.',
    },
  ],
  steps: [
    {
      title: '도서 배정',
      body: '선생님이 아이의 수준과 관심사에 맞는 책을 고르고 읽기 방식을 정해 배정합니다.',
    },
    {
      title: '읽기 전 활동',
      body: '표지와 제목으로 내용을 예측하고 이미 알고 있는 것을 떠올리며 읽을 준비를 합니다.',
    },
    {
      title: '독서 기록',
      body: '정해진 방식대로 읽으며 매일 읽은 페이지와 시간을 기록하고, 어려운 부분은 따로 표시합니다.',
    },
    {
      title: '문제 분석',
      body: '다 읽은 뒤 다섯 영역의 문제를 풀고, 채점 결과와 해설로 이해한 내용을 점검합니다.',
    },
    {
      title: '독서 노트',
      body: '생각과 느낌을 글로 정리해 제출하면 선생님과 첨삭 코치의 의견이 돌아옵니다.',
    },
    {
      title: '리포트',
      body: '독서 시간, 분석 결과, 노트와 첨삭이 한 권의 리포트로 모여 다음 책을 고르는 기준이 됩니다.',
    },
  ],
  forWhom: [
    {
      title: '학생',
      body: '읽은 만큼 쌓이는 기록과 메달, 내 수준에 맞는 추천 도서로 책 읽는 재미와 성취감을 느낍니다. 꾸준히 읽을수록 나의 관심 진로도 또렷해집니다.',
    },
    {
      title: '학부모',
      body: '아이의 계정으로 들어가 무엇을, 얼마나, 어떻게 읽었는지 리포트로 확인합니다. 영역별 분석과 첨삭 의견으로 아이의 강점과 보완할 점을 구체적으로 알 수 있습니다.',
    },
    {
      title: '학원',
      body: '도서 배정부터 노트 확인, 상담 자료가 되는 리포트까지 독서 수업에 필요한 모든 과정을 체계적으로 운영합니다. 첨삭은 전문 코치와 나누어 선생님의 부담을 덜 수 있습니다.',
    },
  ],
  ctaTitle: '우리 학원에 맞는 독서 교육, 지금 시작해 보세요',
  ctaBody: '체험 계정으로 학생과 선생님 화면을 직접 둘러보실 수 있습니다. 도입 상담과 이용료 안내는 고객센터로 문의해 주세요.',
};

export const LANDING_LICENSE: LandingLicenseCopy = {
  title: '이용권 안내',
  lead: '학원 규모에 맞게 기본 이용료와 추가 학생 팩을 조합해 이용하실 수 있습니다. 모든 금액은 부가가치세 포함 금액입니다.',
  plans: [
    {
      tier: 'BASIC',
      name: '기본 이용료',
      price: '월 99,000원',
      target: '리드인을 이용하는 모든 학원',
      items: [
        '학생 30명까지 이용',
        '도서 배정, 독서 기록, 문제 분석, 독서 노트 전 기능',
        '수준 진단 평가와 교과 연계 독해 평가',
        '학생별 리포트와 진로 분석',
        '선생님 계정 무제한',
      ],
    },
    {
      tier: 'ADD1',
      name: '추가 학생 팩 (30명)',
      price: '월 45,000원',
      target: '학생이 30명을 넘는 학원',
      items: ['학생 30명 추가 (31~60명)', '활동 중인 학생이 30명을 넘는 달의 청구에 자동으로 포함', '기본 이용료와 함께 매월 결제'],
    },
    {
      tier: 'ADD2',
      name: '추가 학생 팩 (60명)',
      price: '월 80,000원',
      target: '학생이 60명을 넘는 중대형 학원 (추가 학생 팩 30명과 함께)',
      items: [
        '학생 60명 추가 (61~120명)',
        '활동 중인 학생이 60명을 넘는 달의 청구에 자동으로 포함',
        '추가 학생 팩(30명)보다 한 명당 비용 절감',
      ],
    },
    {
      tier: 'NEW',
      name: '신규 등록비',
      price: '최초 1회 150,000원',
      target: '리드인을 처음 도입하는 학원',
      items: ['학원 계정 개설과 초기 설정 지원', '원장님·선생님 대상 사용법 교육', '수준 진단 평가 1회 무료 운영'],
    },
    {
      tier: 'BASIC',
      name: '개인 회원',
      price: '월 19,000원',
      target: '학원에 다니지 않고 혼자 이용하는 학생과 성인',
      items: ['개인 맞춤 도서 추천과 독서 기록', '문제 분석과 영역별 리포트', '독서 노트 작성', '진로 분석'],
    },
  ],
  notes: [
    '원장님은 학원 관리 화면의 결제 메뉴에서 그달의 청구 금액을 확인하고 카드, 계좌이체, 무통장입금으로 납부하실 수 있습니다. 카드를 등록해 두면 매월 1일에 자동으로 결제됩니다.',
    '이용 기간은 매월 1일부터 말일까지 한 달 단위이며, 그달의 기본 이용료가 납부되어야 독서활동 메뉴를 이용할 수 있습니다.',
    '결제일로부터 7일 이내이고 서비스를 이용한 기록이 없으면 전액 환불해 드립니다. 이용을 시작한 뒤 해지를 요청하시면 이용한 날수만큼의 금액을 일할 계산해 뺀 나머지를 환불해 드리며, 신규 등록비는 계정 개설과 교육이 진행된 뒤에는 환불되지 않습니다.',
    '자세한 내용은 서비스 이용약관과 고객센터에서 확인하실 수 있습니다.',
  ],
};

export const LANDING_INTRO: LandingIntroCopy = {
  title: '서비스 소개',
  lead: '리드인은 많이 읽는 것보다 한 권을 제대로 읽는 경험을 소중히 여깁니다. 읽기 전부터 읽은 뒤까지, 아이의 생각이 자라는 모든 과정을 기록하고 살핍니다.',
  sections: [
    {
      title: '리드인의 철학',
      body: '좋은 독서는 스스로 고른 질문을 안고 끝까지 읽어 내는 데서 시작합니다. 리드인은 읽는 습관, 이해하는 힘, 표현하는 글쓰기가 한 흐름으로 이어지도록 돕고, 그 과정을 학원 선생님과 학부모님이 함께 지켜볼 수 있게 합니다.',
    },
    {
      title: '한 권의 독서 과정',
      body: '도서 배정, 읽기 전 활동, 독서 기록, 문제 분석, 독서 노트, 리포트의 여섯 단계로 한 권을 완성합니다. 단계마다 해야 할 일이 분명해 아이는 길을 잃지 않고, 선생님은 누가 어디까지 왔는지 한눈에 확인할 수 있습니다.',
    },
    {
      title: 'L1부터 L10까지의 수준 체계',
      body: '초등 1학년 수준의 L1부터 고등 수준의 L10까지 열 단계로 읽기 수준을 나눕니다. 수준 진단 평가와 책마다 쌓이는 문제 분석 결과를 함께 반영해 수준을 산출하고, 수준 그래프로 성장의 흐름을 보여 줍니다.',
    },
    {
      title: '다섯 영역의 이해도 분석',
      body: '글에 드러난 내용을 정확히 파악하는 사실적 이해, 숨은 뜻과 까닭을 짐작하는 추론적 이해, 내용의 타당성을 따져 보는 비판적 이해, 낱말의 뜻을 문맥 속에서 아는 어휘, 새로운 생각으로 넓혀 가는 창의적 이해를 영역별로 분석합니다. 강점과 보완할 점이 구체적으로 드러나 다음 수업의 방향을 잡을 수 있습니다.',
    },
    {
      title: '전문 첨삭 코치',
      body: '독서 교육과 글쓰기 지도 경험을 갖춘 첨삭 코치가 학생의 독서 노트를 한 편씩 읽고 의견을 남깁니다. 잘한 점을 먼저 짚고, 생각을 더 깊게 펼칠 수 있는 질문과 고쳐 쓰기 방향을 제시합니다.',
    },
    {
      title: '안전한 서비스',
      body: '비밀번호와 보안 질문의 답은 암호화해 보관하고, 비밀번호 재설정에는 휴대전화 인증이나 학원의 확인을 거칩니다. 학생의 독서 기록과 노트는 소속 학원과 본인만 볼 수 있습니다.',
    },
  ],
};

export const LANDING_PATENT: LandingPatentCopy = {
  title: '특허 및 인증',
  lead: '리드인의 독서 교육 방법은 오랜 현장 연구를 바탕으로 만들어졌습니다. 아래 두 건은 특허를 출원해 심사를 기다리고 있으며, 등록되면 등록번호를 이 페이지에 안내합니다.',
  items: [
    {
      name: '독서 이력 기반 읽기 수준 산출 방법',
      number: '출원 중',
      summary:
        '수준 진단 평가 결과와 책마다 쌓이는 독서 시간, 완독 여부, 영역별 문제 분석 결과를 함께 반영해 학생의 읽기 수준을 L1부터 L10까지 산출하는 방법입니다.',
    },
    {
      name: '읽기 방식별 독서 시간 측정 시스템',
      number: '출원 중',
      summary:
        '자유 읽기, 나누어 읽기, 100분 읽기, 시계 읽기, 쪽수 없는 책 읽기 등 읽기 방식에 따라 독서 시간과 진행 정도를 다르게 측정하고 기록하는 시스템입니다.',
    },
  ],
};

export const LANDING_FAQ_SECTIONS: FaqSectionCopy[] = [
  {
    code: 'operating',
    title: '학원 운영 문의',
    lead: '이용료, 학생 가입, 도서 배정, 독서 노트 확인과 첨삭 등 학원 운영에 관한 질문을 모았습니다.',
  },
  {
    code: 'agency',
    title: '지사·대리점 가맹 문의',
    lead: '리드인과 함께 지역의 독서 교육을 이끌어 갈 지사와 대리점 가맹에 관한 질문을 모았습니다.',
  },
  {
    code: 'info',
    title: '이용 안내',
    lead: '로그인과 계정 찾기, 독서 기록, 문제 분석, 독서 노트 등 학생과 학부모님이 자주 묻는 질문을 모았습니다.',
  },
];

export const POLICY_DOCS: PolicyDoc[] = [
  { code: 'readin', title: '리드인 서비스 이용약관' },
  { code: 'privacy', title: '개인정보 처리방침' },
  { code: 'teenager', title: '청소년 보호정책' },
  { code: 'responsibility', title: '책임의 한계와 법적 고지' },
  { code: 'provided', title: '개인정보 제3자 제공 및 처리위탁 안내' },
  { code: 'shopping', title: '도서·교재 구매 및 환불 약관' },
  { code: 'readplus', title: '리드플러스 부가서비스 이용약관' },
];
