import { and, eq, isNotNull } from 'drizzle-orm';
import { hashPassword, hashSecurityAnswer } from '~/auth/password.server';
import { DEMO_PASSWORD } from '~/domain/accounts';
import { PaymentMethod, PaymentStatus, Tier, type Authority, type UserRole } from '~/domain/enums';
import { addMonths, seoulMonth } from '~/lib/dates';
import { agencies, books, contentVersions, organisations, payments, users } from '~/db/schema';
import type { Tx } from '~/db/client.server';
import { DEMO_BOOKS } from './data/books';
import { DEMO_FAQS } from './data/faq';
import { LANDING_FAQ_SECTIONS } from '~/content/landing';

/** Monthly prices the demo uses (operators set the real ones). */
export const DEMO_PRICES = { BASIC: 99000, ADD1: 45000, ADD2: 80000, NEW: 150000, PERSONAL: 19000 } as const;

type DemoUser = {
  loginId: string;
  name: string;
  role: UserRole;
  authorities: Authority[];
  org: 'academy1' | 'academy2' | 'branch' | 'personal' | null;
  level?: number;
  grade?: string;
  phone: string;
};

/** The demo accounts the README lists; every password is `demo1234!`. */
export const DEMO_USERS: DemoUser[] = [
  {
    loginId: 'student',
    name: '김하늘',
    role: 'USER',
    authorities: ['STUDENT'],
    org: 'academy1',
    level: 4,
    grade: '초4',
    phone: '010-1000-0001',
  },
  {
    loginId: 'student2',
    name: '이바다',
    role: 'USER',
    authorities: ['STUDENT'],
    org: 'academy1',
    level: 6,
    grade: '초6',
    phone: '010-1000-0002',
  },
  {
    loginId: 'student3',
    name: '박지우',
    role: 'USER',
    authorities: ['STUDENT'],
    org: 'academy1',
    level: 3,
    grade: '초3',
    phone: '010-1000-0003',
  },
  {
    loginId: 'student4',
    name: '최서연',
    role: 'USER',
    authorities: ['STUDENT'],
    org: 'academy1',
    level: 5,
    grade: '초5',
    phone: '010-1000-0004',
  },
  {
    loginId: 'student5',
    name: '정민준',
    role: 'USER',
    authorities: ['STUDENT'],
    org: 'academy1',
    level: 7,
    grade: '중1',
    phone: '010-1000-0005',
  },
  {
    loginId: 'student6',
    name: '강예린',
    role: 'USER',
    authorities: ['STUDENT'],
    org: 'academy2',
    level: 2,
    grade: '초2',
    phone: '010-1000-0006',
  },
  {
    loginId: 'student7',
    name: '조현우',
    role: 'USER',
    authorities: ['STUDENT'],
    org: 'academy2',
    level: 8,
    grade: '중2',
    phone: '010-1000-0007',
  },
  {
    loginId: 'student8',
    name: '윤서아',
    role: 'USER',
    authorities: ['STUDENT'],
    org: 'academy2',
    level: 5,
    grade: '초5',
    phone: '010-1000-0008',
  },
  {
    loginId: 'student9',
    name: '장도윤',
    role: 'USER',
    authorities: ['STUDENT'],
    org: 'academy2',
    level: 9,
    grade: '중3',
    phone: '010-1000-0009',
  },
  {
    loginId: 'migrated',
    name: '한가을',
    role: 'USER',
    authorities: ['STUDENT', 'MIGRATION'],
    org: 'academy1',
    level: 5,
    grade: '초5',
    phone: '010-1000-0010',
  },
  { loginId: 'adult', name: '오지현', role: 'USER', authorities: [], org: 'personal', level: 10, phone: '010-2000-0001' },
  { loginId: 'head', name: '송미경', role: 'ADMIN', authorities: ['HEAD'], org: 'academy1', phone: '010-3000-0001' },
  { loginId: 'teacher', name: '임준호', role: 'ADMIN', authorities: ['TEACHER'], org: 'academy1', phone: '010-3000-0002' },
  { loginId: 'head2', name: '백수진', role: 'ADMIN', authorities: ['HEAD'], org: 'academy2', phone: '010-3000-0003' },
  { loginId: 'teacher2', name: '노태현', role: 'ADMIN', authorities: ['TEACHER'], org: 'academy2', phone: '010-3000-0004' },
  { loginId: 'super', name: '운영관리자', role: 'SUPER', authorities: ['ADMIN1'], org: null, phone: '010-9000-0001' },
  { loginId: 'admin2', name: '운영담당자', role: 'SUPER', authorities: ['ADMIN2'], org: null, phone: '010-9000-0002' },
  { loginId: 'coach', name: '첨삭코치', role: 'SUPER', authorities: ['COACH'], org: null, phone: '010-9000-0003' },
  { loginId: 'branch', name: '서울동부지사', role: 'SUPER', authorities: ['BRANCH'], org: 'branch', phone: '010-9000-0004' },
  { loginId: 'product', name: '도서관리자', role: 'SUPER', authorities: ['PRODUCT'], org: null, phone: '010-9000-0005' },
];

/**
 * A demo academy added by a later step, in 해오름's branch and agency, with its head (HEAD, the demo password): the
 * academies the payments and the unpaid academy steps show.
 */
export async function insertDemoAcademy(
  tx: Tx,
  academy: { name: string; code: string; phone: string; address: string },
  head: { loginId: string; name: string; email: string; phone: string },
) {
  const [haeorum] = await tx
    .select({ branchId: organisations.branchId, agencyId: organisations.agencyId })
    .from(organisations)
    .where(and(eq(organisations.code, 'HAEORUM'), isNotNull(organisations.branchId)));
  const [row] = await tx
    .insert(organisations)
    .values({ kind: 'academy', ...academy, branchId: haeorum?.branchId ?? null, agencyId: haeorum?.agencyId ?? null })
    .returning();
  const [headRow] = await tx
    .insert(users)
    .values({ ...head, passwordHash: await hashPassword(DEMO_PASSWORD), role: 'ADMIN', authorities: ['HEAD'], organisationId: row.id })
    .returning({ id: users.id });
  return { academy: row, head: headRow };
}

export async function seedBase(tx: Tx) {
  const [branch] = await tx
    .insert(organisations)
    .values({ kind: 'branch', name: '리드인 서울동부지사', region: '서울 동부', phone: '02-000-1000' })
    .returning();
  const [agency] = await tx.insert(agencies).values({ branchId: branch.id, name: '송파 대리점' }).returning();
  const [academy1, academy2, personal] = await tx
    .insert(organisations)
    .values([
      {
        kind: 'academy',
        name: '해오름 독서학원',
        code: 'HAEORUM',
        branchId: branch.id,
        agencyId: agency.id,
        phone: '02-000-2001',
        address: '서울 송파구',
      },
      {
        kind: 'academy',
        name: '푸른솔 독서교실',
        code: 'PURUNSOL',
        branchId: branch.id,
        agencyId: agency.id,
        phone: '02-000-2002',
        address: '서울 강동구',
      },
      { kind: 'student', name: '오지현 개인 회원' },
    ])
    .returning();
  const orgIds = { academy1: academy1.id, academy2: academy2.id, branch: branch.id, personal: personal.id };

  const passwordHash = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  const answerHash = await hashSecurityAnswer('어린 왕자');
  await tx.insert(users).values(
    DEMO_USERS.map((u, i) => ({
      loginId: u.loginId,
      passwordHash: passwordHash[i],
      name: u.name,
      email: `${u.loginId}@readin.example`,
      phone: u.phone,
      role: u.role,
      authorities: u.authorities,
      organisationId: u.org ? orgIds[u.org] : null,
      level: u.level ?? null,
      grade: u.grade ?? null,
      // Demo accounts answer question 7 (가장 좋아하는 책) with '어린 왕자'; the migrated account has none yet.
      securityQuestion: u.loginId === 'migrated' ? null : 7,
      securityAnswerHash: u.loginId === 'migrated' ? null : answerHash,
    })),
  );

  await tx.insert(books).values(DEMO_BOOKS.map((b) => ({ ...b, careerFields: [...b.careerFields] })));

  // Version 1 of each FAQ section, in effect from a year ago.
  await tx.insert(contentVersions).values(
    LANDING_FAQ_SECTIONS.map((s) => ({
      kind: 'FAQ' as const,
      code: s.code,
      version: 1,
      title: s.title,
      entries: DEMO_FAQS.filter((f) => f.section === s.code).map((f) => ({ question: f.question, answer: f.answer })),
      effectiveFrom: new Date(Date.now() - 365 * 24 * 60 * 60 * 1000),
    })),
  );

  // Payments in every status. Academy 1 and the personal member have paid this month's BASIC; academy 2 has not.
  const month = seoulMonth();
  let n = 0;
  const pay = (
    org: number,
    tier: Tier,
    status: PaymentStatus,
    amount: number,
    paidMonth: string,
    method: PaymentMethod = PaymentMethod.CARD,
  ) => ({
    orderId: `DEMO-${paidMonth}-${org}-${++n}`,
    organisationId: org,
    tier,
    method,
    status,
    amount,
    paidMonth,
    receiptType: 'N' as const,
    approvedAt: status === PaymentStatus.SUCCESS || status === PaymentStatus.REFUND ? new Date() : null,
  });
  await tx
    .insert(payments)
    .values([
      pay(academy1.id, Tier.NEW, PaymentStatus.SUCCESS, DEMO_PRICES.NEW, addMonths(month, -4)),
      pay(academy1.id, Tier.BASIC, PaymentStatus.SUCCESS, DEMO_PRICES.BASIC, addMonths(month, -3)),
      pay(academy1.id, Tier.BASIC, PaymentStatus.SUCCESS, DEMO_PRICES.BASIC, addMonths(month, -2), PaymentMethod.BANK_TRANSFER),
      pay(academy1.id, Tier.BASIC, PaymentStatus.SUCCESS, DEMO_PRICES.BASIC, addMonths(month, -1)),
      pay(academy1.id, Tier.ADD1, PaymentStatus.REFUND, DEMO_PRICES.ADD1, addMonths(month, -1)),
      pay(academy1.id, Tier.BASIC, PaymentStatus.FAIL, DEMO_PRICES.BASIC, month),
      pay(academy1.id, Tier.BASIC, PaymentStatus.SUCCESS, DEMO_PRICES.BASIC, month),
      pay(academy1.id, Tier.ADD2, PaymentStatus.CANCEL, DEMO_PRICES.ADD2, month),
      pay(academy2.id, Tier.NEW, PaymentStatus.SUCCESS, DEMO_PRICES.NEW, addMonths(month, -2)),
      pay(academy2.id, Tier.BASIC, PaymentStatus.SUCCESS, DEMO_PRICES.BASIC, addMonths(month, -1), PaymentMethod.DEPOSIT),
      pay(academy2.id, Tier.BASIC, PaymentStatus.WAITING, DEMO_PRICES.BASIC, month, PaymentMethod.DEPOSIT),
      pay(personal.id, Tier.BASIC, PaymentStatus.SUCCESS, DEMO_PRICES.PERSONAL, month),
    ]);
}
