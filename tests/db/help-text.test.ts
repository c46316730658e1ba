import type { LoaderFunctionArgs } from '@remix-run/node';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LANDING_INTRO, LANDING_LICENSE } from '~/content/landing';
import { db } from '~/db/client.server';
import { classMemberships, classes } from '~/db/schema';
import { now } from '~/lib/clock.server';
import { seoulDay } from '~/lib/dates';
import { loader as myPageLoader } from '~/routes/user+/my-page._index';
import { loader as activityLoader } from '~/routes/user+/activity._index';
import { loader as studentsLoader } from '~/routes/admin+/students';
import { findUserByLoginId, registerMember } from '~/services/accounts.server';
import { studentsForChoice } from '~/services/academy/class-assignments.server';
import { faqInEffect } from '~/services/faq.server';
import { decideJoinRequest, listJoinRequests } from '~/services/join-requests.server';
import { hasBasicPay } from '~/services/payments/basic-pay.server';
import { areaMenu } from '~/web/area-menus.server';
import { makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { createAcademy, createStaff, unique } from '../support/factories';

// The help text says what the product does (docs/decisions/031): each demo FAQ answer's key claims, read from the FAQ in
// effect, are checked against the behaviour they name: joining with the academy code waits for the head's approval,
// the basic fee locks the academy's management and never a student's reading, books are assigned on 도서 배정 to a
// class or to students.

useTestDatabase();

async function answer(question: string) {
  const { items } = await faqInEffect('operating');
  const item = items.find((i) => i.question === question);
  expect(item, question).toBeTruthy();
  return item!.answerHtml;
}

const call = (fn: (args: LoaderFunctionArgs) => Promise<unknown>, path: string, cookie: string) =>
  respond(() => fn({ request: makeRequest(path, { cookie }), params: {}, context: {} }));

describe('the demo FAQ against the product', () => {
  it('joining with the academy code: the student waits for the head’s approval', async () => {
    const text = await answer('학생은 어떻게 등록하나요?');
    expect(text).toContain('가입 승인 대기 목록에서 승인해야 학원의 학생이 됩니다');
    expect(text).not.toContain('바로 나타납니다');
    expect(text).toContain('명단 가져오기');

    const academy = await createAcademy();
    const head = await createStaff(academy, 'HEAD');
    const loginId = unique('joiner');
    const { user } = await registerMember('student', {
      birthDate: `${Number(seoulDay(now()).slice(0, 4)) - 15}-01-01`,
      grade: '초4',
      loginId,
      password: 'demo1234!',
      name: '가입학생',
      phone: '010-7123-4567',
      securityQuestion: 7,
      securityAnswer: '어린 왕자',
      academyCode: academy.code,
    });
    // Not the academy's student yet: a request on the head's list.
    expect((await findUserByLoginId(loginId))!.organisationId).not.toBe(academy.id);
    const requests = await listJoinRequests(academy.id);
    expect(requests.map((r) => r.loginId)).toEqual([loginId]);
    await decideJoinRequest(head, requests[0].id, 'APPROVED');
    expect((await findUserByLoginId(loginId))!.organisationId).toBe(academy.id);
    expect(user.id).toBe((await findUserByLoginId(loginId))!.id);
  });

  it('the payment rule: the management pages wait for the basic fee, a student’s reading does not', async () => {
    const text = await answer('이용료는 어떻게 안내받고 납부하나요?');
    expect(text).toContain('학원 관리 메뉴를 이용할 수 있습니다');
    expect(text).toContain('학생의 독서활동은 학원의 결제와 관계없이 이어집니다');
    // The license page says the same, and nothing says reading waits for the fee.
    const license = LANDING_LICENSE.notes.join(' ');
    expect(license).toContain('학생의 독서활동은 학원의 결제와 관계없이 이어지며');
    for (const said of [license, ...LANDING_INTRO.sections.map((s) => s.body), text]) {
      expect(said).not.toContain('독서활동 메뉴를 이용할 수 있습니다');
    }

    // 별빛 독서교실 has not paid: its head meets the alert on 학생 관리, its student reads and sees no billing.
    const student = (await findUserByLoginId('student14'))!;
    expect(await hasBasicPay(student.organisationId)).toBe(false);
    // (The demo academy has no staff: a head of its own for this test.)
    const head = await createStaff({ id: student.organisationId! }, 'HEAD');
    const blocked = await call(studentsLoader, '/admin/students', await sessionCookie(head.loginId));
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toMatchObject({ alert: { message: '이번 달 기본 결제를 해 주세요.' } });

    const cookie = await sessionCookie('student14');
    expect((await call(activityLoader, '/user/activity', cookie)).status).toBe(200);
    const myPage = await call(myPageLoader, '/user/my-page', cookie);
    expect(myPage.status).toBe(200);
    const { me } = (await myPage.json()) as { me: { basicPay: boolean | null } };
    expect(me.basicPay).toBeNull();
  });

  it('the assignment path: 도서 배정, to a class or to students', async () => {
    const text = await answer('학생에게 책과 독서활동을 어떻게 배정하나요?');
    expect(text).toContain('도서 배정에서 책을 고르고, 반 전체 또는 학생을 골라');
    // The menu names the page so, for a teacher as for a head (under its group 독서 지도).
    const teacherMenu = areaMenu({ role: 'ADMIN', authorities: ['TEACHER'] });
    expect(teacherMenu.find((g) => g.label === '독서 지도')?.items).toContainEqual({ to: '/admin/assign', label: '도서 배정' });
    // The page's student step takes a class: its current students.
    const head = (await findUserByLoginId('head'))!;
    const [klass] = await db().select().from(classes).where(eq(classes.organisationId, head.organisationId!));
    const members = await db()
      .select({ userId: classMemberships.userId })
      .from(classMemberships)
      .where(and(eq(classMemberships.classId, klass.id)));
    const chosen = await studentsForChoice({ ...head, role: 'ADMIN', authorities: ['HEAD'] }, klass.id);
    expect(chosen.length).toBeGreaterThan(0);
    for (const s of chosen) expect(members.map((m) => m.userId)).toContain(s.id);
  });
});
