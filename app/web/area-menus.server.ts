import type { Authority } from '~/domain/enums';
import type { SignedIn } from '~/web/guards.server';

// The menu of each signed-in area, chosen on the server for the user who is signed in (a role never sees an entry it
// cannot open) and sent with the layout's data, so that no page's script carries the menus' tables.

/**
 * An entry of the shell's menu (the shell's NavItem): `except` lists paths below `to` it does not mark as current;
 * `locked` marks a page that answers the basicPay alert until this month's basic payment is made.
 */
type NavItem = { to: string; label: string; except?: string[]; locked?: boolean; items?: NavItem[] };

const USER_MENU: NavItem[] = [
  { to: '/user/dashboard', label: '대시보드' },
  { to: '/user/activity', label: '독서활동', except: ['/user/activity/courseTest', '/user/activity/subjectTest'] },
  { to: '/user/activity/courseTest', label: '수준 진단' },
  { to: '/user/activity/subjectTest', label: '교과 독해' },
  { to: '/user/note/list', label: '독서 노트' },
  { to: '/user/report', label: '리포트' },
  { to: '/user/recommend', label: '추천 도서' },
  { to: '/user/search', label: '도서 검색' },
  { to: '/user/jinro', label: '진로 탐색' },
  { to: '/user/message', label: '메시지' },
  { to: '/user/inquiry', label: '1:1 문의' },
  { to: '/user/notices', label: '공지사항' },
  { to: '/user/my-page', label: '마이페이지' },
];

/** A parent's menu (/parent): their children and their settings; nothing of a student's or an academy's pages. */
const PARENT_MENU: NavItem[] = [
  { to: '/parent', label: '자녀 독서 현황', except: ['/parent/settings'] },
  { to: '/parent/settings', label: '알림 설정' },
];

/** The groups of the admin menu, in the menu's order (decision 047). */
const ADMIN_GROUPS = ['학생·반', '독서 지도', '소통'] as const;

/**
 * The admin menu; a TEACHER does not see the head-only pages (teachers, payments). `basicPay`: guarded by it. Longer
 * than FLAT_MENU_MAX for both HEAD (13) and TEACHER (11): shown by groups, 대시보드 first, 결제 and 마이페이지 last.
 */
const ADMIN_MENU: (NavItem & { headOnly?: boolean; basicPay?: boolean; group?: (typeof ADMIN_GROUPS)[number] })[] = [
  { to: '/admin/dashboard', label: '대시보드' },
  { to: '/admin/classes', label: '반 관리', basicPay: true, group: '학생·반' },
  { to: '/admin/students', label: '학생 관리', basicPay: true, group: '학생·반' },
  { to: '/admin/assign', label: '도서 배정', basicPay: true, group: '독서 지도' },
  { to: '/admin/progress', label: '학습 현황', basicPay: true, group: '독서 지도' },
  { to: '/admin/notes', label: '독서 노트', basicPay: true, group: '독서 지도' },
  // The notices open unpaid (the academy reads the operators' notices); writing one needs the payment.
  { to: '/admin/notices', label: '공지사항', group: '소통' },
  { to: '/talk', label: '알림톡', basicPay: true, group: '소통' },
  { to: '/admin/teachers', label: '선생님 관리', headOnly: true, basicPay: true, group: '학생·반' },
  { to: '/admin/payments', label: '결제', headOnly: true },
  { to: '/admin/message', label: '메시지', group: '소통' },
  { to: '/admin/inquiry', label: '1:1 문의', group: '소통' },
  { to: '/admin/my-page', label: '마이페이지' },
];

/** The groups of the super area's menu, in the menu's order. */
const SUPER_GROUPS = ['회원·기관', '도서·콘텐츠', '결제·정산', '소통', '운영'] as const;
type SuperGroup = (typeof SUPER_GROUPS)[number];

/** Menus of the super area, each with the authorities that see it (ADMIN1 and ADMIN2 see all) and its group. */
const SUPER_MENU: (NavItem & { for: Authority[]; group?: SuperGroup })[] = [
  { to: '/super/user', label: '회원 관리', for: ['ADMIN1', 'ADMIN2'], group: '회원·기관' },
  { to: '/super/organisations', label: '기관 관리', for: ['ADMIN1', 'ADMIN2'], group: '회원·기관' },
  { to: '/super/books', label: '도서 관리', for: ['ADMIN1', 'ADMIN2', 'PRODUCT'], group: '도서·콘텐츠' },
  { to: '/super/problems', label: '문제 관리', for: ['ADMIN1', 'ADMIN2', 'PRODUCT'], group: '도서·콘텐츠' },
  { to: '/super/coach/sharpening', label: '첨삭', for: ['ADMIN1', 'ADMIN2', 'COACH'], group: '운영' },
  { to: '/super/coaches', label: '코치 관리', for: ['ADMIN1', 'ADMIN2'], group: '회원·기관' },
  // The branch's home carries its settlement: BRANCH knows it as 지사, operators as 정산 (every branch).
  { to: '/super/tax/u/region/agency', label: '지사', for: ['BRANCH'] },
  { to: '/super/tax/u/region/agency', label: '정산', for: ['ADMIN1', 'ADMIN2'], group: '결제·정산' },
  { to: '/super/payments', label: '결제', for: ['ADMIN1', 'ADMIN2'], group: '결제·정산' },
  { to: '/super/prices', label: '가격', for: ['ADMIN1', 'ADMIN2'], group: '결제·정산' },
  { to: '/super/content', label: 'FAQ·약관', for: ['ADMIN1', 'ADMIN2'], group: '도서·콘텐츠' },
  { to: '/super/messages', label: '발송 메시지', for: ['ADMIN1', 'ADMIN2'], group: '소통' },
  { to: '/super/inquiries', label: '1:1 문의', for: ['ADMIN1', 'ADMIN2'], group: '소통' },
  { to: '/talk', label: '알림톡', for: ['ADMIN1', 'ADMIN2'], group: '소통' },
  { to: '/super/audit', label: '감사 기록', for: ['ADMIN1'], group: '운영' },
  { to: '/super/notices', label: '공지사항', for: ['ADMIN1', 'ADMIN2', 'COACH', 'BRANCH', 'PRODUCT'], group: '소통' },
  { to: '/super/my-page', label: '마이페이지', for: ['ADMIN1', 'ADMIN2', 'COACH', 'BRANCH', 'PRODUCT'] },
];

/** A menu longer than this is shown by groups (one row of the header at 1024 px); a shorter one as it is. */
const FLAT_MENU_MAX = 8;

/**
 * A menu of more than FLAT_MENU_MAX entries by groups (a `<details>` each in the shell), in `groups`' order at the place
 * of the first grouped entry: the entries of no group before it stay in front, the others follow the groups. A group
 * left with one entry for a role is that entry. A shorter menu is returned as it is. The operators' and the academies'
 * menus both go through here (decisions 045 and 047).
 */
function byGroups(entries: (NavItem & { group?: string })[], groups: readonly string[]): NavItem[] {
  const entry = ({ group: _group, ...item }: NavItem & { group?: string }): NavItem => item;
  if (entries.length <= FLAT_MENU_MAX) return entries.map(entry);
  const first = entries.findIndex((m) => m.group);
  const grouped = groups.flatMap((group): NavItem[] => {
    const items = entries.filter((m) => m.group === group).map(entry);
    if (items.length <= 1) return items;
    return [{ to: items[0].to, label: group, items }];
  });
  const lead = entries.slice(0, Math.max(0, first)).filter((m) => !m.group);
  const rest = entries.slice(Math.max(0, first)).filter((m) => !m.group);
  return [...lead.map(entry), ...grouped, ...rest.map(entry)];
}

/** The super menu of a user: the entries their authorities open, by groups when there are more than FLAT_MENU_MAX. */
function superMenu(authorities: readonly string[]): NavItem[] {
  const mine = SUPER_MENU.filter((m) => m.for.some((a) => authorities.includes(a)));
  return byGroups(
    mine.map(({ to, label, group }) => ({ to, label, group })),
    SUPER_GROUPS,
  );
}

/**
 * The menu of the user's own area: members, academy staff, operators. `basicPaid` (academy staff): whether this month's
 * basic payment is made; without it the pages it guards are marked locked.
 */
export function areaMenu(user: Pick<SignedIn, 'role' | 'authorities'>, basicPaid = true): NavItem[] {
  if (user.authorities.includes('PARENT')) return PARENT_MENU;
  if (user.role === 'USER') return USER_MENU;
  if (user.role === 'ADMIN')
    return byGroups(
      ADMIN_MENU.filter((m) => !m.headOnly || user.authorities.includes('HEAD')).map(({ to, label, basicPay, group }) =>
        basicPay && !basicPaid ? { to, label, group, locked: true } : { to, label, group },
      ),
      ADMIN_GROUPS,
    );
  return superMenu(user.authorities);
}
