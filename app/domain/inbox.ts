import { excerpt } from './inquiries';

// The in-app inbox (spec user/message): the kinds of item, their labels, and the texts of the items this code writes
// (comments on notes). Shared by server and pages: no server imports here.

/** The kinds of item with their labels: the kinds are this table's keys, in its order. */
export const INBOX_KIND_LABELS = {
  TALK: '알림톡',
  COMMENT: '노트 의견',
  NOTICE: '공지',
  INQUIRY: '1:1 문의',
  PAYMENT: '결제',
  ACCOUNT: '계정',
};
export type InboxKind = keyof typeof INBOX_KIND_LABELS;
export const INBOX_KINDS = Object.keys(INBOX_KIND_LABELS) as readonly InboxKind[];

export function inboxKindLabel(kind: string): string {
  return INBOX_KIND_LABELS[kind as InboxKind] ?? '알림';
}

export const INBOX_PAGE_SIZE = 20;

export const INBOX_MESSAGES = {
  notFound: '메시지를 찾을 수 없습니다.',
  empty: '받은 메시지가 없습니다. 선생님의 노트 의견, 공지, 1:1 문의 답변이 오면 여기에 모입니다.',
  allRead: '모든 메시지를 읽음으로 표시했습니다.',
  nothingUnread: '읽지 않은 메시지가 없습니다.',
  read: '읽음으로 표시했습니다.',
} as const;

/** What a teacher's or coach's review tells the student (the review actions that carry a comment or a correction). */
export function noteCommentItem(input: { bookTitle: string; action: string; by: 'TEACHER' | 'COACH'; text: string }): {
  title: string;
  body: string;
} {
  const who = input.by === 'COACH' ? '첨삭 코치' : '선생님';
  const book = `『${input.bookTitle}』`;
  const title =
    input.action === 'hold'
      ? `${book} 독서 노트를 다시 써 달라는 요청이 왔습니다`
      : input.action === 'correct'
        ? `${book} 독서 노트 첨삭이 끝났습니다`
        : input.action === 'send'
          ? `${book} 독서 노트를 선생님이 첨삭 코치에게 보냈습니다`
          : input.action === 'complete'
            ? `${book} 독서 노트 검토가 끝났습니다`
            : `${book} 독서 노트에 ${who} 의견이 달렸습니다`;
  return { title, body: excerpt(input.text, 500) };
}
