import { expect, test } from '@playwright/test';
import { signIn } from './support';

// A charge is said before it is made (docs/decisions/031): 한빛 독서학원 (head5) has exactly the 30 active students the
// basic fee covers, a join request waiting and a paused student. The approve button, the add form and 다시 활동 each
// state, before they are sent, the 학생 추가 1 pack the month's bill would gain. Read-only: nothing is confirmed, so it
// runs beside itself in both projects.

const charge = (who: string) =>
  `${who} 활동 중인 학생이 30명에서 31명이 됩니다. 이번 달 청구에 더해지는 금액: 학생 추가 1 ₩45,000 (학생 31명: 기본 30명 초과).`;

test('the approve button, the add form and 다시 활동 state the new charge before confirming', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'head5', /\/admin\/dashboard$/);

  await page.goto('/admin/students');
  const approve = page.getByRole('button', { name: /승인/ }).first();
  await expect(page.locator('#approve-charge')).toHaveText(charge('한 명을 승인하면'));
  await expect(approve).toHaveAttribute('aria-describedby', 'approve-charge');

  await page.goto('/admin/students/new');
  await expect(page.getByTestId('charge-notice')).toHaveText(charge('이 학생을 추가하면'));
  await expect(page.getByRole('button', { name: '학생 추가' })).toBeVisible();

  await page.goto('/admin/students?status=SUSPENDED&q=hanbit31');
  await page.getByRole('link', { name: '차은호 정보 수정' }).click();
  await expect(page.locator('#resume-charge')).toHaveText(charge('다시 활동으로 바꾸면'));
  await expect(page.getByRole('button', { name: '다시 활동' })).toHaveAttribute('aria-describedby', 'resume-charge');
});

test('an academy with room says nothing before adding', async ({ page }) => {
  // 해오름 already carries 학생 추가 1 (more than 30, fewer than 60): one more student adds no line.
  await signIn(page, 'head', /\/admin\/dashboard$/);
  await page.goto('/admin/students/new');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('charge-notice')).toHaveCount(0);
});
