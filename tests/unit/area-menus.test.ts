import { describe, expect, it } from 'vitest';
import { areaMenu } from '~/web/area-menus.server';

// The academies' menu by groups (decision 047), through the operators' grouping (decision 045): a head's 13 entries and
// a teacher's 11 in three groups between 대시보드 and 결제 · 마이페이지; an unpaid academy's locked pages stay marked
// inside their groups.

const head = { role: 'ADMIN' as const, authorities: ['HEAD' as const] };
const teacher = { role: 'ADMIN' as const, authorities: ['TEACHER' as const] };

/** The first level as labels, a group as 'label: entry, entry'. */
const shape = (menu: ReturnType<typeof areaMenu>) =>
  menu.map((m) => (m.items ? `${m.label}: ${m.items.map((i) => i.label).join(', ')}` : m.label));

describe('the academy menu', () => {
  it('groups a head’s 13 entries', () => {
    expect(shape(areaMenu(head))).toEqual([
      '대시보드',
      '학생·반: 반 관리, 학생 관리, 선생님 관리',
      '독서 지도: 도서 배정, 학습 현황, 독서 노트',
      '소통: 공지사항, 알림톡, 메시지, 1:1 문의',
      '결제',
      '마이페이지',
    ]);
    expect(areaMenu(head).flatMap((m) => m.items ?? [m])).toHaveLength(13);
  });

  it('groups a teacher’s 11 entries without the head’s pages', () => {
    expect(shape(areaMenu(teacher))).toEqual([
      '대시보드',
      '학생·반: 반 관리, 학생 관리',
      '독서 지도: 도서 배정, 학습 현황, 독서 노트',
      '소통: 공지사항, 알림톡, 메시지, 1:1 문의',
      '마이페이지',
    ]);
  });

  it('keeps the locked pages of an unpaid academy marked inside their groups', () => {
    const entries = areaMenu(head, false).flatMap((m) => m.items ?? [m]);
    expect(entries.filter((e) => e.locked).map((e) => e.label)).toEqual([
      '반 관리',
      '학생 관리',
      '선생님 관리',
      '도서 배정',
      '학습 현황',
      '독서 노트',
      '알림톡',
    ]);
    expect(
      areaMenu(head, true)
        .flatMap((m) => m.items ?? [m])
        .some((e) => e.locked),
    ).toBe(false);
  });

  it('leaves the operators’ groups and the short menus as they were', () => {
    expect(shape(areaMenu({ role: 'SUPER', authorities: ['ADMIN1'] })).map((s) => s.split(':')[0])).toEqual([
      '회원·기관',
      '도서·콘텐츠',
      '결제·정산',
      '소통',
      '운영',
      '마이페이지',
    ]);
    expect(shape(areaMenu({ role: 'SUPER', authorities: ['COACH'] }))).toEqual(['첨삭', '공지사항', '마이페이지']);
  });
});
