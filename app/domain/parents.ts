// The parents' (보호자) messages, shared by the services and the pages that show them (no server imports here).

export const PARENT_MESSAGES = {
  phoneRequired: '휴대폰 번호를 입력해 주세요.',
  phoneInvalid: '휴대폰 번호를 010-1234-5678 형식으로 입력해 주세요.',
  codeRequired: '인증번호 6자리를 입력해 주세요.',
  codeSent: '입력한 번호가 학원에 등록된 보호자 번호라면 인증번호가 문자로 발송됩니다. 10분 안에 입력해 주세요.',
  codeMismatch: '인증번호가 맞지 않습니다. 다시 확인해 주세요.',
  noActiveChild: '학원이 보호자 열람을 중지하여 로그인할 수 없습니다. 학원에 문의해 주세요.',
  childNotFound: '자녀를 찾을 수 없습니다.',
  nameRequired: '보호자 이름을 입력해 주세요.',
  alreadyLinked: '이미 등록된 보호자입니다.',
  linkNotFound: '보호자를 찾을 수 없습니다.',
  tooManyParents: '보호자는 학생 한 명에 두 명까지 등록할 수 있습니다.',
  added: '보호자를 추가했습니다. 보호자는 이 번호로 받은 인증번호로 로그인합니다.',
  turnedOff: '보호자 열람을 중지했습니다.',
  turnedOn: '보호자 열람을 다시 허용했습니다.',
  optedOut: '알림톡 수신을 해제했습니다.',
  optedIn: '알림톡을 다시 받습니다.',
} as const;
