// The Korean messages of spec §8 a host shows (alert) for the client's failures. The same words as the server's
// (app/messages.ts; a test checks they agree), kept here because the client is used without the app's code.

export const CLIENT_MESSAGES = {
  readMethodNotFound: '독서활동을 설정해 주세요.',
  readSaveFailed: '독서활동 저장에 실패하였습니다.',
  readStartOver: '이전 읽기의 시작 페이지보다 작을 수 없습니다.',
  readTotalOver: '현재 도서의 총 페이지보다 클 수 없습니다.',
  loginExpired: '로그인이 만료되었습니다. 다시 로그인 해주세요.',
  extendLogin: '로그인을 연장하시겠습니까?',
  popupBlocked: '팝업 차단을 해제해주세요.',
} as const;

/**
 * The alert for a failure while saving reading time (spec §8): READ_METHOD_NOT_FOUND, the two page rules of §5, and
 * '독서활동 저장에 실패하였습니다.' for any other failure (another code, no code, a network error).
 */
export function readingFailureMessage(code: string | null | undefined): string {
  switch (code) {
    case 'READ_METHOD_NOT_FOUND':
      return CLIENT_MESSAGES.readMethodNotFound;
    case 'INVALID_READ_START_OVER':
      return CLIENT_MESSAGES.readStartOver;
    case 'INVALID_READ_TOTAL_OVER':
      return CLIENT_MESSAGES.readTotalOver;
    default:
      return CLIENT_MESSAGES.readSaveFailed;
  }
}
