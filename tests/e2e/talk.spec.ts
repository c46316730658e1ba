import { expect, test } from '@playwright/test';
import { gotoReady, menuLink, perProject, signIn } from './support';

// 알림톡 from /talk (issue 13): `teacher` composes from an approved template to the parents of 햇살반 (project js) or
// of three chosen pupils (project nojs), sees the preview filled for the first recipient, sends; the send's page shows
// every message reaching COMPLETE (the experience server's job runner sends through the Solapi simulator it serves),
// and operators find the messages in /super/messages. Each project types its own deadline, so the two never mix.

test('a teacher sends a template to parents, follows it to COMPLETE, and operators see the messages', async ({ page, browser }) => {
  const due = perProject('이번 주 금요일 (js)', '다음 주 월요일 (nojs)');
  await signIn(page, 'teacher', /\/admin\/dashboard$/);
  await (await menuLink(page, '알림톡')).click();
  await expect(page.getByRole('heading', { level: 1, name: '알림톡 발송 내역' })).toBeVisible();
  await page.getByRole('link', { name: '알림톡 보내기' }).click();

  // 1 The template.
  await page.getByRole('radio', { name: '독서 과제 마감 안내' }).check();
  await page.getByRole('button', { name: '다음: 받는 사람' }).click();

  // 2 The recipients and the template's own variable.
  await expect(page.getByText('템플릿: 독서 과제 마감 안내')).toBeVisible();
  if (test.info().project.name === 'js') {
    await page.getByRole('radio', { name: '반 전체' }).check();
    await page.getByLabel('반', { exact: true }).selectOption({ label: '햇살반' });
  } else {
    await page.getByRole('radio', { name: '고른 학생' }).check();
    for (const name of ['김하늘 (student)', '이바다 (student2)', '박지우 (student3)']) await page.getByRole('checkbox', { name }).check();
  }
  await page.getByRole('radio', { name: '학부모', exact: true }).check();
  await page.getByLabel('#{마감일}').fill(due);
  await page.getByRole('button', { name: '다음: 미리 보기' }).click();

  // 3 The preview, filled for the first recipient.
  await expect(page.getByText('첫 번째 받는 사람에게 가는 내용')).toBeVisible();
  await expect(page.locator('.talk-preview .talk-bubble')).toHaveText(
    new RegExp(
      `^\\[해오름 독서학원\\] \\S+ 학생의 독서 과제 마감일은 ${due.replace(/[()]/g, '\\$&')}입니다\\. 리드인에서 남은 독서활동을 마쳐 주세요\\.$`,
    ),
  );
  await expect(page.getByRole('row').filter({ hasText: '김하늘' })).toContainText('010-2100-0001');
  const send = page.getByRole('button', { name: /^\d+건 보내기$/ });
  const count = Number((await send.textContent())!.match(/\d+/)![0]);
  if (test.info().project.name === 'nojs') expect(count).toBe(3);
  else expect(count).toBeGreaterThanOrEqual(7);
  await send.click();

  // The send's page: every message reaches COMPLETE.
  await expect(page).toHaveURL(/\/talk\/\d+$/);
  await expect(page.getByText(`알림톡 ${count}건을 보냈습니다. 발송 결과는 이 화면에서 확인할 수 있습니다.`)).toBeVisible();
  const sendUrl = page.url();
  await expect(async () => {
    await gotoReady(page, sendUrl);
    await expect(page.locator('.student-facts .talk-counts')).toContainText(`완료 ${count}`, { timeout: 1000 });
  }).toPass({ timeout: 40_000, intervals: [1000, 2000, 3000] });
  await expect(page.getByRole('row').filter({ hasText: '김하늘' }).getByText('완료')).toBeVisible();

  // The history lists it.
  await gotoReady(page, '/talk');
  const history = page.getByRole('row').filter({ hasText: '독서 과제 마감 안내' }).first();
  await expect(history).toContainText(`완료 ${count}`);

  // Operators see the messages among all of them.
  const operator = await browser.newPage();
  await signIn(operator, 'super', /\/super\/user$/);
  await gotoReady(operator, '/super/messages');
  await operator.getByLabel('종류').selectOption({ label: '학원·운영 발송' });
  await operator.getByLabel('상태').selectOption({ label: '완료' });
  await operator.getByRole('button', { name: '찾기' }).click();
  await expect(operator).toHaveURL(/kind=TALK_SEND/);
  const row = operator.getByRole('row').filter({ hasText: due }).filter({ hasText: '김하늘 (student) · 학부모' });
  await expect(row).toContainText('010-2100-0001');
  await expect(row).toContainText('완료');
  await operator.close();
});

test('a head without this month’s payment is told to pay; a student cannot open /talk', async ({ page }) => {
  // head4 (초록숲) stays unpaid; head2 is the account payments.spec.ts pays.
  await signIn(page, 'head4', /\/admin\/dashboard$/);
  await page.goto('/talk');
  await expect(page.getByText('이번 달 기본 결제를 해 주세요.').first()).toBeVisible();
  await page.context().clearCookies();
  await signIn(page, 'student', /\/user\/activity$/);
  await page.goto('/talk');
  await expect(page).toHaveURL(/\/member\/login/);
});
