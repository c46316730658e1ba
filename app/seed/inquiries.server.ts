import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { InquiryStatus, NoteState } from '~/domain/enums';
import { noteCommentItem } from '~/domain/inbox';
import { INQUIRY_NOTICE, type InquiryCategory } from '~/domain/inquiries';
import type { Tx } from '~/db/client.server';
import { books, inboxItems, inquiries, notes, resultBooks, users } from '~/db/schema';

// 1:1 inquiries in every status (WAIT, CHECK, COMPLETE with an answer, DELETE) from `student`, `adult` and `head`,
// answered by `super` and `admin2`, and the inbox of `student`: the teachers' and coach's comments on the notes seeded
// before (the two newest unread, where the note still shows its new-comment mark) and the answer to its inquiry, unread.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type Plan = {
  by: string;
  category: InquiryCategory;
  title: string;
  body: string;
  status: InquiryStatus;
  daysAgo: number;
  answer?: { by: string; text: string; hoursLater: number };
  /** Deleted by the asker this many hours after asking. */
  deletedAfterHours?: number;
};

const PLANS: Plan[] = [
  {
    by: 'student',
    category: 'USAGE',
    title: '독서 노트에 올린 사진이 옆으로 누워 보여요',
    body: '휴대폰으로 찍은 책 사진을 독서 노트에 올렸는데 선생님 화면에서 옆으로 누워 보인다고 하셨어요. 어떻게 올려야 똑바로 보이나요?',
    status: InquiryStatus.COMPLETE,
    daysAgo: 6,
    answer: {
      by: 'super',
      hoursLater: 20,
      text: '안녕하세요, 리드인 운영팀입니다.\n사진을 올릴 때 휴대폰의 회전 정보를 읽어 똑바로 저장하도록 고쳤습니다. 이미 올린 사진은 노트에서 사진을 다시 올려 주시면 바르게 보입니다.\n불편을 드려 죄송합니다.',
    },
  },
  {
    by: 'student',
    category: 'ERROR',
    title: '수준 진단을 다 풀었는데 결과 화면이 안 나와요',
    body: '수준 진단 마지막 문제를 풀고 제출을 눌렀는데 화면이 그대로예요. 다시 눌러도 될까요?',
    status: InquiryStatus.WAIT,
    daysAgo: 1,
  },
  {
    by: 'student',
    category: 'ETC',
    title: '잘못 보낸 문의예요',
    body: '친구 계정인 줄 알고 잘못 남겼어요. 지워 주세요.',
    status: InquiryStatus.DELETE,
    daysAgo: 9,
    deletedAfterHours: 1,
  },
  {
    by: 'adult',
    category: 'PAYMENT',
    title: '카드 영수증을 다시 받을 수 있나요?',
    body: '지난달 이용료를 카드로 결제했는데 회사에 낼 영수증이 필요합니다. 다시 받을 수 있는 방법이 있을까요?',
    status: InquiryStatus.CHECK,
    daysAgo: 2,
  },
  {
    by: 'adult',
    category: 'ACCOUNT',
    title: '로그인할 때마다 아이디를 다시 입력해야 해요',
    body: '‘아이디 저장’을 눌렀는데도 다음 날이면 아이디 칸이 비어 있습니다. 설정을 바꿔야 하나요?',
    status: InquiryStatus.WAIT,
    daysAgo: 3,
  },
  {
    by: 'head',
    category: 'PAYMENT',
    title: '학생이 늘면 추가 결제는 언제 되나요?',
    body: '이번 달 중간에 학생이 여섯 명 늘었습니다. 추가 인원 요금은 바로 결제해야 하나요, 다음 달에 함께 청구되나요?',
    status: InquiryStatus.COMPLETE,
    daysAgo: 12,
    answer: {
      by: 'admin2',
      hoursLater: 5,
      text: '원장님, 안녕하세요. 리드인 운영팀입니다.\n추가 인원 요금은 학생이 등록된 달의 청구서에 자동으로 더해집니다. 따로 결제하실 필요는 없고, 결제 화면에서 추가 내역을 확인하실 수 있습니다.',
    },
  },
  {
    by: 'head',
    category: 'USAGE',
    title: '반을 합칠 때 학생 기록도 같이 옮겨지나요?',
    body: '다음 달부터 초등 3학년 두 반을 한 반으로 합치려고 합니다. 학생들의 독서 기록과 노트도 그대로 남는지 궁금합니다.',
    status: InquiryStatus.CHECK,
    daysAgo: 1,
  },
  {
    by: 'head',
    category: 'ETC',
    title: '설명회 자료 요청',
    body: '학부모 설명회 때 쓸 소개 자료가 있으면 받고 싶습니다.',
    status: InquiryStatus.DELETE,
    daysAgo: 20,
    deletedAfterHours: 30,
  },
];

export async function seedInquiries(tx: Tx, at: Date) {
  const loginIds = [...new Set(PLANS.flatMap((p) => [p.by, p.answer?.by ?? p.by]))];
  const people = await tx.select({ id: users.id, loginId: users.loginId }).from(users).where(inArray(users.loginId, loginIds));
  const idOf = new Map(people.map((u) => [u.loginId, u.id]));
  const base = at.getTime();
  const notAfter = (ms: number) => new Date(Math.min(ms, base));
  const inbox: (typeof inboxItems.$inferInsert)[] = [];

  for (const plan of PLANS) {
    const userId = idOf.get(plan.by);
    if (!userId) continue;
    const asked = new Date(base - plan.daysAgo * DAY);
    const answeredAt = plan.answer ? new Date(asked.getTime() + plan.answer.hoursLater * HOUR) : null;
    const checkedAt =
      plan.status === InquiryStatus.WAIT ? null : new Date(asked.getTime() + (plan.answer ? plan.answer.hoursLater / 2 : 3) * HOUR);
    const deletedAt = plan.deletedAfterHours ? new Date(asked.getTime() + plan.deletedAfterHours * HOUR) : null;
    const [row] = await tx
      .insert(inquiries)
      .values({
        userId,
        category: plan.category,
        title: plan.title,
        body: plan.body,
        status: plan.status,
        answer: plan.answer?.text ?? null,
        answeredBy: plan.answer ? (idOf.get(plan.answer.by) ?? null) : null,
        checkedAt: plan.status === InquiryStatus.DELETE && !plan.answer ? null : checkedAt,
        answeredAt,
        deletedAt,
        createdAt: asked,
        updatedAt: deletedAt ?? answeredAt ?? checkedAt ?? asked,
      })
      .returning({ id: inquiries.id });
    if (plan.answer && answeredAt)
      inbox.push({
        userId,
        kind: 'INQUIRY',
        title: INQUIRY_NOTICE.inboxTitle,
        body: INQUIRY_NOTICE.inboxBody(plan.title, plan.answer.text),
        link: `${plan.by === 'head' ? '/admin' : '/user'}/inquiry/${row.id}`,
        // The head has read it; the student has not yet.
        readAt: plan.by === 'head' ? notAfter(answeredAt.getTime() + 2 * HOUR) : null,
        createdAt: answeredAt,
      });
  }

  // The student's comment notifications, from the notes seeded before.
  const studentId = idOf.get('student');
  if (studentId) {
    const commented = await tx
      .select({
        resultBookId: notes.resultBookId,
        state: notes.state,
        noteInput: notes.noteInput,
        correction: notes.correction,
        commentedAt: notes.commentedAt,
        unread: notes.hasUnreadComment,
        bookTitle: books.title,
      })
      .from(notes)
      .innerJoin(resultBooks, eq(resultBooks.id, notes.resultBookId))
      .innerJoin(books, eq(books.id, resultBooks.bookId))
      .where(and(eq(notes.userId, studentId), isNotNull(notes.commentedAt)))
      .orderBy(asc(notes.commentedAt));
    // The two newest comments are still unread (where the note still shows its new-comment mark); the student has
    // opened the older ones' messages, whether or not the note page's mark was cleared.
    commented.forEach((n, i) => {
      if (i < commented.length - 2) n.unread = false;
    });
    for (const n of commented) {
      const text = n.correction ?? n.noteInput;
      if (!text || !n.commentedAt) continue;
      const action = n.correction ? 'correct' : n.state === NoteState.HOLD ? 'hold' : 'comment';
      const { title, body } = noteCommentItem({ bookTitle: n.bookTitle, action, by: n.correction ? 'COACH' : 'TEACHER', text });
      inbox.push({
        userId: studentId,
        kind: 'COMMENT',
        title,
        body,
        link: `/user/activity/readingBook/note/${n.resultBookId}`,
        readAt: n.unread ? null : notAfter(n.commentedAt.getTime() + 3 * HOUR),
        createdAt: n.commentedAt,
      });
    }
  }
  if (inbox.length) await tx.insert(inboxItems).values(inbox);
}
