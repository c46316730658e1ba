import { inArray } from 'drizzle-orm';
import { hashPassword, hashSecurityAnswer } from '~/auth/password.server';
import { DEMO_PASSWORD } from '~/domain/accounts';
import { ItemStatus } from '~/domain/enums';
import { seoulDay, seoulDayStart } from '~/lib/dates';
import { addNoticeToInboxes } from '~/services/notices/writing.server';
import { storage } from '~/services/storage.server';
import type { Tx } from '~/db/client.server';
import { noticeFiles, notices, organisations, users, type NoticeAudience } from '~/db/schema';

const DAY = 24 * 60 * 60 * 1000;

/** The demo attachment's key: fixed, so seeding again overwrites the same object. */
export const DEMO_NOTICE_FILE_KEY = 'notices/4f1c2b8e-7d3a-4c55-9a10-demo00000001';
export const DEMO_POPUP_TITLE = '별빛 독서교실 학생 여러분, 리드인에 오신 것을 환영합니다';

const GUIDE = `리드인 이용 안내

1. 로그인하면 '독서활동'에서 선생님이 배정한 책을 볼 수 있어요.
2. 책을 읽기 전에 '읽기 전 활동'을 하고, 읽은 쪽수와 시간을 기록해요.
3. 다 읽으면 문제 분석을 풀고 독서 노트를 써요.
4. 궁금한 점은 학원 선생님이나 리드인 고객센터에 물어보세요.
`;

/**
 * Notices of the demo (issue 13): a platform notice for everyone, one for academy staff, one with a popup period over
 * the coming weeks and an attachment, and 해오름's notice for its students. The popup's audience is 별빛 독서교실, a
 * small academy added here with three students (`student14` … `student16`) and no staff: the popup opens for them only,
 * so the pages of the other demo accounts (and the end-to-end tests that sign in as them) stay as they were.
 * Every notice fills its readers' inboxes, as a new notice does.
 */
export async function seedNotices(tx: Tx, at: Date) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const answerHash = await hashSecurityAnswer('어린 왕자');
  const [byeolbit] = await tx
    .insert(organisations)
    .values({ kind: 'academy', name: '별빛 독서교실', code: 'BYEOLBIT', phone: '02-000-2005', address: '서울 노원구' })
    .returning({ id: organisations.id });
  await tx.insert(users).values(
    [
      { loginId: 'student14', name: '문별하', grade: '초5', phone: '010-1000-0016' },
      { loginId: 'student15', name: '차은하', grade: '초6', phone: '010-1000-0017' },
      { loginId: 'student16', name: '남다온', grade: '초4', phone: '010-1000-0018' },
    ].map((s) => ({
      ...s,
      passwordHash,
      email: `${s.loginId}@readin.example`,
      role: 'USER' as const,
      authorities: ['STUDENT' as const],
      organisationId: byeolbit.id,
      level: 4,
      securityQuestion: 7,
      securityAnswerHash: answerHash,
    })),
  );

  const people = await tx
    .select({ id: users.id, loginId: users.loginId, organisationId: users.organisationId })
    .from(users)
    .where(inArray(users.loginId, ['super', 'head']));
  const operator = people.find((p) => p.loginId === 'super');
  const head = people.find((p) => p.loginId === 'head');
  if (!operator || !head?.organisationId) return;

  const today = seoulDayStart(seoulDay(at))!.getTime();
  const dayAt = (daysAgo: number, hour: number) => new Date(Math.min(at.getTime(), today - daysAgo * DAY + hour * 60 * 60 * 1000));
  const write = async (n: {
    organisationId: number | null;
    authorId: number;
    title: string;
    body: string;
    audience: NoticeAudience;
    publishedAt: Date;
    popupFrom?: Date;
    popupUntil?: Date;
  }) => {
    const [row] = await tx
      .insert(notices)
      .values({ ...n, status: ItemStatus.ACTIVE, createdAt: n.publishedAt, updatedAt: n.publishedAt })
      .returning({ id: notices.id });
    await addNoticeToInboxes(tx, row.id, n.title, n.body, n.publishedAt);
    return row.id;
  };

  await write({
    organisationId: null,
    authorId: operator.id,
    title: '겨울방학 독서 챌린지를 시작합니다',
    body: [
      '## 겨울방학 독서 챌린지',
      '',
      '방학 동안 **하루 20분** 읽기에 도전해 보세요. 완주한 친구에게는 메달을 드립니다.',
      '',
      '- 기간: 방학 시작일부터 4주',
      '- 방법: 독서활동에서 읽은 시간을 기록하기',
      '- 완주 기준: 20일 이상 기록',
      '',
      '자세한 내용은 [자주 묻는 질문](/user/faq)을 참고해 주세요.',
    ].join('\n'),
    audience: { kind: 'ALL' },
    publishedAt: dayAt(6, 10),
  });
  await write({
    organisationId: null,
    authorId: operator.id,
    title: '학원 관리 화면 정기 점검 안내 (일요일 새벽 2시~4시)',
    body: '일요일 새벽 2시부터 4시까지 학원 관리 화면을 점검합니다. 점검 중에는 학생 관리와 도서 배정을 할 수 없습니다.\n\n학생 화면은 평소처럼 이용할 수 있습니다.',
    audience: { kind: 'AUTHORITIES', authorities: ['HEAD', 'TEACHER'] },
    publishedAt: dayAt(3, 11),
  });
  const popupId = await write({
    organisationId: null,
    authorId: operator.id,
    title: DEMO_POPUP_TITLE,
    body: [
      '별빛 독서교실 친구들, 반가워요!',
      '',
      '리드인에서는 책을 읽고, 기록하고, 생각을 키울 수 있어요. 처음이라면 첨부한 **이용 안내**를 먼저 읽어 보세요.',
      '',
      '1. 독서활동에서 배정된 책 확인하기',
      '2. 읽은 쪽수와 시간 기록하기',
      '3. 문제 분석과 독서 노트로 마무리하기',
    ].join('\n'),
    audience: { kind: 'ACADEMIES', academyIds: [byeolbit.id] },
    publishedAt: dayAt(1, 9),
    popupFrom: new Date(today - DAY),
    popupUntil: new Date(today + 21 * DAY),
  });
  const guide = new TextEncoder().encode(GUIDE);
  await storage().put(DEMO_NOTICE_FILE_KEY, guide, 'text/plain; charset=utf-8');
  await tx.insert(noticeFiles).values({
    noticeId: popupId,
    filePath: DEMO_NOTICE_FILE_KEY,
    fileName: '리드인 이용 안내.txt',
    contentType: 'text/plain; charset=utf-8',
    size: guide.byteLength,
  });
  await write({
    organisationId: head.organisationId,
    authorId: head.id,
    title: '이번 주 토요일 독서 모임 안내',
    body: '이번 주 **토요일 오전 10시**에 학원에서 독서 모임을 엽니다.\n\n읽고 있는 책을 가져와서 가장 기억에 남는 장면을 친구들에게 소개해 주세요.',
    audience: { kind: 'ALL' },
    publishedAt: dayAt(2, 16),
  });
}
