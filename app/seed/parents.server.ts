import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '~/db/client.server';
import { parentLinks, talkTemplates, users } from '~/db/schema';
import { templateVariables } from '~/domain/talk';
import { ensureParentAccount } from '~/services/parents/links.server';

const DAY = 24 * 60 * 60 * 1000;

/** The parents' 알림톡 templates (issue 32), approved: information the parent asked for, each with its page's link. */
export const PARENT_TALK_TEMPLATES = [
  {
    code: 'PARENT_REPORT_READY',
    name: '보호자 · 월간 리포트 발행 알림',
    event: 'PARENT_REPORT_READY',
    body: '[#{학원명}] #{학생명} 학생의 #{월} 독서 리포트가 발행되었습니다. 아래 링크에서 확인해 주세요.\n#{링크}',
    providerTemplateId: 'KA01TP_READIN_PARENT_REPORT',
  },
  {
    code: 'PARENT_NOTE_REVIEWED',
    name: '보호자 · 독서 노트 확인 알림',
    event: 'PARENT_NOTE_REVIEWED',
    body: "[#{학원명}] #{학생명} 학생의 '#{도서명}' 독서 노트에 선생님 확인이 끝났습니다. 선생님 의견은 아래 링크에서 볼 수 있습니다.\n#{링크}",
    providerTemplateId: 'KA01TP_READIN_PARENT_NOTE',
  },
  {
    code: 'PARENT_BOOK_FINISHED',
    name: '보호자 · 완독 알림',
    event: 'PARENT_BOOK_FINISHED',
    body: "[#{학원명}] #{학생명} 학생이 '#{도서명}' 독서활동을 모두 마쳤습니다(완독).\n#{링크}",
    providerTemplateId: 'KA01TP_READIN_PARENT_FINISHED',
  },
  {
    code: 'PARENT_NO_READING',
    name: '보호자 · 7일간 독서 없음 알림',
    event: 'PARENT_NO_READING',
    body: '[#{학원명}] #{학생명} 학생의 마지막 독서 기록은 #{마지막독서일}입니다. 7일 동안 독서 기록이 없어 알려 드립니다.\n#{링크}',
    providerTemplateId: 'KA01TP_READIN_PARENT_NO_READING',
  },
] as const;

/**
 * The demo's parents: 김수정 (010-2100-0001), parent of 김하늘 (`student`, 해오름 of `head`) and 강예린 (`student6`, the
 * academy of `head2`), and 조민호 (010-2300-0007), parent of 조현우 (`student7`, 중2, old enough to see on his own page
 * who can see his record). Both sign in at /member/parent with the code shown at /super/messages.
 */
export const DEMO_PARENTS = [
  { name: '김수정', phone: '010-2100-0001', children: ['student', 'student6'] },
  { name: '조민호', phone: '010-2300-0007', children: ['student7'] },
] as const;

export async function seedParents(tx: Tx, at: Date) {
  await tx
    .insert(talkTemplates)
    .values(
      PARENT_TALK_TEMPLATES.map((t) => ({
        ...t,
        approval: 'APPROVED' as const,
        variables: templateVariables(t.body),
        createdAt: new Date(at.getTime() - 7 * DAY),
      })),
    )
    .onConflictDoNothing();
  const loginIds = DEMO_PARENTS.flatMap((p) => [...p.children]);
  const children = await tx.select({ id: users.id, loginId: users.loginId }).from(users).where(inArray(users.loginId, loginIds));
  const idOf = new Map(children.map((c) => [c.loginId, c.id]));
  for (const parent of DEMO_PARENTS) {
    const digits = parent.phone.replace(/\D/g, '');
    const parentId = await ensureParentAccount(tx, digits, parent.name);
    await tx
      .update(users)
      .set({ createdAt: new Date(at.getTime() - 20 * DAY) })
      .where(eq(users.id, parentId));
    for (const loginId of parent.children) {
      const studentId = idOf.get(loginId);
      if (!studentId) continue;
      await tx.update(users).set({ parentPhone: parent.phone }).where(eq(users.id, studentId));
      await tx
        .insert(parentLinks)
        .values({ parentId, studentId, createdAt: new Date(at.getTime() - 20 * DAY) })
        .onConflictDoNothing();
    }
  }
  // 조현우 is 15: a student of 14 or more sees on his own page who can see his record.
  const year = Number(at.toISOString().slice(0, 4)) - 15;
  await tx
    .update(users)
    .set({ birthDate: `${year}-03-14` })
    .where(eq(users.loginId, 'student7'));
}
